import { FAVICON_LINKS } from '../../platform/favicon.ts';
import { type Html, html, trusted } from '../html.ts';
import { csrfField, type PageContext } from './components.ts';

export type Section =
  | 'dashboard'
  | 'keys'
  | 'requests'
  | 'notes'
  | 'consignments'
  | 'receipts'
  | 'sites'
  | 'webhooks'
  | 'plan';

const NAV: { section: Section; href: string; label: string }[] = [
  { section: 'dashboard', href: '/portal/dashboard', label: 'Dashboard' },
  { section: 'keys', href: '/portal/keys', label: 'API keys' },
  { section: 'requests', href: '/portal/requests', label: 'Requests' },
  { section: 'notes', href: '/portal/notes', label: 'Transfer notes' },
  { section: 'consignments', href: '/portal/consignments', label: 'Consignment notes' },
  { section: 'receipts', href: '/portal/receipts', label: 'Receipts' },
  { section: 'sites', href: '/portal/sites', label: 'Sites' },
  { section: 'webhooks', href: '/portal/webhooks', label: 'Webhooks' },
  { section: 'plan', href: '/portal/plan', label: 'Plan' },
];

/** The mark: a shield with a tick, for a service that proves duty-of-care checks were made. */
const LOGO = trusted(
  '<svg class="brand__mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false"><path d="M16 2 4 6.5v8.3c0 7.4 5.1 13.9 12 15.7 6.9-1.8 12-8.3 12-15.7V6.5L16 2Z" fill="currentColor"/><path d="m10.5 16.2 3.8 3.8 7.4-7.6" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/></svg>',
);

function head(title: string, ctx: PageContext): Html {
  return html`<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Waste Compliance Service</title>
${trusted(FAVICON_LINKS)}
<link rel="stylesheet" href="${ctx.assets.css}">
<script src="${ctx.assets.js}" defer></script>
</head>`;
}

function brand(subtitle = true): Html {
  return html`<a class="brand" href="/portal">${LOGO}<span class="brand__name">Waste Compliance Service</span>${subtitle && html`<span class="brand__sub">Developer portal</span>`}</a>`;
}

function footer(): Html {
  return html`<footer class="site-footer"><div class="container">
    <p>Waste Compliance Service: carrier checks, waste classification and transfer notes for UK duty of care.</p>
    <p><a href="/docs">API reference</a></p>
  </div></footer>`;
}

/** A page for a signed-in user: header with navigation and log-out, then the content. */
export function appPage(options: {
  title: string;
  ctx: PageContext;
  section?: Section;
  content: Html;
}): Html {
  const { title, ctx, section, content } = options;
  return html`${head(title, ctx)}
<body>
<a class="skip-link" href="#main">Skip to main content</a>
<header class="site-header">
  <div class="container site-header__inner">
    ${brand(false)}
    <nav class="site-nav" aria-label="Portal">
      <ul>${NAV.map(
        (item) =>
          html`<li><a href="${item.href}"${item.section === section ? html` aria-current="page"` : ''}>${item.label}</a></li>`,
      )}</ul>
    </nav>
    <div class="account">
      <span class="account__who"><span class="account__org">${ctx.account?.organisationName}</span><span class="account__email">${ctx.account?.email}</span></span>
      <form method="post" action="/portal/logout">${csrfField(ctx)}<button type="submit" class="button button--quiet">Log out</button></form>
    </div>
  </div>
</header>
<main id="main" tabindex="-1"><div class="container">${content}</div></main>
${footer()}
</body>
</html>`;
}

/** Sign-up and log-in: the form first (so the page's h1 leads), beside what the service does. */
export function guestPage(options: { title: string; ctx: PageContext; content: Html }): Html {
  const { title, ctx, content } = options;
  return html`${head(title, ctx)}
<body class="guest">
<a class="skip-link" href="#main">Skip to main content</a>
<header class="site-header"><div class="container site-header__inner">${brand()}</div></header>
<main id="main" tabindex="-1">
  <div class="container guest__grid">
    <div class="card guest__card">${content}</div>
    <section class="guest__pitch" aria-labelledby="pitch-title">
      <h2 id="pitch-title">Duty of care checks, built into your systems</h2>
      <ul class="ticks">
        <li><strong>Verify waste carriers</strong> against the Environment Agency public register, with expiry warnings.</li>
        <li><strong>Classify waste</strong> with List of Wastes (EWC) codes and the reasoning behind each code.</li>
        <li><strong>Issue waste transfer notes</strong> with every field regulation 35 requires, as JSON or PDF.</li>
      </ul>
      <p class="muted">Start free with 50 calls a month per key. Test keys use the sandbox and are never counted.</p>
    </section>
  </div>
</main>
${footer()}
</body>
</html>`;
}

/** A page with a single message: errors, "not found", an expired form. */
export function messagePage(options: {
  title: string;
  ctx: PageContext;
  message: Html;
  signedIn: boolean;
}): Html {
  const content = html`<div class="message-page"><h1>${options.title}</h1>${options.message}</div>`;
  if (options.signedIn) return appPage({ title: options.title, ctx: options.ctx, content });
  return html`${head(options.title, options.ctx)}
<body class="guest">
<a class="skip-link" href="#main">Skip to main content</a>
<header class="site-header"><div class="container site-header__inner">${brand()}</div></header>
<main id="main" tabindex="-1"><div class="container">${content}</div></main>
${footer()}
</body>
</html>`;
}
