import { readdir } from 'node:fs/promises';
import { type Migration, type MigrationProvider, type MigrationResultSet, Migrator, sql } from 'kysely';
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
  // On PostgreSQL the bookkeeping tables live in the schema the connection works in (its search_path),
  // so databases that keep several schemas side by side each migrate on their own.
  const migrationTableSchema =
    db.dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db.kysely)).rows[0].schema
      : undefined;
  const migrator = new Migrator({ db: db.kysely, provider: new MigrationFolder(), migrationTableSchema });
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
