import type { FastifyReply } from 'fastify';

/**
 * API answers are per key and may carry keys or notes: never stored by a cache, never sniffed.
 * docs/errors.md promises both on every /v1 response, a 404, a 405 and a refusal made before any route
 * included; the portal, the docs and the signing pages set their own.
 */
const API_HEADERS = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' } as const;

/** `/v1`, `/v1/...` or `/v1?...`, as the client sent it: not `/v1beta`. */
const API_PATH = /^\/v1(?:[/?#]|$)/;

/** Sets the headers every /v1 response carries when `url` is under /v1; other paths are left alone. */
export function setApiHeaders(reply: FastifyReply, url: string | undefined): FastifyReply {
  return url !== undefined && API_PATH.test(url) ? reply.headers(API_HEADERS) : reply;
}
