import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { databaseUrl, type PostgresRun, recordMigrations, withPgClient } from './helpers/postgres-server.ts';

let run: PostgresRun | undefined;

/**
 * Node keeps what it compiles for the next start; on PostgreSQL, the migrations are recorded once for
 * the whole run (test/helpers/database.ts replays them for each test).
 */
export async function setup(project: TestProject): Promise<void> {
  // TypeScript stripped, then bytecode: every server, `wcs` and worker process this run starts inherits
  // the cache and starts a second or so sooner.
  process.env.NODE_COMPILE_CACHE ??= join(tmpdir(), 'wcs-test-compile-cache');
  const url = process.env.DATABASE_URL;
  if (!url?.startsWith('postgres')) return;
  // The run's databases are named after the one in DATABASE_URL plus a tag drawn here, so neither
  // another run on the same server nor anything else there is ever touched by this one.
  const base = decodeURIComponent(new URL(url).pathname.slice(1)) || 'postgres';
  const prefix = `${base.replace(/\W/g, '_').slice(0, 40)}_t${randomBytes(3).toString('hex')}`;
  const template = `${prefix}_template`;
  await withPgClient(url, (c) => c.query(`CREATE DATABASE "${template}" TEMPLATE template0`));
  try {
    run = { prefix, ...(await recordMigrations(databaseUrl(url, template))) };
  } finally {
    await withPgClient(url, (c) => c.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`));
  }
  project.provide('postgresRun', run);
}

/** After the whole run on PostgreSQL, drop this run's databases (one per test worker). */
export async function teardown(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url?.startsWith('postgres') || !run) return;
  const prefix = `${run.prefix}_`;
  await withPgClient(url, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [prefix],
    );
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  });
}
