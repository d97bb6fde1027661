import { FAVICON_LINKS } from '../platform/favicon.ts';
import { type Html, html, trusted } from '../portal/html.ts';

/** The stylesheet's and scripts' addresses, each with a version so browsers may cache them for good. */
export interface DocsAssets {
  css: string;
  referenceJs: string;
  redocJs: string;
}

export const PRODUCT = 'Waste Compliance Service API';

/** A page of the documentation: the product's bar with the way to the reference, guides and portal. */
export function docsPage(options: {
  title: string;
  assets: DocsAssets;
  main: Html;
  scripts?: string[];
}): string {
  const { title, assets, main, scripts = [] } = options;
  return html`<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
${trusted(FAVICON_LINKS)}
<link rel="stylesheet" href="${assets.css}">
</head>
<body>
<header class="docs-bar">
<a class="docs-bar__name" href="/docs">${PRODUCT}</a>
<nav aria-label="Documentation">
<a href="/docs">Reference</a>
<a href="/docs/guides">Guides</a>
<a href="/openapi.json">OpenAPI</a>
<a href="/portal">Portal</a>
</nav>
</header>
${main}
${scripts.map((src) => html`<script src="${src}"></script>`)}
</body>
</html>
`.value;
}
