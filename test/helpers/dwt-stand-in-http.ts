import { type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import type { DwtProblem } from './dwt-stand-in-rules.ts';

/** An answer the stand-in is about to give. */
export interface Outcome {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** hapi's error body (@hapi/boom), which DWT sends for everything but validation errors. */
export const boom = (status: number, message: string) => ({
  statusCode: status,
  error: STATUS_CODES[status] ?? 'Unknown',
  message,
});

/** `{ validation: { warnings } }` when there are any, else nothing (DWT omits the object). */
export const withWarnings = (warnings: DwtProblem[]) =>
  warnings.length > 0 ? { validation: { warnings } } : {};

export function send(res: ServerResponse, { status, body, headers }: Outcome): void {
  if (res.destroyed) return;
  const text = typeof body === 'string';
  res
    .writeHead(status, {
      'content-type': text ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8',
      ...headers,
    })
    .end(text ? body : JSON.stringify(body));
}

const MAX_BODY_BYTES = 1024 * 1024; // hapi's default payload limit

/** hapi's handling of a JSON payload: too large, not JSON by type, or the body (null when empty). */
export function jsonPayload(req: IncomingMessage, raw: Buffer): { body: unknown } | { refusal: Outcome } {
  const refuse = (status: number, message: string) => ({ refusal: { status, body: boom(status, message) } });
  if (raw.length > MAX_BODY_BYTES) {
    return refuse(413, `Payload content length greater than maximum allowed: ${MAX_BODY_BYTES}`);
  }
  const type = (req.headers['content-type'] ?? 'application/json').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json' && !type.endsWith('+json')) return refuse(415, 'Unsupported Media Type');
  try {
    return { body: raw.length > 0 ? JSON.parse(raw.toString('utf8')) : null };
  } catch {
    // hapi's parse error is a 400 without validation details; DWT's error handler reads the details
    // regardless (waste-movement-external-api src/plugins/error-handler.js), fails, and hapi answers 500.
    return refuse(500, 'An internal server error occurred');
  }
}

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function parseOrText(raw: Buffer): unknown {
  const text = raw.toString('utf8');
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}

/** DWT's two movement routes (hapi strips a trailing slash); `wasteTrackingId` only for the PUT. */
export function movementRoute(method: string | undefined, path: string): { wasteTrackingId?: string } | null {
  if (method === 'POST' && path === '/movements/receive') return {};
  const update = /^\/movements\/([^/]+)\/receive$/.exec(path);
  if (method === 'PUT' && update) return { wasteTrackingId: decodeURIComponent(update[1]) };
  return null;
}

/** `Authorization: Basic base64(id:secret)` as the DWT authentication guide sends it, else null. */
export function basicCredentials(header: string | undefined): [string, string] | null {
  const match = /^Basic\s+(\S+)$/i.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : [decoded.slice(0, colon), decoded.slice(colon + 1)];
}
