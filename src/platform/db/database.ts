import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase as SqliteDialectDatabase } from 'kysely';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import type { Database } from './schema.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  /** A printable description of where the data lives (never includes a password). */
  location: string;
  close(): Promise<void>;
}

/**
 * The one place that knows which database is behind DATABASE_URL. Repository code above this sees only
 * Kysely; the dialect differences (connection, pragmas, pool) stay here.
 */
export function createDb(url: string): Db {
  if (url.startsWith('sqlite:')) return createSqlite(url.slice('sqlite:'.length));
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return createPostgres(url);
  throw new Error(`DATABASE_URL must start with sqlite: or postgres:// (got ${url.split(':')[0]}:)`);
}

function createSqlite(path: string): Db {
  const memory = path === ':memory:' || path === '';
  const file = memory ? ':memory:' : resolve(path);
  if (!memory) mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  // WAL lets readers proceed during a write; synchronous=FULL makes every commit durable before it
  // returns (NORMAL in WAL mode can lose the last commits on power loss), so nothing acknowledged to a
  // client is lost.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
  return {
    kysely,
    dialect: 'sqlite',
    location: memory ? 'sqlite (in memory)' : `sqlite:${file}`,
    close: () => kysely.destroy(),
  };
}

/**
 * Kysely asks the driver to prepare every query afresh; compiling SQL costs tens of microseconds, more
 * than running most of our queries. The same SQL text reuses its prepared statement (Kysely runs one
 * query at a time on the connection, so a statement is never in use twice).
 */
function withStatementCache(sqlite: SqliteDatabase.Database): SqliteDialectDatabase {
  const statements = new LRUCache<string, SqliteDatabase.Statement>({ max: 1_000 });
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

function createPostgres(url: string): Db {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const parsed = new URL(url);
  return {
    kysely,
    dialect: 'postgres',
    location: `postgres://${parsed.host}${parsed.pathname}`,
    close: () => kysely.destroy(),
  };
}
