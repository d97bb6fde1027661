import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserRig, browserAgainstServer } from '../helpers/browser.ts';
import type { ServerProcess } from '../helpers/server-process.ts';

let server: ServerProcess;
let browser: Browser;
let rig: BrowserRig;

beforeAll(async () => {
  rig = await browserAgainstServer();
  ({ server, browser } = rig);
}, 60_000);

afterAll(() => rig?.close());

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
    await page.goto(`${server.url}/docs`);
    await page.locator('#reference[aria-busy="false"]').waitFor();

    expect(await page.title()).toBe('Waste Compliance Service API reference');
    const doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { operationId: string; summary: string }>>;
    };
    const operations = Object.values(doc.paths).flatMap((ops) => Object.values(ops));
    expect(operations.length).toBeGreaterThanOrEqual(11);
    for (const { operationId, summary } of operations) {
      // Redoc heads each operation with its title after a deep link named by the operationId.
      const title = summary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const name = new RegExp(`/operation/${operationId} ${title}$`);
      expect(await page.getByRole('heading', { name }).count(), summary).toBe(1);
    }
    // Usable at phone width: nothing wider than the screen, so no sideways scrolling of the page.
    expect(await page.evaluate(pageWidth)).toBeLessThanOrEqual(390);
    expect(elsewhere).toEqual([]);

    await page.getByRole('link', { name: 'Guides' }).first().click();
    await page.getByRole('heading', { name: 'Guides' }).waitFor();
    await page.getByRole('link', { name: 'Carrier verification' }).click();
    await page.getByRole('heading', { name: 'Test keys: the sandbox' }).waitFor();
    expect(elsewhere).toEqual([]);
    await context.close();
  });
});
