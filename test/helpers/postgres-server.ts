import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Db } from '../../src/platform/db/database.ts';
import { migrateToLatest } from '../../src/platform/db/migrate.ts';
import type { Database } from '../../src/platform/db/schema.ts';

/** This run's databases on the PostgreSQL server of DATABASE_URL (test/global-setup.ts). */
export interface PostgresRun {
  /** Every database the run creates starts with this and an underscore; nothing else is ever dropped. */
  prefix: string;
  /** What migrating an empty schema ran, to run again in one transaction (test/helpers/database.ts). */
  migrations: Statement[];
}

export interface Statement {
  sql: string;
  parameters: unknown[];
}

/** The schema the migrations are first run in; its name in `migrations` stands for the schema replayed into. */
export const TEMPLATE_SCHEMA = 'wcs_migration_template';

/**
 * Migrates an empty schema in `database` with the service's own migrator, recording every statement
 * it runs: replayed in another schema, they leave it exactly as migrating it would, in one transaction
 * instead of one per migration and Kysely's look at every table of the database before each step.
 */
export async function recordMigrations(database: string): Promise<Statement[]> {
  await withPgClient(database, (c) => c.query(`CREATE SCHEMA "${TEMPLATE_SCHEMA}"`));
  const statements: Statement[] = [];
  const kysely = new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: new pg.Pool({ connectionString: withSearchPath(database, TEMPLATE_SCHEMA) }),
    }),
    log(event) {
      if (event.level !== 'query') return;
      const { sql, parameters } = event.query;
      // Transactions are the replay's own: it runs everything in one. Reads change nothing (the
      // migrator's look at the catalogue, its lock): replaying them would only cost time.
      if (/^\s*(begin|commit|rollback)\b/i.test(sql)) return;
      if (/^\s*select\b/i.test(sql) && !/\b(setval|nextval)\s*\(/i.test(sql)) return;
      // The migrator's session lock: the replay's schema is its own, nobody else migrates it.
      if (/\bpg_advisory_(xact_)?(un)?lock\b/i.test(sql)) return;
      statements.push({ sql, parameters: [...parameters] });
    },
  });
  const db: Db = {
    kysely,
    dialect: 'postgres',
    location: 'migration template',
    close: () => kysely.destroy(),
  };
  try {
    await migrateToLatest(db);
  } finally {
    await db.close();
  }
  return statements;
}

/** A connection string whose sessions work in `schema`. */
export function withSearchPath(url: string, schema: string): string {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}

/** `url` with its database replaced by `database`. */
export function databaseUrl(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
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
