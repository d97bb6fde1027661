import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * Ends a HEAD with the headers set so far and no Content-Length: a HEAD's Content-Length must be what a
 * GET would send, which a route that skips reading and rendering does not know. (An empty string would
 * say 0 bytes.)
 */
export function sendHeadersOnly(reply: FastifyReply): FastifyReply {
  return reply.send(Readable.from([]));
}
