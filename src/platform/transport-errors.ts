import { type ServerResponse, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { setApiHeaders } from './api-headers.ts';
import { sendApiError, shortPath } from './error-handler.ts';
import { ApiError, errorBody } from './errors.ts';
import { newRequestId } from './ids.ts';

/**
 * Refusals made before a request reaches a route: Node's HTTP parser (headers too large, a request too
 * slow, bytes that are not HTTP) and Fastify's router (a path that is not valid percent-encoding, a
 * path parameter too long). They leave in the same envelope, with a request id, as every other error.
 */

/** Fastify's `frameworkErrors`: the router's refusals, answered in the envelope. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const path = request.raw.url?.split('?')[0] ?? '/';
  const apiError =
    error.code === 'FST_ERR_BAD_URL'
      ? new ApiError(
          'INVALID_REQUEST',
          `The path ${shortPath(path)} is not valid: a % must start a percent-encoded UTF-8 byte such as %20.`,
        )
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? new ApiError('URI_TOO_LONG')
        : new ApiError('INVALID_REQUEST', 'The request could not be routed.');
  // No onRequest hook ran for this request: its headers are set here.
  sendApiError(setApiHeaders(reply.header('Request-Id', request.id), request.raw.url), apiError);
}

/**
 * Fastify's `clientErrorHandler`: Node's parser refused the request (or the client was too slow), so no
 * Fastify request exists. The answer is written to the socket with a fresh request id, then the
 * connection is closed. A response already under way is never corrupted: then the socket is only closed.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const apiError =
      error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new ApiError('REQUEST_TIMEOUT')
        : error.code === 'HPE_HEADER_OVERFLOW'
          ? new ApiError('HEADERS_TOO_LARGE')
          : new ApiError('INVALID_REQUEST', 'The request is not valid HTTP/1.1.');
    const id = newRequestId();
    const body = JSON.stringify(errorBody(apiError, id));
    socket.write(
      `HTTP/1.1 ${apiError.status} ${STATUS_CODES[apiError.status]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Request-Id: ${id}\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroySoon();
}
