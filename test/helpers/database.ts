import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { createDb, type Db } from '../../src/platform/db/database.ts';
import { migrateToLatest } from '../../src/platform/db/migrate.ts';
import {
  databaseUrl,
  type PostgresRun,
  TEMPLATE_SCHEMA,
  withPgClient,
  withSearchPath,
} from './postgres-server.ts';

export { withPgClient };

declare module 'vitest' {
  interface ProvidedContext {
    /** Set by test/global-setup.ts when DATABASE_URL points at PostgreSQL. */
    postgresRun?: PostgresRun;
  }
}

/**
 * A fresh, empty database for one test: in-memory SQLite by default, or, when DATABASE_URL points at
 * PostgreSQL (as in CI's second run), a new schema of its own.
 */
export async function freshDatabase(options: { sqliteFile?: string } = {}): Promise<Db> {
  if (!usingPostgres()) return createDb(`sqlite:${options.sqliteFile ?? ':memory:'}`);
  return droppedOnClose(await newSchema({ migrated: false }));
}

/**
 * A fresh database with every migration applied, as `freshDatabase()` then `migrateToLatest()` leave
 * it. On PostgreSQL the statements the migrations ran once for the run are replayed in a new schema,
 * in one transaction (test/helpers/postgres-server.ts).
 */
export async function migratedDatabase(): Promise<Db> {
  if (!usingPostgres()) {
    const db = createDb('sqlite::memory:');
    await migrateToLatest(db);
    return db;
  }
  return droppedOnClose(await newSchema({ migrated: true }));
}

/**
 * A new schema in this worker's database, empty or migrated; its URL works in that schema. The schema
 * is dropped when the test file ends (test/file-setup.ts), or sooner when a `Db` on it closes.
 *
 * Each test worker has a database of its own, and a test's schemas go as soon as it is done with them:
 * Kysely's migrator lists every column of every table of every schema in the database before it
 * migrates, so when every test left its schema in one database for the whole run, each start-up took
 * seconds, longer as the run went on, and a schema dropped by one worker broke another's listing.
 */
export async function newSchema(options: { migrated: boolean }): Promise<{ url: string; schema: string }> {
  const database = await workerDatabase();
  const schema = `wcs_test_${randomBytes(6).toString('hex')}`;
  await withPgClient(database, async (c) => {
    await c.query('BEGIN');
    await c.query(`CREATE SCHEMA "${schema}"`);
    if (options.migrated) {
      await c.query(`SET LOCAL search_path TO "${schema}"`);
      for (const { sql, parameters } of postgresRun().migrations) {
        await c.query(sql.replaceAll(`"${TEMPLATE_SCHEMA}"`, `"${schema}"`), parameters);
      }
    }
    await c.query('COMMIT');
  });
  schemasOfThisFile.add(schema);
  return { url: withSearchPath(database, schema), schema };
}

/** Schemas made since the last `dropTestSchemas()`, and not yet dropped: this test file's. */
const schemasOfThisFile = new Set<string>();

/** Drops what is left of this test file's schemas (test/file-setup.ts, after the file's own afterAll). */
export async function dropTestSchemas(): Promise<void> {
  const schemas = [...schemasOfThisFile];
  schemasOfThisFile.clear();
  if (schemas.length > 0) await dropSchemas(schemas);
}

async function dropSchemas(schemas: string[]): Promise<void> {
  await withPgClient(await workerDatabase(), async (c) => {
    // A connection a test left open and mid-transaction must not hang the run: its schema is then left
    // for the end of the run, when the worker's whole database goes (test/global-setup.ts).
    await c.query("SET lock_timeout = '5s'");
    for (const schema of schemas) await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => {});
  });
}

function droppedOnClose({ url, schema }: { url: string; schema: string }): Db {
  const db = createDb(url);
  let closing: Promise<void> | undefined;
  return {
    ...db,
    close() {
      closing ??= (async () => {
        await db.close();
        if (schemasOfThisFile.delete(schema)) await dropSchemas([schema]);
      })();
      return closing;
    },
  };
}

let worker: Promise<string> | undefined;

/** This worker's database, made on first use and dropped after the run (test/global-setup.ts). */
function workerDatabase(): Promise<string> {
  worker ??= (async () => {
    const base = process.env.DATABASE_URL as string;
    const name = `${postgresRun().prefix}_w${randomBytes(3).toString('hex')}`;
    // template0 takes no connections, so nobody connected to template1 can stop the copy.
    await withPgClient(base, (c) => c.query(`CREATE DATABASE "${name}" TEMPLATE template0`));
    return databaseUrl(base, name);
  })();
  return worker;
}

function postgresRun(): PostgresRun {
  const run = inject('postgresRun');
  if (!run) throw new Error('DATABASE_URL is PostgreSQL but test/global-setup.ts did not prepare the run');
  return run;
}

export const usingPostgres = (): boolean => Boolean(process.env.DATABASE_URL?.startsWith('postgres'));
