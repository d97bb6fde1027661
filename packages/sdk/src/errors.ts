import type { components } from './openapi.ts';

type Envelope = components['schemas']['ErrorResponse']['error'];

/** Every code the API answers with (docs: /docs/guides/errors); branch on it, never on the message. */
export type ErrorCode = Envelope['code'];

/** Which field was wrong and how (validation errors). */
export type ErrorDetail = NonNullable<Envelope['details']>[number];

/** Any error this SDK throws. */
export class WcsError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/**
 * The API answered with an error. `code` is from the API's error envelope, or `UNEXPECTED_RESPONSE`
 * when something in between (a proxy, a load balancer) answered with a body that is not one.
 */
export class WcsApiError extends WcsError {
  readonly status: number;
  readonly code: ErrorCode | 'UNEXPECTED_RESPONSE';
  readonly details: ErrorDetail[];
  /** The `Request-Id` of the failed request: quote it to support. */
  readonly requestId: string | undefined;
  /** Seconds the API asked to wait (`Retry-After`), on 429 and some 503 answers. */
  readonly retryAfter: number | undefined;
  readonly headers: Headers;

  constructor(init: {
    status: number;
    code: ErrorCode | 'UNEXPECTED_RESPONSE';
    message: string;
    details?: ErrorDetail[];
    requestId?: string;
    headers: Headers;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? [];
    this.requestId = init.requestId;
    this.headers = init.headers;
    this.retryAfter = retryAfterSeconds(init.headers.get('retry-after'));
  }
}

/** 400: the request is not valid; `details` names each field and what is wrong with it. */
export class WcsInvalidRequestError extends WcsApiError {}
/** 401: the API key is missing, invalid or revoked. */
export class WcsAuthenticationError extends WcsApiError {}
/** 404: no such note, site, receipt, watch, endpoint, event, code or route. */
export class WcsNotFoundError extends WcsApiError {}
/** 409: the request conflicts with the resource's state (already signed, superseded, ...). */
export class WcsConflictError extends WcsApiError {}
/** 422: understood but refused by a rule (an Idempotency-Key reused with another body, ...). */
export class WcsUnprocessableError extends WcsApiError {}
/** 429: the per-minute rate limit or the monthly quota is spent; see `retryAfter`. */
export class WcsRateLimitError extends WcsApiError {}
/** 5xx: the service or a register it depends on failed; safe to try again later. */
export class WcsServerError extends WcsApiError {}

const BY_STATUS: Record<number, typeof WcsApiError> = {
  400: WcsInvalidRequestError,
  401: WcsAuthenticationError,
  404: WcsNotFoundError,
  409: WcsConflictError,
  422: WcsUnprocessableError,
  429: WcsRateLimitError,
};

/** The request never got an answer: DNS, refused or reset connection, or the timeout. */
export class WcsConnectionError extends WcsError {}
/** No answer within the client's `timeoutMs`. */
export class WcsTimeoutError extends WcsConnectionError {}

/** The typed error for an error response, from its (already read) body. */
export function apiErrorFrom(response: Response, body: unknown): WcsApiError {
  const envelope = isEnvelope(body) ? body.error : undefined;
  const requestId = envelope?.request_id ?? response.headers.get('request-id') ?? undefined;
  const Class = BY_STATUS[response.status] ?? (response.status >= 500 ? WcsServerError : WcsApiError);
  if (envelope) {
    return new Class({
      status: response.status,
      code: envelope.code,
      message: envelope.message,
      details: envelope.details,
      requestId,
      headers: response.headers,
    });
  }
  const text = typeof body === 'string' ? body.slice(0, 200) : '';
  return new Class({
    status: response.status,
    code: 'UNEXPECTED_RESPONSE',
    message: `HTTP ${response.status} without the API's error envelope${text ? `: ${text}` : ''}`,
    requestId,
    headers: response.headers,
  });
}

function isEnvelope(body: unknown): body is { error: Envelope } {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const error = (body as { error: unknown }).error;
  return typeof error === 'object' && error !== null && typeof (error as Envelope).code === 'string';
}

/** `Retry-After` as whole seconds (RFC 9110 §10.2.3: delay-seconds or an HTTP date). */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}
