import type { FastifyReply, FastifyRequest } from 'fastify';
import { LogController } from 'fastify';

/**
 * One log line per request, written when it ends: method, path, status, time taken and request id
 * together, as an access log has them, with any signing or reset token in the path replaced (on
 * every path, not only the routes that take one). Fastify's default writes a second line when the request starts; that
 * one is kept at debug level, for following a request that never ends.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: logged(request) }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const entry = { req: logged(request), res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...entry, err: error }, 'request errored');
    else reply.log.info(entry, 'request completed');
  }
}

/**
 * Paths that carry a secret after their prefix: a signing link's token, a password reset's. Matched
 * whatever the case and however the rest of the path runs (a trailing slash, a deeper path), since a
 * path that is not the route's exact form is answered 404 by no route of theirs, and was logged whole.
 */
const TOKEN_PATH = /^(\/sign\/consignment|\/sign|\/portal\/reset)\/[^?#]*/i;

/** The request as every log line shows it: its URL with any token replaced. */
function logged(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.replace(TOKEN_PATH, (_all, prefix: string) =>
      /reset$/i.test(prefix) ? `${prefix}/[redacted]` : `${prefix}/[token]`,
    ),
    host: request.host,
    ip: request.ip,
    headers: request.headers,
    socket: request.socket,
  };
}

/** What pino-pretty reads of a line; every field optional, since any line may come through. */
interface LogLine {
  [key: string]: unknown;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  request_id?: string;
}

/** The fields the pretty format folds into the message, so they are not printed again below it. */
export const FOLDED_FIELDS = 'hostname,req,res,responseTime,request_id';

/**
 * The message of a pretty line: a finished request as `GET /v1/account 200 3.2 ms req_…`, any other line
 * as its message followed by the request it belongs to, if any.
 */
export function prettyMessage(line: LogLine, messageKey: string): string {
  const message = typeof line[messageKey] === 'string' ? (line[messageKey] as string) : '';
  const { req, res, responseTime } = line;
  const request = req?.method ? `${req.method} ${req.url ?? ''}` : '';
  const id = line.request_id ?? '';
  if (request && res?.statusCode !== undefined && typeof responseTime === 'number') {
    const summary = `${request} ${res.statusCode} ${responseTime.toFixed(1)} ms ${id}`.trim();
    return message === 'request completed' ? summary : `${summary}: ${message}`;
  }
  const context = [request, res?.statusCode, id].filter((part) => part !== '' && part !== undefined);
  return context.length > 0 ? `${message} (${context.join(' ')})` : message;
}
