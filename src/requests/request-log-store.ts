import { type Kysely, sql } from 'kysely';
import type { Db } from '../platform/db/database.ts';
import { MultiRowInsert, statementSizes } from '../platform/db/multi-row-insert.ts';
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

// Row counts are split into powers of two (statementSizes), so at most ten INSERT statements exist.
export { statementSizes } from '../platform/db/multi-row-insert.ts';

/** The request log's rows: written in batches, listed per organisation and mode, pruned by age. */
export class RequestLogStore {
  readonly #db: Kysely<Database>;
  readonly #lockRows: boolean;
  /**
   * The INSERT for a batch, built once per row count. An id met again (an instance's request counter
   * wraps after 36^6 requests: platform/ids.ts) is skipped rather than failing the whole batch.
   */
  readonly #insert = new MultiRowInsert<ApiRequestRow>(COLUMNS, (db, rows) =>
    db
      .insertInto('api_requests')
      .values(rows)
      .onConflict((oc) => oc.doNothing()),
  );

  constructor(db: Db) {
    this.#db = db.kysely;
    this.#lockRows = db.dialect === 'postgres';
  }

  /** Inserts the rows in one transaction (one durable commit for the whole batch). */
  async insert(rows: ApiRequestRow[]): Promise<void> {
    if (statementSizes(rows.length).length <= 1) await this.#insert.insert(this.#db, rows);
    else await this.#db.transaction().execute((trx) => this.#insert.insert(trx, rows));
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
