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

/** A phone: 390 CSS pixels wide, touch. */
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

/** Runs in the page (the DOM types are not in this project's lib). */
function scrollWidth(): number {
  return (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document
    .documentElement.scrollWidth;
}

function readClipboard(): Promise<string> {
  const nav = (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } })
    .navigator;
  return nav.clipboard.readText();
}

async function api(key: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** Signs up on the phone and makes a test key there: a test-only user. Returns the key. */
async function signUpWithTestKey(page: Page): Promise<string> {
  await page.goto(`${server.url}/portal/signup`);
  await page.getByLabel('Organisation name').fill('Quayside Transfer Ltd');
  await page.getByLabel('Work email address').fill(uniqueEmail('site-manager'));
  await page.getByLabel('Password', { exact: true }).fill('tidy lorries on time');
  await page.getByRole('button', { name: 'Create account' }).tap();
  await page.getByLabel('Key name').fill('Weighbridge tablet');
  await page.getByLabel('Test', { exact: true }).check();
  await page.getByRole('button', { name: 'Create key' }).tap();
  return page.getByLabel('Your new API key').inputValue();
}

/**
 * What the test key's integration made: a transfer note, a receipt DWT's answer to was lost, and a
 * hazardous waste consignment note to the same site.
 */
async function work(key: string): Promise<{ reference: string; receiptId: string; consignmentCode: string }> {
  const note = await api(key, 'POST', '/v1/generate-wtn', {
    producer: { name: 'Harbour Café Ltd', address: '3 Quay Street, Poole, BH15 1HJ' },
    carrier: { registration_number: 'CBDU100001' },
    waste: {
      description: 'Mixed glass bottles',
      ewc_code: '20 01 02',
      auto_classify: false,
      quantity_kg: 340,
    },
    destination: { name: 'Quayside Transfer Station', address: 'Quay Road, Poole, BH15 4AA' },
    transfer_date: '2026-11-20',
  });
  const site = await api(key, 'POST', '/v1/sites', {
    name: 'Quayside Transfer Station',
    address: { full_address: 'Quay Road, Poole', postcode: 'BH15 4AA' },
    authorisation_numbers: ['EPR/QT1234AB'],
    dwt_api_code: '1f83215e-4b90-4785-9ab2-2614839aa2e9',
  });
  const receipt = await api(key, 'POST', '/v1/waste-receipts', {
    site_id: site.id,
    wtn_reference: note.reference,
    received_at: new Date(Date.now() - 3_600_000).toISOString(),
    your_reference: 'DWT-UNKNOWN',
    carrier: { means_of_transport: 'road', vehicle_registration: 'HX21 ABC' },
    waste_items: [
      {
        physical_form: 'solid',
        number_of_containers: 1,
        container_type: 'SKI',
        contains_pops: false,
        contains_hazardous: false,
        disposal_or_recovery_codes: [
          { code: 'R5', weight: { amount: 340, unit: 'kilograms', is_estimate: false } },
        ],
      },
    ],
  });
  const consignment = await api(key, 'POST', '/v1/consignment-notes', {
    producer: {
      name: 'Quayside Garage Services Ltd',
      address: 'Unit 4, Mill Lane, Poole',
      postcode: 'BH15 2AB',
      sic_code: '45200',
      contact: 'Sam Patel',
    },
    consignee: { site_id: site.id },
    process: 'Servicing of cars and light vans',
    lines: [
      {
        ewc_code: '13 02 05*',
        description: 'Waste engine oil drained from vehicles',
        quantity_kg: 180,
        physical_form: 'liquid',
        components: [{ name: 'Mineral base oil', concentration: 95, unit: 'percent' }],
        hazard_codes: ['HP5', 'HP14'],
        container: { type: 'drum', number: 1, size_litres: 205 },
      },
    ],
  });
  return {
    reference: note.reference as string,
    receiptId: receipt.id as string,
    consignmentCode: consignment.consignment_code as string,
  };
}

async function noSidewaysScroll(page: Page, where: string): Promise<void> {
  expect(await page.evaluate(scrollWidth), where).toBeLessThanOrEqual(390);
}

describe('the work in the portal, on a phone', () => {
  it('a test-only site manager opens their test note and its PDF, sends a signing link and resolves a receipt', async () => {
    const context = await browser.newContext(PHONE);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(e.message));
    const key = await signUpWithTestKey(page);
    const { reference, receiptId, consignmentCode } = await work(key);

    // Transfer notes opens on the test notes: the user has only a test key.
    await page.goto(`${server.url}/portal/dashboard`);
    await page.getByRole('link', { name: 'Transfer notes', exact: true }).tap();
    await page.getByRole('heading', { name: 'Transfer notes', level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'Test notes' }).getAttribute('aria-current')).toBe('page');
    await noSidewaysScroll(page, 'notes');
    const row = page.locator('.note-list tbody tr').first();
    expect(await row.textContent()).toContain('Mixed glass bottles');

    await page.getByRole('link', { name: reference }).tap();
    await page.getByRole('heading', { name: reference, level: 1 }).waitFor();
    await noSidewaysScroll(page, 'note');
    expect(await page.locator('#signature-transferor').textContent()).toContain('Not signed yet');
    expect(await page.locator('.waste-lines').textContent()).toContain('20 01 02');

    // The PDF, fetched with the portal session (no API key), as the browser opens it.
    const pdfLink = page.getByRole('link', { name: /Open the PDF/ });
    const pdfUrl = new URL((await pdfLink.getAttribute('href'))!, server.url).href;
    const noteUrl = page.url();
    // The PDF's page has loaded before the test moves on: going back while Chromium's viewer still opens
    // it is a navigation the viewer's own interrupts.
    const [pdf] = await Promise.all([page.waitForResponse(pdfUrl), page.waitForURL(pdfUrl), pdfLink.tap()]);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect(pdf.headers()['content-disposition']).toBe(`inline; filename="${reference}.pdf"`);
    // Chromium's PDF viewer stands in for the body Playwright sees: read the bytes with the same session.
    const bytes = await context.request.get(pdfUrl);
    expect((await bytes.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await page.goto(noteUrl);

    await page.getByRole('button', { name: 'Create a signing link for the transferee' }).tap();
    await page.getByRole('heading', { name: 'Signing link for the transferee' }).waitFor();
    const link = await page.getByLabel('Link to send to the transferee').inputValue();
    expect(link).toMatch(new RegExp(`^${server.url}/sign/[A-Za-z0-9_-]{43}$`));
    await page.getByRole('button', { name: 'Copy link' }).tap();
    await expect.poll(() => page.evaluate(readClipboard)).toBe(link);
    await noSidewaysScroll(page, 'signing link');
    // The driver who gets the link opens the note to sign it, with no account.
    const driver = await browser.newPage(PHONE);
    await driver.goto(link);
    expect(await driver.getByRole('heading', { level: 1 }).textContent()).toContain('Sign transfer note');
    expect(await driver.content()).toContain('Mixed glass bottles');
    await driver.close();

    // The receipt waits for a person; the worker puts it there within moments.
    await page.getByRole('link', { name: 'Receipts', exact: true }).tap();
    await page.getByRole('heading', { name: 'Waste receipts', level: 1 }).waitFor();
    const review = page.locator('#review');
    await expect
      .poll(async () => {
        await page.reload();
        return review.textContent();
      })
      .toContain(receiptId);
    await noSidewaysScroll(page, 'receipts');
    await page.getByLabel('Yes, I found it in DWT').check();
    await page.getByLabel('Waste tracking id').fill('26HRA0B2');
    await page.getByRole('button', { name: /^Resolve/ }).tap();
    await page.getByRole('status').first().waitFor();
    expect(await page.getByRole('status').first().textContent()).toContain('Receipt resolved');
    expect(await review.textContent()).toContain('No test receipts are waiting for review.');
    const resolved = await api(key, 'GET', `/v1/waste-receipts/${receiptId}`);
    expect(resolved).toMatchObject({ status: 'submitted', waste_tracking_id: '26HRA0B2' });
    await noSidewaysScroll(page, 'resolved');

    await page.getByRole('link', { name: 'Consignment notes', exact: true }).tap();
    await page.getByRole('heading', { name: 'Consignment notes', level: 1 }).waitFor();
    await noSidewaysScroll(page, 'consignment notes');
    await page.getByRole('link', { name: consignmentCode }).tap();
    await page.getByRole('heading', { name: consignmentCode, level: 1 }).waitFor();
    expect(await page.locator('.waste-lines').textContent()).toContain('13 02 05*');
    await noSidewaysScroll(page, 'consignment note');
    expect(problems).toEqual([]);
    await context.close();
  });
});
