/** This capability's tables, as Kysely sees them (see src/platform/db/schema.ts). */

/**
 * One /v1 request made with an API key, as its organisation sees it in the request log: what was asked
 * and what came back, never a body, a query string or the key itself (docs/requests.md).
 */
export interface ApiRequestRow {
  /** The request id, `req_…`: the `Request-Id` header the client got. */
  id: string;
  organisation_id: string;
  /** The mode of the key that made it. */
  mode: 'live' | 'test';
  key_id: string;
  /** The key's display prefix (`wcs_test_AbC1…`), never the key. */
  key_prefix: string;
  method: string;
  /** The route it matched, in the reference's form: `/v1/wtn/{reference}`. */
  route: string;
  /** The path it was sent to, without its query string. */
  path: string;
  status: number;
  /** The `error.code` of an error answer; null for a success. */
  error_code: string | null;
  /** From the request's arrival to its response, in milliseconds. */
  duration_ms: number;
  /** When it arrived, ISO 8601 UTC. */
  created_at: string;
}

export interface RequestLogTables {
  api_requests: ApiRequestRow;
}
