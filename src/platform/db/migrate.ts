import { readdir } from 'node:fs/promises';
import { type Migration, type MigrationProvider, type MigrationResultSet, Migrator, sql } from 'kysely';
import type { Db } from './database.ts';

/**
 * The capabilities that own tables: each keeps its migrations in its own `migrations/` folder. The
 * platform owns what belongs to the service as a whole (where it listens).
 */
const CAPABILITIES = [
  'platform',
  'accounts',
  'limits',
  'carriers',
  'wtn',
  'portal',
  'receipts',
  'webhooks',
  'monitoring',
  'consignments',
  'requests',
];

/**
 * Migrations are files named `NNNN-what.ts` in `src/<capability>/migrations/`, numbered across the
 * whole service and applied in that order. They are frozen in time: they never import application
 * types, so a later change to the code cannot change an old step.
 */
class CapabilityMigrations implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const found: [name: string, url: URL][] = [];
    for (const capability of CAPABILITIES) {
      const dir = new URL(`../../${capability}/migrations/`, import.meta.url);
      for (const file of await readdir(dir)) {
        if (/^\d{4}-[\w-]+\.ts$/.test(file)) found.push([file.replace(/\.ts$/, ''), new URL(file, dir)]);
      }
    }
    found.sort(([a], [b]) => (a < b ? -1 : 1));
    const migrations: Record<string, Migration> = {};
    for (const [name, url] of found) {
      if (migrations[name]) throw new Error(`Two migrations are named ${name}`);
      migrations[name] = (await import(url.href)) as Migration;
    }
    return migrations;
  }
}

/** Applies every migration not yet applied. */
export function migrateToLatest(db: Db): Promise<MigrationResultSet> {
  return migrate(db, (migrator) => migrator.migrateToLatest(), { latest: true });
}

/** Applies migrations up to and including `name` (tests of a data migration start from before it). */
export function migrateUpTo(db: Db, name: string): Promise<MigrationResultSet> {
  return migrate(db, (migrator) => migrator.migrateTo(name));
}

async function migrate(
  db: Db,
  run: (migrator: Migrator) => Promise<MigrationResultSet>,
  options: { latest?: boolean } = {},
): Promise<MigrationResultSet> {
  // On PostgreSQL the bookkeeping tables live in the schema the connection works in (its search_path),
  // so databases that keep several schemas side by side each migrate on their own.
  const migrationTableSchema =
    db.dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db.kysely)).rows[0].schema
      : undefined;
  const provider = new CapabilityMigrations();
  if (options.latest && (await upToDate(db, provider, migrationTableSchema))) return { results: [] };
  const migrator = new Migrator({ db: db.kysely, provider, migrationTableSchema });
  let result = await run(migrator);
  // Before migrating, Kysely looks for its bookkeeping table by listing the tables of every schema in the
  // database; a migration running at that moment in another schema (another service sharing the
  // database, or a parallel test) can drop a table between the two queries of that listing. Nothing has
  // been applied when that happens, so asking again is safe.
  for (let attempt = 1; attempt < 4 && droppedWhileListing(result); attempt++) result = await run(migrator);
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    const error = new Error(
      `Database migration ${failed?.migrationName ?? ''} failed: ${(result.error as Error).message}`,
    );
    error.cause = result.error;
    throw error;
  }
  return result;
}

/**
 * Whether the migrator would find nothing to do: every migration applied, in order, nothing else, and
 * its lock row in place. Most starts find that, and one read of its own tables says so, where Kysely
 * first looks at every table of every schema in the database (on PostgreSQL, tens of milliseconds and
 * more with each schema). Anything else, a new database included, is left to the migrator.
 */
async function upToDate(db: Db, provider: MigrationProvider, schema: string | undefined): Promise<boolean> {
  const table = (name: string) => (schema ? sql.table(`${schema}.${name}`) : sql.table(name));
  let applied: { name: string; timestamp: string; lockRow: unknown }[];
  try {
    applied = (
      await sql<{ name: string; timestamp: string; lockRow: unknown }>`select name, timestamp,
        exists (select 1 from ${table('kysely_migration_lock')} where id = 'migration_lock') as "lockRow"
        from ${table('kysely_migration')}`.execute(db.kysely)
    ).rows;
  } catch {
    return false;
  }
  // In the order Kysely reads them (by time, then name), against every migration's name in order.
  const inOrder = applied
    .sort((a, b) =>
      a.timestamp === b.timestamp
        ? a.name.localeCompare(b.name)
        : new Date(a.timestamp).getTime() - new Date(b.timestamp).getTime(),
    )
    .map((row) => row.name);
  const all = Object.keys(await provider.getMigrations()).sort();
  return (
    applied.length > 0 &&
    applied.every((row) => Boolean(row.lockRow)) &&
    inOrder.length === all.length &&
    inOrder.every((name, i) => name === all[i])
  );
}

function droppedWhileListing(result: MigrationResultSet): boolean {
  const error = result.error as { code?: string } | undefined;
  return error?.code === '42P01' && (result.results ?? []).length === 0;
}
