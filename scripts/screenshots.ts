/**
 * Regenerates docs/screenshots/*.png: starts the service on a throwaway SQLite database, signs up in
 * headless Chromium, creates keys, makes real API calls so the dashboard has a month of usage, and
 * saves a picture of each portal page. Then, on 25 November 2026, a second, test-only user whose notes,
 * consignment notes and receipts are made through the services the API uses, for the pictures of the work
 * pages. The clock is pinned so the pictures do not change from run to run.
 *
 *   node scripts/screenshots.ts            (CHROMIUM=/path/to/chromium to use another browser)
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance as App } from 'fastify';
import pino from 'pino';
import type { Browser, Page } from 'playwright-core';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { CreateConsignmentNoteBody } from '../src/consignments/consignment-schemas.ts';
import { ManualClock } from '../src/platform/clock.ts';
import { createDb } from '../src/platform/db/database.ts';
import type { Scope } from '../src/platform/scope.ts';
import type { CreateReceiptBody } from '../src/receipts/receipt-schemas.ts';
import type { GenerateWtnInput } from '../src/wtn/wtn-schemas.ts';
import { launchChromium } from './chromium.ts';
import { webhookShots } from './screenshots-webhooks.ts';

const OUT = new URL('../docs/screenshots/', import.meta.url).pathname;
/** Sign-up happens late in February; the pictures of usage are taken on 19 March. */
const SIGN_UP = '2026-02-26T10:00:00Z';
const NOW = '2026-03-19T10:30:00Z';
/** Calls per day for the live key, 1 to 18 March: a working-week rhythm, quiet at weekends. */
const CALLS_PER_DAY = [12, 9, 31, 38, 35, 42, 29, 6, 4, 44, 51, 47, 39, 45, 8, 5, 53, 48];
/** The pictures of the work pages are taken on Wednesday 25 November 2026, 10:30 in London. */
const WORK_DAY = '2026-11-25T10:30:00Z';

/** A phone (390 CSS pixels wide), pictured one pixel per CSS pixel. */
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(OUT, `${name}.png`), fullPage: true, scale: 'css' });
  process.stdout.write(`docs/screenshots/${name}.png\n`);
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'wcs-screens-'));
  const clock = new ManualClock(SIGN_UP);
  const config = loadConfig({
    DATABASE_URL: `sqlite:${join(dir, 'wcs.sqlite')}`,
    LOG_LEVEL: 'error',
    // The webhooks pictures use a receiver on 127.0.0.1 (screenshots-webhooks.ts).
    WEBHOOKS_ALLOW_HTTP_LOOPBACK: 'true',
    WEBHOOK_POLL_MS: '50',
    // The receipts pictures wait for the DWT sandbox's answers (workPages).
    DWT_POLL_MS: '20',
  });
  const app = await buildApp(config, {
    db: createDb(config.DATABASE_URL),
    clock,
    logger: pino({ level: 'error' }),
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await launchChromium();
  mkdirSync(OUT, { recursive: true });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${base}/portal/signup`);
    await page.getByLabel('Organisation name').fill('Northgate Recycling Ltd');
    await page.getByLabel('Work email address').fill('ops@northgate');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await shoot(page, 'signup-errors');

    await page.getByLabel('Work email address').fill('priya.shah@northgate-recycling.co.uk');
    await page.getByLabel('Password', { exact: true }).fill('correct horse battery staple');
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.getByLabel('Key name').fill('Production ERP');
    await page.getByLabel('Live').check();
    await page.getByRole('button', { name: 'Create key' }).click();
    await shoot(page, 'key-created');
    const liveKey = await page.locator('#new-key').inputValue();

    await page.goto(`${base}/portal/keys`);
    await page.getByLabel('Key name').fill('Staging');
    await page.getByRole('button', { name: 'Create key' }).click();
    const testKey = await page.locator('#new-key').inputValue();
    await page.goto(`${base}/portal/plan`);
    await page.getByRole('button', { name: 'Switch to Professional' }).click();

    await makeCalls(app, clock, liveKey, testKey);
    // Three weeks later the session has long expired: log in again, as a returning user would.
    await page.goto(`${base}/portal/login`);
    await shoot(page, 'login');
    await page.getByLabel('Email address').fill('priya.shah@northgate-recycling.co.uk');
    await page.getByLabel('Password').fill('correct horse battery staple');
    await page.getByRole('button', { name: 'Log in' }).click();
    await shoot(page, 'dashboard');
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'dashboard-mobile');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${base}/portal/plan`);
    await shoot(page, 'plan');
    await page.goto(`${base}/portal/keys`);
    await shoot(page, 'keys');
    await page.getByRole('link', { name: /Revoke Staging/ }).click();
    await shoot(page, 'revoke');
    await sites(page, base);
    await page.goto(`${base}/portal/notes`);
    await page.getByLabel('Transfer date from').fill('2026-04-01');
    await page.getByLabel('Transfer date to').fill('2026-03-31');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    await shoot(page, 'notes-export-errors');
    await webhookShots(page, base, shoot);
    await signingLink(app, base, await browser.newPage(PHONE), testKey);
    await workPages(app, clock, base, browser);
  } finally {
    await browser.close();
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The sites page: a permit number DWT would refuse, then two live sites (one archived) and a test site. */
async function sites(page: Page, base: string): Promise<void> {
  const add = async (
    mode: 'Live' | 'Test',
    name: string,
    address: string,
    postcode: string,
    permits: string,
    code: string,
  ) => {
    await page.goto(`${base}/portal/sites`);
    await page.getByLabel(mode, { exact: true }).check();
    await page.getByLabel('Site name').fill(name);
    await page.getByLabel('Address').fill(address);
    await page.getByLabel('Postcode').fill(postcode);
    await page.getByLabel('Permit numbers').fill(permits);
    await page.getByLabel('DWT API code').fill(code);
    await page.getByRole('button', { name: 'Add site' }).click();
  };
  await add(
    'Live',
    'Northgate MRF',
    'Unit 7, Northgate Industrial Estate\nHull',
    'HU8 7QL',
    'EPR/NG4821KT\nEAWML 10442',
    '6b1f0c2e-93a4-4d57-8f0e-2c7d1b9a4e31',
  );
  await shoot(page, 'site-errors');
  await page.getByLabel('Permit numbers').fill('EPR/NG4821KT\nEAWML104427');
  await page.getByRole('button', { name: 'Add site' }).click();
  await add(
    'Live',
    'Old Quay Transfer Station',
    'Old Quay Road, Goole',
    'DN14 5TX',
    'WML123456',
    '0d2e9b57-1c44-4f2a-a8c3-7e5b6f9d0a12',
  );
  await page.getByRole('button', { name: 'Archive Old Quay Transfer Station' }).click();
  await add(
    'Test',
    'Northgate MRF (test)',
    'Unit 7, Northgate Industrial Estate, Hull',
    'HU8 7QL',
    'EPR/AB1234CD',
    '1f83215e-4b90-4785-9ab2-2614839aa2e9', // DEFRA's published dummy code for its test environment
  );
  await shoot(page, 'sites');
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'sites-mobile');
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** A driver's phone on the page a signing link opens: the note, a typed name, a drawn signature. */
async function signingLink(app: App, base: string, page: Page, key: string): Promise<void> {
  const headers = { authorization: `Bearer ${key}` };
  const site = '14 Quay Road, Poole, BH15 1HJ';
  const created = await app.inject({
    method: 'POST',
    url: '/v1/generate-wtn',
    headers,
    payload: {
      producer: {
        name: 'Harbourside Builders Ltd',
        address: site,
        sic_code: '41201',
        contact_name: 'Jo Reed',
      },
      carrier: { registration_number: 'CBDU100001' },
      waste: {
        description: 'Mixed plasterboard offcuts from a kitchen refit',
        ewc_code: '17 08 02',
        auto_classify: false,
        quantity_kg: 850,
        container_type: '8 yard skip',
      },
      destination: {
        name: 'Poole Recycling Centre',
        address: 'Unit 4, Nuffield Industrial Estate, Poole, BH17 0RB',
        permit_number: 'EPR/AB1234CD',
      },
      transfer_date: '2026-03-20',
      transfer_time: '09:30',
      transfer_place: site,
    },
  });
  const { reference } = created.json() as { reference: string };
  const link = await app.inject({
    method: 'POST',
    url: `/v1/wtn/${reference}/signing-links`,
    headers,
    payload: { party: 'transferee' },
  });
  await page.goto(`${base}${new URL((link.json() as { url: string }).url).pathname}`);
  await page.getByLabel('Full name').fill('Dave Morgan');
  await page.getByLabel('Position (optional)').fill('Driver');
  const canvas = page.locator('#signature-pad');
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  // A hand-written "D Morgan", roughly: a few strokes across the pad.
  const strokes: [number, number][][] = [
    [
      [0.08, 0.25],
      [0.08, 0.75],
      [0.16, 0.72],
      [0.2, 0.5],
      [0.16, 0.28],
      [0.08, 0.25],
    ],
    [
      [0.3, 0.75],
      [0.33, 0.3],
      [0.4, 0.6],
      [0.47, 0.3],
      [0.5, 0.75],
    ],
    [
      [0.56, 0.6],
      [0.6, 0.5],
      [0.64, 0.6],
      [0.6, 0.7],
      [0.56, 0.6],
      [0.68, 0.62],
      [0.72, 0.5],
      [0.78, 0.65],
      [0.84, 0.52],
      [0.9, 0.66],
    ],
  ];
  for (const stroke of strokes) {
    const [x0, y0] = stroke[0];
    await page.mouse.move(box.x + box.width * x0, box.y + box.height * y0);
    await page.mouse.down();
    for (const [x, y] of stroke.slice(1)) {
      await page.mouse.move(box.x + box.width * x, box.y + box.height * y, { steps: 6 });
    }
    await page.mouse.up();
  }
  await page.getByLabel('I confirm the declaration').check();
  await shoot(page, 'signing-link');
}

/**
 * The work pages, for a test-only user on 25 November 2026: transfer notes, one note, consignment notes,
 * and on a phone a new signing link and a waste tracking id DWT would not have issued.
 */
async function workPages(app: App, clock: ManualClock, base: string, browser: Browser): Promise<void> {
  clock.set(WORK_DAY);
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${base}/portal/signup`);
  await page.getByLabel('Organisation name').fill('Quayside Transfer Ltd');
  await page.getByLabel('Work email address').fill('sam.okafor@quayside-transfer.co.uk');
  await page.getByLabel('Password', { exact: true }).fill('correct horse battery staple');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByLabel('Key name').fill('Weighbridge integration (staging)');
  await page.getByLabel('Test', { exact: true }).check();
  await page.getByRole('button', { name: 'Create key' }).click();
  const user = await app.services.portal.users.findByEmail('sam.okafor@quayside-transfer.co.uk');
  const scope: Scope = { organisationId: user!.organisation_id, mode: 'test' };
  const [unsigned, halfSigned] = await transferNotes(app, clock, scope);
  await consignmentNotes(app, clock, scope);
  // Last: the clock stays put from here, so the sandbox's outage is not retried before the picture.
  await receipts(app, scope);

  await page.goto(`${base}/portal/notes`);
  await shoot(page, 'notes');
  await page.goto(`${base}/portal/consignments`);
  await shoot(page, 'consignments');
  await page.goto(`${base}/portal/notes/${halfSigned}`);
  await shoot(page, 'note');

  const phone = await browser.newPage(PHONE);
  await phone.context().addCookies(await page.context().cookies());
  await phone.goto(`${base}/portal/notes/${unsigned}`);
  await phone.getByRole('button', { name: 'Create a signing link for the transferee' }).click();
  await phone.getByRole('heading', { name: 'Signing link for the transferee' }).waitFor();
  await shoot(phone, 'note-signing-link-mobile');
  await phone.goto(`${base}/portal/receipts`);
  await phone.getByLabel('Yes, I found it in DWT').check();
  await phone.getByLabel('Waste tracking id').fill('26-HRA-0B2');
  await phone.getByRole('button', { name: /^Resolve/ }).click();
  await shoot(phone, 'receipts-resolve-errors-mobile');
}

/**
 * Five transfer notes over a week: unsigned, signed by both, one corrected by another, signed by the
 * producer only. Returns the first (unsigned) and the last (signed by the producer only).
 */
async function transferNotes(app: App, clock: ManualClock, scope: Scope): Promise<[string, string]> {
  const wtn = app.services.wtn;
  const make = async (
    date: string,
    producer: { name: string; address: string },
    waste: { description: string; ewc_code: string; quantity_kg: number },
    supersedes?: string,
  ): Promise<string> => {
    const input: GenerateWtnInput = {
      producer: { ...producer, sic_code: '56101' },
      carrier: { registration_number: 'CBDU100001' },
      waste: { ...waste, auto_classify: false, container_type: 'WBI' },
      destination: {
        name: 'Quayside Transfer Station',
        address: 'Quay Road, Poole, BH15 4AA',
        permit_number: 'EPR/QT1234AB',
      },
      transfer_date: date,
      transfer_time: '07:45',
      transfer_place: producer.address,
      supersedes,
    };
    clock.advance(1_000); // a second apart, so the list's newest-first order is the same every run
    const { document } = await wtn.generate(input, scope);
    return (JSON.parse(document) as { reference: string }).reference;
  };
  const sign = (reference: string, party: 'transferor' | 'transferee', name: string, position: string) =>
    wtn.sign(
      scope,
      reference,
      { party, name, position },
      { ip: party === 'transferor' ? '192.0.2.10' : '192.0.2.11' },
    );
  const cafe = { name: 'Harbour Café Ltd', address: '3 Quay Street, Poole, BH15 1HJ' };
  const hotel = { name: 'Sandbanks Hotel Ltd', address: '15 Banks Road, Poole, BH13 7QL' };
  const glass = { description: 'Mixed glass bottles', ewc_code: '20 01 02' };
  const food = { description: 'Food waste from the kitchen', ewc_code: '20 01 08' };
  const unsigned = await make('2026-11-18', hotel, { ...glass, quantity_kg: 340 });
  const signed = await make('2026-11-19', cafe, {
    description: 'Cardboard packaging',
    ewc_code: '15 01 01',
    quantity_kg: 120,
  });
  await sign(signed, 'transferor', 'Ana Costa', 'Manager');
  await sign(signed, 'transferee', 'Dave Morgan', 'Driver');
  const corrected = await make('2026-11-20', hotel, { ...food, quantity_kg: 410 });
  await make(
    '2026-11-20',
    hotel,
    { ...food, description: 'Food waste from the kitchen, reweighed', quantity_kg: 395 },
    corrected,
  );
  const halfSigned = await make('2026-11-24', cafe, { ...glass, quantity_kg: 85 });
  await sign(halfSigned, 'transferor', 'Ana Costa', 'Manager');
  return [unsigned, halfSigned];
}

/**
 * Three receipts at a test site, with the references the DWT sandbox answers with an unknown outcome, a
 * rejection and an outage, left as the worker settles them.
 */
async function receipts(app: App, scope: Scope): Promise<void> {
  const site = await app.services.sites.create(scope, {
    name: 'Quayside Transfer Station',
    address: { full_address: 'Quay Road, Poole', postcode: 'BH15 4AA' },
    authorisation_numbers: ['EPR/QT1234AB'],
    dwt_api_code: '1f83215e-4b90-4785-9ab2-2614839aa2e9', // DEFRA's published dummy code for its test environment
  });
  type Item = NonNullable<CreateReceiptBody['waste_items']>[number];
  const item = (ewc: string, description: string, tonnes: number): Item => ({
    ewc_codes: [ewc],
    description,
    physical_form: 'solid',
    number_of_containers: 1,
    container_type: 'SKI',
    weight: { amount: tonnes, unit: 'tonnes', is_estimate: false },
    contains_pops: false,
    contains_hazardous: false,
    disposal_or_recovery_codes: [
      { code: 'R5', weight: { amount: tonnes, unit: 'tonnes', is_estimate: true } },
    ],
  });
  const receipt = async (receivedAt: string, reference: string, waste: Item) =>
    (
      await app.services.receipts.create(scope, {
        site_id: site.id,
        received_at: receivedAt,
        your_reference: reference,
        carrier: {
          registration_number: 'CBDU100001',
          organisation_name: 'Sandbox Haulage Limited',
          address: { full_address: '1 Test Street, Testville', postcode: 'TE1 1AA' },
          means_of_transport: 'road',
          vehicle_registration: 'HX21 ABC',
        },
        waste_items: [waste],
      })
    ).receipt;
  const made = [
    await receipt(
      '2026-11-24T08:10:00Z',
      'DWT-UNKNOWN',
      item('17 09 04', 'Mixed construction and demolition waste', 6.2),
    ),
    await receipt('2026-11-18T14:05:00Z', 'DWT-REJECT', item('17 05 04', 'Soil and stones', 11.4)),
    await receipt('2026-11-23T09:40:00Z', 'DWT-OUTAGE', item('20 01 02', 'Glass', 0.34)),
  ];
  // The worker sends them in the background and settles them within moments.
  for (const { id } of made) {
    for (let tries = 0; ; tries++) {
      const { status } = await app.services.receipts.get(scope, id);
      if (status !== 'pending' && status !== 'submitting') break;
      if (tries === 500) throw new Error(`receipt ${id} is still ${status}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

/** Three hazardous waste consignment notes: one signed by the carrier and the producer, two not yet signed. */
async function consignmentNotes(app: App, clock: ManualClock, scope: Scope): Promise<void> {
  type Line = CreateConsignmentNoteBody['lines'][number];
  const notes = app.services.consignments;
  const create = async (producer: string, code: string, lines: Line[]) => {
    clock.advance(1_000); // a second apart, so the list's newest-first order is the same every run
    return (await notes.create(scope, body(producer, code, lines))).note;
  };
  const body = (producer: string, code: string, lines: Line[]): CreateConsignmentNoteBody => ({
    producer: {
      name: producer,
      address: 'Unit 4, Mill Lane, Poole',
      postcode: 'BH15 2AB',
      sic_code: '45200',
      contact: 'Sam Patel',
    },
    consignee: {
      name: 'Southern Oil Recovery Ltd',
      address: 'Wharf Road, Southampton',
      postcode: 'SO14 3TJ',
      permit_number: 'EPR/AB1234CD',
    },
    carrier: { registration_number: 'CBDU100001' },
    consignment_code: code,
    process: 'Servicing of cars and light vans',
    lines,
  });
  const oil: Line = {
    ewc_code: '13 02 05*',
    description: 'Waste engine oil drained from vehicles',
    quantity_kg: 180,
    physical_form: 'liquid',
    components: [{ name: 'Mineral base oil', concentration: 95, unit: 'percent' }],
    hazard_codes: ['HP5', 'HP14'],
    container: { type: 'drum', number: 1, size_litres: 205 },
  };
  const batteries: Line = {
    ...oil,
    ewc_code: '16 06 01*',
    description: 'Lead-acid batteries',
    quantity_kg: 96,
    physical_form: 'solid',
    hazard_codes: ['HP8', 'HP14'],
    container: { type: 'pallet box', number: 1 },
  };
  const origin = {
    ip: '192.0.2.1',
    method: 'api',
    authentication: {
      organisation: { id: scope.organisationId, name: 'Riverside Skips Ltd' },
      api_key: { id: 'key_acGzP92ZMXAEtNBwAJqx', prefix: 'wcs_test_AbC1…', name: 'Yard tablet' },
      signing_link: null,
    },
  } as const;
  const note = await create('Garage Services Ltd', 'GARAGE/00041', [oil]);
  await notes.sign(
    scope,
    note.id,
    { part: 'C', name: 'Alex Driver', vehicle_registration: 'AB12 CDE' },
    origin,
  );
  await notes.sign(scope, note.id, { part: 'D', name: 'Sam Patel', position: 'Workshop manager' }, origin);
  await create('Garage Services Ltd', 'GARAGE/00042', [oil, batteries]);
  await create('Poole Motor Repairs Ltd', 'POOLEM/00007', [batteries]);
}

/** Real, counted API calls on each day of the month so far (a request the API rejects with 400 still counts). */
async function makeCalls(app: App, clock: ManualClock, liveKey: string, testKey: string): Promise<void> {
  const call = (key: string) =>
    app.inject({
      method: 'GET',
      url: '/v1/verify-carrier?registration_number=NOT-A-NUMBER',
      headers: { authorization: `Bearer ${key}` },
    });
  for (const [index, calls] of CALLS_PER_DAY.entries()) {
    clock.set(`2026-03-${String(index + 1).padStart(2, '0')}T09:00:00Z`);
    for (let i = 0; i < calls; i++) {
      clock.advance(1_500); // stays under the plan's per-minute rate limit
      await call(liveKey);
    }
    clock.advance(120_000); // past the once-a-minute "last used" resolution
    await call(testKey);
  }
  clock.set(NOW);
}

await main();
