import SqliteDatabase from 'better-sqlite3';
import { CompiledQuery, Kysely, SqliteDialect } from 'kysely';
import type { Db } from '../../src/platform/db/database.ts';
import { migrateToLatest } from '../../src/platform/db/migrate.ts';
import type { Database } from '../../src/platform/db/schema.ts';

let recorded: Promise<CompiledQuery[]> | undefined;

/**
 * Brings an empty SQLite database to what `migrateToLatest` leaves, by running again, in one
 * transaction, the statements the service's migrator ran on an empty database once in this process:
 * the migrator's own way takes a transaction per migration and a look at every table before each,
 * some 30 ms for every test that wants a migrated database.
 */
export async function replaySqliteMigrations(db: Db): Promise<void> {
  recorded ??= record();
  const statements = await recorded;
  await db.kysely.transaction().execute(async (trx) => {
    for (const statement of statements) await trx.executeQuery(statement);
  });
}

/**
 * Migrates an in-memory database with the service's migrator, keeping every statement that changed
 * something, in order (reads change nothing; the replay's transaction is its own), then checks that
 * running them again in another database leaves the same tables, indexes and migration records.
 */
async function record(): Promise<CompiledQuery[]> {
  const statements: CompiledQuery[] = [];
  const source = new SqliteDatabase(':memory:');
  source.pragma('foreign_keys = ON');
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({ database: source }),
    log(event) {
      if (event.level !== 'query') return;
      const { sql, parameters } = event.query;
      if (/^\s*(select|with|begin|commit|rollback|savepoint|release)\b/i.test(sql)) return;
      statements.push(CompiledQuery.raw(sql, [...parameters]));
    },
  });
  await migrateToLatest({
    kysely,
    dialect: 'sqlite',
    location: 'sqlite (migration record)',
    close: () => kysely.destroy(),
  });
  const replayed = new SqliteDatabase(':memory:');
  replayed.pragma('foreign_keys = ON');
  replayed.transaction(() => {
    for (const { sql, parameters } of statements) replayed.prepare(sql).run(...(parameters as unknown[]));
  })();
  if (shapeOf(replayed) !== shapeOf(source)) {
    throw new Error('replaying the recorded migrations does not give the migrated schema');
  }
  replayed.close();
  await kysely.destroy();
  return statements;
}

/** The schema as SQLite keeps it, and the migrations recorded as applied. */
function shapeOf(db: SqliteDatabase.Database): string {
  const schema = db.prepare('select type, name, tbl_name, sql from sqlite_master order by type, name').all();
  const applied = db.prepare('select name from kysely_migration order by name').all();
  return JSON.stringify([schema, applied]);
}
