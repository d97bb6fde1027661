import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserRig, browserAgainstServer } from '../helpers/browser.ts';
import { runCli, type ServerProcess } from '../helpers/server-process.ts';

let server: ServerProcess;
let browser: Browser;
let rig: BrowserRig;

beforeAll(async () => {
  rig = await browserAgainstServer();
  ({ server, browser } = rig);
}, 60_000);

afterAll(() => rig?.close());

/**
 * Everything the page asks for that is not this server (a blob: worker of its own counts as its own),
 * including what the page's policy blocks before it reaches the network, and every console error.
 */
function watch(page: Page, origin: string): { elsewhere: string[]; errors: string[] } {
  const elsewhere: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith('data:') && new URL(url).origin !== origin) elsewhere.push(url);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { elsewhere, errors };
}

interface AriaNode {
  role?: string;
  name?: string;
  children?: (AriaNode | string)[];
}

/** The names of the headings in an aria snapshot (locator.ariaSnapshotJSON()), in document order. */
function headingNames(tree: unknown): string[] {
  const names: string[] = [];
  const walk = (nodes: (AriaNode | string)[]) => {
    for (const node of nodes) {
      if (typeof node !== 'object' || node === null) continue;
      if (node.role === 'heading') names.push(node.name ?? '');
      if (node.children) walk(node.children);
    }
  };
  walk((Array.isArray(tree) ? tree : [tree]) as (AriaNode | string)[]);
  return names;
}

let desktop: Promise<{ page: Page; seen: ReturnType<typeof watch>; icons: [string, number][] }> | undefined;

/**
 * The reference opened on a desktop screen, once for the tests that only read it (Redoc takes seconds to
 * render the whole API), with what the page asked for, said and answered with from its first request.
 */
function onDesktop(): NonNullable<typeof desktop> {
  desktop ??= (async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const seen = watch(page, server.url);
    const icons: [string, number][] = [];
    page.on('response', (response) => {
      if (/\/favicon\.(svg|ico)\b/.test(response.url()))
        icons.push([new URL(response.url()).pathname, response.status()]);
    });
    await page.goto(`${server.url}/docs`);
    await page.locator('#reference[aria-busy="false"]').waitFor();
    return { page, seen, icons };
  })();
  return desktop;
}

/** Runs in the page (the DOM types are not in this project's lib). */
function pageWidth(): number {
  return (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document
    .documentElement.scrollWidth;
}

describe('the API reference in a real browser', () => {
  it('shows every operation on a 390 px phone with no network beyond this server', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    // Offline but for the service itself: anything else (a CDN, fonts, telemetry) is refused and noted.
    const elsewhere: string[] = [];
    await context.route('**/*', (route) => {
      const url = new URL(route.request().url());
      if (url.hostname === '127.0.0.1') return route.continue();
      elsewhere.push(url.href);
      return route.abort();
    });
    const page = await context.newPage();
    const seen = watch(page, server.url);
    await page.goto(`${server.url}/docs`);
    await page.locator('#reference[aria-busy="false"]').waitFor();

    expect(await page.title()).toBe('Waste Compliance Service API reference');
    const doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { operationId: string; summary: string }>>;
    };
    const operations = Object.values(doc.paths).flatMap((ops) => Object.values(ops));
    expect(operations.length).toBeGreaterThanOrEqual(11);
    // The accessible names of the page's headings, as getByRole('heading') would match them, from one
    // pass over the page: a query per operation walked Redoc's whole page again each time (20 s).
    const headings = headingNames(await page.ariaSnapshotJSON());
    for (const { operationId, summary } of operations) {
      // Redoc heads each operation with its title after a deep link named by the operationId.
      const title = summary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const name = new RegExp(`/operation/${operationId} ${title}$`);
      expect(headings.filter((heading) => name.test(heading)).length, summary).toBe(1);
    }
    // Usable at phone width: nothing wider than the screen, so no sideways scrolling of the page.
    expect(await page.evaluate(pageWidth)).toBeLessThanOrEqual(390);
    expect(elsewhere).toEqual([]);
    expect(seen.elsewhere).toEqual([]);

    await page.getByRole('link', { name: 'Guides' }).first().click();
    await page.getByRole('heading', { name: 'Guides' }).waitFor();
    await page.getByRole('link', { name: 'Carrier verification' }).click();
    await page.getByRole('heading', { name: 'Test keys: the sandbox' }).waitFor();
    expect(elsewhere).toEqual([]);
    expect(seen.elsewhere).toEqual([]);
    expect(seen.errors).toEqual([]);
    await context.close();
  });

  it('asks nothing of another origin, not even what its policy would block, and shows its favicon', async () => {
    const { page, seen, icons } = await onDesktop();
    // Redoc's sidebar credit stays, without the logo it would load from a CDN.
    await page.getByText('API docs by Redocly').waitFor();
    await page.waitForLoadState('networkidle');
    expect(seen.elsewhere).toEqual([]);
    expect(seen.errors).toEqual([]);
    expect(icons).toContainEqual(['/favicon.svg', 200]);
    expect(await page.locator('link[rel="icon"][type="image/svg+xml"]').getAttribute('href')).toMatch(
      /^\/favicon\.svg\?v=/,
    );
  });

  it('shows a curl sample for an operation that runs as shown against the server the page came from', async () => {
    // A test key for pasting the sample with, made while the browser works.
    const env = { DATABASE_URL: rig.databaseUrl };
    const testKey = (async () => {
      const org = JSON.parse(
        await runCli(['org', 'create', '--name', 'Reference Reader Ltd', '--json'], env),
      );
      return JSON.parse(await runCli(['key', 'create', '--org', org.id, '--mode', 'test', '--json'], env))
        .key as string;
    })();
    const { page } = await onDesktop();
    await page.goto(`${server.url}/docs#operation/verifyCarrier`);
    await page.locator('#reference[aria-busy="false"]').waitFor();
    const operation = page.locator('[id="operation/verifyCarrier"]');
    await operation.getByRole('tab', { name: 'curl', exact: true }).click();
    const panel = operation.getByRole('tabpanel').filter({ hasText: 'curl -s' });
    const shown = ((await panel.locator('pre').textContent()) ?? '').trim();
    expect(shown).toBe(
      [
        `curl -s -X POST ${server.url}/v1/verify-carrier \\`,
        '  -H "Authorization: Bearer $WCS_API_KEY" \\',
        '  -H "Content-Type: application/json" \\',
        "  -d '{",
        '    "registration_number": "CBDU100002"',
        "  }'",
      ].join('\n'),
    );
    await operation.getByRole('tab', { name: 'Node.js SDK', exact: true }).click();
    const sdk = operation.getByRole('tabpanel').filter({ hasText: 'WasteComplianceClient' });
    expect(await sdk.locator('pre').textContent()).toContain('await wcs.carriers.verify({');

    // Pasted into a shell with a test key, as a reader would: the sandbox answers.
    const key = await testKey;
    const { stdout } = await promisify(execFile)('bash', ['-c', shown], {
      env: { PATH: process.env.PATH, WCS_API_KEY: key },
    });
    expect(JSON.parse(stdout)).toMatchObject({ status: 'expiring_soon' });
  });
});
