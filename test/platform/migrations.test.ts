import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, migrateUpTo } from '../../src/platform/db/migrate.ts';
import { recordEvents } from '../../src/webhooks/event-outbox.ts';
import { NoteStore } from '../../src/wtn/note-store.ts';
import { freshDatabase, usingPostgres } from '../helpers/database.ts';

describe(`migrations (${usingPostgres() ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('create every table on an empty database, and a second run changes nothing', async () => {
    const db = await freshDatabase();
    try {
      const first = await migrateToLatest(db);
      expect(first.results?.every((r) => r.status === 'Success')).toBe(true);
      const tables = (await db.kysely.introspection.getTables()).map((t) => t.name);
      expect(tables).toEqual(expect.arrayContaining(['organisations', 'api_keys']));
      const again = await migrateToLatest(db);
      expect(again.results).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it('a key row round-trips through the real schema, with a unique hash', async () => {
    const db = await freshDatabase();
    try {
      await migrateToLatest(db);
      const now = new Date().toISOString();
      await db.kysely
        .insertInto('organisations')
        .values({
          id: 'org_1',
          name: 'A',
          plan: 'free',
          monthly_limit: null,
          per_minute_limit: null,
          plan_changed_at: now,
          created_at: now,
        })
        .execute();
      const key = {
        id: 'key_1',
        organisation_id: 'org_1',
        mode: 'live' as const,
        name: null,
        display_prefix: 'wcs_live_abcd…',
        hash: 'a'.repeat(64),
        created_at: now,
        last_used_at: null,
        revoked_at: null,
      };
      await db.kysely.insertInto('api_keys').values(key).execute();
      await expect(
        db.kysely
          .insertInto('api_keys')
          .values({ ...key, id: 'key_2' })
          .execute(),
      ).rejects.toThrow();
      const row = await db.kysely
        .selectFrom('api_keys')
        .selectAll()
        .where('id', '=', 'key_1')
        .executeTakeFirst();
      expect(row).toEqual(key);
    } finally {
      await db.close();
    }
  });
});

describe(`the plan-change history moving to accounts (${usingPostgres() ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('keeps every plan change the portal recorded, naming the user who made it', async () => {
    const db = await freshDatabase();
    try {
      await migrateUpTo(db, '0006-portal-login');
      const now = '2026-05-06T14:30:00.000Z';
      await sql`insert into organisations (id, name, plan, monthly_limit, per_minute_limit, plan_changed_at, created_at)
        values ('org_1', 'A', 'starter', null, null, ${now}, ${now})`.execute(db.kysely);
      await sql`insert into portal_plan_changes (id, organisation_id, user_id, from_plan, to_plan, changed_at)
        values ('ppc_1', 'org_1', 'usr_9', 'free', 'starter', ${now})`.execute(db.kysely);
      await migrateToLatest(db);
      const rows = await db.kysely.selectFrom('organisation_plan_changes').selectAll().execute();
      expect(rows).toEqual([
        {
          id: 'ppc_1',
          organisation_id: 'org_1',
          from_plan: 'free',
          to_plan: 'starter',
          monthly_limit: null,
          per_minute_limit: null,
          changed_by: 'portal user usr_9',
          changed_at: now,
        },
      ]);
    } finally {
      await db.close();
    }
  });
});

describe(`transfer notes made before signatures (${usingPostgres() ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('read back with every field a note now has, as not recorded, and what they said unchanged', async () => {
    const db = await freshDatabase();
    try {
      await migrateUpTo(db, '0007-plan-changes');
      const now = '2026-05-06T14:30:00.000Z';
      await sql`insert into organisations (id, name, plan, monthly_limit, per_minute_limit, plan_changed_at, created_at)
        values ('org_1', 'A', 'free', null, null, ${now}, ${now})`.execute(db.kysely);
      const old = {
        reference: 'WTN-2026-0506-AAAA',
        status: 'complete',
        producer: { name: 'P', address: 'A', sic_code: '43320', contact_name: null },
        carrier: {
          registration_number: 'CBDU100001',
          business_name: 'C',
          tier: 'upper',
          verified: true,
          expiry_date: '2027-01-01',
          status: 'valid',
        },
        waste: { description: 'rubble', ewc_code: '17 01 07' },
        transfer_date: '2026-05-06',
        created_at: now,
      };
      await sql`insert into wtn_notes (reference, organisation_id, mode, created_at, transfer_date, carrier_registration_number, ewc_code, is_compliant, document)
        values (${old.reference}, 'org_1', 'live', ${now}, '2026-05-06', 'CBDU100001', '17 01 07', 1, ${JSON.stringify(old)})`.execute(
        db.kysely,
      );
      await migrateToLatest(db);
      const store = new NoteStore(db, recordEvents);
      const note = await store.get({ organisationId: 'org_1', mode: 'live' }, old.reference);
      expect(note).toEqual({
        ...old,
        mode: 'live',
        supersedes: null,
        producer: { ...old.producer, sic_description: null },
        carrier: { ...old.carrier, address: null, address_source: null, register_origin: null },
        season_ticket: null,
        superseded_by: null,
        signatures: { transferor: null, transferee: null },
        signed: 'unsigned',
        content_sha256: null,
        transfers: [],
      });
      expect(Object.keys(note!).slice(0, 4)).toEqual(['reference', 'status', 'mode', 'supersedes']);
    } finally {
      await db.close();
    }
  });
});

describe(`collection numbers moving to one sequence per round (${usingPostgres() ? 'PostgreSQL' : 'SQLite'})`, () => {
  const counters = (db: Awaited<ReturnType<typeof freshDatabase>>) =>
    db.kysely
      .selectFrom('consignment_sequences')
      .select(['organisation_id', 'mode', 'name', 'last_number'])
      .where('name', 'like', 'round:%')
      .orderBy('organisation_id')
      .orderBy('mode')
      .orderBy('name')
      .execute()
      .then((rows) => rows.map((r) => [r.organisation_id, r.mode, r.name, Number(r.last_number)]));

  it('continues each round from the highest number any producer of it reached, and back again', async () => {
    const db = await freshDatabase();
    try {
      await migrateUpTo(db, '0018-webhook-due-index');
      for (const [organisation, mode, name, last] of [
        ['org_1', 'live', 'round:GARAGE:R1', 4],
        ['org_1', 'live', 'round:PESTCO:R1', 2],
        ['org_1', 'test', 'round:GARAGE:R1', 6],
        ['org_1', 'live', 'round:GARAGE:R2', 1],
        ['org_1', 'live', 'code:GARAGE', 9],
        ['org_2', 'live', 'round:PESTCO:R1', 7],
      ] as const) {
        await sql`insert into consignment_sequences (organisation_id, mode, name, last_number)
          values (${organisation}, ${mode}, ${name}, ${last})`.execute(db.kysely);
      }
      await migrateToLatest(db);
      expect((await counters(db)).filter(([, , name]) => !String(name).match(/:.*:/))).toEqual([
        ['org_1', 'live', 'round:R1', 4],
        ['org_1', 'live', 'round:R2', 1],
        ['org_1', 'test', 'round:R1', 6],
        ['org_2', 'live', 'round:R1', 7],
      ]);

      // Numbers given after the change (R1 reached 5), then the change undone: the previous release's
      // counters continue from there, and the new ones are gone.
      await sql`update consignment_sequences set last_number = 5
        where organisation_id = 'org_1' and mode = 'live' and name = 'round:R1'`.execute(db.kysely);
      await migrateUpTo(db, '0018-webhook-due-index');
      expect(await counters(db)).toEqual([
        ['org_1', 'live', 'round:GARAGE:R1', 5],
        ['org_1', 'live', 'round:GARAGE:R2', 1],
        ['org_1', 'live', 'round:PESTCO:R1', 5],
        ['org_1', 'test', 'round:GARAGE:R1', 6],
        ['org_2', 'live', 'round:PESTCO:R1', 7],
      ]);
    } finally {
      await db.close();
    }
  });
});
