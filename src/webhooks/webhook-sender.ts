import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { checkUrlShape, safeLookup, UnsafeUrlError, type UrlPolicy } from './url-safety.ts';

/** What became of one POST to a receiver. */
export interface SendResult {
  /** The receiver's HTTP status; null when none came back. */
  httpStatus: number | null;
  /** Why it is not a success, in words; null for a 2xx. */
  error: string | null;
  /** The start of the answer, at most EXCERPT_CHARS characters. */
  excerpt: string | null;
  durationMs: number;
}

const EXCERPT_CHARS = 500;
const EXCERPT_BYTES = 2048;

/**
 * POSTs one signed event. Redirects are not followed (a 3xx is a failure, as with Stripe), so a receiver
 * cannot steer the request to another host; the host is resolved through safeLookup on every attempt;
 * the whole exchange has one deadline; at most a short excerpt of the answer is read and kept.
 */
export function sendWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { timeoutMs: number; policy: UrlPolicy },
): Promise<SendResult> {
  const started = performance.now();
  const finish = (r: Omit<SendResult, 'durationMs'>): SendResult => ({
    ...r,
    durationMs: Math.round(performance.now() - started),
  });
  let target: URL;
  try {
    target = checkUrlShape(url, options.policy);
  } catch (error) {
    return Promise.resolve(
      finish({ httpStatus: null, error: `Refused: the URL ${(error as Error).message}.`, excerpt: null }),
    );
  }
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const done = (r: Omit<SendResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(finish(r));
    };
    const req = send(
      target,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'WasteComplianceService-Webhooks/1',
          ...headers,
        },
        lookup: safeLookup(options.policy),
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let size = 0;
        const settle = () => {
          const excerpt = Buffer.concat(chunks).toString('utf8').slice(0, EXCERPT_CHARS);
          const ok = status >= 200 && status < 300;
          done({
            httpStatus: status,
            error: ok
              ? null
              : status >= 300 && status < 400
                ? `HTTP ${status}: redirects are not followed`
                : `HTTP ${status}`,
            excerpt: excerpt || null,
          });
          res.destroy();
        };
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= EXCERPT_BYTES) settle();
        });
        res.on('end', settle);
        res.on('error', settle);
      },
    );
    const timer = setTimeout(() => {
      done({ httpStatus: null, error: `No answer within ${options.timeoutMs} ms`, excerpt: null });
      req.destroy();
    }, options.timeoutMs);
    req.on('error', (error: NodeJS.ErrnoException) => {
      const why =
        error instanceof UnsafeUrlError || error.code === 'EADDRNOTPUBLIC'
          ? `Refused: ${error.message}`
          : `Could not connect: ${error.code ?? error.message}`;
      done({ httpStatus: null, error: why, excerpt: null });
    });
    req.end(body);
  });
}
