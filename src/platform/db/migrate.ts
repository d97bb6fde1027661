import { readdir } from 'node:fs/promises';
import { type Migration, type MigrationProvider, type MigrationResultSet, Migrator } from 'kysely';
import type { Db } from './database.ts';

const migrationsDir = new URL('./migrations/', import.meta.url);

/**
 * Migrations are files in ./migrations named `NNNN-what.ts`, applied in name order. They are frozen in
 * time: they never import application types, so a later change to the code cannot change an old step.
 */
class MigrationFolder implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await readdir(migrationsDir)).filter((f) => /^\d{4}-[\w-]+\.ts$/.test(f)).sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      migrations[file.replace(/\.ts$/, '')] = (await import(new URL(file, migrationsDir).href)) as Migration;
    }
    return migrations;
  }
}

export async function migrateToLatest(db: Db): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db: db.kysely, provider: new MigrationFolder() });
  const result = await migrator.migrateToLatest();
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
