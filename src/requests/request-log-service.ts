import type { Logger } from 'pino';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/database.ts';
import { ApiError, type ErrorDetail } from '../platform/errors.ts';
import { DEFAULT_PAGE_SIZE, pageOf, positionOf } from '../platform/paging.ts';
import { Retention } from '../platform/retention.ts';
import { type RequestFilters, type RequestLogScope, RequestLogStore } from './request-log-store.ts';
import { RequestLogWriter } from './request-log-writer.ts';
import type { ApiRequest, ListRequestsQuery, RequestList } from './request-schemas.ts';
import type { ApiRequestRow } from './tables.ts';

export type { RequestLogScope };

/** What the request log keeps of a request made with a key, handed over once it has been answered. */
export interface AnsweredRequest {
  id: string;
  key: { organisationId: string; mode: 'live' | 'test'; keyId: string; displayPrefix: string };
  method: string;
  /** The route's path as Fastify names it (`/v1/wtn/:reference`). */
  route: string;
  /** The URL as sent, query string included: only its path is kept. */
  url: string;
  status: number;
  errorCode: string | null;
  /** Milliseconds from arrival to response. */
  elapsedMs: number;
}

export interface RequestLogOptions {
  db: Db;
  clock: Clock;
  logger: Logger;
  /** REQUEST_LOG_RETENTION_DAYS. */
  retentionDays: number;
  /** Whether this instance prunes on a schedule (those with WEBHOOK_WORKER=on, as for events). */
  prune: boolean;
}

/** Paths are kept to this length: the log shows where a request went, not an arbitrarily long URL. */
const MAX_PATH = 1_000;

/** `/v1/wtn/:reference` as the reference writes it, `/v1/wtn/{reference}`; remembered per route. */
const referenceForms = new Map<string, string>();
function referenceForm(route: string): string {
  let form = referenceForms.get(route);
  if (form === undefined) {
    form = route.replace(/:(\w+)/g, '{$1}');
    if (referenceForms.size < 1_000) referenceForms.set(route, form);
  }
  return form;
}

export function requestView(row: ApiRequestRow): ApiRequest {
  return {
    id: row.id,
    object: 'api_request',
    method: row.method,
    route: row.route,
    path: row.path,
    status: row.status,
    error_code: row.error_code,
    key: { id: row.key_id, prefix: row.key_prefix },
    mode: row.mode,
    duration_ms: Number(row.duration_ms),
    created_at: row.created_at,
  };
}

/**
 * The request log: every /v1 request made with an API key, per organisation and mode, so a developer
 * can see what their code sent and what came back (method, path, status, error code, request id, key,
 * time taken), never a body or a query string. Rows are written behind the responses in batches
 * (request-log-writer.ts) and kept REQUEST_LOG_RETENTION_DAYS (platform/retention.ts).
 */
export class RequestLogService {
  /** Removes rows older than the retention: scheduled on pruning instances; `prune()` at once. */
  readonly retention: Retention<'requests'>;
  readonly #store: RequestLogStore;
  readonly #writer: RequestLogWriter;
  readonly #clock: Clock;
  readonly #prune: boolean;

  constructor(o: RequestLogOptions) {
    this.#store = new RequestLogStore(o.db);
    this.#writer = new RequestLogWriter((rows) => this.#store.insert(rows), o.logger);
    this.#clock = o.clock;
    this.#prune = o.prune;
    this.retention = new Retention({
      clock: o.clock,
      logger: o.logger,
      days: o.retentionDays,
      kinds: ['requests'],
      batch: (before, limit) => this.#store.pruneBatch(before, limit),
      what: 'request log retention',
      removedMessage: 'old requests removed from the request log',
    });
  }

  /** Hands a request's row to the writer: called once it has been answered; never throws or waits. */
  record(r: AnsweredRequest): void {
    const arrived = this.#clock.now().getTime() - r.elapsedMs;
    const query = r.url.indexOf('?');
    const path = query === -1 ? r.url : r.url.slice(0, query);
    this.#writer.record({
      id: r.id,
      organisation_id: r.key.organisationId,
      mode: r.key.mode,
      key_id: r.key.keyId,
      key_prefix: r.key.displayPrefix,
      method: r.method,
      route: referenceForm(r.route),
      path: path.length > MAX_PATH ? path.slice(0, MAX_PATH) : path,
      status: r.status,
      error_code: r.errorCode,
      duration_ms: Math.round(r.elapsedMs * 10) / 10,
      created_at: new Date(arrived).toISOString(),
    });
  }

  /**
   * A page of the scope's requests, newest first. Rows this instance has not written yet are written
   * first, so a request answered before the list was asked for is in it.
   */
  async list(scope: RequestLogScope, query: ListRequestsQuery): Promise<RequestList> {
    const filters = filtersOf(query);
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    await this.#writer.flush();
    filters.after = await positionOf(
      query.starting_after,
      (id) => this.#store.position(scope, id),
      'requests',
    );
    const rows = await this.#store.list(scope, filters, limit + 1);
    return pageOf(rows, limit, requestView);
  }

  /** Writes the rows still waiting (a test, or a shutdown). */
  flush(): Promise<void> {
    return this.#writer.flush();
  }

  start(): void {
    if (this.#prune) this.retention.start();
  }

  async stop(): Promise<void> {
    await this.retention.stop();
    await this.#writer.flush();
  }
}

/** The store's filters from the query; what the schema cannot check is refused here. */
function filtersOf(query: ListRequestsQuery): RequestFilters {
  const details: ErrorDetail[] = [];
  const instant = (field: 'created_from' | 'created_to'): string | undefined => {
    const text = query[field];
    if (text === undefined) return undefined;
    const at = new Date(text);
    if (Number.isNaN(at.getTime())) {
      details.push({ field, issue: 'must be a date and time, e.g. 2026-11-23T09:00:00Z' });
      return undefined;
    }
    return at.toISOString();
  };
  const createdFrom = instant('created_from');
  const createdTo = instant('created_to');
  if (createdFrom && createdTo && createdFrom > createdTo) {
    details.push({ field: 'created_to', issue: 'must be on or after created_from' });
  }
  if (details.length > 0) {
    throw new ApiError('INVALID_REQUEST', `${details[0].field} ${details[0].issue}.`, details);
  }
  const status = query.status;
  const statusClass = status?.endsWith('xx') ? Number(status[0]) : undefined;
  return {
    status: status && statusClass === undefined ? Number(status) : undefined,
    statusClass,
    method: query.method,
    pathPrefix: query.path,
    keyId: query.key_id,
    createdFrom,
    createdTo,
  };
}
