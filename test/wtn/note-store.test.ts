import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.ts';
import type { Db } from '../../src/platform/db/database.ts';
import { recordEvents } from '../../src/webhooks/event-outbox.ts';
import { noteJson } from '../../src/wtn/note-lifecycle.ts';
import { type NewNote, type NoteScope, NoteStore } from '../../src/wtn/note-store.ts';
import { NoteWriter } from '../../src/wtn/note-writer.ts';
import { REFERENCE_PATTERN } from '../../src/wtn/reference.ts';
import type { NoteContent } from '../../src/wtn/wtn-schemas.ts';
import { migratedDatabase, usingPostgres } from '../helpers/database.ts';

/** A new note as the API returns it: its content, and a lifecycle with nothing in it yet. */
const asReturned = (n: NoteContent) => JSON.parse(noteJson(JSON.stringify(n)));

let db: Db;
let store: NoteStore;
const NOW = new Date('2026-03-25T10:00:00.000Z');
const orgA: NoteScope = { organisationId: 'org_a', mode: 'live' };
const orgB: NoteScope = { organisationId: 'org_b', mode: 'live' };
const orgATest: NoteScope = { organisationId: 'org_a', mode: 'test' };

function note(reference: string, overrides: Partial<NoteContent> = {}): NoteContent {
  return {
    reference,
    status: 'complete',
    mode: 'live',
    supersedes: null,
    season_ticket: null,
    producer: { name: 'P', address: 'A', sic_code: null, sic_description: null, contact_name: null },
    carrier: {
      registration_number: 'CBDU100001',
      business_name: 'C',
      address: 'Somewhere',
      address_source: 'register',
      tier: 'upper',
      verified: true,
      register_origin: 'ea_api',
      expiry_date: null,
      status: 'valid',
    },
    waste: {
      description: 'rubble',
      ewc_code: '17 01 07',
      ewc_description: 'd',
      is_hazardous: false,
      ewc_code_source: 'classification',
      classification_confidence: 0.9,
      quantity_kg: 1,
      container_type: null,
      container_code: null,
    },
    destination: { name: 'D', address: 'A', permit_number: null },
    duty_of_care: {
      producer_identified: true,
      carrier_verified: true,
      waste_classified: true,
      destination_provided: true,
      all_checks_passed: true,
    },
    compliance: { is_compliant: true, flags: [], warnings: [] },
    transfer_date: '2026-03-25',
    transfer_time: null,
    transfer_place: null,
    created_at: NOW.toISOString(),
    ...overrides,
  };
}

const item = (scope: NoteScope, n: NoteContent, idempotency?: NewNote['idempotency']): NewNote => ({
  scope,
  note: n,
  idempotency,
});

beforeEach(async () => {
  db = await migratedDatabase();
  for (const id of ['org_a', 'org_b']) {
    await db.kysely
      .insertInto('organisations')
      .values({
        id,
        name: id,
        plan: 'business',
        monthly_limit: null,
        per_minute_limit: null,
        plan_changed_at: NOW.toISOString(),
        created_at: NOW.toISOString(),
      })
      .execute();
  }
  store = new NoteStore(db, recordEvents);
});
afterEach(async () => {
  await db.close();
});

describe(`transfer note storage (${usingPostgres() ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('a note is read back whole, only within its organisation and mode', async () => {
    const written = note('WTN-2026-0325-AAAA');
    const [outcome] = await store.commitBatch([item(orgA, written)], NOW);
    expect(outcome).toEqual({
      status: 'created',
      note: written,
      document: noteJson(JSON.stringify(written)),
    });
    expect(await store.get(orgA, 'WTN-2026-0325-AAAA')).toEqual(asReturned(written));
    expect(await store.get(orgB, 'WTN-2026-0325-AAAA')).toBeUndefined();
    expect(await store.get(orgATest, 'WTN-2026-0325-AAAA')).toBeUndefined();
  });

  it('a reference already taken, by any organisation, is redrawn for the same day', async () => {
    await store.commitBatch([item(orgB, note('WTN-2026-0325-AAAA'))], NOW);
    const [outcome] = await store.commitBatch([item(orgA, note('WTN-2026-0325-AAAA'))], NOW);
    if (outcome.status !== 'created') throw new Error(outcome.status);
    expect(outcome.note.reference).not.toBe('WTN-2026-0325-AAAA');
    expect(outcome.note.reference).toMatch(/^WTN-2026-0325-[A-Z0-9]{4}$/);
    expect(await store.get(orgA, outcome.note.reference)).toEqual(asReturned(outcome.note));
    expect((await store.get(orgB, 'WTN-2026-0325-AAAA'))?.reference).toBe('WTN-2026-0325-AAAA');
  });

  it('two notes of one batch drawn with the same reference are both written, under different references', async () => {
    const outcomes = await store.commitBatch(
      [item(orgA, note('WTN-2026-0325-BBBB')), item(orgB, note('WTN-2026-0325-BBBB'))],
      NOW,
    );
    const refs = outcomes.map((o) => (o.status === 'created' ? o.note.reference : o.status));
    expect(new Set(refs).size).toBe(2);
    for (const r of refs) expect(r).toMatch(REFERENCE_PATTERN);
  });

  it('an Idempotency-Key is claimed once per organisation and mode, and free again after 24 hours', async () => {
    const key = { key: 'k1', requestHash: 'h1' };
    const [first, sameBatch] = await store.commitBatch(
      [item(orgA, note('WTN-2026-0325-CCC1'), key), item(orgA, note('WTN-2026-0325-CCC2'), key)],
      NOW,
    );
    expect(first.status).toBe('created');
    expect(sameBatch.status).toBe('idempotency_key_taken');
    expect(await store.get(orgA, 'WTN-2026-0325-CCC2')).toBeUndefined();

    const [later] = await store.commitBatch([item(orgA, note('WTN-2026-0325-CCC3'), key)], NOW);
    expect(later.status).toBe('idempotency_key_taken');
    // Another organisation, or the other mode, has its own keys.
    const [other, otherMode] = await store.commitBatch(
      [item(orgB, note('WTN-2026-0325-CCC4'), key), item(orgATest, note('WTN-2026-0325-CCC5'), key)],
      NOW,
    );
    expect([other.status, otherMode.status]).toEqual(['created', 'created']);

    expect(await store.findIdempotencyKey(orgA, 'k1', NOW)).toEqual({
      requestHash: 'h1',
      reference: 'WTN-2026-0325-CCC1',
    });
    const dayLater = new Date(NOW.getTime() + 24 * 3600_000);
    expect(await store.findIdempotencyKey(orgA, 'k1', dayLater)).toBeUndefined();
    const [reused] = await store.commitBatch(
      [item(orgA, note('WTN-2026-0326-CCC6'), { key: 'k1', requestHash: 'h2' })],
      dayLater,
    );
    expect(reused.status).toBe('created');
    expect(await store.findIdempotencyKey(orgA, 'k1', dayLater)).toEqual({
      requestHash: 'h2',
      reference: 'WTN-2026-0326-CCC6',
    });
  });

  it('an Idempotency-Key follows its note when the note reference is redrawn', async () => {
    await store.commitBatch([item(orgB, note('WTN-2026-0325-DDDD'))], NOW);
    const [outcome] = await store.commitBatch(
      [item(orgA, note('WTN-2026-0325-DDDD'), { key: 'k2', requestHash: 'h' })],
      NOW,
    );
    if (outcome.status !== 'created') throw new Error(outcome.status);
    expect((await store.findIdempotencyKey(orgA, 'k2', NOW))?.reference).toBe(outcome.note.reference);
  });

  it('lists newest first, ties by reference, filtered, and pages without gaps or repeats', async () => {
    const all: NoteContent[] = [];
    for (let i = 0; i < 23; i++) {
      const createdAt = new Date(NOW.getTime() + Math.floor(i / 3) * 1000).toISOString(); // threes share a time
      all.push(
        note(`WTN-2026-0325-${String(i).padStart(4, '0')}`, {
          created_at: createdAt,
          transfer_date: `2026-04-${String(1 + (i % 10)).padStart(2, '0')}`,
          compliance: { is_compliant: i % 2 === 0, flags: [], warnings: [] },
          carrier: { ...note('x').carrier, registration_number: i % 4 === 0 ? 'CBDU200002' : 'CBDU100001' },
        }),
      );
    }
    await store.commitBatch(
      all.map((n) => item(orgA, n)),
      NOW,
    );
    await store.commitBatch([item(orgB, note('WTN-2026-0325-ZZZZ'))], NOW);
    const expected = [...all].sort((a, b) =>
      a.created_at === b.created_at
        ? a.reference < b.reference
          ? 1
          : -1
        : a.created_at < b.created_at
          ? 1
          : -1,
    );

    const seen: string[] = [];
    let after: { createdAt: string; reference: string } | undefined;
    for (;;) {
      const page = await store.list(orgA, { after }, 5);
      seen.push(...page.map((n) => n.reference));
      if (page.length < 5) break;
      const last = page[page.length - 1];
      after = { createdAt: last.created_at, reference: last.reference };
    }
    expect(seen).toEqual(expected.map((n) => n.reference));

    const compliant = await store.list(orgA, { isCompliant: true }, 100);
    expect(compliant.map((n) => n.reference).sort()).toEqual(
      all
        .filter((n) => n.compliance.is_compliant)
        .map((n) => n.reference)
        .sort(),
    );
    const byCarrier = await store.list(orgA, { carrierRegistrationNumber: 'cbdu 200002' }, 100);
    expect(byCarrier).toHaveLength(6);
    const byDates = await store.list(
      orgA,
      { transferDateFrom: '2026-04-02', transferDateTo: '2026-04-03' },
      100,
    );
    expect(byDates.map((n) => n.transfer_date).sort()).toEqual([
      '2026-04-02',
      '2026-04-02',
      '2026-04-02',
      '2026-04-03',
      '2026-04-03',
      '2026-04-03',
    ]);
    expect(await store.list(orgA, { ewcCode: '17 05 04' }, 100)).toEqual([]);
    expect(await store.list(orgA, { ewcCode: '17 01 07' }, 100)).toHaveLength(23);
  });
});

describe(`group commit (${usingPostgres() ? 'PostgreSQL' : 'SQLite'})`, () => {
  const logger = pino({ level: 'silent' });

  it('writes concurrent notes in far fewer transactions than notes, all acknowledged and all stored', async () => {
    let transactions = 0;
    const commit = (items: NewNote[], now: Date) => {
      transactions++;
      return store.commitBatch(items, now);
    };
    const writer = new NoteWriter({ commit, clock: new ManualClock(NOW), logger });
    const notes = Array.from({ length: 300 }, (_, i) =>
      note(`WTN-2026-0325-${i.toString(36).toUpperCase().padStart(4, '0')}`),
    );
    const outcomes = await Promise.all(notes.map((n) => writer.write(item(orgA, n))));
    expect(outcomes.every((o) => o.status === 'created')).toBe(true);
    expect(transactions).toBeLessThanOrEqual(3); // 256 at most per transaction
    expect(await store.list(orgA, {}, 100)).toHaveLength(100);
    for (const n of notes) expect(await store.get(orgA, n.reference)).toEqual(asReturned(n));
  });

  it('when a batch fails, every note in it is rejected and none is stored', async () => {
    const writer = new NoteWriter({
      commit: (items, now) => store.commitBatch(items, now),
      clock: new ManualClock(NOW),
      logger,
    });
    const good = writer.write(item(orgA, note('WTN-2026-0325-GOOD')));
    const bad = writer.write(
      item({ organisationId: 'org_missing', mode: 'live' }, note('WTN-2026-0325-BADD')),
    );
    await expect(good).rejects.toThrow();
    await expect(bad).rejects.toThrow();
    expect(await store.get(orgA, 'WTN-2026-0325-GOOD')).toBeUndefined();
    // The writer carries on with the next batch.
    await expect(writer.write(item(orgA, note('WTN-2026-0325-NEXT')))).resolves.toMatchObject({
      status: 'created',
    });
    await writer.flush();
  });
});
