import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsignmentNote } from '../../src/consignments/consignment-schemas.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import { pageTexts } from '../wtn/pdf-text.ts';
import {
  type ConsignmentApp,
  consignmentApp,
  garageBody,
  oilLine,
  PART_C,
  PART_D,
  partE,
} from './consignment-app.ts';

const clock = new ManualClock('2026-11-27T10:00:00Z');
let t: ConsignmentApp;
beforeAll(async () => {
  t = await consignmentApp({ clock });
});
afterAll(async () => {
  await t.close();
});

/** A note taken through Parts C, D and E. */
async function received(body = garageBody(), e: Record<string, unknown> = partE()): Promise<ConsignmentNote> {
  const note = await t.create(body);
  await t.sign(note.id, PART_C);
  await t.sign(note.id, PART_D);
  return t.sign(note.id, e);
}

describe('creating a consignment note', () => {
  it("gives a garage's note the producer's code, and the next note the next number", async () => {
    const body = garageBody({ producer: { ...(garageBody().producer as object), name: 'Garagemen Ltd' } });
    const first = await t.create(body);
    const second = await t.create(body);
    expect(first.consignment_code).toBe('GARAGE/00001');
    expect(second.consignment_code).toBe('GARAGE/00002');
    expect(first).toMatchObject({
      status: 'awaiting_collection',
      code_assigned: 'generated',
      nation: 'england',
      mode: 'test',
      producer: { postcode: 'BH15 2AB', sic_code: '45200' },
      parts: { C: null, D: null, E: null },
      content_sha256: null,
      retain_until: '2029-11-27',
    });
    expect(first.lines[0]).toMatchObject({
      line: 1,
      ewc_code: '13 02 05*',
      code_source: 'given',
      hazard_codes: ['HP5', 'HP14'],
      components: [{ name: 'Mineral base oil', concentration: 95, unit: 'percent' }, expect.anything()],
      transport: { un_number: 'UN3082', packing_group: 'III' },
    });
    expect((await t.get(`/v1/consignment-notes/${first.id}`)).json()).toEqual(first);
  });

  it('names the waste producer in A5 when it is not the business in A2, and only then', async () => {
    const contractor = {
      name: 'Coastal Asbestos Removals Ltd',
      address: '9 Dock Road, Poole',
      postcode: 'bh15 4aa',
    };
    const note = await t.create(garageBody({ waste_producer: contractor }));
    expect(note.waste_producer).toEqual({ ...contractor, postcode: 'BH15 4AA' });
    expect(note.consignment_code).toMatch(/^GARAGE\//);
    const pdf = (await pageTexts((await t.get(`/v1/consignment-notes/${note.id}/pdf`)).rawPayload)).join(' ');
    expect(pdf).toContain('Coastal Asbestos Removals Ltd');
    expect(pdf).not.toContain('The producer is the business in A2');

    const plain = await t.create(garageBody());
    expect(plain).not.toHaveProperty('waste_producer');
    const bad = await t.post(
      '/v1/consignment-notes',
      garageBody({ waste_producer: { ...contractor, postcode: 'nowhere' } }),
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.details).toEqual([
      { field: '/waste_producer/postcode', issue: expect.stringContaining('not a UK postcode') },
    ]);
  });

  it('prints a blank to write in for a colour or container size the note was made without', async () => {
    const { colour: _colour, ...plain } = oilLine({ container: { type: 'drum', number: 2 } });
    const note = await t.create(garageBody({ lines: [plain] }));
    const pdf = (await pageTexts((await t.get(`/v1/consignment-notes/${note.id}/pdf`)).rawPayload)).join(' ');
    expect(pdf).toMatch(/Colour: _{8}/);
    expect(pdf).toMatch(/Size: _{8}/);
    const complete = await t.create(garageBody());
    const full = (await pageTexts((await t.get(`/v1/consignment-notes/${complete.id}/pdf`)).rawPayload)).join(
      ' ',
    );
    expect(full).not.toMatch(/Colour: _|Size: _/);
  });

  it('gives notes created at the same moment consecutive codes, none twice', async () => {
    const body = garageBody({
      producer: { ...(garageBody().producer as object), name: 'Parallel Parts Ltd' },
    });
    const notes = await Promise.all(Array.from({ length: 20 }, () => t.create(body)));
    const codes = notes.map((n) => n.consignment_code).sort();
    expect(codes).toEqual(Array.from({ length: 20 }, (_, i) => `PARALL/${String(i + 1).padStart(5, '0')}`));
  });

  it('answers with a Location and replays a retry with the same Idempotency-Key', async () => {
    const body = garageBody({
      producer: { ...(garageBody().producer as object), name: 'Idem Potent Motors' },
    });
    const headers = { 'idempotency-key': 'cn-retry-1' };
    const first = await t.post('/v1/consignment-notes', body, t.testKey, headers);
    const again = await t.post('/v1/consignment-notes', body, t.testKey, headers);
    expect(first.statusCode).toBe(201);
    expect(first.headers.location).toBe(`/v1/consignment-notes/${first.json().id}`);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().consignment_code).toBe(first.json().consignment_code);
    const other = await t.post('/v1/consignment-notes', garageBody(), t.testKey, headers);
    expect(other.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('checks a supplied code against the standard, naming the rule, and refuses one already used', async () => {
    const stored = await t.stored();
    const wrongPrefix = await t.post(
      '/v1/consignment-notes',
      garageBody({ consignment_code: 'GARAGX/00001' }),
    );
    expect(wrongPrefix.statusCode).toBe(422);
    expect(wrongPrefix.json().error).toMatchObject({
      code: 'CONSIGNMENT_CODE_INVALID',
      details: [{ field: '/consignment_code', issue: expect.stringContaining('must start with GARAGE') }],
    });
    const short = await t.post('/v1/consignment-notes', garageBody({ consignment_code: 'GARAGE/001' }));
    expect(short.json().error.details[0].issue).toContain('exactly five letters or digits');
    expect(await t.stored()).toBe(stored);

    const mine = await t.create(garageBody({ consignment_code: 'garage/a0001' }));
    expect(mine).toMatchObject({ consignment_code: 'GARAGE/A0001', code_assigned: 'given' });
    const reused = await t.post('/v1/consignment-notes', garageBody({ consignment_code: 'GARAGE/A0001' }));
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error.code).toBe('CONSIGNMENT_CODE_IN_USE');
  });

  it('refuses a non-hazardous code, pointing to transfer notes, with every other problem at once', async () => {
    const stored = await t.stored();
    const response = await t.post(
      '/v1/consignment-notes',
      garageBody({
        consignment_code: 'WRONG/00001',
        producer: { ...(garageBody().producer as object), postcode: 'nowhere', sic_code: '1234' },
        lines: [oilLine(), oilLine({ ewc_code: '17 09 04' }), oilLine({ ewc_code: '99 99 99' })],
      }),
    );
    expect(response.statusCode).toBe(422);
    const error = response.json().error;
    expect(error.code).toBe('NOT_HAZARDOUS_WASTE');
    expect(error.message).toContain('transfer note');
    expect(error.details.map((d: { field: string }) => d.field).sort()).toEqual(
      [
        '/consignment_code',
        '/lines/1/ewc_code',
        '/lines/2/ewc_code',
        '/producer/postcode',
        '/producer/sic_code',
      ].sort(),
    );
    expect(await t.stored()).toBe(stored);
  });

  it('refuses Scotland and Northern Ireland, naming the regulator', async () => {
    for (const [nation, regulator] of [
      ['scotland', 'SEPA'],
      ['northern_ireland', 'NIEA'],
    ]) {
      const response = await t.post('/v1/consignment-notes', garageBody({ nation }));
      expect(response.statusCode).toBe(422);
      expect(response.json().error.code).toBe('NATION_NOT_SUPPORTED');
      expect(response.json().error.message).toContain(regulator);
    }
  });

  it('in Wales, prefixes the code with the NRW premises code, which it requires', async () => {
    const producer = { ...(garageBody().producer as object), premises_code: 'abc123' };
    const note = await t.create(garageBody({ nation: 'wales', producer }));
    expect(note.consignment_code).toBe('ABC123/00001');
    expect(note.producer.premises_code).toBe('ABC123');
    const missing = await t.post('/v1/consignment-notes', garageBody({ nation: 'wales' }));
    expect(missing.json().error).toMatchObject({
      code: 'CONSIGNMENT_CODE_INVALID',
      details: [{ field: '/producer/premises_code' }],
    });
  });

  it("fills a line's code from its description when asked, recording where it came from", async () => {
    const line = oilLine({
      ewc_code: undefined,
      classify: true,
      description: 'used engine oil from servicing cars',
    });
    const note = await t.create(garageBody({ lines: [line] }));
    expect(note.lines[0].ewc_code).toMatch(/\*$/);
    expect(note.lines[0].code_source).toBe('classified');
    expect(note.lines[0].classification?.confidence).toBeGreaterThan(0);

    const clean = oilLine({
      ewc_code: undefined,
      classify: true,
      description: 'clean cardboard boxes from deliveries',
    });
    const refused = await t.post('/v1/consignment-notes', garageBody({ lines: [clean] }));
    expect(refused.json().error).toMatchObject({
      code: 'NOT_HAZARDOUS_WASTE',
      details: [{ field: '/lines/0/description' }],
    });
  });

  it('codes an unassessed mirror-entry waste hazardous, as WM3 requires, and carries the open question', async () => {
    const line = oilLine({
      ewc_code: undefined,
      classify: true,
      description: 'soil and stones dug out for the new workshop footings',
    });
    const note = await t.create(garageBody({ lines: [line] }));
    expect(note.lines[0].ewc_code).toBe('17 05 03*');
    expect(note.lines[0].classification).toMatchObject({
      flags: ['ASSESSMENT_NEEDED'],
      open_question: expect.stringContaining('17 05 04'),
    });
  });
});

describe('Parts C, D and E in legal order', () => {
  it('refuses D before C and E before D, naming the part that must come first', async () => {
    const note = await t.create(garageBody());
    const d = await t.post(`/v1/consignment-notes/${note.id}/signatures`, PART_D);
    expect(d.statusCode).toBe(409);
    expect(d.json().error).toMatchObject({
      code: 'PART_OUT_OF_ORDER',
      message: expect.stringContaining('Part C'),
    });
    await t.sign(note.id, PART_C);
    const e = await t.post(`/v1/consignment-notes/${note.id}/signatures`, partE());
    expect(e.json().error).toMatchObject({
      code: 'PART_OUT_OF_ORDER',
      message: expect.stringContaining('Part D'),
    });
    const again = await t.post(`/v1/consignment-notes/${note.id}/signatures`, PART_C);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ALREADY_SIGNED');
  });

  it('refuses Part C for an expired or unknown carrier, and answers 503 when the register is down', async () => {
    const cases: [string, number, string][] = [
      ['CBDU100003', 422, 'CARRIER_REGISTRATION_EXPIRED'],
      ['CBDU999999', 422, 'CARRIER_NOT_REGISTERED'],
      ['CBDU100503', 503, 'EA_REGISTER_UNAVAILABLE'],
    ];
    for (const [number, status, code] of cases) {
      const note = await t.create(garageBody({ carrier: { registration_number: number } }));
      const response = await t.post(`/v1/consignment-notes/${note.id}/signatures`, PART_C);
      expect(response.statusCode, number).toBe(status);
      expect(response.json().error.code).toBe(code);
      expect((await t.get(`/v1/consignment-notes/${note.id}`)).json().status).toBe('awaiting_collection');
    }
  });

  it("signs a Welsh carrier the EA register does not hold on the signer's declaration, and says so", async () => {
    const welsh = { register: 'nrw', carrier_name: 'Cymru Oil Haulage Cyf' };
    const note = await t.create(garageBody({ carrier: { registration_number: 'CBDU999999' } }));
    const refused = await t.post(`/v1/consignment-notes/${note.id}/signatures`, PART_C);
    expect(refused.json().error.message).toContain(
      "Natural Resources Wales's register instead, which this service cannot query",
    );
    const nameless = await t.post(`/v1/consignment-notes/${note.id}/signatures`, {
      ...PART_C,
      declared_registration: { ...welsh, carrier_name: '  ' },
    });
    expect(nameless.json().error.details).toEqual([
      {
        field: '/declared_registration/carrier_name',
        issue: expect.stringContaining("as Natural Resources Wales's register shows it"),
      },
    ]);
    const c = await t.sign(note.id, { ...PART_C, declared_registration: welsh });
    expect(c.parts.C).toMatchObject({
      registration_number: 'CBDU999999',
      carrier_name: 'Cymru Oil Haulage Cyf',
      register_status: 'not_found',
      declared_registration: welsh,
    });
    const pdf = (await pageTexts((await t.get(`/v1/consignment-notes/${note.id}/pdf`)).rawPayload)).join(' ');
    expect(pdf).toContain('Cymru Oil Haulage Cyf');
    expect(pdf.replace(/\s+/g, ' ')).toContain(
      'The signer declared it registered with Natural Resources Wales',
    );

    // The declaration changes nothing the EA register does answer: an expired registration stays refused,
    // and a registered carrier is recorded as the register has it, with no declaration.
    const expired = await t.create(garageBody({ carrier: { registration_number: 'CBDU100003' } }));
    const stillRefused = await t.post(`/v1/consignment-notes/${expired.id}/signatures`, {
      ...PART_C,
      declared_registration: welsh,
    });
    expect(stillRefused.json().error.code).toBe('CARRIER_REGISTRATION_EXPIRED');
    const valid = await t.create(garageBody());
    const signed = await t.sign(valid.id, { ...PART_C, declared_registration: welsh });
    expect(signed.parts.C).toMatchObject({
      register_status: 'valid',
      carrier_name: 'Sandbox Haulage Limited',
    });
    expect(signed.parts.C).not.toHaveProperty('declared_registration');
  });

  it("signs a Scottish carrier on the signer's declaration, as the EA register holds no Scottish number", async () => {
    const scottish = { register: 'sepa', carrier_name: 'Borders Oil Recovery Ltd' };
    const note = await t.create(garageBody({ carrier: { registration_number: 'WCR/R/1234567' } }));
    const path = `/v1/consignment-notes/${note.id}/signatures`;
    const refused = await t.post(path, PART_C);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({
      code: 'CARRIER_NOT_REGISTERED',
      message: expect.stringContaining(
        'sign Part C again with declared_registration: {"register": "sepa", "carrier_name": the name SEPA shows}.',
      ),
      details: [{ field: '/registration_number', issue: expect.stringContaining("on SEPA's register only") }],
    });
    // Each register issues its own numbers: a declaration for the other is refused, naming the field.
    const welsh = await t.post(path, { ...PART_C, declared_registration: { ...scottish, register: 'nrw' } });
    expect(welsh.json().error.details).toEqual([
      {
        field: '/declared_registration/register',
        issue: expect.stringContaining('WCR/R/1234567 is a Scottish (SEPA) number'),
      },
    ]);
    const nameless = await t.post(path, {
      ...PART_C,
      declared_registration: { ...scottish, carrier_name: ' ' },
    });
    expect(nameless.json().error.details).toEqual([
      {
        field: '/declared_registration/carrier_name',
        issue: expect.stringContaining("the Scottish Environment Protection Agency's register shows it"),
      },
    ]);
    expect((await t.get(`/v1/consignment-notes/${note.id}`)).json().status).toBe('awaiting_collection');

    // The number as people write it: spaces and case aside.
    const c = await t.sign(note.id, {
      ...PART_C,
      registration_number: ' wcr/r/ 1234567',
      declared_registration: scottish,
    });
    expect(c.parts.C).toMatchObject({
      registration_number: 'WCR/R/1234567',
      carrier_name: 'Borders Oil Recovery Ltd',
      register_status: 'not_checked',
      register_checked_by: 'none',
      registration_expiry_date: null,
      declared_registration: scottish,
    });
    const pdf = (await pageTexts((await t.get(`/v1/consignment-notes/${note.id}/pdf`)).rawPayload))
      .join(' ')
      .replace(/\s+/g, ' ');
    expect(pdf).toContain('Borders Oil Recovery Ltd');
    expect(pdf).toContain("Environment Agency's register does not hold");
    expect(pdf).toContain(
      'The signer declared it registered with the Scottish Environment Protection Agency',
    );

    const code = encodeURIComponent(note.consignment_code);
    const [row] = parse((await t.get(`/v1/consignment-notes?format=csv&consignment_code=${code}`)).body, {
      bom: true,
      columns: true,
    });
    expect(row).toMatchObject({
      carrier_registration_number: 'WCR/R/1234567',
      carrier_name: 'Borders Oil Recovery Ltd',
      carrier_register_status: 'not_checked',
      carrier_declared_register: 'sepa',
    });

    // A CBDU number the EA register does not hold is not SEPA's either.
    const english = await t.create(garageBody({ carrier: { registration_number: 'CBDU999999' } }));
    const notSepa = await t.post(`/v1/consignment-notes/${english.id}/signatures`, {
      ...PART_C,
      declared_registration: scottish,
    });
    expect(notSepa.json().error.details).toEqual([
      {
        field: '/declared_registration/register',
        issue: expect.stringContaining('CBDU999999 is not a Scottish (SEPA) number'),
      },
    ]);
    // The register's answer comes first: an expired registration is that, whatever is declared, and a
    // registered carrier needs no declaration (it is not recorded).
    const expired = await t.create(garageBody({ carrier: { registration_number: 'CBDU100003' } }));
    const lapsed = await t.post(`/v1/consignment-notes/${expired.id}/signatures`, {
      ...PART_C,
      declared_registration: scottish,
    });
    expect(lapsed.json().error.code).toBe('CARRIER_REGISTRATION_EXPIRED');
    const registered = await t.create(garageBody());
    const valid = await t.sign(registered.id, { ...PART_C, declared_registration: scottish });
    expect(valid.parts.C).toMatchObject({ register_status: 'valid' });
    expect(valid.parts.C).not.toHaveProperty('declared_registration');

    // A Northern Ireland registration does not cover Great Britain, and a mistyped Scottish number is not
    // one: the number is what to fix, whatever is declared.
    for (const number of ['ROC UT 1234', 'WCR/R/123456']) {
      const other = await t.create(garageBody({ carrier: { registration_number: number } }));
      const refused = await t.post(`/v1/consignment-notes/${other.id}/signatures`, {
        ...PART_C,
        declared_registration: scottish,
      });
      expect(refused.statusCode, number).toBe(400);
      expect(refused.json().error.code).toBe('INVALID_REGISTRATION_NUMBER');
    }
    expect(
      (
        await t.post(`/v1/consignment-notes/${english.id}/signatures`, {
          ...PART_C,
          registration_number: 'WCR/R/123456',
        })
      ).json().error.message,
    ).toContain('Scottish (WCR/R/ and 7 digits)');
  });

  it('C, D, E make the note received with a content hash anyone can recompute', async () => {
    const note = await t.create(garageBody());
    const c = await t.sign(note.id, PART_C);
    expect(c.status).toBe('collected');
    expect(c.parts.C).toMatchObject({
      name: 'Alex Driver',
      registration_number: 'CBDU100001',
      register_status: 'valid',
      register_checked_by: 'sandbox',
      vehicle_registration: 'AB12 CDE',
      collection_date: '2026-11-27',
      collection_time: '10:00',
      method: 'api',
    });
    const d = await t.sign(note.id, PART_D);
    expect(d.status).toBe('in_transit');
    expect(d.parts.D?.declaration).toContain('waste hierarchy');
    const e = await t.sign(note.id, partE());
    expect(e.status).toBe('received');
    expect(e.parts.E?.lines).toEqual([
      {
        line: 1,
        ewc_code: '13 02 05*',
        quantity_received_kg: 176,
        accepted: true,
        rejection_reason: null,
        operation: 'R9',
      },
    ]);
    const { further_notes: _f, content_sha256, ...hashed } = e;
    expect(content_sha256).toBe(createHash('sha256').update(canonicalize(hashed)!).digest('hex'));
    expect((await t.get(`/v1/consignment-notes/${note.id}`)).json()).toEqual(e);
  });

  it('refuses a Part C dated before the note was made: a note is prepared before the waste leaves', async () => {
    const note = await t.create(garageBody());
    const refused = await t.post(`/v1/consignment-notes/${note.id}/signatures`, {
      ...PART_C,
      collection_date: '2026-11-26',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.details).toEqual([
      { field: '/collection_date', issue: expect.stringContaining('must be today (2026-11-27)') },
    ]);
    expect((await t.get(`/v1/consignment-notes/${note.id}`)).json().status).toBe('awaiting_collection');
    // The day it was made is a day it may be collected.
    const c = await t.sign(note.id, { ...PART_C, collection_date: '2026-11-27' });
    expect(c.parts.C?.collection_date).toBe('2026-11-27');
  });

  it('refuses a Part C dated before the day it is signed: the carrier certifies "I today collected"', async () => {
    const note = await t.create(garageBody()); // made on 27 November
    clock.set('2026-11-29T09:00:00Z');
    try {
      const refused = await t.post(`/v1/consignment-notes/${note.id}/signatures`, {
        ...PART_C,
        collection_date: '2026-11-28',
        collection_time: '15:00',
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error.details).toEqual([
        {
          field: '/collection_date',
          issue: expect.stringContaining('must be today (2026-11-29), the day Part C is signed'),
        },
      ]);
      const c = await t.sign(note.id, PART_C);
      expect(c.parts.C).toMatchObject({ collection_date: '2026-11-29', collection_time: '09:00' });
    } finally {
      clock.set('2026-11-27T10:00:00Z');
    }
  });

  it('refuses a Part C collection time well after the signing, or well before the note was made', async () => {
    const note = await t.create(garageBody()); // made at 10:00 UK time, signed at 10:00
    const refuse = async (body: Record<string, unknown>, issue: string) => {
      const refused = await t.post(`/v1/consignment-notes/${note.id}/signatures`, { ...PART_C, ...body });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error.details).toEqual([
        { field: '/collection_time', issue: expect.stringContaining(issue) },
      ]);
    };
    // A quarter of an hour either way is a time written from a watch; more is a mistake.
    await refuse({ collection_time: '23:59' }, 'must not be after 10:00 (UK time), when Part C is signed');
    await refuse({ collection_time: '10:16' }, 'must not be after 10:00 (UK time)');
    await refuse({ collection_time: '00:00' }, 'must not be before 10:00 (UK time) on 2026-11-27');
    await refuse({ collection_time: '09:44' }, 'must not be before 10:00 (UK time) on 2026-11-27');
    expect((await t.get(`/v1/consignment-notes/${note.id}`)).json().status).toBe('awaiting_collection');
    clock.set('2026-11-27T11:00:00Z');
    try {
      // An hour later the collection half an hour ago is signed.
      await refuse({ collection_time: '11:16' }, 'must not be after 11:00');
      const c = await t.sign(note.id, { ...PART_C, collection_time: '10:30' });
      expect(c.parts.C?.collection_time).toBe('10:30');
    } finally {
      clock.set('2026-11-27T10:00:00Z');
    }
  });

  it('judges the collection time as a moment across the night the clocks go back', async () => {
    // Made at 01:50 BST on 25 October 2026; collected and signed 20 minutes later, at 01:10 GMT.
    clock.set('2026-10-25T00:50:00Z');
    try {
      const note = await t.create(garageBody());
      clock.set('2026-10-25T01:10:00Z');
      const c = await t.sign(note.id, PART_C);
      expect(c.parts.C).toMatchObject({ collection_date: '2026-10-25', collection_time: '01:10' });
    } finally {
      clock.set('2026-11-27T10:00:00Z');
    }
  });

  it("Part E certifies the form's permit, the time of receipt and the vehicle, as the consignee gave them", async () => {
    const note = await t.create(garageBody());
    const other = await t.create(garageBody());
    for (const id of [note.id, other.id]) {
      await t.sign(id, PART_C); // AB12 CDE at 10:00
      await t.sign(id, PART_D);
    }
    clock.set('2026-11-27T13:20:00Z');
    try {
      const e = await t.sign(note.id, partE());
      // Defaults: received now, by Part C's vehicle, under the permit A4 names.
      expect(e.parts.E).toMatchObject({
        received_date: '2026-11-27',
        received_time: '13:20',
        vehicle_registration: 'AB12 CDE',
        permit_number: 'EPR/AB1234CD',
        declaration:
          'I certify that waste permit/exempt waste operation number: EPR/AB1234CD authorises the management of the waste described in B at the address given in A4. I received this waste at the address given in A4 on: 27 November 2026 at 13:20.',
      });
      const given = await t.sign(other.id, {
        ...partE(),
        received_time: '12:05',
        vehicle_registration: 'xy70 zzz',
        permit_number: 'EPR/ZZ9999YY',
      });
      expect(given.parts.E).toMatchObject({
        received_time: '12:05',
        vehicle_registration: 'XY70 ZZZ',
        permit_number: 'EPR/ZZ9999YY',
      });
      expect(given.parts.E?.declaration).toContain('operation number: EPR/ZZ9999YY authorises');
      expect(given.parts.E?.declaration).toContain('on: 27 November 2026 at 12:05.');
      // The permit is printed inside the certificate's sentence: one line only.
      const third = await t.create(garageBody());
      await t.sign(third.id, PART_C);
      await t.sign(third.id, PART_D);
      const refused = await t.post(`/v1/consignment-notes/${third.id}/signatures`, {
        ...partE(),
        permit_number: 'EPR/AB1234CD\nVOID',
      });
      expect(refused.json().error.details).toEqual([
        expect.objectContaining({ field: '/permit_number', issue: expect.stringContaining('one line') }),
      ]);
      // Characters no permit number has (they would print as "�" in the certificate) are refused too.
      const emoji = await t.post(`/v1/consignment-notes/${third.id}/signatures`, {
        ...partE(),
        permit_number: 'EPR/🙂',
      });
      expect(emoji.json().error.details).toEqual([expect.objectContaining({ field: '/permit_number' })]);
      // Blank is not given: A4's permit stands, as for the other optional fields.
      const blank = await t.sign(third.id, { ...partE(), permit_number: '  ' });
      expect(blank.parts.E?.permit_number).toBe('EPR/AB1234CD');
    } finally {
      clock.set('2026-11-27T10:00:00Z');
    }
  });

  it('Part E needs the time for waste received on an earlier day, and refuses one outside the movement', async () => {
    const note = await t.create(garageBody());
    await t.sign(note.id, PART_C); // collected 10:00 on 27 November
    await t.sign(note.id, PART_D);
    const refuse = async (body: Record<string, unknown>, field: string, issue: string) => {
      const refused = await t.post(`/v1/consignment-notes/${note.id}/signatures`, { ...partE(), ...body });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error.details).toEqual([{ field, issue: expect.stringContaining(issue) }]);
    };
    await refuse({ received_time: '09:00' }, '/received_time', 'must not be before the collection at 10:00');
    await refuse(
      { received_time: '10:30' },
      '/received_time',
      'must not be after 10:00 (UK time), when Part E',
    );
    clock.set('2026-11-28T08:00:00Z');
    try {
      await refuse(
        { received_date: '2026-11-27' },
        '/received_time',
        'is required when the waste was received on an earlier day (2026-11-27)',
      );
      expect((await t.get(`/v1/consignment-notes/${note.id}`)).json().parts.E).toBeNull();
      const e = await t.sign(note.id, { ...partE(), received_date: '2026-11-27', received_time: '16:45' });
      expect(e.parts.E).toMatchObject({ received_date: '2026-11-27', received_time: '16:45' });
    } finally {
      clock.set('2026-11-27T10:00:00Z');
    }
  });

  it('Part E answers every line: an accepted one names its operation, a rejected one its reason', async () => {
    const note = await t.create(garageBody({ lines: [oilLine(), oilLine({ ewc_code: '16 06 01*' })] }));
    await t.sign(note.id, PART_C);
    await t.sign(note.id, PART_D);
    const response = await t.post(
      `/v1/consignment-notes/${note.id}/signatures`,
      partE([
        { line: 1, quantity_received_kg: 10, accepted: true },
        { line: 1, quantity_received_kg: 1, accepted: false },
        { line: 1, quantity_received_kg: 1, accepted: true, operation: 'R9' },
      ]),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().error.details).toEqual(
      expect.arrayContaining([
        { field: '/lines/0/operation', issue: expect.stringContaining('R1-R13') },
        { field: '/lines/1/rejection_reason', issue: 'is required when the waste is rejected' },
        { field: '/lines/2/line', issue: expect.stringContaining('answers a line already answered') },
        { field: '/lines', issue: 'has no answer for line 2 of Part B' },
      ]),
    );
  });

  it('Part E may reject part of a line: the note is partly rejected and the rejected part moves on a further note', async () => {
    const note = await t.create(garageBody({ lines: [oilLine({ quantity_kg: 1800 })] }));
    await t.sign(note.id, PART_C);
    await t.sign(note.id, PART_D);
    const twiceAccepted = await t.post(
      `/v1/consignment-notes/${note.id}/signatures`,
      partE([
        { line: 1, quantity_received_kg: 1440, accepted: true, operation: 'R9' },
        { line: 1, quantity_received_kg: 360, accepted: true, operation: 'R9' },
      ]),
    );
    expect(twiceAccepted.statusCode).toBe(422);
    expect(twiceAccepted.json().error.details).toEqual([
      { field: '/lines/1/line', issue: expect.stringContaining('one accepted and one rejected') },
    ]);
    // Quantities are to the gram, as printed: 99.9999 and 0.0001 would print as 100 and 0.0001.
    const fine = await t.post(
      `/v1/consignment-notes/${note.id}/signatures`,
      partE([
        { line: 1, quantity_received_kg: 1799.9999, accepted: true, operation: 'R9' },
        { line: 1, quantity_received_kg: 0.0001, accepted: false, rejection_reason: 'A drop' },
      ]),
    );
    expect(fine.json().error.details).toEqual([
      { field: '/lines/0/quantity_received_kg', issue: expect.stringContaining('3 decimal places') },
      { field: '/lines/1/quantity_received_kg', issue: expect.stringContaining('3 decimal places') },
    ]);
    // A part of nothing is no part, in either order: no phantom rejection.
    const nothing = { line: 1, quantity_received_kg: 0, accepted: false, rejection_reason: 'None leaking' };
    const whole = { line: 1, quantity_received_kg: 1800, accepted: true, operation: 'R9' };
    for (const [lines, at] of [
      [[nothing, whole], 0],
      [[whole, nothing], 1],
    ] as const) {
      const refused = await t.post(`/v1/consignment-notes/${note.id}/signatures`, partE([...lines]));
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error.details).toEqual([
        { field: `/lines/${at}/quantity_received_kg`, issue: expect.stringContaining('more than 0') },
      ]);
    }
    const e = await t.sign(
      note.id,
      partE([
        {
          line: 1,
          quantity_received_kg: 360,
          accepted: false,
          rejection_reason: '2 drums leaking\nlids split',
        },
        { line: 1, quantity_received_kg: 1440, accepted: true, operation: 'R9' },
      ]),
    );
    expect(e.status).toBe('partially_rejected');
    expect(e.parts.E?.lines).toMatchObject([
      { line: 1, quantity_received_kg: 1440, accepted: true, operation: 'R9' },
      {
        line: 1,
        quantity_received_kg: 360,
        accepted: false,
        rejection_reason: '2 drums leaking\nlids split',
      },
    ]);
    // The export gives each part of the line its own row.
    const csv = await t.get(`/v1/consignment-notes?format=csv&consignment_code=${note.consignment_code}`);
    const rows = parse(csv.body, { columns: true }) as Array<Record<string, string>>;
    // A reason on two lines stays one cell: a line break of either kind is quoted, as a spreadsheet
    // would otherwise end the row at a lone line feed.
    expect(csv.body).toContain('"2 drums leaking\nlids split"');
    expect(rows.map((r) => [r.quantity_received_kg, r.accepted, r.rejection_reason])).toEqual([
      ['1440', 'true', ''],
      ['360', 'false', '2 drums leaking\nlids split'],
    ]);
    expect(rows[0].received_time).toBe('10:00');
    expect(rows[0].consignee_certified_permit_number).toBe('EPR/AB1234CD');
    expect(rows[0].consignee_signed_with).toMatch(/^Signed through the API with key '.*', id key_\w+$/);
    // The rejected part goes back on a further note (reg 43).
    const further = await t.post('/v1/consignment-notes', {
      ...garageBody({ lines: [oilLine({ quantity_kg: 360 })] }),
      rejected_from: note.id,
    });
    expect(further.statusCode, further.body).toBe(201);
  });

  it("refuses another part's fields rather than dropping them unread", async () => {
    const note = await t.create(garageBody());
    const c = await t.post(`/v1/consignment-notes/${note.id}/signatures`, {
      ...PART_C,
      received_date: '2026-11-27',
    });
    expect(c.statusCode).toBe(422);
    expect(c.json().error.details).toEqual([
      { field: '/received_date', issue: 'is for Part E: leave it out when signing Part C' },
    ]);
    await t.sign(note.id, PART_C);
    const d = await t.post(`/v1/consignment-notes/${note.id}/signatures`, {
      ...PART_D,
      vehicle_registration: 'AB12 CDE',
      lines: partE().lines,
    });
    expect(d.statusCode).toBe(422);
    expect(d.json().error.details).toEqual([
      { field: '/vehicle_registration', issue: 'is for Part C or Part E: leave it out when signing Part D' },
      { field: '/lines', issue: 'is for Part E: leave it out when signing Part D' },
    ]);
    expect((await t.get(`/v1/consignment-notes/${note.id}`)).json().parts.D).toBeNull();
    // An empty field, as a client sending one shape for every part leaves it, says nothing: it is not refused.
    const signed = await t.sign(note.id, { ...PART_D, vehicle_registration: '' });
    expect(signed.parts.D?.name).toBe('Sam Patel');
  });

  it('refuses Part D while A2 has no telephone or email, until the consignor gives them, printed as theirs', async () => {
    const { phone: _phone, email: _email, ...producer } = garageBody().producer as Record<string, string>;
    const note = await t.create(garageBody({ producer }));
    expect(note.producer).toMatchObject({ phone: null, email: null });
    await t.sign(note.id, PART_C);
    const path = `/v1/consignment-notes/${note.id}/signatures`;
    const bare = await t.post(path, PART_D);
    expect(bare.statusCode).toBe(422);
    expect(bare.json().error.details).toEqual([
      { field: '/premises_phone', issue: expect.stringContaining('Part A2 has no telephone') },
      { field: '/premises_email', issue: expect.stringContaining('Part A2 has no email') },
    ]);
    // Not a telephone (words, one digit over and over, more than 15 digits) nor an email (empty labels).
    for (const [phone, email] of [
      ['ring Sam', 'sam at garage'],
      ['0000000000', 'office@example.com.'],
      ['0120 2123 4561 2345 678', 'a@b..'],
    ]) {
      const malformed = await t.post(path, { ...PART_D, premises_phone: phone, premises_email: email });
      expect(malformed.statusCode).toBe(422);
      expect(malformed.json().error.details.map((d: { field: string }) => d.field)).toEqual([
        '/premises_phone',
        '/premises_email',
      ]);
    }
    expect((await t.get(`/v1/consignment-notes/${note.id}`)).json().parts.D).toBeNull();

    const signed = await t.sign(note.id, {
      ...PART_D,
      premises_phone: '01202 765432',
      premises_email: 'office@garage.example',
    });
    expect(signed.parts.D).toMatchObject({
      premises_phone: '01202 765432',
      premises_email: 'office@garage.example',
    });
    // Part A stays as it was made: what the consignor gave is theirs, in Part D.
    expect(signed.producer).toMatchObject({ phone: null, email: null });
    expect(signed.status).toBe('in_transit');
    const pdf = (await pageTexts((await t.get(`/v1/consignment-notes/${note.id}/pdf`)).rawPayload)).join(' ');
    expect(pdf).toContain('01202 765432');
    expect(pdf).toContain('office@garage.example');
    expect(pdf).toContain('given by the consignor at Part D');
    expect(pdf).not.toContain('write it in');
  });

  it('takes a placeholder in A2 ("tbc") for no telephone at all, and prints each detail from where it came', async () => {
    const producer = { ...(garageBody().producer as object), phone: 'tbc' };
    const note = await t.create(garageBody({ producer }));
    await t.sign(note.id, PART_C);
    const path = `/v1/consignment-notes/${note.id}/signatures`;
    const bare = await t.post(path, PART_D);
    expect(bare.json().error.details).toEqual([
      { field: '/premises_phone', issue: expect.stringContaining('Part A2\'s telephone "tbc" is not one') },
    ]);
    // Spaces, tabs and line breaks are read as one space.
    const signed = await t.sign(note.id, { ...PART_D, premises_phone: ' 01202\n\t765432 ' });
    expect(signed.parts.D?.premises_phone).toBe('01202 765432');
    expect(signed.parts.D).not.toHaveProperty('premises_email');
    const pdf = (await pageTexts((await t.get(`/v1/consignment-notes/${note.id}/pdf`)).rawPayload)).join(' ');
    expect(pdf).toContain('01202 765432');
    expect(pdf).toContain('office@garage-services.example');
    // Only the telephone is the consignor's.
    expect(pdf.match(/given by the consignor at Part D/g)).toHaveLength(1);
    // The export holds the contact the note was signed with, not the placeholder.
    const code = encodeURIComponent(note.consignment_code);
    const [row] = parse((await t.get(`/v1/consignment-notes?format=csv&consignment_code=${code}`)).body, {
      bom: true,
      columns: true,
    });
    expect(row).toMatchObject({
      producer_contact: (garageBody().producer as { contact: string }).contact,
      producer_phone: '01202 765432',
      producer_email: 'office@garage-services.example',
    });
  });

  it('reads an A2 telephone written with a non-breaking space as a telephone, and asks nothing more', async () => {
    const producer = { ...(garageBody().producer as object), phone: '01202\u00a0123456' };
    const note = await t.create(garageBody({ producer }));
    await t.sign(note.id, PART_C);
    const signed = await t.sign(note.id, { ...PART_D, premises_phone: '01202123456' });
    expect(signed.parts.D).not.toHaveProperty('premises_phone');
  });

  it('refuses a premises telephone or email at Part D when A2 already gives one', async () => {
    const note = await t.create(garageBody());
    await t.sign(note.id, PART_C);
    const d = await t.post(`/v1/consignment-notes/${note.id}/signatures`, {
      ...PART_D,
      premises_email: 'other@garage.example',
    });
    expect(d.statusCode).toBe(422);
    expect(d.json().error.details).toEqual([
      {
        field: '/premises_email',
        issue: expect.stringContaining('this one gives office@garage-services.example, so leave it out'),
      },
    ]);
    // The same value as A2's is taken, and not recorded again: a client may always send both.
    const signed = await t.sign(note.id, { ...PART_D, premises_email: 'office@garage-services.example' });
    expect(signed.parts.D).not.toHaveProperty('premises_email');
    // Another part cannot carry them either.
    const e = await t.post(`/v1/consignment-notes/${note.id}/signatures`, {
      ...partE(),
      premises_phone: '01202 1',
    });
    expect(e.json().error.details).toEqual([
      { field: '/premises_phone', issue: 'is for Part D: leave it out when signing Part E' },
    ]);
  });

  it('Part E refuses a line that says two things, and keeps nothing of it', async () => {
    const note = await t.create(garageBody({ lines: [oilLine(), oilLine(), oilLine()] }));
    await t.sign(note.id, PART_C);
    await t.sign(note.id, PART_D);
    const response = await t.post(
      `/v1/consignment-notes/${note.id}/signatures`,
      partE([
        { line: 1, quantity_received_kg: 0, accepted: true, operation: 'R9' },
        { line: 2, quantity_received_kg: 90, accepted: true, operation: 'R9', rejection_reason: 'Leaking' },
        { line: 3, quantity_received_kg: 90, accepted: false, operation: 'R9', rejection_reason: 'Leaking' },
      ]),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().error.details).toEqual([
      { field: '/lines/0/quantity_received_kg', issue: expect.stringContaining('more than 0 for accepted') },
      { field: '/lines/1/rejection_reason', issue: expect.stringContaining('only for rejected waste') },
      { field: '/lines/2/operation', issue: expect.stringContaining('only for accepted waste') },
    ]);
    expect((await t.get(`/v1/consignment-notes/${note.id}`)).json()).toMatchObject({
      status: 'in_transit',
      parts: { E: null },
    });
  });

  it('refuses a blank or invisible signer name', async () => {
    const note = await t.create(garageBody());
    for (const name of [' ', '\u200b\u200b', 'Alex\u202eDriver', 'A\u0007']) {
      const response = await t.post(`/v1/consignment-notes/${note.id}/signatures`, { ...PART_C, name });
      expect(response.statusCode, JSON.stringify(name)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    expect((await t.get(`/v1/consignment-notes/${note.id}`)).json().parts.C).toBeNull();
  });

  it('prints Parts A to E with the code on every page', async () => {
    const note = await received();
    const pdf = await t.get(`/v1/consignment-notes/${note.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const pages = await pageTexts(pdf.rawPayload);
    const all = pages.join('\n');
    for (const part of ['PART A', 'PART B', 'PART C', 'PART D', 'PART E'])
      expect(all.toUpperCase()).toContain(part);
    for (const page of pages) expect(page).toContain(note.consignment_code);
    expect(all).toContain('Alex Driver');
    expect(all).toContain('Jo Weighbridge');
  });
});

describe('rejected loads and further notes', () => {
  it('a rejection at E, then a further note linked both ways', async () => {
    const rejected = await received(
      garageBody(),
      partE([
        {
          line: 1,
          quantity_received_kg: 180,
          accepted: false,
          rejection_reason: 'Contaminated with solvent',
        },
      ]),
    );
    expect(rejected.status).toBe('rejected');
    expect(rejected.parts.E?.lines[0]).toMatchObject({
      accepted: false,
      rejection_reason: 'Contaminated with solvent',
    });

    const further = await t.create(garageBody({ rejected_from: rejected.id }));
    expect(further.rejected_from).toEqual({ id: rejected.id, consignment_code: rejected.consignment_code });
    const back = (await t.get(`/v1/consignment-notes/${rejected.id}`)).json();
    expect(back.further_notes).toEqual([{ id: further.id, consignment_code: further.consignment_code }]);
    expect(back.content_sha256).toBe(rejected.content_sha256);

    const notRejected = await t.create(garageBody());
    const refused = await t.post('/v1/consignment-notes', garageBody({ rejected_from: notRejected.id }));
    expect(refused.json().error.details).toEqual([
      { field: '/rejected_from', issue: expect.stringContaining('was not rejected') },
    ]);
  });

  it('a partial rejection is partially_rejected', async () => {
    const note = await received(
      garageBody({
        lines: [oilLine(), oilLine({ ewc_code: '16 06 01*', description: 'Lead acid batteries' })],
      }),
      partE([
        { line: 1, quantity_received_kg: 176, accepted: true, operation: 'R9' },
        { line: 2, quantity_received_kg: 40, accepted: false, rejection_reason: 'Not on our permit' },
      ]),
    );
    expect(note.status).toBe('partially_rejected');
  });

  it('a further note returning the waste to the premises in A2 needs no permit, and A4 says why', async () => {
    const rejected = await received(
      garageBody({ producer: { ...(garageBody().producer as object), name: 'Homeward Garage Ltd' } }),
      partE([{ line: 1, quantity_received_kg: 180, accepted: false, rejection_reason: 'Wrong EWC code' }]),
    );
    const { address, postcode } = rejected.producer;
    // Back to A2 as typed again: case, commas and spacing aside, a trailing postcode too.
    const home = {
      name: 'Homeward Garage Ltd',
      address: 'UNIT 4 MILL LANE  POOLE, bh15 2ab',
      postcode: 'bh152ab',
    };
    const back = await t.create(garageBody({ rejected_from: rejected.id, consignee: home }));
    expect(back.consignee).toMatchObject({ postcode, permit_number: '', returned_to_producer: true });
    const pdf = (await pageTexts((await t.get(`/v1/consignment-notes/${back.id}/pdf`)).rawPayload)).join(' ');
    expect(pdf).toContain(
      "Permit number No permit applies: the rejected waste is returned to the producer's premises it was removed from",
    );
    // Part E certifies no permit there: the certificate leaves the permit sentence out.
    await t.sign(back.id, PART_C);
    await t.sign(back.id, PART_D);
    const homeE = await t.sign(back.id, partE());
    expect(homeE.parts.E).toMatchObject({ permit_number: null });
    expect(homeE.parts.E?.declaration).toMatch(/^I received this waste at the address given in A4 on: /);

    // Anywhere else, a permit is still needed: another address at the same postcode, a note that is
    // not a further note, or a further note to another site.
    const elsewhere = [
      garageBody({ rejected_from: rejected.id, consignee: { ...home, address: 'Unit 9, Mill Lane, Poole' } }),
      garageBody({ consignee: home }),
      garageBody({
        rejected_from: rejected.id,
        consignee: { ...(garageBody().consignee as object), permit_number: undefined },
      }),
    ];
    for (const body of elsewhere) {
      const refused = await t.post('/v1/consignment-notes', body);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error.details).toEqual([
        {
          field: '/consignee/permit_number',
          issue: expect.stringMatching(/^is required: the receiving site's permit number/),
        },
      ]);
    }
    const [sameStreet] = elsewhere;
    const issue = (await t.post('/v1/consignment-notes', sameStreet)).json().error.details[0].issue;
    expect(issue).toContain(`Part A2 of ${rejected.consignment_code}`);
    expect(issue).toContain(`("${address}", ${postcode})`);
    const plain = garageBody({ rejected_from: rejected.id });
    expect((await t.create(plain)).consignee).not.toHaveProperty('returned_to_producer');
  });
});

describe('multiple collections and the quarterly return', () => {
  it('numbers three collections of a round 1-3 and lists each in the return with its deadline', async () => {
    const site = await t.site();
    const round = garageBody({
      producer: { ...(garageBody().producer as object), name: 'Roundabout Motors' },
      consignee: { site_id: site.id },
      multiple_collection: { round_number: 'R48' },
    });
    const notes = [];
    for (let i = 0; i < 3; i++) {
      notes.push(await received(round, { ...partE(), consignments_in_collection: 3 }));
    }
    expect(notes.map((n) => n.parts.E?.consignments_in_collection)).toEqual([3, 3, 3]);
    expect(notes.map((n) => n.multiple_collection)).toEqual([
      { round_number: 'R48', collection_number: 1 },
      { round_number: 'R48', collection_number: 2 },
      { round_number: 'R48', collection_number: 3 },
    ]);
    expect(notes[0].parts.C).toMatchObject({ round_number: 'R48', collection_number: 1 });

    const ret = (await t.get(`/v1/consignee-returns?site_id=${site.id}&quarter=2026-Q4`)).json();
    expect(ret).toMatchObject({ quarter: '2026-Q4', due_by: '2027-01-31', null_return: false });
    expect(ret.consignments.map((c: { collection_number: number }) => c.collection_number)).toEqual([
      1, 2, 3,
    ]);
    expect(ret.fee_estimate.amount).toBe(15);

    const empty = (await t.get(`/v1/consignee-returns?site_id=${site.id}&quarter=2026-Q3`)).json();
    expect(empty).toMatchObject({ null_return: true, due_by: '2026-10-31', consignments: [] });

    const csv = await t.get(
      `/v1/consignee-returns?site_id=${site.id}&quarter=2026-Q4&format=csv&recipient=agency`,
    );
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.trim().split('\r\n')).toHaveLength(4);
    const producer = await t.get(
      `/v1/consignee-returns?site_id=${site.id}&quarter=2026-Q4&format=csv&recipient=producer&producer=ROUNDA`,
    );
    expect(producer.body.trim().split('\r\n')).toHaveLength(4);
    const bad = await t.get(`/v1/consignee-returns?site_id=${site.id}&quarter=2026-Q5`);
    expect(bad.statusCode).toBe(400);
  });

  it('records at Part E of a round how many consignments formed the collection, and asks for it only there', async () => {
    const round = await t.create(garageBody({ multiple_collection: { round_number: 'R49' } }));
    await t.sign(round.id, PART_C);
    await t.sign(round.id, PART_D);
    const missing = await t.post(`/v1/consignment-notes/${round.id}/signatures`, partE());
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error.details).toEqual([
      {
        field: '/consignments_in_collection',
        issue:
          'is required for Part E of a multiple collection (round R49): the total number of consignments forming the collection the vehicle brought',
      },
    ]);
    const zero = await t.post(`/v1/consignment-notes/${round.id}/signatures`, {
      ...partE(),
      consignments_in_collection: 0,
    });
    expect(zero.statusCode).toBe(400);
    expect((await t.get(`/v1/consignment-notes/${round.id}`)).json().parts.E).toBeNull();

    const signed = await t.sign(round.id, { ...partE(), consignments_in_collection: 6 });
    expect(signed.parts.E).toMatchObject({ consignments_in_collection: 6, lines: [{ line: 1 }] });
    const rows: Record<string, string>[] = parse((await t.get('/v1/consignment-notes?format=csv')).body, {
      columns: true,
    });
    const row = rows.find((r) => r.consignment_code === signed.consignment_code);
    expect(row?.consignments_in_collection).toBe('6');

    // A single movement has no collection to count; Part C has no say in it.
    const single = await t.create(garageBody());
    const early = await t.post(`/v1/consignment-notes/${single.id}/signatures`, {
      ...PART_C,
      consignments_in_collection: 2,
    });
    expect(early.json().error.details).toEqual([
      { field: '/consignments_in_collection', issue: 'is for Part E: leave it out when signing Part C' },
    ]);
    await t.sign(single.id, PART_C);
    await t.sign(single.id, PART_D);
    const stray = await t.post(`/v1/consignment-notes/${single.id}/signatures`, {
      ...partE(),
      consignments_in_collection: 2,
    });
    expect(stray.statusCode).toBe(422);
    expect(stray.json().error.details).toEqual([
      {
        field: '/consignments_in_collection',
        issue: 'is only for a note of a multiple collection: this note is a single movement, so leave it out',
      },
    ]);
    const plain = await t.sign(single.id, partE());
    expect(plain.parts.E).not.toHaveProperty('consignments_in_collection');
  });

  it('numbers a round through several producers 1, 2, 3 in the order collected, one sequence per round', async () => {
    const at = (name: string, round: string) =>
      garageBody({
        producer: { ...(garageBody().producer as object), name },
        multiple_collection: { round_number: round },
      });
    const collected = [];
    for (const name of ['Roundway Garage Ltd', 'Pest Patrol Ltd', 'Roundway Garage Ltd']) {
      collected.push(await t.create(at(name, 'RW1')));
    }
    expect(collected.map((n) => [n.consignment_code, n.multiple_collection])).toEqual([
      ['ROUNDW/00001', { round_number: 'RW1', collection_number: 1 }],
      ['PESTPA/00001', { round_number: 'RW1', collection_number: 2 }],
      ['ROUNDW/00002', { round_number: 'RW1', collection_number: 3 }],
    ]);
    // A note refused (its code is taken) uses no number: the round has no gap.
    const taken = await t.post('/v1/consignment-notes', {
      ...at('Pest Patrol Ltd', 'RW1'),
      consignment_code: 'PESTPA/00001',
    });
    expect(taken.json().error.code).toBe('CONSIGNMENT_CODE_IN_USE');
    expect((await t.create(at('Pest Patrol Ltd', 'RW1'))).multiple_collection?.collection_number).toBe(4);
    // Another round starts again from 1.
    expect((await t.create(at('Pest Patrol Ltd', 'RW2'))).multiple_collection).toEqual({
      round_number: 'RW2',
      collection_number: 1,
    });
  });
});

describe('lists, events and other organisations', () => {
  it('answers a HEAD on the PDF and the CSV export with their headers alone, uncounted', async () => {
    const note = await t.create(garageBody(), t.liveKey);
    const used = async () => (await t.get('/v1/usage', t.liveKey)).json().used as number;
    const before = await used();
    for (const [url, type] of [
      [`/v1/consignment-notes/${note.id}/pdf`, 'application/pdf'],
      ['/v1/consignment-notes?format=csv', 'text/csv; charset=utf-8'],
    ]) {
      const head = await t.call(t.liveKey, { method: 'HEAD', url });
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['content-type'], url).toBe(type);
      expect(head.headers['content-disposition'], url).toBeDefined();
      // Not 0 bytes: the length is the GET's, which a HEAD that prints nothing does not know.
      expect(head.headers['content-length'], url).toBeUndefined();
    }
    expect(await used()).toBe(before);
    // A HEAD of a page of the list reads the page, as its GET does, and is counted as one.
    expect((await t.call(t.liveKey, { method: 'HEAD', url: '/v1/consignment-notes' })).statusCode).toBe(200);
    expect(await used()).toBe(before + 1);
  });

  it('refuses a cursor that is not a note id before the call is counted, one of no note of yours after', async () => {
    const used = async () => (await t.get('/v1/usage', t.liveKey)).json().used as number;
    const before = await used();
    const malformed = await t.get('/v1/consignment-notes?starting_after=GARAGE%2F00001', t.liveKey);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.details).toEqual([
      { field: 'starting_after', issue: 'is not a consignment note id (e.g. cn_7kQ2mX9pL4rT8vB3nC6d)' },
    ]);
    expect(await used()).toBe(before);
    const unknown = await t.get('/v1/consignment-notes?starting_after=cn_notANoteOfYours0000', t.liveKey);
    expect(unknown.statusCode).toBe(400);
    expect(await used()).toBe(before + 1);
  });

  it('lists by status and code, pages with a cursor, and exports CSV', async () => {
    const note = await t.create(garageBody());
    const byCode = (
      await t.get(`/v1/consignment-notes?consignment_code=${encodeURIComponent(note.consignment_code)}`)
    ).json();
    expect(byCode.data.map((n: ConsignmentNote) => n.id)).toEqual([note.id]);
    const received = (await t.get('/v1/consignment-notes?status=received&limit=1')).json();
    expect(received.data[0].status).toBe('received');
    expect(received.has_more).toBe(true);
    const next = (
      await t.get(
        `/v1/consignment-notes?status=received&limit=1&starting_after=${received.next_starting_after}`,
      )
    ).json();
    expect(next.data[0].id).not.toBe(received.data[0].id);
    const csv = await t.get('/v1/consignment-notes?format=csv');
    expect(csv.body).toContain(note.consignment_code);
    expect((await t.get('/v1/consignment-notes?format=csv&limit=2')).statusCode).toBe(400);
  });

  it('records created, signed and received events', async () => {
    const note = await received();
    const events = (await t.get('/v1/events?limit=100')).json().data as {
      type: string;
      data: Record<string, unknown>;
    }[];
    const mine = events.filter(
      (e) => (e.data.consignment_note as ConsignmentNote | undefined)?.id === note.id,
    );
    expect(mine.map((e) => e.type).sort()).toEqual(
      [
        'consignment_note.created',
        'consignment_note.received',
        'consignment_note.signed',
        'consignment_note.signed',
        'consignment_note.signed',
      ].sort(),
    );
  });

  it('another organisation, and the other mode, see 404 everywhere', async () => {
    const note = await t.create(garageBody());
    for (const key of [t.otherOrgKey, t.liveKey]) {
      expect((await t.get(`/v1/consignment-notes/${note.id}`, key)).statusCode).toBe(404);
      expect((await t.get(`/v1/consignment-notes/${note.id}/pdf`, key)).statusCode).toBe(404);
      expect((await t.post(`/v1/consignment-notes/${note.id}/signatures`, PART_C, key)).statusCode).toBe(404);
      expect(
        (await t.post(`/v1/consignment-notes/${note.id}/signing-links`, { part: 'C' }, key)).statusCode,
      ).toBe(404);
      expect(
        (await t.get('/v1/consignment-notes', key)).json().data.map((n: ConsignmentNote) => n.id),
      ).not.toContain(note.id);
      const further = await t.post('/v1/consignment-notes', garageBody({ rejected_from: note.id }), key);
      expect(further.json().error.details[0].field).toBe('/rejected_from');
    }
  });
});

describe('DWT: a receipt made from a consignment note', () => {
  it('carries the consignment code, the quantities received and the HP codes in DWT form, in one call', async () => {
    const site = await t.site();
    const note = await received(garageBody({ consignee: { site_id: site.id } }));
    const response = await t.post('/v1/waste-receipts', {
      site_id: site.id,
      consignment_note_id: note.id,
      received_at: '2026-11-27T09:30:00Z',
    });
    expect(response.statusCode, response.body).toBe(202);
    const receipt = response.json();
    expect(receipt).toMatchObject({
      hazardous_waste_consignment_code: note.consignment_code,
      from_consignment_note: { id: note.id, consignment_code: note.consignment_code },
      carrier: {
        registration_number: 'CBDU100001',
        vehicle_registration: 'AB12 CDE',
        means_of_transport: 'road',
      },
    });
    expect(receipt.waste_items).toEqual([
      expect.objectContaining({
        ewc_codes: ['130205'],
        physical_form: 'liquid',
        weight: { amount: 176, unit: 'kilograms', is_estimate: false },
        contains_hazardous: true,
        hazardous: {
          source_of_components: 'provided_with_waste',
          hp_codes: ['HP_5', 'HP_14'],
          components: [
            { name: 'Mineral base oil', concentration: 950_000 },
            { name: 'Water', concentration: 50_000 },
          ],
        },
        disposal_or_recovery_codes: [
          { code: 'R9', weight: { amount: 176, unit: 'kilograms', is_estimate: false } },
        ],
      }),
    ]);
    const other = await t.post(
      '/v1/waste-receipts',
      {
        site_id: (await t.site(t.otherOrgKey)).id,
        consignment_note_id: note.id,
        received_at: '2026-11-27T09:30:00Z',
      },
      t.otherOrgKey,
    );
    expect(other.json().error.code).toBe('RECEIPT_CONSIGNMENT_NOTE_NOT_FOUND');
  });
});

describe('hostile input', () => {
  it('answers ids, codes and sites holding NUL or other bytes with a 4xx, never a 500', async () => {
    const note = await t.create(garageBody());
    const paths = [
      '/v1/consignment-notes/cn_abc%00def',
      '/v1/consignment-notes/%00',
      '/v1/consignment-notes/cn_abc%00def/pdf',
      '/v1/consignment-notes?consignment_code=GARAGE%00/00001',
      '/v1/consignment-notes?starting_after=%00',
      '/v1/consignee-returns?site_id=site_%00&quarter=2026-Q4',
    ];
    for (const path of paths) {
      const response = await t.get(path);
      expect(response.statusCode, path).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, path).toBeLessThan(500);
    }
    const posts: [string, unknown][] = [
      ['/v1/consignment-notes/cn_%00/signatures', PART_C],
      [`/v1/consignment-notes/${note.id}/signatures`, { ...PART_C, vehicle_registration: 'AB\u000012' }],
      ['/v1/consignment-notes', garageBody({ consignee: { site_id: 'site_\u0000' } })],
      ['/v1/consignment-notes', garageBody({ rejected_from: 'cn_\u0000' })],
      ['/v1/consignment-notes', garageBody({ consignment_code: 'GARAGE/\u000000001' })],
    ];
    for (const [path, body] of posts) {
      const response = await t.post(path, body);
      expect(response.statusCode, `${path} ${JSON.stringify(body).slice(0, 80)}`).toBeLessThan(500);
    }
  });
});

describe('text the printed note cannot show', () => {
  const ZW = '\u200b\u200b'; // zero-width spaces: nothing visible
  const RLO = '\u202e'; // right-to-left override: reorders what follows in print
  const invalid = async (path: string, body: unknown) => {
    const response = await t.post(path, body);
    expect(response.statusCode, JSON.stringify(body).slice(0, 120)).toBe(422);
    return response.json().error.details as { field: string; issue: string }[];
  };

  it('refuses, on a new note, text with nothing visible where text is required, and control or direction characters anywhere printed', async () => {
    const producer = garageBody().producer as Record<string, unknown>;
    const line = oilLine() as Record<string, unknown>;
    const details = await invalid(
      '/v1/consignment-notes',
      garageBody({
        producer: {
          ...producer,
          name: `Garage ${RLO}Services Ltd`,
          contact: ZW,
          email: `office\u0007@garage.example`,
        },
        process: ZW,
        lines: [
          {
            ...line,
            colour: `black${RLO}`,
            components: [{ name: ZW, concentration: 95, unit: 'percent' }],
            transport: {
              ...(line.transport as object),
              proper_shipping_name: `Waste ${RLO}oil`,
              un_class: ZW,
            },
          },
        ],
        carrier: { registration_number: 'CBDU\u0007100001' },
      }),
    );
    expect(details).toEqual(
      expect.arrayContaining([
        { field: '/producer/name', issue: 'must not contain text-direction control characters' },
        { field: '/producer/contact', issue: 'is required: a contact name' },
        { field: '/producer/email', issue: 'must not contain control characters' },
        { field: '/process', issue: 'is required: the process giving rise to the waste' },
        { field: '/lines/0/colour', issue: 'must not contain text-direction control characters' },
        { field: '/lines/0/components/0/name', issue: 'must not be blank' },
        {
          field: '/lines/0/transport/proper_shipping_name',
          issue: 'must not contain text-direction control characters',
        },
        { field: '/lines/0/transport/un_class', issue: 'is required: the ADR class' },
        { field: '/carrier/registration_number', issue: 'must not contain control characters' },
      ]),
    );
    // An address keeps its line breaks.
    const note = await t.create(
      garageBody({ producer: { ...producer, address: 'Unit 4\nMill Lane\nPoole' } }),
    );
    expect(note.producer.address).toBe('Unit 4\nMill Lane\nPoole');
  });

  it('refuses a number plate that is not one, an invisible declared name or rejection reason, and an email with hidden characters', async () => {
    const note = await t.create(garageBody());
    const signatures = `/v1/consignment-notes/${note.id}/signatures`;
    for (const plate of ['\u0007AB12', `AB12${RLO}CDE`, 'ß'.repeat(20), '--']) {
      expect(await invalid(signatures, { ...PART_C, vehicle_registration: plate }), plate).toEqual([
        {
          field: '/vehicle_registration',
          issue: expect.stringContaining('must be the letters and digits of a number plate'),
        },
      ]);
    }
    const welsh = await t.create(garageBody({ carrier: { registration_number: 'CBDU999997' } }));
    expect(
      await invalid(`/v1/consignment-notes/${welsh.id}/signatures`, {
        ...PART_C,
        declared_registration: { register: 'nrw', carrier_name: ZW },
      }),
    ).toEqual([
      { field: '/declared_registration/carrier_name', issue: expect.stringContaining('is required') },
    ]);
    // Checked before the register is asked: an unknown carrier's number does not hide a bad plate.
    expect(
      await invalid(signatures, { ...PART_C, registration_number: 'CBDU999999', vehicle_registration: '--' }),
    ).toEqual([
      {
        field: '/vehicle_registration',
        issue: expect.stringContaining('must be the letters and digits of a number plate'),
      },
    ]);
    // A foreign lorry's plate is a plate.
    expect(
      (await t.sign(note.id, { ...PART_C, vehicle_registration: 'wgm 1234ö' })).parts.C?.vehicle_registration,
    ).toBe('WGM 1234Ö');

    const noEmail = await t.create(
      garageBody({ producer: { ...(garageBody().producer as object), email: undefined } }),
    );
    await t.sign(noEmail.id, PART_C);
    expect(
      await invalid(`/v1/consignment-notes/${noEmail.id}/signatures`, {
        ...PART_D,
        premises_email: `office${RLO}@garage.example`,
      }),
    ).toEqual([{ field: '/premises_email', issue: expect.stringContaining('must be an email address') }]);

    await t.sign(note.id, PART_D);
    expect(
      await invalid(
        signatures,
        partE([{ line: 1, quantity_received_kg: 0, accepted: false, rejection_reason: ZW }]),
      ),
    ).toEqual([{ field: '/lines/0/rejection_reason', issue: 'is required when the waste is rejected' }]);
    expect((await t.get(`/v1/consignment-notes/${note.id}`)).json().status).toBe('in_transit');
  });
});

describe('DWT: the site and POPs', () => {
  it('refuses a receipt at a site the note was not consigned to', async () => {
    const [a, b] = [await t.site(), await t.site()];
    const note = await received(garageBody({ consignee: { site_id: a.id } }));
    const response = await t.post('/v1/waste-receipts', {
      site_id: b.id,
      consignment_note_id: note.id,
      received_at: '2026-11-27T09:30:00Z',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual([
      { field: '/consignment_note_id', issue: expect.stringContaining('another site') },
    ]);
  });

  it('a line with POP is reported as containing POPs, their codes left to the receiver', async () => {
    const site = await t.site();
    const note = await received(
      garageBody({ consignee: { site_id: site.id }, lines: [oilLine({ hazard_codes: ['HP14', 'POP'] })] }),
    );
    const response = await t.post('/v1/waste-receipts', {
      site_id: site.id,
      consignment_note_id: note.id,
      received_at: '2026-11-27T09:30:00Z',
    });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json().waste_items[0]).toMatchObject({
      contains_pops: true,
      pops: { source_of_components: 'not_provided' },
      hazardous: { hp_codes: ['HP_14', 'HP_POP'] },
    });
  });
});
