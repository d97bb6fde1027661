import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyRow } from '../../src/accounts/tables.ts';
import type { ConsignmentNote, Part } from '../../src/consignments/consignment-schemas.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import { migrateToLatest, migrateUpTo } from '../../src/platform/db/migrate.ts';
import { freshDatabase, usingPostgres } from '../helpers/database.ts';
import { readPdf } from '../wtn/pdf-text.ts';
import { text } from '../wtn/signing-client.ts';
import { type ConsignmentApp, consignmentApp, garageBody, PART_C, PART_D, partE } from './consignment-app.ts';

// Who vouched for each signed part: the API key, or the signing link and the key that made it, kept in
// the part (the request log that ties a call to its key is kept 30 days, the note 3 years).

const clock = new ManualClock('2026-11-27T10:00:00.000Z');
let t: ConsignmentApp;
let orgId: string;
const keys: Record<'yard' | 'office', { key: string; row: ApiKeyRow }> = {} as never;

beforeAll(async () => {
  t = await consignmentApp({ clock });
  orgId = (await t.get('/v1/account')).json().organisation.id;
  keys.yard = await t.app.services.accounts.createKey(orgId, 'test', 'Yard tablet');
  keys.office = await t.app.services.accounts.createKey(orgId, 'test', 'Office PC');
});
afterAll(() => t.close());

const byKey = ({ row }: { row: ApiKeyRow }) => ({
  organisation: { id: orgId, name: 'Test Organisation Ltd' },
  api_key: { id: row.id, prefix: row.display_prefix, name: row.name },
  signing_link: null,
});

const pdfText = async (id: string) =>
  (await readPdf((await t.get(`/v1/consignment-notes/${id}/pdf`)).rawPayload)).text;

/** The check docs/consignment-notes.md gives anyone holding the note's JSON, unchanged by this field. */
function verifies(note: ConsignmentNote): boolean {
  const { further_notes, content_sha256, ...rest } = note;
  return createHash('sha256').update(canonicalize(rest)!).digest('hex') === content_sha256;
}

/** A part as the release before this one stored it: no authentication. */
async function storedWithout(id: string, part: Part): Promise<void> {
  const row = await t.db.kysely
    .selectFrom('consignment_parts')
    .select('document')
    .where('note_id', '=', id)
    .where('part', '=', part)
    .executeTakeFirstOrThrow();
  const { authentication: _, ...before } = JSON.parse(row.document);
  await t.db.kysely
    .updateTable('consignment_parts')
    .set({ document: JSON.stringify(before) })
    .where('note_id', '=', id)
    .where('part', '=', part)
    .execute();
}

describe('how each signed part was authenticated', () => {
  it('names the key each part was signed with, in the JSON and on the PDF, never the key itself', async () => {
    const note = await t.create(garageBody());
    await t.sign(note.id, PART_C, keys.yard.key);
    await t.sign(note.id, PART_D, keys.office.key);
    const e = await t.sign(note.id, partE(), t.testKey);

    expect(e.parts.C?.authentication).toEqual(byKey(keys.yard));
    expect(e.parts.D?.authentication).toEqual(byKey(keys.office));
    expect(e.parts.E?.authentication?.api_key?.id).not.toBe(keys.yard.row.id);
    expect((await t.get(`/v1/consignment-notes/${note.id}`)).json()).toEqual(e);
    const json = JSON.stringify(e);
    for (const { key, row } of Object.values(keys)) {
      expect(json).not.toContain(key);
      expect(json).not.toContain(row.hash);
    }
    // Part of the signed record: the content hash covers it.
    expect(verifies(e)).toBe(true);
    const { further_notes: _f, content_sha256, ...hashed } = e;
    expect(createHash('sha256').update(canonicalize(hashed)!).digest('hex')).toBe(content_sha256);

    const pdf = await pdfText(note.id);
    expect(pdf).toContain(`Signed through the API with key 'Yard tablet', id ${keys.yard.row.id}`);
    expect(pdf).toContain(`Signed through the API with key 'Office PC', id ${keys.office.row.id}`);
    expect(pdf).not.toContain(keys.yard.row.display_prefix);
  });

  it('names the signing link a part was signed on, and the key that made it, never its token', async () => {
    const note = await t.create(garageBody());
    const made = await t.post(
      `/v1/consignment-notes/${note.id}/signing-links`,
      { part: 'C' },
      keys.office.key,
    );
    expect(made.statusCode).toBe(201);
    const link = made.json() as { id: string; url: string };
    expect(link.id).toMatch(/^sl_[A-Za-z0-9]{20}$/);
    const path = new URL(link.url).pathname;
    const page = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        name: 'Alex Driver',
        registration_number: 'CBDU100001',
        vehicle_registration: 'AB12 CDE',
        collection_date: '2026-11-27',
        collection_time: '09:55',
        confirm: 'yes',
      }).toString(),
    });
    expect(page.statusCode, text(page.body)).toBe(200);

    const signed = (await t.get(`/v1/consignment-notes/${note.id}`)).json() as ConsignmentNote;
    expect(signed.parts.C).toMatchObject({ name: 'Alex Driver', method: 'signing_link' });
    expect(signed.parts.C?.authentication).toEqual({
      ...byKey(keys.office),
      signing_link: { id: link.id, created_at: '2026-11-27T10:00:00.000Z' },
    });
    expect(JSON.stringify(signed)).not.toContain(path.split('/').pop());
    expect(await pdfText(note.id)).toContain(
      `Signed on signing link ${link.id} made with key 'Office PC', id ${keys.office.row.id}`,
    );
  });

  it('reads a part signed before this was recorded as null, says so on the PDF, and its note still verifies', async () => {
    // Signed entirely before: the hash Part E recorded then was over the parts as stored, without it.
    const old = await t.create(garageBody());
    for (const part of [PART_C, PART_D, partE()]) await t.sign(old.id, part);
    for (const part of ['C', 'D', 'E'] as const) await storedWithout(old.id, part);
    const {
      further_notes: _f,
      content_sha256: _h,
      ...asHashedThen
    } = (await t.get(`/v1/consignment-notes/${old.id}`)).json() as ConsignmentNote;
    for (const part of Object.values(asHashedThen.parts))
      delete (part as { authentication?: unknown }).authentication;
    const hashedThen = createHash('sha256').update(canonicalize(asHashedThen)!).digest('hex');
    await t.db.kysely
      .updateTable('consignment_notes')
      .set({ content_sha256: hashedThen })
      .where('id', '=', old.id)
      .execute();

    const before = (await t.get(`/v1/consignment-notes/${old.id}`)).json() as ConsignmentNote;
    // Absent, not null: the JSON is what was hashed then, so the guide's recipe still verifies it.
    for (const part of [before.parts.C, before.parts.D, before.parts.E])
      expect(part).not.toHaveProperty('authentication');
    expect(before.content_sha256).toBe(hashedThen);
    expect(verifies(before)).toBe(true);
    expect(await pdfText(old.id)).toContain('Signed through the API (key not recorded)');

    // Part C signed before, D and E after: E's hash covers the keys of D and E, and C as it was stored.
    const mixed = await t.create(garageBody());
    await t.sign(mixed.id, PART_C);
    await storedWithout(mixed.id, 'C');
    await t.sign(mixed.id, PART_D, keys.office.key);
    const e = await t.sign(mixed.id, partE(), keys.yard.key);
    expect(e.parts.C).not.toHaveProperty('authentication');
    expect(e.parts.D?.authentication).toEqual(byKey(keys.office));
    expect(e.parts.E?.authentication).toEqual(byKey(keys.yard));
    expect(verifies(e)).toBe(true);
  });
});

describe(`signing links made before their parts recorded authentication (${usingPostgres() ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('are given an id, and no key is claimed for them', async () => {
    const db = await freshDatabase();
    try {
      await migrateUpTo(db, '0019-collection-numbers-per-round');
      const now = '2026-11-27T10:00:00.000Z';
      await sql`insert into organisations (id, name, plan, monthly_limit, per_minute_limit, plan_changed_at, created_at)
        values ('org_1', 'A', 'free', null, null, ${now}, ${now})`.execute(db.kysely);
      await sql`insert into consignment_notes (id, organisation_id, mode, created_at, consignment_code, code_prefix, status, document)
        values ('cn_1', 'org_1', 'live', ${now}, 'GARAGE/00001', 'GARAGE', 'awaiting_collection', '{}')`.execute(
        db.kysely,
      );
      for (const token of ['a', 'b']) {
        await sql`insert into consignment_signing_links (token_sha256, note_id, organisation_id, mode, part, created_at, expires_at)
          values (${token.repeat(64)}, 'cn_1', 'org_1', 'live', 'C', ${now}, ${now})`.execute(db.kysely);
      }
      await migrateToLatest(db);
      const links = await db.kysely
        .selectFrom('consignment_signing_links')
        .select(['id', 'created_with'])
        .execute();
      expect(links).toEqual([
        { id: expect.stringMatching(/^sl_[A-Za-z0-9]{20}$/), created_with: null },
        { id: expect.stringMatching(/^sl_[A-Za-z0-9]{20}$/), created_with: null },
      ]);
      expect(links[0].id).not.toBe(links[1].id);
    } finally {
      await db.close();
    }
  });
});
