import { CompiledQuery, type Kysely, sql } from 'kysely';
import type { Db } from '../platform/db/database.ts';
import type { Database } from '../platform/db/schema.ts';
import type { Position } from '../platform/paging.ts';
import type { PruneBatch } from '../platform/retention.ts';
import type { ApiRequestRow } from './tables.ts';

export interface RequestLogScope {
  organisationId: string;
  mode: 'live' | 'test';
}

/** What a list is narrowed to; every field optional. */
export interface RequestFilters {
  status?: number;
  /** 2 for 2xx, 4 for 4xx, … */
  statusClass?: number;
  method?: string;
  /** The path starts with this (compared exactly: paths are case-sensitive). */
  pathPrefix?: string;
  keyId?: string;
  /** Inclusive bounds, ISO 8601 UTC. */
  createdFrom?: string;
  createdTo?: string;
  after?: Position;
}

/** What newRequestId() makes (platform/ids.ts): any other text names no request, so no query is made. */
const REQUEST_ID = /^req_[A-Za-z0-9_-]{1,60}$/;

/** The columns of a row, in the order an INSERT's parameters follow. */
const COLUMNS = [
  'id',
  'organisation_id',
  'mode',
  'key_id',
  'key_prefix',
  'method',
  'route',
  'path',
  'status',
  'error_code',
  'duration_ms',
  'created_at',
] as const satisfies readonly (keyof ApiRequestRow)[];

/** The largest multi-row insert: 12 columns a row stays far under SQLite's 32,766 bound parameters. */
const LARGEST_STATEMENT = 512;

/**
 * The row counts a batch is inserted in: powers of two, largest first (137 rows are 128 + 8 + 1), so
 * however batch sizes vary, at most ten distinct INSERT statements exist. SQLite keeps prepared
 * statements in a bounded cache keyed by their text (platform/db/database.ts); a statement for every
 * batch size would push out the ones the requests themselves use.
 */
export function statementSizes(rows: number): number[] {
  const sizes: number[] = [];
  let left = rows;
  for (let size = LARGEST_STATEMENT; size >= 1; size /= 2) {
    while (left >= size) {
      sizes.push(size);
      left -= size;
    }
  }
  return sizes;
}

/** The request log's rows: written in batches, listed per organisation and mode, pruned by age. */
export class RequestLogStore {
  readonly #db: Kysely<Database>;
  readonly #lockRows: boolean;
  /** The SQL of an INSERT of n rows, by n: compiled once (as register-store.ts does for imports). */
  readonly #inserts = new Map<number, string>();

  constructor(db: Db) {
    this.#db = db.kysely;
    this.#lockRows = db.dialect === 'postgres';
  }

  /** Inserts the rows in one transaction (one durable commit for the whole batch). */
  async insert(rows: ApiRequestRow[]): Promise<void> {
    const sizes = statementSizes(rows.length);
    const write = async (db: Kysely<Database>) => {
      let at = 0;
      for (const size of sizes) {
        const chunk = rows.slice(at, at + size);
        const parameters = chunk.flatMap((row) => COLUMNS.map((column) => row[column]));
        await db.executeQuery(CompiledQuery.raw(this.#insertOf(chunk), parameters));
        at += size;
      }
    };
    if (sizes.length <= 1) await write(this.#db);
    else await this.#db.transaction().execute(write);
  }

  /**
   * The INSERT for as many rows as `chunk` holds. Building a multi-row INSERT costs Kysely more than the
   * database spends running it, and is done on the event loop the requests share; its text depends only
   * on the row count, so it is built once per count and then only given each batch's parameters.
   */
  #insertOf(chunk: ApiRequestRow[]): string {
    let text = this.#inserts.get(chunk.length);
    if (text === undefined) {
      const ordered = chunk.map(
        (row) => Object.fromEntries(COLUMNS.map((c) => [c, row[c]])) as unknown as ApiRequestRow,
      );
      // An id met again (an instance's request counter wraps after 36^6 requests: platform/ids.ts) is
      // skipped rather than failing the whole batch.
      text = this.#db
        .insertInto('api_requests')
        .values(ordered)
        .onConflict((oc) => oc.doNothing())
        .compile().sql;
      this.#inserts.set(chunk.length, text);
    }
    return text;
  }

  /** Where a request of this scope sits in its list; undefined for any other id. */
  async position(scope: RequestLogScope, id: string): Promise<Position | undefined> {
    if (!REQUEST_ID.test(id)) return undefined;
    const row = await this.#db
      .selectFrom('api_requests')
      .select(['created_at', 'id'])
      .where('organisation_id', '=', scope.organisationId)
      .where('mode', '=', scope.mode)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && { createdAt: row.created_at, id: row.id };
  }

  /** Newest first, ties broken by id, so pages never overlap or skip. */
  list(scope: RequestLogScope, f: RequestFilters, limit: number): Promise<ApiRequestRow[]> {
    let q = this.#db
      .selectFrom('api_requests')
      .selectAll()
      .where('organisation_id', '=', scope.organisationId)
      .where('mode', '=', scope.mode);
    if (f.status !== undefined) q = q.where('status', '=', f.status);
    if (f.statusClass !== undefined) {
      q = q.where('status', '>=', f.statusClass * 100).where('status', '<', (f.statusClass + 1) * 100);
    }
    if (f.method) q = q.where('method', '=', f.method);
    if (f.keyId) q = q.where('key_id', '=', f.keyId);
    if (f.createdFrom) q = q.where('created_at', '>=', f.createdFrom);
    if (f.createdTo) q = q.where('created_at', '<=', f.createdTo);
    const prefix = f.pathPrefix;
    // Not LIKE: SQLite's LIKE ignores case, and `_` and `%` in a path would be wildcards.
    if (prefix) q = q.where(sql<string>`substr(path, 1, ${prefix.length})`, '=', prefix);
    const after = f.after;
    if (after) {
      q = q.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(after.createdAt, after.id)));
    }
    return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  }

  /**
   * Removes up to `limit` of the oldest rows created before `before`, in one statement. Instances
   * pruning at once on PostgreSQL take different rows (SKIP LOCKED) rather than wait for one another.
   */
  async pruneBatch(before: string, limit: number): Promise<PruneBatch<'requests'>> {
    let oldest = this.#db
      .selectFrom('api_requests')
      .select('id')
      .where('created_at', '<', before)
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit);
    if (this.#lockRows) oldest = oldest.forUpdate().skipLocked();
    const result = await this.#db.deleteFrom('api_requests').where('id', 'in', oldest).executeTakeFirst();
    const removed = Number(result.numDeletedRows);
    return { chosen: removed, removed: { requests: removed } };
  }
}
