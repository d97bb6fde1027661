import { createHash } from 'node:crypto';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Db } from '../../src/platform/db/database.ts';
import { migrateToLatest } from '../../src/platform/db/migrate.ts';
import type { Database } from '../../src/platform/db/schema.ts';

/** This run's databases on the PostgreSQL server of DATABASE_URL (test/global-setup.ts). */
export interface PostgresRun {
  /** Every database the run creates starts with this and an underscore; nothing else is ever dropped. */
  prefix: string;
  /** What migrating an empty schema ran, as one script (test/helpers/database.ts runs it again). */
  migrations: string;
  /** The migrated schema's tables that hold data (not the migrator's own), referencing ones first. */
  dataTables: string[];
  /** Its sequences (serial and identity columns'), which an emptied schema starts again. */
  sequences: string[];
  /** Whether a migrated schema's data tables are empty, so that emptying one makes it migrated again. */
  recyclable: boolean;
  /** `schemaFingerprint` of the migrated schema: a schema with another has been changed by its test. */
  fingerprint: string;
}

/** The migrator's bookkeeping: its rows are part of a migrated schema, not data to empty. */
const MIGRATOR_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

/** The schema the migrations are first run in; its name in the script stands for the schema replayed into. */
export const TEMPLATE_SCHEMA = 'wcs_migration_template';

/**
 * Migrates an empty schema in `database` with the service's own migrator and returns every statement
 * that changed something, in order, as one script: run again in another schema (for the template's
 * name), it leaves that schema as migrating it would, in one round trip and one transaction instead of
 * a transaction per migration and Kysely's look at every table of the database before each.
 */
export async function recordMigrations(database: string): Promise<Omit<PostgresRun, 'prefix'>> {
  await withPgClient(database, (c) => c.query(`CREATE SCHEMA "${TEMPLATE_SCHEMA}"`));
  const statements: string[] = [];
  const pool = new pg.Pool({ connectionString: withSearchPath(database, TEMPLATE_SCHEMA) });
  const kysely = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log(event) {
      if (event.level !== 'query') return;
      const { sql, parameters } = event.query;
      // Transactions are the script's own. Reads change nothing (the migrator's look at the
      // catalogue), and nobody else migrates a test's schema, so the migrator's lock is not needed.
      if (/^\s*(begin|commit|rollback)\b/i.test(sql)) return;
      if (/^\s*select\b/i.test(sql) && !/\b(setval|nextval)\s*\(/i.test(sql)) return;
      if (/\bpg_advisory_(xact_)?(un)?lock\b/i.test(sql)) return;
      statements.push(sql.replace(/\$(\d+)/g, (_, n: string) => literal(parameters[Number(n) - 1])));
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
  const migrations = statements.join(';\n');
  return withPgClient(database, async (c) => {
    const fingerprint = await schemaFingerprint(c, TEMPLATE_SCHEMA);
    // The script, run in another schema, must leave what the migrator left.
    const check = `${TEMPLATE_SCHEMA}_check`;
    const replay = migrations.replaceAll(`"${TEMPLATE_SCHEMA}"`, `"${check}"`);
    await c.query(
      `BEGIN;\nCREATE SCHEMA "${check}";\nSET LOCAL search_path TO "${check}";\n${replay};\nCOMMIT`,
    );
    const replayed = await schemaFingerprint(c, check);
    await c.query(`DROP SCHEMA "${check}" CASCADE`);
    if (replayed !== fingerprint)
      throw new Error('replaying the recorded migrations does not give the migrated schema');
    const sequences = await c.query<{ name: string }>(
      `select relname as name from pg_class where relnamespace = $1::regnamespace and relkind = 'S'`,
      [TEMPLATE_SCHEMA],
    );
    const dataTables = await referencingFirst(c, TEMPLATE_SCHEMA);
    // A migration that seeds rows would leave what emptying a schema takes away.
    const seeded = await c.query<{ name: string }>(
      dataTables
        .map((t) => `select '${t}' as name where exists (select 1 from "${TEMPLATE_SCHEMA}"."${t}")`)
        .join('\nunion all\n'),
    );
    return {
      migrations,
      dataTables,
      sequences: sequences.rows.map((row) => row.name),
      recyclable: seeded.rows.length === 0,
      fingerprint,
    };
  });
}

/**
 * What a schema is made of, as a hash that does not depend on its name: its tables, columns, types,
 * defaults, constraints, indexes, views, triggers and functions, and the migrations it records. Two
 * schemas with the same fingerprint answer every query the service makes alike once their data (and
 * sequences) are the same.
 */
export async function schemaFingerprint(client: pg.ClientBase, schema: string): Promise<string> {
  const { rows } = await client.query<{ line: string }>(
    `select concat_ws(' ', 'relation', c.relname, c.relkind) as line
       from pg_class c where c.relnamespace = $1::regnamespace
     union all
     select concat_ws(' ', 'column', c.relname, a.attnum, a.attname, format_type(a.atttypid, a.atttypmod),
                      a.attnotnull, a.attidentity, a.attgenerated, pg_get_expr(d.adbin, d.adrelid))
       from pg_attribute a join pg_class c on c.oid = a.attrelid
       left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where c.relnamespace = $1::regnamespace and a.attnum > 0 and not a.attisdropped
     union all
     select concat_ws(' ', 'constraint', c.relname, k.conname, pg_get_constraintdef(k.oid))
       from pg_constraint k join pg_class c on c.oid = k.conrelid where k.connamespace = $1::regnamespace
     union all
     select concat_ws(' ', 'index', pg_get_indexdef(i.indexrelid))
       from pg_index i join pg_class c on c.oid = i.indrelid where c.relnamespace = $1::regnamespace
     union all
     select concat_ws(' ', 'view', c.relname, pg_get_viewdef(c.oid))
       from pg_class c where c.relnamespace = $1::regnamespace and c.relkind in ('v', 'm')
     union all
     select concat_ws(' ', 'trigger', pg_get_triggerdef(t.oid))
       from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where c.relnamespace = $1::regnamespace and not t.tgisinternal
     union all
     select concat_ws(' ', 'function', pg_get_functiondef(p.oid))
       from pg_proc p where p.pronamespace = $1::regnamespace and p.prokind in ('f', 'p')
     union all
     select concat_ws(' ', 'migration', name) from ${pg.escapeIdentifier(schema)}.kysely_migration
     union all
     select concat_ws(' ', 'lock', id, is_locked) from ${pg.escapeIdentifier(schema)}.kysely_migration_lock`,
    [schema],
  );
  const lines = rows.map(({ line }) => line.replaceAll(schema, '<schema>')).sort();
  return createHash('sha256').update(lines.join('\n')).digest('hex');
}

/** The schema's data tables, each before the tables it references (deleting in this order breaks no key). */
async function referencingFirst(client: pg.Client, schema: string): Promise<string[]> {
  const tables = await client.query<{ name: string }>(
    `select relname as name from pg_class where relnamespace = $1::regnamespace and relkind in ('r', 'p')`,
    [schema],
  );
  const keys = await client.query<{ child: string; parent: string }>(
    `select c.relname as child, p.relname as parent
       from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
      where k.contype = 'f' and k.connamespace = $1::regnamespace and k.conrelid <> k.confrelid`,
    [schema],
  );
  const left = new Set(tables.rows.map((t) => t.name).filter((name) => !MIGRATOR_TABLES.has(name)));
  const ordered: string[] = [];
  while (left.size > 0) {
    // A table goes once no table still to go references it.
    const next = [...left].filter((t) => !keys.rows.some((k) => k.parent === t && left.has(k.child)));
    if (next.length === 0) throw new Error(`foreign keys in a cycle among ${[...left].join(', ')}`);
    for (const t of next.sort()) {
      ordered.push(t);
      left.delete(t);
    }
  }
  return ordered;
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'string') return pg.escapeLiteral(value);
  throw new Error(`a migration passed a ${typeof value} parameter, which the recorded script cannot hold`);
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
