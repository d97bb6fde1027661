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
  return migrate(db, (migrator) => migrator.migrateToLatest());
}

/** Applies migrations up to and including `name` (tests of a data migration start from before it). */
export function migrateUpTo(db: Db, name: string): Promise<MigrationResultSet> {
  return migrate(db, (migrator) => migrator.migrateTo(name));
}

async function migrate(
  db: Db,
  run: (migrator: Migrator) => Promise<MigrationResultSet>,
): Promise<MigrationResultSet> {
  // On PostgreSQL the bookkeeping tables live in the schema the connection works in (its search_path),
  // so databases that keep several schemas side by side each migrate on their own.
  const migrationTableSchema =
    db.dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db.kysely)).rows[0].schema
      : undefined;
  const migrator = new Migrator({
    db: db.kysely,
    provider: new CapabilityMigrations(),
    migrationTableSchema,
  });
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

function droppedWhileListing(result: MigrationResultSet): boolean {
  const error = result.error as { code?: string } | undefined;
  return error?.code === '42P01' && (result.results ?? []).length === 0;
}
