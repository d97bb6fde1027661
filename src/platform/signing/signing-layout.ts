import { type Html, html, trusted } from '../../portal/html.ts';
import { FAVICON_LINKS } from '../favicon.ts';

/** The signing pages' stylesheet and scripts, with content hashes in their URLs. */
export interface SigningAssets {
  css: string;
  pad: string;
  js: string;
}

/** What every page of one kind of signing link shares: its assets and the line its footer says. */
export interface SigningShell {
  assets: SigningAssets;
  /** What the pages are for, and under which law: "Waste transfer notes for UK duty of care (…)". */
  footer: string;
}

const LOGO = trusted(
  '<svg class="brand__mark" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false"><path d="M16 2 4 6.5v8.3c0 7.4 5.1 13.9 12 15.7 6.9-1.8 12-8.3 12-15.7V6.5L16 2Z" fill="currentColor"/><path d="m10.5 16.2 3.8 3.8 7.4-7.6" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/></svg>',
);

/** A page for the signer: no navigation, nothing to log in to, the TEST banner on sandbox documents. */
export function signingLayout(
  shell: SigningShell,
  options: { title: string; content: Html; test?: boolean; scripts?: boolean },
): Html {
  const { assets, footer } = shell;
  const { title, content, test, scripts } = options;
  return html`<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${title} · Waste Compliance Service</title>
${trusted(FAVICON_LINKS)}
<link rel="stylesheet" href="${assets.css}">
${scripts && html`<script src="${assets.pad}" defer></script><script src="${assets.js}" defer></script>`}
</head>
<body>
${
  test &&
  html`<div class="test-banner" role="note"><strong>TEST NOTE</strong> Made in the sandbox with a test key: it records no real transfer of waste.</div>`
}
<header class="site-header"><div class="container"><span class="brand">${LOGO}<span>Waste Compliance Service</span></span></div></header>
<main id="main"><div class="container">${content}</div></main>
<footer class="site-footer"><div class="container"><p>${footer}</p></div></footer>
</body>
</html>`;
}

/** A document's reference or code, read and quoted whole: never broken at its hyphens or slash. */
export function reference(value: string, strong = true): Html {
  return strong
    ? html`<strong class="reference">${value}</strong>`
    : html`<span class="reference">${value}</span>`;
}

export function notFoundPage(shell: SigningShell): Html {
  const content = html`<h1>This signing link is not valid</h1>
    <p class="lead">Check that you opened the whole link from the message you were sent.</p>
    <p>If it still does not work, ask the person who sent it to you for a new link.</p>`;
  return signingLayout(shell, { title: 'Link not valid', content });
}

/** A fault or a request no browser form sends: what to do next, never a detail of the fault. */
export function problemPage(title: string, message: Html, shell: SigningShell): Html {
  return signingLayout(shell, { title, content: html`<h1>${title}</h1>${message}` });
}
