import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cycleAt } from '../../src/limits/cycle.ts';
import { UsageLedger } from '../../src/limits/usage-ledger.ts';
import type { Db } from '../../src/platform/db/database.ts';
import { migratedDatabase } from '../helpers/database.ts';

let db: Db;
let ledger: UsageLedger;
const keys = ['key_ledger_a', 'key_ledger_b'];

beforeEach(async () => {
  db = await migratedDatabase();
  const now = '2026-01-01T00:00:00.000Z';
  await db.kysely
    .insertInto('organisations')
    .values({
      id: 'org_ledger',
      name: 'Ledger Ltd',
      plan: 'free',
      monthly_limit: null,
      per_minute_limit: null,
      plan_changed_at: now,
      created_at: now,
    })
    .execute();
  for (const id of keys) {
    await db.kysely
      .insertInto('api_keys')
      .values({
        id,
        organisation_id: 'org_ledger',
        mode: 'live',
        name: null,
        display_prefix: id,
        hash: id,
        created_at: now,
        last_used_at: null,
        revoked_at: null,
      })
      .execute();
  }
  ledger = new UsageLedger(db, pino({ level: 'silent' }));
});

afterEach(async () => {
  await db.close();
});

describe('usage ledger', () => {
  it('records every call; flush() commits them all', async () => {
    // Key A: 100 calls on each of 1 and 31 March. Key B: 100 on 2 March and 100 on 1 April.
    const plan: Array<[string, string]> = [
      [keys[0], '2026-03-01'],
      [keys[0], '2026-03-31'],
      [keys[1], '2026-03-02'],
      [keys[1], '2026-04-01'],
    ];
    for (let i = 0; i < 400; i++) ledger.record(...plan[i % 4]);
    await ledger.flush();
    const march = cycleAt(new Date('2026-03-15T00:00:00Z'));
    const april = cycleAt(new Date('2026-04-02T00:00:00Z'));
    expect(await ledger.used(keys[0], march)).toBe(200);
    expect(await ledger.used(keys[1], march)).toBe(100);
    expect(await ledger.used(keys[1], april)).toBe(100);
    expect(Object.fromEntries(await ledger.daily(keys[0], march))).toEqual({
      '2026-03-01': 100,
      '2026-03-31': 100,
    });
  });

  it("reads several keys' days in one go, each key's own, a key without calls left out", async () => {
    ledger.record(keys[0], '2026-03-01', 3);
    ledger.record(keys[1], '2026-03-02', 4);
    ledger.record(keys[1], '2026-04-01', 5);
    await ledger.flush();
    const march = cycleAt(new Date('2026-03-15T00:00:00Z'));
    // Far more ids than one query binds, as an organisation with many keys would ask.
    const many = [...keys, ...Array.from({ length: 1_200 }, (_, i) => `key_unknown_${i}`)];
    const byKey = await ledger.dailyByKey(many, march);
    expect([...byKey.keys()].sort()).toEqual(keys);
    expect(Object.fromEntries(byKey.get(keys[0])!)).toEqual({ '2026-03-01': 3 });
    expect(Object.fromEntries(byKey.get(keys[1])!)).toEqual({ '2026-03-02': 4 });
    expect(await ledger.dailyByKey([], march)).toEqual(new Map());
  });

  it('writes on its own shortly after, without a flush', async () => {
    ledger.record(keys[0], '2026-03-05');
    const deadline = Date.now() + 5_000;
    let used = 0;
    while (used === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      used = await ledger.used(keys[0], cycleAt(new Date('2026-03-15T00:00:00Z')));
    }
    expect(used).toBe(1);
  });

  it('adds to what is already recorded for the day', async () => {
    ledger.record(keys[0], '2026-03-05');
    await ledger.flush();
    ledger.record(keys[0], '2026-03-05');
    ledger.record(keys[0], '2026-03-05');
    await ledger.flush();
    const rows = await db.kysely.selectFrom('api_key_usage').selectAll().execute();
    expect(rows.map((r) => ({ ...r, calls: Number(r.calls) }))).toEqual([
      { key_id: keys[0], day: '2026-03-05', calls: 3 },
    ]);
  });

  it('reports nothing used for a key with no calls', async () => {
    expect(await ledger.used(keys[1], cycleAt(new Date('2026-03-15T00:00:00Z')))).toBe(0);
  });

  it('a row the database refuses does not hold back the calls written with it', async () => {
    ledger.record('key_that_does_not_exist', '2026-03-05');
    ledger.record(keys[0], '2026-03-05');
    await ledger.flush();
    expect(await ledger.used(keys[0], cycleAt(new Date('2026-03-15T00:00:00Z')))).toBe(1);
  });
});
