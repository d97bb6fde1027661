import type { FastifyReply } from 'fastify';

/**
 * Aborts when the client disconnects before its response has been written, so upstream work done only
 * for that client can stop. Not Fastify's `request.signal`: it listens for the request stream's 'close',
 * which Node emits as soon as a request body has been read, so every POST would look abandoned
 * (fastify/fastify#6725). The response's 'close' before `end()` is a disconnect.
 */
export function clientGone(reply: FastifyReply): AbortSignal {
  const gone = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableEnded) gone.abort();
  });
  return gone.signal;
}
