import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, migrateUpTo } from '../../src/platform/db/migrate.ts';
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
