import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserRig, browserAgainstServer } from '../helpers/browser.ts';
import type { ServerProcess } from '../helpers/server-process.ts';
import { uniqueEmail } from './portal-client.ts';

let rig: BrowserRig;
let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  rig = await browserAgainstServer();
  ({ server, browser } = rig);
}, 60_000);

afterAll(() => rig?.close());

/** Runs in the page (the DOM types are not in this project's lib). */
function scrollWidth(): number {
  return (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document
    .documentElement.scrollWidth;
}

/** Signs up and creates a test key in the portal, as a developer would on their phone; returns the key. */
async function signUpWithTestKey(page: Page): Promise<string> {
  await page.goto(`${server.url}/portal/signup`);
  await page.getByLabel('Organisation name').fill('Harbour Skips Ltd');
  await page.getByLabel('Work email address').fill(uniqueEmail('phone'));
  await page.getByLabel('Password', { exact: true }).fill('tidy lorries on time');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByLabel('Key name').fill('Phone test');
  await page.getByLabel('Test', { exact: true }).check();
  await page.getByRole('button', { name: 'Create key' }).click();
  return page.getByLabel('Your new API key').inputValue();
}

describe('the Requests page on a phone', () => {
  it('shows 10 test calls with their request ids at 390 px, with nothing to scroll sideways', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(e.message));
    const key = await signUpWithTestKey(page);

    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${server.url}/v1/verify-carrier`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ registration_number: i === 9 ? 'NOT-A-NUMBER' : 'CBDU100001' }),
      });
      ids.push(res.headers.get('request-id')!);
    }
    expect(new Set(ids).size).toBe(10);

    await page.goto(`${server.url}/portal/dashboard`);
    await page.getByRole('link', { name: 'Requests', exact: true }).tap();
    await page.getByRole('heading', { name: 'Requests', level: 1 }).waitFor();
    expect(page.url()).toBe(`${server.url}/portal/requests`);
    expect(await page.evaluate(scrollWidth)).toBeLessThanOrEqual(390);

    for (const id of ids) {
      const shown = page.getByText(id, { exact: true });
      await shown.scrollIntoViewIfNeeded();
      expect(await shown.isVisible(), id).toBe(true);
      const box = (await shown.boundingBox())!;
      // Wholly on screen: not cut off at the right edge, nor reached only by scrolling sideways.
      expect(box.x, id).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, id).toBeLessThanOrEqual(390);
    }
    // Each request is labelled on the phone: the newest (refused) one reads as its status and code.
    const newest = page.locator('.request-log tbody tr').first();
    expect(await newest.textContent()).toContain('INVALID_REGISTRATION_NUMBER');
    await page.screenshot({ fullPage: true, scale: 'css', path: '/tmp/portal-requests-390.png' });

    await page.getByLabel('Status').selectOption('4xx');
    await page.getByRole('button', { name: 'Show' }).tap();
    await page.getByRole('heading', { name: 'Requests', level: 1 }).waitFor();
    expect(await page.locator('.request__id').allTextContents()).toEqual([ids[9]]);

    await page.getByRole('link', { name: 'Live requests' }).tap();
    await page.locator('#no-requests').waitFor();
    expect(await page.locator('#no-requests').textContent()).toContain('No live requests');
    expect(await page.evaluate(scrollWidth)).toBeLessThanOrEqual(390);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows them as a table on a wide screen', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const key = await signUpWithTestKey(page);
    const res = await fetch(`${server.url}/v1/account`, { headers: { authorization: `Bearer ${key}` } });
    const id = res.headers.get('request-id')!;
    await page.goto(`${server.url}/portal/requests`);
    const headers = await page.locator('.request-log thead th').allTextContents();
    expect(headers).toEqual(['Time', 'Request', 'Status', 'Took', 'Key', 'Request id']);
    expect(await page.getByRole('columnheader', { name: 'Request id' }).isVisible()).toBe(true);
    const row = page.getByRole('row').filter({ hasText: id });
    expect(await row.getByRole('cell').nth(1).textContent()).toContain('200');
    expect(await row.getByRole('rowheader').textContent()).toContain('GET /v1/account');
    await context.close();
  });
});
