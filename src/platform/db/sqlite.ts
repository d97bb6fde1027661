import { once } from 'node:events';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import SqliteDatabase from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  SqliteDialect,
  type SqliteDatabase as SqliteDialectDatabase,
  type SqliteStatement,
} from 'kysely';
import { LRUCache } from 'lru-cache';
import { AfterCommitDriver } from './after-commit.ts';
import type { Db } from './database.ts';
import { DelegatingDriver } from './delegating-driver.ts';
import type { Database } from './schema.ts';
import { WalSync } from './wal-sync.ts';

/**
 * SQLite through better-sqlite3. WAL lets readers proceed during a write. Nothing acknowledged to a
 * client may be lost, so every commit reaches the disk before anyone hears of it; but better-sqlite3
 * is synchronous, and synchronous=FULL would stop the event loop for each commit's fsync (1-5 ms here,
 * during which no other request moves). Instead commits are written with synchronous=NORMAL and the log
 * is synced on the thread pool (WalSync), and a query's promise settles only once every commit made
 * before it ends is on disk: a write is durable when its caller hears it succeeded, and no one reads
 * (and so reports) a write that is not yet durable. What callers see is what synchronous=FULL gave them;
 * meanwhile other requests run.
 */
export interface SqliteOptions {
  /** fdatasync of the log (tests hold it back). */
  syncData?: (fd: number) => Promise<void>;
  /**
   * Checkpoint the log from a worker thread (checkpointer.ts) rather than in a COMMIT on the event loop:
   * for the server, whose requests would wait behind its fsyncs; a CLI command's few writes need none.
   */
  checkpointInBackground?: boolean;
}

export function createSqlite(path: string, options: SqliteOptions = {}): Db {
  const memory = path === ':memory:' || path === '';
  const file = memory ? ':memory:' : resolve(path);
  if (!memory) mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  const wal = sqlite.pragma('journal_mode = WAL', { simple: true }) === 'wal';
  // In memory there is no disk to wait for; without WAL (a filesystem that cannot share memory) every
  // commit is synced where it happens.
  const sync = wal && !memory ? new WalSync(file, options.syncData) : undefined;
  sqlite.pragma(sync ? 'synchronous = NORMAL' : 'synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const checkpointer = sync && options.checkpointInBackground ? startCheckpointer(file, sqlite) : undefined;
  const kysely = new Kysely<Database>({
    dialect: new DurableSqliteDialect(withStatementCache(sqlite, sync), sync),
  });
  return {
    kysely,
    dialect: 'sqlite',
    location: memory ? 'sqlite (in memory)' : `sqlite:${file}`,
    close: async () => {
      await checkpointer?.stop();
      await kysely.destroy();
      await sync?.close();
    },
  };
}

/** How often the worker checkpoints: what accumulates meanwhile is copied in one go. */
const CHECKPOINT_MS = 500;
/** SQLite's own checkpoint after a COMMIT, in pages of the log: its default while no worker runs. */
const AUTOCHECKPOINT_PAGES = 1_000;
/**
 * With a worker, the COMMIT's own checkpoint is kept only as a bound on the log (40 MB of pages): under
 * a steady stream of writes the worker never finds the log fully copied, and only a checkpoint on the
 * writer's own connection lets the log start again from its beginning.
 */
const BACKSTOP_PAGES = 10_000;

/** Starts the checkpointing worker; if it cannot run, the COMMITs checkpoint as SQLite does by default. */
function startCheckpointer(file: string, sqlite: SqliteDatabase.Database): { stop(): Promise<void> } {
  sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  const worker = new Worker(new URL('./checkpointer.ts', import.meta.url), {
    workerData: { file, intervalMs: CHECKPOINT_MS },
  });
  worker.unref();
  let stopping = false;
  const fallBack = () => {
    if (!stopping && sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
  };
  worker.on('error', fallBack);
  worker.on('exit', fallBack);
  return {
    async stop() {
      stopping = true;
      const exited = once(worker, 'exit');
      worker.postMessage('stop');
      // A checkpoint in progress finishes first; one that does not within a few seconds is cut short
      // (a checkpoint only copies what the log already holds).
      const timer = setTimeout(() => void worker.terminate(), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * Kysely's SQLite driver, with a query's promise held back until the commits made before it ended are
 * durable. The connection is released first, so the next query runs while the log syncs.
 */
class DurableSqliteDialect extends SqliteDialect {
  readonly #sync: WalSync | undefined;
  constructor(database: SqliteDialectDatabase, sync: WalSync | undefined) {
    super({ database });
    this.#sync = sync;
  }

  override createDriver(): Driver {
    const driver = super.createDriver();
    return new AfterCommitDriver(this.#sync ? new DurableDriver(driver, this.#sync) : driver);
  }
}

class DurableDriver extends DelegatingDriver {
  readonly #sync: WalSync;
  constructor(driver: Driver, sync: WalSync) {
    super(driver);
    this.#sync = sync;
  }

  override beginTransaction(connection: DatabaseConnection): Promise<void> {
    return beginImmediate(connection);
  }

  override async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await super.releaseConnection(connection);
    await this.#sync.durable();
  }
}

/**
 * A transaction takes the write lock when it begins. SQLite's default (DEFERRED) takes it at the first
 * write, and if another process (a `wcs` command beside the server, the server beside it) committed after
 * this transaction's first read, that upgrade fails at once with SQLITE_BUSY: busy_timeout never waits
 * for it. IMMEDIATE waits its busy_timeout for the lock instead, and then sees the latest data.
 */
const beginImmediate = (connection: DatabaseConnection) =>
  connection.executeQuery(CompiledQuery.raw('begin immediate')).then(() => undefined);

/** What a statement does to the database, by its first word. */
type StatementKind = 'read' | 'write' | 'commit' | 'rollback' | 'other';

function kindOf(sql: string): StatementKind {
  const word = /^\s*(\w+)/.exec(sql)?.[1]?.toLowerCase();
  switch (word) {
    case 'select':
    case 'explain':
      return 'read';
    case 'commit':
    case 'end':
      return 'commit';
    case 'rollback':
      // ROLLBACK TO a savepoint keeps the transaction (and what it wrote before the savepoint).
      return /^\s*rollback\s+to\b/i.test(sql) ? 'other' : 'rollback';
    case 'begin':
    case 'savepoint':
    case 'release':
      return 'other';
    default:
      // insert, update, delete, with (a CTE may end in any of them), DDL, pragma: counted as writes.
      return 'write';
  }
}

/**
 * Kysely asks the driver to prepare every query afresh; compiling SQL costs tens of microseconds, more
 * than running most of our queries. The same SQL text reuses its prepared statement (Kysely runs one
 * query at a time on the connection, so a statement is never in use twice). With a WalSync, statements
 * that write and COMMITs are watched, so it knows when a commit wrote something to sync.
 */
function withStatementCache(
  sqlite: SqliteDatabase.Database,
  sync: WalSync | undefined,
): SqliteDialectDatabase {
  const statements = new LRUCache<string, SqliteStatement>({ max: 1_000 });
  /** The transaction in progress has written: its COMMIT is one to sync. */
  let transactionWrote = false;
  const ran = (kind: StatementKind) => {
    if (kind === 'write') {
      if (sqlite.inTransaction) transactionWrote = true;
      else sync!.committed();
    } else if (kind === 'commit') {
      if (transactionWrote) sync!.committed();
      transactionWrote = false;
    } else if (kind === 'rollback') {
      transactionWrote = false;
    }
  };
  const watched = (statement: SqliteDatabase.Statement, kind: StatementKind): SqliteStatement => ({
    reader: statement.reader,
    all(parameters) {
      const rows = statement.all(parameters);
      ran(kind);
      return rows;
    },
    run(parameters) {
      const result = statement.run(parameters);
      ran(kind);
      return result;
    },
    iterate(parameters) {
      // Kysely streams only reads; a write is run to its end first, so it is counted once done.
      const rows = statement.all(parameters);
      ran(kind);
      return rows[Symbol.iterator]();
    },
  });
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        const prepared = sqlite.prepare(sql);
        const kind = kindOf(sql);
        statement = sync && kind !== 'read' && kind !== 'other' ? watched(prepared, kind) : prepared;
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}
