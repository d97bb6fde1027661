import { readdirSync, readFileSync } from 'node:fs';
import { extname, posix } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Marked, type Token, type Tokens } from 'marked';
import { ApiError } from '../platform/errors.ts';
import { html, trusted } from '../portal/html.ts';
import { type DocsAssets, docsPage, PRODUCT } from './layout.ts';

/** The guides in reading order; any other guide in docs/ follows, by name. */
const ORDER = [
  'carriers',
  'classification',
  'llm-engine',
  'wtn',
  'consignment-notes',
  'dwt',
  'webhooks',
  'mcp',
  'limits',
  'requests',
  'errors',
  'sdk',
  'portal',
  'operations',
];

const IMAGE_TYPES: Record<string, string> = { '.png': 'image/png', '.svg': 'image/svg+xml' };

const GUIDE_POLICY =
  "default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
/** An SVG opened on its own is a document: it may style itself, never run anything. */
const IMAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'";

interface Guide {
  name: string;
  title: string;
  summary: string;
  markdown: string;
  page?: string;
}

interface Library {
  guides: Map<string, Guide>;
  /** Images the guides show, by their path inside docs/ (e.g. `screenshots/keys.png`). */
  images: Map<string, URL>;
}

/**
 * What may be served: the Markdown files directly in `dir` and the images in it and its immediate
 * folders, listed once at start. A request is answered only when its path is one of these names, so no
 * path can reach a file outside (no `..`, no encoded separators, no symlink tricks).
 */
export function readLibrary(dir: URL): Library {
  const guides = new Map<string, Guide>();
  const images = new Map<string, URL>();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith('.md')) {
      const name = entry.name.slice(0, -'.md'.length);
      const markdown = readFileSync(new URL(entry.name, dir), 'utf8');
      guides.set(name, lazilyDescribed(name, markdown));
    } else if (entry.isFile() && IMAGE_TYPES[extname(entry.name)]) {
      images.set(entry.name, new URL(entry.name, dir));
    } else if (entry.isDirectory()) {
      for (const inner of readdirSync(new URL(`${entry.name}/`, dir), { withFileTypes: true })) {
        if (inner.isFile() && IMAGE_TYPES[extname(inner.name)]) {
          images.set(`${entry.name}/${inner.name}`, new URL(`${entry.name}/${inner.name}`, dir));
        }
      }
    }
  }
  return { guides, images };
}

/**
 * A guide whose title and summary are read from its Markdown when first asked for (the list of guides,
 * the guide's own page), not at every start of the app: lexing all of them (350 kB) took a tenth of a
 * second of each start.
 */
function lazilyDescribed(name: string, markdown: string): Guide {
  // titleAndSummary keeps what it read while the text is unchanged: each is lexed once.
  return {
    name,
    markdown,
    get title() {
      return titleAndSummary(markdown, name).title;
    },
    get summary() {
      return titleAndSummary(markdown, name).summary;
    },
  };
}

/**
 * Each guide's title and summary while its text is unchanged: lexing every guide (350 kB) was most of
 * what the docs cost an app's start, and the tests build the app hundreds of times in one process.
 */
const described = new Map<string, { markdown: string; title: string; summary: string }>();

function titleAndSummary(markdown: string, name: string): { title: string; summary: string } {
  const known = described.get(name);
  if (known?.markdown === markdown) return { title: known.title, summary: known.summary };
  const fresh = lexTitleAndSummary(markdown, name);
  described.set(name, { markdown, ...fresh });
  return fresh;
}

function lexTitleAndSummary(markdown: string, name: string): { title: string; summary: string } {
  const tokens = new Marked().lexer(markdown);
  const heading = tokens.find((t): t is Tokens.Heading => t.type === 'heading' && t.depth === 1);
  const paragraph = tokens.find((t): t is Tokens.Paragraph => t.type === 'paragraph');
  const plain = (text: string) => text.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*]/g, '');
  const summary = plain(paragraph?.text ?? '').replace(/\s+/g, ' ');
  return {
    title: heading ? plain(heading.text) : name,
    summary: summary.length > 220 ? `${summary.slice(0, 217).replace(/\s+\S*$/, '')}…` : summary,
  };
}

/**
 * Links between guides are written as files (`limits.md`, `screenshots/keys.png`): they become the
 * addresses here. A link out of docs/ (`../prompts/…`) has no page here and is shown as text.
 */
export function guideHref(href: string, library: Library): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('#') || href.startsWith('/')) return href;
  const [path, fragment] = href.split('#', 2);
  const target = posix.normalize(path);
  if (target.endsWith('.md') && library.guides.has(target.slice(0, -'.md'.length))) {
    return `/docs/guides/${target.slice(0, -'.md'.length)}${fragment ? `#${fragment}` : ''}`;
  }
  if (library.images.has(target)) return `/docs/guides/${target}`;
  return null;
}

/** GitHub's heading anchors (lower case, punctuation dropped, spaces to hyphens), so links made there work here. */
export function headingId(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s/g, '-');
}

function renderGuide(guide: Guide, library: Library): string {
  const ids = new Map<string, number>();
  const marked = new Marked({
    gfm: true,
    walkTokens(token: Token) {
      if (token.type === 'link' || token.type === 'image') token.href = guideHref(token.href, library) ?? '';
    },
    renderer: {
      heading(token) {
        const base = headingId(token.text);
        const seen = ids.get(base) ?? 0;
        ids.set(base, seen + 1);
        const id = seen === 0 ? base : `${base}-${seen}`;
        return `<h${token.depth} id="${id}">${this.parser.parseInline(token.tokens)}</h${token.depth}>\n`;
      },
      link(token) {
        return token.href === '' ? this.parser.parseInline(token.tokens) : false;
      },
    },
  });
  // The guides are this repository's own Markdown, reviewed like code: their HTML is trusted.
  return marked.parse(guide.markdown, { async: false });
}

/** GET /docs/guides (the list) and GET /docs/guides/{name} (a guide, or an image one shows). */
export function registerGuides(app: FastifyInstance, assets: DocsAssets, library: Library): void {
  const ordered = [...library.guides.values()].sort(
    (a, b) => rank(a.name) - rank(b.name) || (a.name < b.name ? -1 : 1),
  );
  // Built by the first request for it, as each guide's page is.
  let index: string | undefined;
  const indexPage = () =>
    (index ??= docsPage({
      title: `Guides: ${PRODUCT}`,
      assets,
      main: html`<main class="guide">
<h1>Guides</h1>
<p>How the service decides, what each flag and error means, and how to run it. Every endpoint, field and example is in the <a href="/docs">API reference</a>.</p>
<ul class="guide-list">
${ordered.map((g) => html`<li><a href="/docs/guides/${g.name}">${g.title}</a><p>${g.summary}</p></li>`)}
</ul>
</main>`,
    }));
  const sendPage = (reply: FastifyReply, page: string) =>
    reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', GUIDE_POLICY)
      .header('cache-control', 'no-cache')
      .send(page);

  app.get('/guides', async (_request, reply) => sendPage(reply, indexPage()));
  app.get('/guides/*', async (request, reply) => {
    const path = (request.params as { '*': string })['*'];
    if (path === '') return sendPage(reply, indexPage());
    const guide = library.guides.get(path);
    if (guide) {
      guide.page ??= docsPage({
        title: `${guide.title}: ${PRODUCT}`,
        assets,
        main: html`<main class="guide"><article>${trusted(renderGuide(guide, library))}</article></main>`,
      });
      return sendPage(reply, guide.page);
    }
    const image = library.images.get(path);
    if (image) {
      return reply
        .type(IMAGE_TYPES[extname(path)])
        .header('content-security-policy', IMAGE_POLICY)
        .header('cache-control', 'no-cache')
        .send(readFileSync(image));
    }
    throw new ApiError(
      'NOT_FOUND',
      `No guide at /docs/guides/${path}. The guides are listed at /docs/guides.`,
    );
  });
}

function rank(name: string): number {
  const at = ORDER.indexOf(name);
  return at === -1 ? ORDER.length : at;
}
