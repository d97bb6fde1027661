import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, type Db } from '../../src/platform/db/database.ts';

/**
 * A fresh, empty database for one test: in-memory SQLite by default, or, when DATABASE_URL points at
 * PostgreSQL (as in CI's second run), a new schema of its own in that database.
 */
export async function freshDatabase(options: { sqliteFile?: string } = {}): Promise<Db> {
  const url = process.env.DATABASE_URL;
  if (!url?.startsWith('postgres')) return createDb(`sqlite:${options.sqliteFile ?? ':memory:'}`);
  const schema = `${TEST_SCHEMA_PREFIX}${randomBytes(6).toString('hex')}`;
  await withPgClient(url, (c) => c.query(`CREATE SCHEMA ${schema}`));
  // Schemas are dropped once, after the whole run (test/global-setup.ts): dropping one while other
  // workers introspect the catalogue (as Kysely's migrator does) makes their queries fail.
  return createDb(postgresUrlForSchema(url, schema));
}

/** Every schema a test creates starts with this, so the run can drop them all at the end. */
export const TEST_SCHEMA_PREFIX = 'wcs_test_';

/** A connection string whose sessions use `schema` (so several servers can share one test schema). */
export function postgresUrlForSchema(url: string, schema: string): string {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}

export async function withPgClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export const usingPostgres = (): boolean => Boolean(process.env.DATABASE_URL?.startsWith('postgres'));
