import { type Driver, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { AfterCommitDriver } from './after-commit.ts';
import type { Database } from './schema.ts';
import { createSqlite, type SqliteOptions } from './sqlite.ts';

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
export function createDb(url: string, options: SqliteOptions = {}): Db {
  if (url.startsWith('sqlite:')) return createSqlite(url.slice('sqlite:'.length), options);
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return createPostgres(url);
  throw new Error(`DATABASE_URL must start with sqlite: or postgres:// (got ${url.split(':')[0]}:)`);
}

function createPostgres(url: string): Db {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // The server ending a connection (a restart, a failover, pg_terminate_backend) is reported as an
  // 'error' event: the pool's for an idle connection, the client's own for one checked out between two
  // queries (in a transaction). Unheard, Node treats either as an uncaught exception and the instance
  // exits (test/faults). Nothing is lost by listening: the pool drops the broken connection, and the
  // query that needed it fails and is answered 503 (isDatabaseUnreachable), where the outage is logged.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const kysely = new Kysely<Database>({ dialect: new AfterCommitPostgresDialect({ pool }) });
  const parsed = new URL(url);
  return {
    kysely,
    dialect: 'postgres',
    location: `postgres://${parsed.host}${parsed.pathname}`,
    close: () => kysely.destroy(),
  };
}

/** PostgreSQL through node-postgres, running what afterCommit was given after each COMMIT. */
class AfterCommitPostgresDialect extends PostgresDialect {
  override createDriver(): Driver {
    return new AfterCommitDriver(super.createDriver());
  }
}

/** Socket errors: the server is not listening, or the connection to it broke. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * SQLSTATEs of a server that is going or not yet there: 57P01 admin_shutdown (a fast shutdown ends the
 * session), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up, shutting down, in recovery),
 * 53300 too_many_connections; class 08 is "connection exception" (PostgreSQL Appendix A).
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
/**
 * SQLite's write lock still held by another connection (another process on the same file, a backup)
 * when busy_timeout ran out: the database is there but cannot take the write now.
 */
const SQLITE_BUSY = /^SQLITE_BUSY(?:_[A-Z]+)?$/;
const CONNECTION_EXCEPTION = /^08[0-9A-Z]{3}$/;
/** What node-postgres throws, with no code, when the socket under a client closes or never opens. */
const PG_CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

/**
 * Whether `error` says the database could not be reached, or dropped the connection, rather than that a
 * query was wrong: the request may well succeed a few seconds later, so it is answered 503 with
 * Retry-After, not 500. Looks through `cause` and AggregateError's `errors` (a host name resolving to
 * several addresses fails with one per address).
 */
export function isDatabaseUnreachable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 4) return false;
  const code = (error as { code?: unknown }).code;
  const unreachable =
    typeof code === 'string'
      ? NETWORK_CODES.has(code) ||
        UNAVAILABLE_SQLSTATES.has(code) ||
        CONNECTION_EXCEPTION.test(code) ||
        SQLITE_BUSY.test(code)
      : PG_CONNECTION_MESSAGES.some((m) => error.message.startsWith(m));
  if (unreachable) return true;
  const nested = error instanceof AggregateError ? error.errors : [];
  return [error.cause, ...nested].some((e) => isDatabaseUnreachable(e, depth + 1));
}
