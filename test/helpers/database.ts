import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDb, type Db } from '../../src/platform/db/database.ts';
import {
  databaseUrl,
  type PostgresRun,
  schemaFingerprint,
  TEMPLATE_SCHEMA,
  withPgClient,
  withSearchPath,
} from './postgres-server.ts';
import { replaySqliteMigrations } from './sqlite-migrations.ts';

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
  return closedWithSchema(await newSchema({ migrated: false }));
}

/**
 * A fresh database with every migration applied, as `freshDatabase()` then `migrateToLatest()` leave
 * it. On SQLite, in memory, by the statements the migrations ran replayed in one transaction
 * (test/helpers/sqlite-migrations.ts). On PostgreSQL: a migrated schema another test of this worker closed and emptied (`recycle`), or
 * else a new one, migrated by running the statements the migrations ran once for the run again, in
 * one round trip (test/helpers/postgres-server.ts).
 */
export async function migratedDatabase(): Promise<Db> {
  if (!usingPostgres()) {
    const db = createDb('sqlite::memory:');
    await replaySqliteMigrations(db);
    return db;
  }
  const spare = spareSchemas.pop();
  const made = spare
    ? { url: withSearchPath(await workerDatabase(), spare), schema: spare }
    : await newSchema({ migrated: true });
  if (spare) schemasOfThisFile.add(spare);
  return closedWithSchema(made);
}

/**
 * A new schema in this worker's database, empty or migrated; its URL works in that schema. The schema
 * is dropped when the test file ends (test/file-setup.ts), or sooner when a `Db` on it closes (which
 * may instead empty it for another test: `recycle`).
 *
 * Each test worker has a database of its own, and a test's schemas go as soon as it is done with them:
 * Kysely's migrator lists every column of every table of every schema in the database before it
 * migrates, so when every test left its schema in one database for the whole run, each start-up took
 * seconds, longer as the run went on, and a schema dropped by one worker broke another's listing.
 */
export async function newSchema(options: { migrated: boolean }): Promise<{ url: string; schema: string }> {
  const database = await workerDatabase();
  const schema = `wcs_test_${randomBytes(6).toString('hex')}`;
  const migrations = options.migrated
    ? `SET LOCAL search_path TO "${schema}";\n${postgresRun().migrations.replaceAll(`"${TEMPLATE_SCHEMA}"`, `"${schema}"`)};`
    : '';
  await inWorkerDatabase((c) => c.query(`BEGIN;\nCREATE SCHEMA "${schema}";\n${migrations}\nCOMMIT`));
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
  await inWorkerDatabase(async (c) => {
    // A connection a test left open and mid-transaction must not hang the run: its schema is then left
    // for the end of the run, when the worker's whole database goes (test/global-setup.ts).
    await c.query("SET lock_timeout = '5s'");
    for (const schema of schemas) await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => {});
  });
}

/**
 * A `Db` on `schema` that, once closed, empties the schema for the next test that asks for a migrated
 * database when it is one (`recycle`), or else drops it: creating and migrating a schema, then dropping
 * it, took PostgreSQL about half a second of work for each test; deleting a test's rows, milliseconds.
 */
function closedWithSchema({ url, schema }: { url: string; schema: string }): Db {
  const db = createDb(url);
  let closing: Promise<void> | undefined;
  return {
    ...db,
    close() {
      closing ??= (async () => {
        await db.close();
        if (!schemasOfThisFile.delete(schema)) return;
        if (await recycle(schema)) spareSchemas.push(schema);
        else await dropSchemas([schema]);
      })();
      return closing;
    },
  };
}

/** Migrated schemas emptied by `recycle`, for this worker's next tests. */
const spareSchemas: string[] = [];
const MAX_SPARE_SCHEMAS = 4;

/**
 * Empties a schema whose `Db` has closed when it is a migrated one, so that it is again exactly what
 * migrating a new schema leaves: every data table empty, every sequence at its start, and the structure
 * and the migrator's records those of the run's migrations. A schema of any other make (not yet, or not fully, migrated, or
 * changed by its test) is not reused. Only schemas closed by their test are reused: their pools have
 * ended, so nothing of that test can still write to them.
 */
async function recycle(schema: string): Promise<boolean> {
  const run = postgresRun();
  if (!run.recyclable || spareSchemas.length >= MAX_SPARE_SCHEMAS) return false;
  try {
    return await inWorkerDatabase(async (c) => {
      await c.query("SET lock_timeout = '2s'");
      if ((await schemaFingerprint(c, schema)) !== run.fingerprint) return false;
      const empty = [
        ...run.dataTables.map((t) => `DELETE FROM "${schema}"."${t}"`),
        ...run.sequences.map((q) => `ALTER SEQUENCE "${schema}"."${q}" RESTART`),
      ].join(';\n');
      await c.query(`BEGIN;\nSET LOCAL synchronous_commit = off;\n${empty};\nCOMMIT`);
      return true;
    });
  } catch {
    return false;
  }
}

let worker: Promise<string> | undefined;
let workerPool: pg.Pool | undefined;

/**
 * Runs `action` on this worker's one connection to its database, kept between tests (a connection costs
 * PostgreSQL a process and this test some 15 ms) and closed once idle; one that failed is not reused.
 */
async function inWorkerDatabase<T>(action: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const url = await workerDatabase();
  workerPool ??= new pg.Pool({
    connectionString: url,
    max: 1,
    idleTimeoutMillis: 2_000,
    allowExitOnIdle: true,
  });
  const client = await workerPool.connect();
  try {
    const result = await action(client);
    client.release();
    return result;
  } catch (error) {
    client.release(true);
    throw error;
  }
}

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
