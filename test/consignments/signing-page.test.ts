import type { LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsignmentNote } from '../../src/consignments/consignment-schemas.ts';
import { DECLARATIONS } from '../../src/consignments/part-rules.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import { createTestApp } from '../helpers/app.ts';
import { PNG, text } from '../wtn/signing-client.ts';
import {
  type ConsignmentApp,
  consignmentApp,
  garageBody,
  oilLine,
  PART_C,
  PART_D,
} from './consignment-app.ts';

const clock = new ManualClock('2026-11-27T10:00:00.000Z');
let t: ConsignmentApp;

beforeEach(async () => {
  clock.set('2026-11-27T10:00:00.000Z');
  t = await consignmentApp({ clock });
});
afterEach(() => t?.close());

async function linkFor(id: string, part: 'C' | 'D' | 'E', key = t.testKey, hours?: number): Promise<string> {
  const res = await t.post(
    `/v1/consignment-notes/${id}/signing-links`,
    { part, ...(hours ? { expires_in_hours: hours } : {}) },
    key,
  );
  expect(res.statusCode, res.body).toBe(201);
  const url = new URL((res.json() as { url: string }).url);
  expect(url.pathname).toMatch(/^\/sign\/consignment\/[A-Za-z0-9_-]{43}$/);
  return url.pathname;
}

const open = (path: string) => t.app.inject({ method: 'GET', url: path });
const sign = (path: string, fields: Record<string, string>): Promise<LightMyRequestResponse> =>
  t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
const noteOf = async (id: string, key = t.testKey) =>
  (await t.get(`/v1/consignment-notes/${id}`, key)).json() as ConsignmentNote;

/** The Part C form as a driver fills it in. */
const CARRIER_FORM = {
  name: 'Alex Driver',
  position: 'Driver',
  registration_number: 'CBDU100001',
  vehicle_registration: 'ab12 cde',
  collection_date: '2026-11-27',
  collection_time: '09:55',
  confirm: 'yes',
};

describe('opening a consignment signing link', () => {
  it('shows the code, the part and its signer, the note in plain English and the declaration, on a locked-down page', async () => {
    const note = await t.create(garageBody());
    const res = await open(await linkFor(note.id, 'C'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(res.body).not.toMatch(/<style|\sstyle=/);
    expect(res.body).toMatch(/<h1 class="document-code">.*GARAGE\/00001/);

    const page = text(res.body);
    for (const fact of [
      'TEST NOTE',
      'Hazardous waste consignment note',
      "Part C — carrier's certificate",
      'You are signing as the carrier collecting the waste.',
      'Garage Services Ltd',
      'Unit 4, Mill Lane, Poole, BH15 2AB',
      'Southern Oil Recovery Ltd',
      'Permit EPR/AB1234CD',
      'Line 1: 13 02 05*',
      'Waste engine oil drained from vehicles',
      '180 kg',
      'HP5 Specific target organ toxicity or aspiration toxicity',
      'HP14 Ecotoxic',
      'Drum × 1, 205 litres',
      'UN3082',
      'CBDU100001',
      DECLARATIONS.C,
      'I confirm the declaration',
      'This link works once and until 29 November 2026 at 10:00.',
    ]) {
      expect(page, fact).toContain(fact);
    }
    expect(page).not.toContain(DECLARATIONS.D);
    // Collected today, now (UK time), by the carrier Part A named: each prefilled, each editable.
    expect(res.body).toContain('name="collection_date" type="date" value="2026-11-27"');
    expect(res.body).toContain('name="collection_time" type="time" value="10:00"');
    expect(res.body).toContain('name="registration_number" type="text" value="CBDU100001"');
  });

  it('serves its own stylesheet and scripts, and answers 404 for a token unknown, malformed or followed by more path', async () => {
    const note = await t.create(garageBody());
    const body = (await open(await linkFor(note.id, 'C'))).body;
    const urls = [...body.matchAll(/(?:href|src)="(\/sign\/consignment\/assets\/[^"]+)"/g)].map((m) => m[1]);
    // The stylesheet, signature_pad and the page's script; the icon is the service's favicon.
    expect(urls).toHaveLength(3);
    for (const url of urls) {
      const res = await open(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control']).toContain('immutable');
    }
    for (const path of [
      `/sign/consignment/${'A'.repeat(43)}`,
      '/sign/consignment/short',
      `/sign/consignment/${'A'.repeat(43)}/more`,
    ]) {
      const res = await open(path);
      expect(res.statusCode, path).toBe(404);
      expect(text(res.body)).toContain('This signing link is not valid');
      expect(res.headers['content-security-policy']).toBeDefined();
      expect((await sign(path, { name: 'A', confirm: 'yes' })).statusCode).toBe(404);
    }
  });

  it('has expired: 410, and a signature is refused', async () => {
    const note = await t.create(garageBody());
    const path = await linkFor(note.id, 'C', t.testKey, 1);
    clock.advance(3_600_000);
    const res = await open(path);
    expect(res.statusCode).toBe(410);
    expect(text(res.body)).toContain('This signing link has expired');
    expect((await sign(path, CARRIER_FORM)).statusCode).toBe(410);
    expect((await noteOf(note.id)).parts.C).toBeNull();
  });
});

describe('signing Part C', () => {
  it("records the carrier's signature with method signing_link, confirms with the time, and works once", async () => {
    const note = await t.create(garageBody());
    const path = await linkFor(note.id, 'C');
    const res = await sign(path, { ...CARRIER_FORM, drawing: PNG });
    expect(res.statusCode, text(res.body)).toBe(200);
    const page = text(res.body);
    expect(page).toContain('Signed');
    expect(page).toContain('Part C of consignment note GARAGE/00001');
    expect(page).toContain('Alex Driver, Driver');
    expect(page).toContain('27 November 2026 at 10:00 (UK time)');
    expect(page).toContain('AB12 CDE');
    expect(page).toContain('Next, the consignor');

    const signed = await noteOf(note.id);
    expect(signed.status).toBe('collected');
    expect(signed.parts.C).toMatchObject({
      method: 'signing_link',
      name: 'Alex Driver',
      position: 'Driver',
      vehicle_registration: 'AB12 CDE',
      collection_date: '2026-11-27',
      collection_time: '09:55',
      registration_number: 'CBDU100001',
      declaration: DECLARATIONS.C,
    });

    // A second submission (a double tap, the back button) is refused and shows who signed.
    const again = await sign(path, { ...CARRIER_FORM, name: 'Someone Else' });
    expect(again.statusCode).toBe(409);
    expect(text(again.body)).toContain('This part has already been signed');
    expect(text(again.body)).toContain('cannot be used again');
    expect(text(again.body)).toContain('Alex Driver');
    expect((await noteOf(note.id)).parts.C?.name).toBe('Alex Driver');
    const reopened = await open(path);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.body).not.toContain('<form');
  });

  it('records one signature when the form is sent twice at once', async () => {
    const note = await t.create(garageBody());
    const path = await linkFor(note.id, 'C');
    const answers = await Promise.all([
      sign(path, { ...CARRIER_FORM, name: 'First Tap' }),
      sign(path, { ...CARRIER_FORM, name: 'Second Tap' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = (await noteOf(note.id)).parts.C?.name;
    expect(text(answers.find((a) => a.statusCode === 200)!.body)).toContain(winner);
    expect(text(answers.find((a) => a.statusCode === 409)!.body)).toContain(winner);
  });

  it('re-shows the form with a blank name beside its field, keeps what was typed, and signs nothing', async () => {
    const note = await t.create(garageBody());
    const path = await linkFor(note.id, 'C');
    const res = await sign(path, { ...CARRIER_FORM, name: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(
      /id="name-error"><span class="visually-hidden">Error:<\/span> Full name must not be/,
    );
    expect(res.body).toContain('aria-invalid="true"');
    expect(text(res.body)).toContain('There is a problem');
    expect(res.body).toContain('value="ab12 cde"');
    expect(res.body).toContain('value="09:55"');
    expect(res.body).toContain('value="Driver"');
    expect(res.body).toMatch(/name="confirm"[^>]* checked/);
    expect((await noteOf(note.id)).parts.C).toBeNull();
    expect((await sign(path, CARRIER_FORM)).statusCode).toBe(200);
  });

  it("puts the service's refusals beside their fields: no vehicle, a time that is no time, a name that hides text", async () => {
    const note = await t.create(garageBody());
    const path = await linkFor(note.id, 'C');
    const cases: [Record<string, string>, string, RegExp][] = [
      [{ vehicle_registration: '' }, 'vehicle_registration', /Vehicle registration is required for Part C/],
      [{ collection_time: '25:61' }, 'collection_time', /Collection time is not in the expected format/],
      [{ collection_date: '2026-11-28' }, 'collection_date', /Collection date must not be after today/],
      [{ name: 'Alex\u202eDriver' }, 'name', /Full name must not contain text-direction control characters/],
      [{ position: 'p'.repeat(201) }, 'position', /Position must be at most 200 characters/],
      [{ confirm: '' }, 'confirm', /Tick the box to confirm the declaration/],
    ];
    for (const [change, field, message] of cases) {
      const res = await sign(path, { ...CARRIER_FORM, ...change });
      expect(res.statusCode, field).toBeGreaterThanOrEqual(400);
      const beside = new RegExp(
        `id="${field}-error"><span class="visually-hidden">Error:</span> ${message.source}`,
      );
      expect(res.body, field).toMatch(beside);
      expect(res.body).toContain(`href="#${field}"`);
    }
    expect((await noteOf(note.id)).parts.C).toBeNull();
  });

  it('refuses a lapsed carrier with the reason above the form and beside the number, signing nothing', async () => {
    const note = await t.create(garageBody());
    const path = await linkFor(note.id, 'C');
    const res = await sign(path, { ...CARRIER_FORM, registration_number: 'CBDU100003' });
    expect(res.statusCode).toBe(422);
    const page = text(res.body);
    expect(page).toContain("The carrier's registration CBDU100003 expired");
    expect(page).toContain('the waste must not be handed over');
    expect(res.body).toMatch(/id="registration_number-error">.*is an expired registration/);
    expect(res.body).toContain('value="CBDU100003"');
    expect((await noteOf(note.id)).parts.C).toBeNull();
  });

  it('offers the Welsh declaration only after the EA register did not hold the number, and for that number', async () => {
    const note = await t.create(garageBody());
    const path = await linkFor(note.id, 'C');
    expect((await open(path)).body).not.toContain('register_checked');
    // Ticked by habit before any refusal, the box is not there to count: the number is checked first.
    const welsh = { ...CARRIER_FORM, registration_number: 'CBDU999999' };
    const refused = await sign(path, { ...welsh, register_checked: 'checked', declared_carrier_name: 'X' });
    expect(refused.statusCode).toBe(422);
    expect(text(refused.body)).toContain('tick “Registered in Wales” below');
    expect(text(refused.body)).not.toContain('declared_registration');
    expect(refused.body).toMatch(/<input id="register_checked"[^>]*type="checkbox"/);
    expect(refused.body).toContain('name="declared_number" value="CBDU999999"');
    expect((await noteOf(note.id)).parts.C).toBeNull();

    // Ticked for another number than the one refused: the declaration is not taken.
    const changed = await sign(path, {
      ...welsh,
      registration_number: 'CBDU999998',
      declared_number: 'CBDU999999',
      register_checked: 'checked',
      declared_carrier_name: 'Cymru Oil Haulage Cyf',
    });
    expect(changed.statusCode).toBe(422);
    expect(changed.body).toContain('name="declared_number" value="CBDU999998"');
    // Offered afresh for the new number: not ticked, no name carried over from the other carrier.
    expect(changed.body).not.toMatch(/<input id="register_checked"[^>]* checked/);
    expect(changed.body).not.toContain('Cymru Oil Haulage Cyf');

    const ticked = { ...welsh, declared_number: 'CBDU999999', register_checked: 'checked' };
    const nameless = await sign(path, ticked);
    expect(nameless.statusCode).toBe(400);
    expect(nameless.body).toContain('id="declared_carrier_name-error"');

    // The number field left blank means Part A's number, as the service takes it: declared for that.
    const blank = await t.create(garageBody({ carrier: { registration_number: 'CBDU999997' } }));
    const blankPath = await linkFor(blank.id, 'C');
    const blankForm = { ...CARRIER_FORM, registration_number: '' };
    const offered = await sign(blankPath, blankForm);
    expect(offered.body).toContain('name="declared_number" value="CBDU999997"');
    const declared = await sign(blankPath, {
      ...blankForm,
      declared_number: 'CBDU999997',
      register_checked: 'checked',
      declared_carrier_name: 'Gwent Skips Cyf',
    });
    expect(declared.statusCode, text(declared.body)).toBe(200);

    const signed = await sign(path, { ...ticked, declared_carrier_name: 'Cymru Oil Haulage Cyf' });
    expect(signed.statusCode, text(signed.body)).toBe(200);
    expect((await noteOf(note.id)).parts.C).toMatchObject({
      registration_number: 'CBDU999999',
      carrier_name: 'Cymru Oil Haulage Cyf',
      register_status: 'not_found',
      declared_registration: { register: 'nrw', carrier_name: 'Cymru Oil Haulage Cyf' },
    });
  });

  it('offers the Scottish declaration for a SEPA number, which the EA register cannot hold, and signs on it', async () => {
    const note = await t.create(garageBody());
    const path = await linkFor(note.id, 'C');
    const scottish = { ...CARRIER_FORM, registration_number: 'WCR/R/7654321' };
    const refused = await sign(path, scottish);
    expect(refused.statusCode).toBe(422);
    const page = text(refused.body);
    expect(page).toContain('WCR/R/7654321 is a Scottish (SEPA) registration number');
    expect(page).toContain('tick “Registered in Scotland” below');
    expect(page).not.toContain('declared_registration');
    expect(page).toContain(
      'Registered in Scotland: I have checked WCR/R/7654321 on the Scottish Environment Protection Agency’s public register',
    );
    expect(page).not.toContain('Registered in Wales');
    expect(refused.body).toContain('name="declared_number" value="WCR/R/7654321"');

    const ticked = { ...scottish, declared_number: 'WCR/R/7654321', register_checked: 'checked' };
    // No name, or one with nothing visible (zero-width spaces): asked for beside the field.
    for (const declared_carrier_name of ['', '\u200b\u200b']) {
      const nameless = await sign(path, { ...ticked, declared_carrier_name });
      expect(nameless.statusCode).toBe(400);
      expect(nameless.body).toMatch(/id="declared_carrier_name-error">.*Enter the carrier/);
    }
    expect((await noteOf(note.id)).parts.C).toBeNull();

    const signed = await sign(path, { ...ticked, declared_carrier_name: 'Borders Oil Recovery Ltd' });
    expect(signed.statusCode, text(signed.body)).toBe(200);
    expect((await noteOf(note.id)).parts.C).toMatchObject({
      registration_number: 'WCR/R/7654321',
      carrier_name: 'Borders Oil Recovery Ltd',
      register_status: 'not_checked',
      declared_registration: { register: 'sepa', carrier_name: 'Borders Oil Recovery Ltd' },
    });
  });

  it('says so when the register cannot be reached, keeps the form, and signs nothing', async () => {
    // A live note: the register is asked, and this app's register address answers nothing.
    const note = await t.create(garageBody({ carrier: { registration_number: 'CBDU760001' } }), t.liveKey);
    const path = await linkFor(note.id, 'C', t.liveKey);
    const res = await sign(path, { ...CARRIER_FORM, registration_number: 'CBDU760001' });
    expect(res.statusCode).toBe(503);
    const page = text(res.body);
    expect(page).not.toContain('TEST NOTE');
    expect(page).toContain(
      "We could not check the carrier's registration with the Environment Agency's register",
    );
    expect(page).toContain('nothing has been signed');
    expect(res.body).toContain('value="Alex Driver"');
    expect((await noteOf(note.id, t.liveKey)).parts.C).toBeNull();
  });
});

describe('Parts D and E', () => {
  it('a D link before C says it is waiting, refuses a signature, then works once C is signed', async () => {
    const note = await t.create(garageBody());
    const path = await linkFor(note.id, 'D');
    const waiting = await open(path);
    expect(waiting.statusCode).toBe(200);
    expect(text(waiting.body)).toContain('Part C must be signed first; this link will work once it has.');
    expect(waiting.body).not.toContain('<form');
    const early = await sign(path, { name: 'Sam Patel', confirm: 'yes' });
    expect(early.statusCode).toBe(409);
    expect((await noteOf(note.id)).parts.D).toBeNull();

    await t.sign(note.id, PART_C);
    const ready = await open(path);
    expect(ready.statusCode).toBe(200);
    const page = text(ready.body);
    expect(page).toContain("Part D — consignor's certificate");
    expect(page).toContain('Signed so far');
    expect(page).toContain('Alex Driver');
    expect(page).toContain('AB12 CDE');
    expect(page).toContain(DECLARATIONS.D);
    const signed = await sign(path, { name: 'Sam Patel', position: 'Workshop manager', confirm: 'yes' });
    expect(signed.statusCode).toBe(200);
    expect(await noteOf(note.id)).toMatchObject({
      status: 'in_transit',
      parts: { D: { name: 'Sam Patel', method: 'signing_link' } },
    });
  });

  it("a D form asks for the premises' email Part A2 left out, refuses to sign without it, and records it", async () => {
    const { email: _email, ...producer } = garageBody().producer as Record<string, string>;
    const note = await t.create(garageBody({ producer }));
    await t.sign(note.id, PART_C);
    const path = await linkFor(note.id, 'D');
    const form = await open(path);
    expect(form.body).toContain('id="premises_email"');
    expect(form.body).toContain('type="email"');
    // A2 gives a telephone: it is not asked for again.
    expect(form.body).not.toContain('id="premises_phone"');
    // One that is none ("tbc") is asked for, saying why.
    const placeholder = await t.create(garageBody({ producer: { ...producer, phone: 'tbc' } }));
    await t.sign(placeholder.id, PART_C);
    const asked = text((await open(await linkFor(placeholder.id, 'D'))).body);
    expect(asked).toContain('Telephone of the premises');
    expect(asked).toContain('Part A2 gives “tbc”, which is not a telephone');

    const without = await sign(path, { name: 'Sam Patel', confirm: 'yes' });
    expect(without.statusCode).toBe(422);
    expect(text(without.body)).toContain('Email of the premises is required: Part A2 has no email');
    expect((await noteOf(note.id)).parts.D).toBeNull();

    const signed = await sign(path, {
      name: 'Sam Patel',
      premises_email: 'office@garage.example',
      confirm: 'yes',
    });
    expect(signed.statusCode).toBe(200);
    expect((await noteOf(note.id)).parts.D).toMatchObject({
      name: 'Sam Patel',
      premises_email: 'office@garage.example',
      method: 'signing_link',
    });
    // The consignee's page shows the premises' contact with what the consignor gave.
    const receipt = text((await open(await linkFor(note.id, 'E'))).body);
    expect(receipt).toContain('Contact: Sam Patel, 01202 123456, office@garage.example (given at Part D)');
  });

  it('an E form takes each line; a rejection makes the note rejected', async () => {
    const note = await t.create(garageBody());
    await t.sign(note.id, PART_C);
    await t.sign(note.id, PART_D);
    const path = await linkFor(note.id, 'E');
    const form = await open(path);
    expect(text(form.body)).toContain("Part E — consignee's certificate");
    expect(form.body).toContain('name="lines-0-quantity_received_kg"');
    expect(form.body).toContain('<option value="R9">R9 Oil re-refining or other reuses of oil</option>');

    const res = await sign(path, {
      name: 'Jo Weighbridge',
      position: 'Weighbridge operator',
      'lines-0-quantity_received_kg': '176',
      'lines-0-accepted': 'rejected',
      'lines-0-rejection_reason': 'Drum leaking, contaminated with coolant',
      confirm: 'yes',
    });
    expect(res.statusCode, text(res.body)).toBe(200);
    expect(text(res.body)).toContain('Waste was rejected.');
    const received = await noteOf(note.id);
    expect(received.status).toBe('rejected');
    expect(received.parts.E).toMatchObject({
      method: 'signing_link',
      lines: [
        {
          line: 1,
          quantity_received_kg: 176,
          accepted: false,
          rejection_reason: 'Drum leaking, contaminated with coolant',
        },
      ],
    });
    expect(received.content_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(text(res.body)).toContain(received.content_sha256!);
  });

  it("an E form asks for the form's time, vehicle and permit, filled in with what the note already says", async () => {
    const note = await t.create(garageBody());
    await t.sign(note.id, PART_C);
    await t.sign(note.id, PART_D);
    const path = await linkFor(note.id, 'E');
    const form = await open(path);
    expect(form.body).toContain('name="received_time" type="time" value="10:00"');
    expect(form.body).toMatch(
      /id="vehicle_registration"[^>]*value="AB12 CDE"|value="AB12 CDE"[^>]*id="vehicle_registration"/,
    );
    expect(form.body).toMatch(
      /id="permit_number"[^>]*value="EPR\/AB1234CD"|value="EPR\/AB1234CD"[^>]*id="permit_number"/,
    );
    expect(text(form.body)).toContain(
      'I certify that waste permit/exempt waste operation number: the number entered above authorises the management of the waste described in B at the address given in A4.',
    );
    const res = await sign(path, {
      name: 'Jo Weighbridge',
      received_time: '09:55',
      vehicle_registration: 'cd34 efg',
      permit_number: 'EPR/ZZ9999YY',
      'lines-0-quantity_received_kg': '176',
      'lines-0-accepted': 'accepted',
      'lines-0-operation': 'R9',
      confirm: 'yes',
    });
    expect(res.statusCode, text(res.body)).toBe(200);
    expect((await noteOf(note.id)).parts.E).toMatchObject({
      received_time: '09:55',
      vehicle_registration: 'CD34 EFG',
      permit_number: 'EPR/ZZ9999YY',
      declaration: expect.stringContaining('operation number: EPR/ZZ9999YY authorises'),
    });
  });

  it('an E form takes part of a line rejected: the rest accepted, and the note partly rejected', async () => {
    const note = await t.create(garageBody());
    await t.sign(note.id, PART_C);
    await t.sign(note.id, PART_D);
    const path = await linkFor(note.id, 'E');
    expect((await open(path)).body).toContain('value="partly"');
    const base = {
      name: 'Jo Weighbridge',
      'lines-0-quantity_received_kg': '176',
      'lines-0-accepted': 'partly',
      'lines-0-operation': 'R9',
      confirm: 'yes',
    };
    // More than was received, and no reason: each said beside its field; nothing signed.
    const refused = await sign(path, { ...base, 'lines-0-quantity_rejected_kg': '200' });
    expect(refused.statusCode).toBe(400);
    expect(text(refused.body)).toContain(
      'Enter the quantity rejected in kilograms: more than 0 and less than',
    );
    expect(text(refused.body)).toContain('Enter why part of this line was rejected.');
    // A quantity rejected with the whole line accepted is not dropped unread.
    const unread = await sign(path, {
      ...base,
      'lines-0-accepted': 'accepted',
      'lines-0-quantity_rejected_kg': '36',
    });
    expect(unread.statusCode).toBe(400);
    expect(text(unread.body)).toContain('Choose “Part accepted, part rejected” for a quantity rejected');
    expect((await noteOf(note.id)).parts.E).toBeNull();

    const res = await sign(path, {
      ...base,
      'lines-0-quantity_rejected_kg': '36.5',
      'lines-0-rejection_reason': 'One drum leaking',
    });
    expect(res.statusCode, text(res.body)).toBe(200);
    const received = await noteOf(note.id);
    expect(received.status).toBe('partially_rejected');
    expect(received.parts.E?.lines).toMatchObject([
      { line: 1, quantity_received_kg: 139.5, accepted: true, operation: 'R9', rejection_reason: null },
      {
        line: 1,
        quantity_received_kg: 36.5,
        accepted: false,
        operation: null,
        rejection_reason: 'One drum leaking',
      },
    ]);
  });

  it('an E form with a line unanswered, an unreadable quantity or no operation says which line, beside the field', async () => {
    const note = await t.create(garageBody({ lines: [oilLine(), oilLine({ description: 'Oily rags' })] }));
    await t.sign(note.id, PART_C);
    await t.sign(note.id, PART_D);
    const path = await linkFor(note.id, 'E');
    const base = {
      name: 'Jo Weighbridge',
      'lines-0-quantity_received_kg': '176',
      'lines-0-accepted': 'accepted',
      'lines-0-operation': 'R9',
      'lines-1-quantity_received_kg': '1,200.5 kg',
      'lines-1-accepted': 'accepted',
      'lines-1-operation': 'R1',
      confirm: 'yes',
    };
    const unread = await sign(path, {
      ...base,
      'lines-1-quantity_received_kg': 'about 20',
      'lines-0-accepted': '',
    });
    expect(unread.statusCode).toBe(400);
    expect(unread.body).toMatch(/id="lines-1-quantity_received_kg-error">.*Enter the quantity received/);
    expect(unread.body).toMatch(
      /id="lines-0-accepted-error">.*Choose whether this waste was accepted or rejected/,
    );
    expect(text(unread.body)).toContain('Line 2: Enter the quantity received');
    expect(unread.body).toContain('value="about 20"');
    // A decimal comma is not read as a thousands separator (176,5 was kept as 1,765 kg).
    for (const typed of ['176,5', '1,2,3', '12,50']) {
      const comma = await sign(path, { ...base, 'lines-1-quantity_received_kg': typed });
      expect(comma.statusCode, typed).toBe(400);
      expect(text(comma.body)).toContain(
        'Line 2: Enter the quantity received in kilograms, as a number, for example 176 or 176.5 (a full stop before decimals).',
      );
    }
    expect((await noteOf(note.id)).parts.E).toBeNull();

    const noOperation = await sign(path, { ...base, 'lines-1-operation': '' });
    expect(noOperation.statusCode).toBe(422);
    expect(noOperation.body).toMatch(
      /id="lines-1-operation-error">.*Operation is required for accepted waste/,
    );
    expect(text(noOperation.body)).toContain('Line 2: Operation is required for accepted waste');
    expect(noOperation.body).toMatch(/<option value="R9" selected>/);
    expect((await noteOf(note.id)).parts.E).toBeNull();

    expect((await sign(path, base)).statusCode).toBe(200);
    const received = await noteOf(note.id);
    expect(received.status).toBe('received');
    expect(received.parts.E?.lines.map((l) => l.quantity_received_kg)).toEqual([176, 1200.5]);
  });

  it("an E form for a round asks how many consignments formed the collection, and records the consignee's answer", async () => {
    const note = await t.create(garageBody({ multiple_collection: { round_number: 'R7' } }));
    await t.sign(note.id, PART_C);
    await t.sign(note.id, PART_D);
    const path = await linkFor(note.id, 'E');
    const form = await open(path);
    expect(form.body).toContain('name="consignments_in_collection"');
    expect(text(form.body)).toContain(
      'This note is collection 1 of round R7: how many consignments formed the collection the vehicle brought.',
    );
    const base = {
      name: 'Jo Weighbridge',
      'lines-0-quantity_received_kg': '176',
      'lines-0-accepted': 'accepted',
      'lines-0-operation': 'R9',
      confirm: 'yes',
    };
    for (const typed of ['', 'six', '2.5', '-3']) {
      const refused = await sign(path, { ...base, consignments_in_collection: typed });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toMatch(
        /id="consignments_in_collection-error">.*Enter how many consignments formed the collection/,
      );
    }
    const zero = await sign(path, { ...base, consignments_in_collection: '0' });
    expect(zero.statusCode).toBe(400);
    expect(zero.body).toMatch(
      /id="consignments_in_collection-error">.*Consignments in the collection must be at least 1/,
    );
    const many = await sign(path, { ...base, consignments_in_collection: '99999' });
    expect(many.body).toMatch(
      /id="consignments_in_collection-error">.*Consignments in the collection must be at most 1000/,
    );
    expect((await noteOf(note.id)).parts.E).toBeNull();

    expect((await sign(path, { ...base, consignments_in_collection: '4' })).statusCode).toBe(200);
    expect((await noteOf(note.id)).parts.E).toMatchObject({
      consignments_in_collection: 4,
      method: 'signing_link',
    });
    // The page shows the signed part with the figure; a single movement's form never asks it.
    expect(text((await open(path)).body)).toContain('Consignments in the collection 4');
    const single = await t.create(garageBody());
    await t.sign(single.id, PART_C);
    await t.sign(single.id, PART_D);
    expect((await open(await linkFor(single.id, 'E'))).body).not.toContain('consignments_in_collection');
  });
});

describe('the page and its logs', () => {
  it('refuses a body that is not a form', async () => {
    const note = await t.create(garageBody());
    const path = await linkFor(note.id, 'C');
    const json = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Alex', confirm: 'yes' }),
    });
    expect(json.statusCode).toBe(415);
    expect(text(json.body)).toContain('We could not read that form');
  });

  it('never writes a token to the log', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const logged = await createTestApp({ clock, logger });
    try {
      const { key } = await logged.newKey({ mode: 'test' });
      const post = (url: string, payload: object) => logged.call(key, { method: 'POST', url, payload });
      const note = (await post('/v1/consignment-notes', garageBody())).json() as ConsignmentNote;
      const res = await post(`/v1/consignment-notes/${note.id}/signing-links`, { part: 'C' });
      const path = new URL((res.json() as { url: string }).url).pathname;
      const token = path.split('/').at(-1)!;
      await logged.app.inject({ method: 'GET', url: path });
      await logged.app.inject({ method: 'GET', url: `${path}/more?x=1` });
      const log = lines.join('');
      expect(log).toContain('"url":"/sign/consignment/[token]"');
      expect(log).toContain('"url":"/sign/consignment/[token]?x=1"');
      expect(log).not.toContain(token);
    } finally {
      await logged.close();
    }
  });
});
