import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.ts';
import type { WasteTransferNote } from '../../src/wtn/wtn-schemas.ts';
import { bodyWith, validBody, type WtnApp, wtnApp } from './wtn-app.ts';

let t: WtnApp;
const clock = new ManualClock('2026-03-20T09:15:00.000Z');

beforeAll(async () => {
  t = await wtnApp({ unlimited: true, clock });
});
afterAll(() => t.close());

const post = (path: string, payload: object, key = t.testKey, headers: Record<string, string> = {}) =>
  t.call(key, { method: 'POST', url: path, payload, headers });
const read = async (reference: string, key = t.testKey) =>
  (await t.get(`/v1/wtn/${reference}`, key)).json() as WasteTransferNote;
const codes = (issues: { code: string }[]) => issues.map((i) => i.code);

/** What anyone holding the JSON can do to check it: drop the four fields, canonicalise, hash. */
function independentHash(note: WasteTransferNote): string {
  const { status, superseded_by, transfers, content_sha256, ...hashed } = note;
  return createHash('sha256').update(canonicalize(hashed)!).digest('hex');
}

describe('signatures', () => {
  it('the API signs each party once; signed with both, the note carries a hash anyone can recompute', async () => {
    const note = await t.note(validBody());
    expect(note).toMatchObject({ signed: 'unsigned', signatures: { transferor: null, transferee: null } });

    const first = await post(`/v1/wtn/${note.reference}/signatures`, {
      party: 'transferor',
      name: ' Sam Patel ',
      position: 'Site manager',
    });
    expect(first.statusCode, first.body).toBe(201);
    const partly = first.json() as WasteTransferNote;
    expect(partly.signed).toBe('partially_signed');
    expect(partly.content_sha256).toBeNull();
    expect(partly.signatures.transferor).toMatchObject({
      name: 'Sam Patel',
      position: 'Site manager',
      method: 'api',
      drawn: false,
      signed_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(partly.signatures.transferor?.ip).toBeTruthy();

    const again = await post(`/v1/wtn/${note.reference}/signatures`, {
      party: 'transferor',
      name: 'Someone Else',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ALREADY_SIGNED');
    expect(again.json().error.message).toContain('Sam Patel');

    const second = await post(`/v1/wtn/${note.reference}/signatures`, {
      party: 'transferee',
      name: 'Jo Driver',
    });
    expect(second.statusCode).toBe(201);
    const signed = second.json() as WasteTransferNote;
    expect(signed.signed).toBe('signed');
    expect(signed.content_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(signed.content_sha256).toBe(independentHash(signed));
    // The content is what was created: nothing but the lifecycle changed.
    const { signatures: _a, signed: _b, content_sha256: _c, ...content } = signed;
    const { signatures: _d, signed: _e, content_sha256: _f, ...created } = note;
    expect(content).toEqual(created);
    expect(await read(note.reference)).toEqual(signed);

    const third = await post(`/v1/wtn/${note.reference}/signatures`, {
      party: 'transferee',
      name: 'Jo Driver',
    });
    expect(third.json().error.code).toBe('ALREADY_SIGNED');
    for (const method of ['PATCH', 'PUT', 'DELETE'] as const) {
      const change = await t.call(t.testKey, {
        method,
        url: `/v1/wtn/${note.reference}`,
        payload: { waste: { quantity_kg: 1 } },
      });
      expect(change.statusCode).toBe(409);
      expect(change.json().error.code).toBe('NOTE_SIGNED');
    }
    expect(await read(note.reference)).toEqual(signed);

    const list = (await t.get('/v1/wtn?signed=signed&limit=100')).json() as { data: WasteTransferNote[] };
    expect(list.data.map((n) => n.reference)).toContain(note.reference);
    const unsigned = (await t.get('/v1/wtn?signed=unsigned&limit=100')).json() as {
      data: WasteTransferNote[];
    };
    expect(unsigned.data.map((n) => n.reference)).not.toContain(note.reference);
  });

  it('both parties signing at the same moment both count; one party signing twice at once counts once', async () => {
    const note = await t.note(validBody());
    const [a, b] = await Promise.all([
      post(`/v1/wtn/${note.reference}/signatures`, { party: 'transferor', name: 'A' }),
      post(`/v1/wtn/${note.reference}/signatures`, { party: 'transferee', name: 'B' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const after = await read(note.reference);
    expect(after.signed).toBe('signed');
    expect(after.content_sha256).toBe(independentHash(after));

    const other = await t.note(validBody());
    const tries = await Promise.all(
      ['X', 'Y', 'Z'].map((name) =>
        post(`/v1/wtn/${other.reference}/signatures`, { party: 'transferee', name }),
      ),
    );
    expect(tries.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it('refuses a bad party or a blank name, and another organisation or mode, changing nothing', async () => {
    const note = await t.note(validBody());
    const bad = await post(`/v1/wtn/${note.reference}/signatures`, { party: 'carrier', name: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('INVALID_REQUEST');
    for (const key of [t.otherOrgKey, t.liveKey]) {
      const elsewhere = await post(
        `/v1/wtn/${note.reference}/signatures`,
        { party: 'transferor', name: 'A' },
        key,
      );
      expect(elsewhere.statusCode).toBe(404);
    }
    expect((await read(note.reference)).signed).toBe('unsigned');
  });

  it('a signing link is an unguessable URL on this host, valid 48 hours unless asked otherwise', async () => {
    const note = await t.note(validBody());
    const response = await post(`/v1/wtn/${note.reference}/signing-links`, { party: 'transferee' });
    expect(response.statusCode, response.body).toBe(201);
    const link = response.json();
    expect(link.url).toMatch(/^http:\/\/[^/]+\/sign\/[A-Za-z0-9_-]{43}$/);
    expect(link.party).toBe('transferee');
    expect(new Date(link.expires_at).getTime() - clock.now().getTime()).toBe(48 * 3_600_000);
    const other = await post(`/v1/wtn/${note.reference}/signing-links`, {
      party: 'transferee',
      expires_in_hours: 2,
    });
    expect(other.json().url).not.toBe(link.url);
    expect(new Date(other.json().expires_at).getTime() - clock.now().getTime()).toBe(2 * 3_600_000);

    await post(`/v1/wtn/${note.reference}/signatures`, { party: 'transferor', name: 'A' });
    const late = await post(`/v1/wtn/${note.reference}/signing-links`, { party: 'transferor' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('ALREADY_SIGNED');
  });
});

describe('corrections', () => {
  it('a correcting note supersedes the first; both stay, lists filter on status', async () => {
    const first = await t.note(validBody());
    const fix = await t.note(validBody({ supersedes: first.reference.toLowerCase() }));
    expect(fix.supersedes).toBe(first.reference);
    expect(fix.status).toBe('complete');
    const old = await read(first.reference);
    expect(old).toMatchObject({ status: 'superseded', superseded_by: fix.reference });
    expect(old.producer).toEqual(first.producer);

    const superseded = (await t.get('/v1/wtn?status=superseded&limit=100')).json() as {
      data: WasteTransferNote[];
    };
    expect(superseded.data.map((n) => n.reference)).toContain(first.reference);
    expect(superseded.data.map((n) => n.reference)).not.toContain(fix.reference);
    const current = (await t.get('/v1/wtn?status=complete&limit=100')).json() as {
      data: WasteTransferNote[];
    };
    expect(current.data.map((n) => n.reference)).toContain(fix.reference);
    expect(current.data.map((n) => n.reference)).not.toContain(first.reference);

    const twice = await t.generate(validBody({ supersedes: first.reference }));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('NOTE_SUPERSEDED');
    expect(twice.json().error.message).toContain(fix.reference);
    const sign = await post(`/v1/wtn/${first.reference}/signatures`, { party: 'transferor', name: 'A' });
    expect(sign.json().error.code).toBe('NOTE_SUPERSEDED');
  });

  it('a signed note can be corrected: the correction is a new note, the signed one is kept as signed', async () => {
    const note = await t.note(validBody());
    await post(`/v1/wtn/${note.reference}/signatures`, { party: 'transferor', name: 'A' });
    await post(`/v1/wtn/${note.reference}/signatures`, { party: 'transferee', name: 'B' });
    const signed = await read(note.reference);
    const fix = await t.note(bodyWith('waste', { quantity_kg: 2400 }));
    expect(fix.supersedes).toBeNull();
    const correction = await t.note({
      ...bodyWith('waste', { quantity_kg: 2400 }),
      supersedes: note.reference,
    });
    const after = await read(note.reference);
    expect(after).toEqual({ ...signed, status: 'superseded', superseded_by: correction.reference });
    expect(after.content_sha256).toBe(independentHash(after));
  });

  it('only one of two corrections made at once supersedes; an unknown or other-mode note is refused', async () => {
    const note = await t.note(validBody());
    const before = await t.storedNotes();
    const results = await Promise.all(
      [1, 2, 3].map(() => t.generate(validBody({ supersedes: note.reference }))),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await t.storedNotes()).toBe(before + 1);

    const unknown = await t.generate(validBody({ supersedes: 'WTN-2026-0101-ZZZZ' }));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.code).toBe('SUPERSEDED_NOTE_NOT_FOUND');
    const liveNote = await t.note(bodyWith('carrier', { auto_verify: false }), t.liveKey);
    const crossMode = await t.generate(validBody({ supersedes: liveNote.reference }));
    expect(crossMode.json().error.code).toBe('SUPERSEDED_NOTE_NOT_FOUND');
    expect(await t.storedNotes()).toBe(before + 2);
  });
});

describe('season tickets', () => {
  const ticket = { valid_from: '2026-04-01', valid_until: '2027-03-31' };

  it('logs collections inside the period, lists them with the note, and refuses one outside', async () => {
    const note = await t.note(validBody({ season_ticket: ticket }));
    expect(note.season_ticket).toEqual(ticket);
    expect(note.transfers).toEqual([]);
    const path = `/v1/wtn/${note.reference}/transfers`;
    const one = await post(path, {
      date: '2026-04-07',
      time: '07:45',
      quantity_kg: 620,
      vehicle_registration: 'ab12 cde',
    });
    expect(one.statusCode, one.body).toBe(201);
    expect(one.json()).toMatchObject({
      number: 1,
      date: '2026-04-07',
      time: '07:45',
      vehicle_registration: 'AB12 CDE',
    });
    const two = await post(path, { date: '2026-04-14', quantity_kg: 580.5, vehicle_registration: 'AB12CDE' });
    expect(two.json()).toMatchObject({ number: 2, time: null, quantity_kg: 580.5 });

    const outside = await post(path, { date: '2027-04-01', quantity_kg: 1, vehicle_registration: 'AB12CDE' });
    expect(outside.statusCode).toBe(422);
    expect(outside.json().error.code).toBe('TRANSFER_OUTSIDE_SEASON_TICKET');
    const before = await post(path, { date: '2026-03-31', quantity_kg: 1, vehicle_registration: 'AB12CDE' });
    expect(before.json().error.code).toBe('TRANSFER_OUTSIDE_SEASON_TICKET');

    const stored = await read(note.reference);
    expect(stored.transfers.map((x) => [x.number, x.date, x.quantity_kg])).toEqual([
      [1, '2026-04-07', 620],
      [2, '2026-04-14', 580.5],
    ]);
    const listed = (await t.get('/v1/wtn?limit=100')).json() as { data: WasteTransferNote[] };
    expect(listed.data.find((n) => n.reference === note.reference)?.transfers).toHaveLength(2);
  });

  it('a retried collection with the same Idempotency-Key is logged once', async () => {
    const note = await t.note(validBody({ season_ticket: ticket }));
    const body = { date: '2026-05-01', quantity_kg: 300, vehicle_registration: 'XY70 ABC' };
    const headers = { 'idempotency-key': `collection-${note.reference}` };
    const first = await post(`/v1/wtn/${note.reference}/transfers`, body, t.testKey, headers);
    const retry = await post(`/v1/wtn/${note.reference}/transfers`, body, t.testKey, headers);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect((await read(note.reference)).transfers).toHaveLength(1);
  });

  it('warns when the carrier expires inside the period and refuses collections from its expiry on', async () => {
    // The sandbox's CBDU100002 expires in 45 days.
    const note = await t.note({
      ...bodyWith('carrier', { registration_number: 'CBDU100002' }),
      season_ticket: ticket,
    });
    expect(codes(note.compliance.warnings)).toContain('CARRIER_EXPIRES_DURING_SEASON_TICKET');
    const expiry = note.carrier.expiry_date!;
    const path = `/v1/wtn/${note.reference}/transfers`;
    const onExpiry = await post(path, { date: expiry, quantity_kg: 1, vehicle_registration: 'AB12CDE' });
    expect(onExpiry.statusCode).toBe(422);
    expect(onExpiry.json().error.code).toBe('CARRIER_REGISTRATION_EXPIRED');
    expect((await read(note.reference)).transfers).toEqual([]);
  });

  it('refuses a period over 12 months or backwards, hazardous waste, and collections on a single note', async () => {
    const long = await t.generate(
      validBody({ season_ticket: { valid_from: '2026-04-01', valid_until: '2027-04-01' } }),
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().error.details[0].field).toBe('/season_ticket/valid_until');
    const backwards = await t.generate(
      validBody({ season_ticket: { valid_from: '2026-04-01', valid_until: '2026-03-01' } }),
    );
    expect(backwards.statusCode).toBe(400);
    const hazardous = await t.generate({
      ...bodyWith('waste', { ewc_code: '17 06 05*' }),
      season_ticket: ticket,
    });
    expect(hazardous.statusCode).toBe(422);
    expect(hazardous.json().error.code).toBe('SEASON_TICKET_NOT_ALLOWED');

    const single = await t.note(validBody());
    const refused = await post(`/v1/wtn/${single.reference}/transfers`, {
      date: '2026-03-25',
      quantity_kg: 1,
      vehicle_registration: 'AB12CDE',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('NOT_A_SEASON_TICKET');
  });
});

describe('what the note records about the parties', () => {
  it("takes the carrier's address from the register, or from the request with a warning saying so", async () => {
    const fromRegister = await t.note(validBody());
    expect(fromRegister.carrier).toMatchObject({
      address: '1 Test Street, Testville, TE1 1AA',
      address_source: 'register',
    });
    expect(fromRegister.mode).toBe('test');
    expect(fromRegister.carrier.register_origin).toBe('sandbox');
    const given = await t.note(
      bodyWith('carrier', {
        registration_number: 'CBDU555555',
        auto_verify: false,
        address: ' 9 Depot Road, Poole ',
      }),
    );
    expect(given.carrier).toMatchObject({ address: '9 Depot Road, Poole', address_source: 'request' });
    expect(codes(given.compliance.warnings)).toContain('CARRIER_ADDRESS_FROM_REQUEST');
    const none = await t.note(bodyWith('carrier', { registration_number: 'CBDU555555', auto_verify: false }));
    expect(none.carrier.address).toBeNull();
    expect(codes(none.compliance.warnings)).toContain('CARRIER_ADDRESS_MISSING');
  });

  it('checks the SIC code against SIC 2007: a known code gets its description, an unknown one a warning', async () => {
    const known = await t.note(bodyWith('producer', { sic_code: '38110' }));
    expect(known.producer).toMatchObject({
      sic_code: '38110',
      sic_description: 'Collection of non-hazardous waste',
    });
    expect(codes(known.compliance.warnings)).not.toContain('SIC_CODE_UNKNOWN');
    const unknown = await t.generate(bodyWith('producer', { sic_code: '12345' }));
    expect(unknown.statusCode).toBe(201);
    const note = unknown.json() as WasteTransferNote;
    expect(note.producer).toMatchObject({ sic_code: '12345', sic_description: null });
    expect(codes(note.compliance.warnings)).toContain('SIC_CODE_UNKNOWN');
    expect(note.compliance.is_compliant).toBe(true);
  });
});
