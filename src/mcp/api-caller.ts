import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import type { InProcessAnswer, InProcessRequest } from './in-process-call.ts';

/** One call to the /v1 API, as a tool makes it. */
export interface ApiRequest {
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** Sent as `Idempotency-Key`, so a retried tool call never creates a second note. */
  idempotencyKey?: string;
}

export interface ApiResponse {
  status: number;
  /** The parsed JSON body; undefined when the answer was not JSON. */
  body: unknown;
  headers: Record<string, string | undefined>;
}

/**
 * How the MCP tools reach the API. Every tool goes through the real /v1 routes, so a tool call is
 * validated, limited, counted and refused exactly as the same REST call would be.
 */
export interface ApiCaller {
  call(method: 'GET' | 'POST', path: string, request?: ApiRequest): Promise<ApiResponse>;
}

/** What the SDK hands a tool callback beside its arguments. */
export type ToolExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/**
 * Which caller a tool call uses: `wcs mcp` has one for the process (its key); /mcp serves every key
 * from one server, so there each call uses the caller its request brought (json-exchanges.ts).
 */
export type ApiFor = (extra: ToolExtra) => ApiCaller;

/** The caller could not reach the API at all (network, DNS, timeout): not an API answer. */
export class ApiUnreachableError extends Error {}

function pathWithQuery(path: string, query: ApiRequest['query']): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

function requestHeaders(authorization: string | undefined, request: ApiRequest): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (authorization) headers.authorization = authorization;
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  if (request.idempotencyKey) headers['idempotency-key'] = request.idempotencyKey;
  return headers;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * In-process, for `/mcp`: the call is answered by this same app with the caller's own `Authorization`
 * header, so it passes the same hooks (key, rate limit, quota) as a REST call.
 */
export function inProcessApiCaller(
  send: (request: InProcessRequest) => Promise<InProcessAnswer>,
  authorization: string | undefined,
  onAnswer?: (answer: {
    method: string;
    path: string;
    status: number;
    headers: ApiResponse['headers'];
  }) => void,
): ApiCaller {
  return {
    async call(method, path, request = {}) {
      const response = await send({
        method,
        url: pathWithQuery(path, request.query),
        headers: requestHeaders(authorization, request),
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
      });
      onAnswer?.({ method, path, status: response.status, headers: response.headers });
      return { status: response.status, body: parseJson(response.body), headers: response.headers };
    },
  };
}

export interface HttpCallerOptions {
  /** The service's address, e.g. https://wcs.example.org (no /v1). */
  baseUrl: string;
  apiKey: string;
  /** The most one API call may take. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * Over HTTP, for `wcs mcp` on a user's machine: it needs only the service's URL and a key, never the
 * database, so an assistant on a laptop can use the hosted API.
 */
export function httpCaller(options: HttpCallerOptions): ApiCaller {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 60_000;
  return {
    async call(method, path, request = {}) {
      const url = `${base}${pathWithQuery(path, request.query)}`;
      const init = {
        method,
        headers: requestHeaders(`Bearer ${options.apiKey}`, request),
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
      };
      // One retry when the connection failed (a reset, a restarting instance); never after a timeout,
      // when the first request may still be running. A create carries its Idempotency-Key into the
      // retry, so a note whose answer was lost is answered again, not made twice.
      for (let attempt = 1; ; attempt++) {
        try {
          const response = await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
          const text = await response.text();
          return {
            status: response.status,
            body: parseJson(text),
            headers: Object.fromEntries(response.headers),
          };
        } catch (error) {
          const timedOut = (error as Error).name === 'TimeoutError';
          if (attempt === 1 && !timedOut) continue;
          const reason = timedOut ? `no answer within ${timeoutMs / 1000} s` : (error as Error).message;
          throw new ApiUnreachableError(`Could not reach the service at ${base}: ${reason}.`);
        }
      }
    },
  };
}
