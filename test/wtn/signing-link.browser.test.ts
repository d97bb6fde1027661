import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WasteTransferNote } from '../../src/wtn/wtn-schemas.ts';
import { type BrowserRig, browserAgainstServer } from '../helpers/browser.ts';
import { runCli, type ServerProcess } from '../helpers/server-process.ts';
import { validBody } from './wtn-app.ts';

let rig: BrowserRig;
let server: ServerProcess;
let browser: Browser;
let key: string;

beforeAll(async () => {
  rig = await browserAgainstServer();
  ({ server, browser } = rig);
  const env = { DATABASE_URL: rig.databaseUrl };
  const org = JSON.parse(
    await runCli(['org', 'create', '--name', 'Harbour Skips Ltd', '--plan', 'business', '--json'], env),
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

/**
 * A signature as a finger draws it: touch drags on the canvas, synthesised by Chromium's own gesture
 * pipeline (as from a touchscreen), so what follows them (a tap on the checkbox) behaves as on a phone.
 */
async function drawSignature(page: Page): Promise<void> {
  const canvas = page.locator('#signature-pad');
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  const cdp = await page.context().newCDPSession(page);
  const strokes: [number, number, number, number][] = [
    [0.1, 0.7, 0.25, -0.4],
    [0.35, 0.3, 0.15, 0.35],
    [0.5, 0.65, 0.2, -0.3],
    [0.75, 0.35, 0.15, 0.3],
  ];
  for (const [fx, fy, dx, dy] of strokes) {
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

/** The width of a PNG, from its IHDR chunk. */
function pngWidth(png: Buffer): number {
  return png.readUInt32BE(16);
}

describe('a driver signs a transfer note on a phone', () => {
  it('opens the link, reads the note, draws a signature, signs; the note records it', async () => {
    const created = await api('POST', '/v1/generate-wtn', validBody());
    expect(created.status).toBe(201);
    const note = (await created.json()) as WasteTransferNote;
    const linked = await api('POST', `/v1/wtn/${note.reference}/signing-links`, { party: 'transferee' });
    expect(linked.status).toBe(201);
    const { url } = (await linked.json()) as { url: string };
    expect(url.startsWith(`${server.url}/sign/`)).toBe(true);

    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
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

    await page.getByRole('heading', { name: `Sign transfer note ${note.reference}` }).waitFor();
    expect(await page.evaluate(scrollWidth)).toBeLessThanOrEqual(390);
    expect(await page.getByText('TEST NOTE').isVisible()).toBe(true);
    expect(await page.getByText('You are signing as the transferee (the carrier)').isVisible()).toBe(true);
    for (const fact of [
      note.producer.name,
      note.carrier.business_name!,
      note.waste.description,
      'Wednesday 25 March 2026',
      note.destination.name,
    ]) {
      expect(await page.getByText(fact, { exact: false }).first().isVisible(), fact).toBe(true);
    }

    await page.getByLabel('Full name').fill('Dave Driver');
    await page.getByLabel('Position (optional)').fill('Driver');
    await drawSignature(page);
    const drawing = await page.locator('#drawing').inputValue();
    expect(drawing.startsWith('data:image/png;base64,')).toBe(true);
    expect(drawing.length).toBeLessThan(200_000);
    await page.getByLabel('I confirm the declaration').tap();
    expect(await page.getByLabel('I confirm the declaration').isChecked()).toBe(true);
    const shot = await page.screenshot({ fullPage: true, scale: 'css', path: '/tmp/signing-link-test.png' });
    expect(pngWidth(shot)).toBe(390);

    await page.getByRole('button', { name: 'Sign', exact: true }).tap();
    await page.getByRole('heading', { name: 'Signed', exact: true }).waitFor();
    expect(await page.getByText('Dave Driver, Driver').isVisible()).toBe(true);
    expect(await page.evaluate(scrollWidth)).toBeLessThanOrEqual(390);

    const signed = (await (await api('GET', `/v1/wtn/${note.reference}`)).json()) as WasteTransferNote;
    expect(signed.signatures.transferee).toMatchObject({
      name: 'Dave Driver',
      position: 'Driver',
      method: 'signing_link',
      ip: '127.0.0.1',
      drawn: true,
    });
    const both = await api('POST', `/v1/wtn/${note.reference}/signatures`, {
      party: 'transferor',
      name: 'Sam Patel',
    });
    expect(both.status).toBe(201);
    const complete = (await both.json()) as WasteTransferNote;
    expect(complete.signed).toBe('signed');
    expect(complete.content_sha256).toMatch(/^[0-9a-f]{64}$/);

    // Opened again (from the message, a day later): used, and who signed is shown.
    await page.goto(url);
    await page.getByRole('heading', { name: 'This note has already been signed' }).waitFor();
    expect(await page.getByText('Dave Driver, Driver').isVisible()).toBe(true);
    expect(await page.getByText('Both parties have now signed.').isVisible()).toBe(true);
    expect(await page.locator('form').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('signs with the typed name alone when JavaScript is off', async () => {
    const note = (await (await api('POST', '/v1/generate-wtn', validBody())).json()) as WasteTransferNote;
    const linked = await api('POST', `/v1/wtn/${note.reference}/signing-links`, { party: 'transferor' });
    const { url } = (await linked.json()) as { url: string };
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto(url);
    expect(await page.locator('#signature-pad').isHidden()).toBe(true);
    await page.getByLabel('Full name').fill('Sam Patel');
    await page.getByRole('button', { name: 'Sign', exact: true }).click();
    // The declaration was not ticked: the page says so beside the box.
    await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
    expect(await page.getByLabel('Full name').inputValue()).toBe('Sam Patel');
    await page.getByLabel('I confirm the declaration').check();
    await page.getByRole('button', { name: 'Sign', exact: true }).click();
    await page.getByRole('heading', { name: 'Signed', exact: true }).waitFor();
    const signed = (await (await api('GET', `/v1/wtn/${note.reference}`)).json()) as WasteTransferNote;
    expect(signed.signatures.transferor).toMatchObject({ name: 'Sam Patel', drawn: false });
    await context.close();
  });
});
