import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsignmentNote } from '../../src/consignments/consignment-schemas.ts';
import { type BrowserRig, browserAgainstServer } from '../helpers/browser.ts';
import { runCli, type ServerProcess } from '../helpers/server-process.ts';
import { garageBody } from './consignment-app.ts';

let rig: BrowserRig;
let server: ServerProcess;
let browser: Browser;
let key: string;

beforeAll(async () => {
  rig = await browserAgainstServer();
  ({ server, browser } = rig);
  const env = { DATABASE_URL: rig.databaseUrl };
  const org = JSON.parse(
    await runCli(['org', 'create', '--name', 'Garage Services Ltd', '--plan', 'business', '--json'], env),
  );
  key = JSON.parse(await runCli(['key', 'create', '--org', org.id, '--mode', 'test', '--json'], env)).key;
}, 60_000);

afterAll(() => rig?.close());

async function api(method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A signature drawn with a finger: touch drags synthesised by Chromium's own gesture pipeline. */
async function drawSignature(page: Page): Promise<void> {
  const canvas = page.locator('#signature-pad');
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  const cdp = await page.context().newCDPSession(page);
  for (const [fx, fy, dx, dy] of [
    [0.1, 0.6, 0.3, -0.3],
    [0.45, 0.35, 0.2, 0.3],
    [0.7, 0.65, 0.2, -0.35],
  ]) {
    await cdp.send('Input.synthesizeScrollGesture', {
      x: box.x + box.width * fx,
      y: box.y + box.height * fy,
      // A scroll gesture moves the content: the finger travels the opposite way.
      xDistance: -box.width * dx,
      yDistance: -box.height * dy,
      gestureSourceType: 'touch',
      speed: 400,
    });
  }
  await cdp.detach();
}

/** Runs in the page (the DOM types are not in this project's lib). */
function scrollWidth(): number {
  return (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document
    .documentElement.scrollWidth;
}

describe('a driver signs Part C of a consignment note on a phone', () => {
  it('opens the link, reads the note, fills in the vehicle, draws a signature, signs; the note records it', async () => {
    const created = await api('POST', '/v1/consignment-notes', garageBody());
    expect(created.status).toBe(201);
    const note = (await created.json()) as ConsignmentNote;
    const linked = await api('POST', `/v1/consignment-notes/${note.id}/signing-links`, { part: 'C' });
    expect(linked.status).toBe(201);
    const { url } = (await linked.json()) as { url: string };
    expect(url.startsWith(`${server.url}/sign/consignment/`)).toBe(true);

    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      // A phone in the UK: dates and times shown as its owner reads them.
      locale: 'en-GB',
      timezoneId: 'Europe/London',
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('response', (r) => r.status() >= 400 && problems.push(`${r.status()} ${r.url()}`));
    await page.goto(url);

    await page.getByRole('heading', { level: 1, name: note.consignment_code }).waitFor();
    expect(await page.evaluate(scrollWidth)).toBeLessThanOrEqual(390);
    expect(await page.getByText("Part C — carrier's certificate").isVisible()).toBe(true);
    expect(await page.getByText('TEST NOTE').isVisible()).toBe(true);
    for (const fact of ['Garage Services Ltd', 'Southern Oil Recovery Ltd', '13 02 05*', 'HP14 Ecotoxic']) {
      expect(await page.getByText(fact, { exact: false }).first().isVisible(), fact).toBe(true);
    }
    expect(await page.getByLabel('Carrier registration number').inputValue()).toBe('CBDU100001');
    expect(await page.getByLabel('Collection date').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await page.getByLabel('Time (UK)').inputValue()).toMatch(/^\d{2}:\d{2}$/);

    await page.getByLabel('Full name').fill('Alex Driver');
    await page.getByLabel('Position (optional)').fill('Driver');
    await page.getByLabel('Vehicle registration').fill('ab12 cde');
    await drawSignature(page);
    expect((await page.locator('#drawing').inputValue()).startsWith('data:image/png;base64,')).toBe(true);
    await page.getByLabel('I confirm the declaration').tap();
    expect(await page.getByLabel('I confirm the declaration').isChecked()).toBe(true);
    const shot = await page.screenshot({ fullPage: true, scale: 'css', path: '/tmp/cn-sign.png' });
    expect(shot.readUInt32BE(16)).toBe(390);

    await page.getByRole('button', { name: 'Sign', exact: true }).tap();
    await page.getByRole('heading', { name: 'Signed', exact: true }).waitFor();
    expect(await page.getByText(`Part C of consignment note ${note.consignment_code}`).isVisible()).toBe(
      true,
    );
    expect(await page.getByText('Alex Driver, Driver').isVisible()).toBe(true);
    expect(await page.evaluate(scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ fullPage: true, scale: 'css', path: '/tmp/cn-signed.png' });

    const signed = (await (await api('GET', `/v1/consignment-notes/${note.id}`)).json()) as ConsignmentNote;
    expect(signed.status).toBe('collected');
    expect(signed.parts.C).toMatchObject({
      name: 'Alex Driver',
      position: 'Driver',
      method: 'signing_link',
      vehicle_registration: 'AB12 CDE',
    });

    // Opened again from the message: signed, who signed is shown, and there is no form.
    await page.goto(url);
    await page.getByRole('heading', { name: 'This part has already been signed' }).waitFor();
    expect(await page.getByText('Alex Driver, Driver').isVisible()).toBe(true);
    expect(await page.locator('form').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
