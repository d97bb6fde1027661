import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/platform/db/migrate.ts';
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
