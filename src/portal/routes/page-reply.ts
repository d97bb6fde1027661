import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { Html } from '../html.ts';

/**
 * Sends a rendered page, encoded once: as text, Fastify would measure its UTF-8 length for
 * Content-Length and the socket would encode it again as it writes.
 */
export function sendPage(reply: FastifyReply, page: Html, status = 200): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').send(Buffer.from(page.value));
}

/**
 * Form bodies are flat maps of short strings; a repeated field (an array) or a megabyte of text is
 * refused before any handler runs. Each route checks the meaning of the fields itself, so it can show
 * the problem next to the field.
 */
export const FormBodySchema = Type.Record(Type.String(), Type.String({ maxLength: 4096 }));

export const NoticeQuery = Type.Object({ done: Type.Optional(Type.String({ maxLength: 40 })) });

/** A wait in words for a refused attempt: seconds under a minute, whole minutes (rounded up) above. */
export function waitWords(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
