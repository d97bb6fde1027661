import { DelegateBackoff, handleWhenResult, type IRetryBackoffContext, retry } from 'cockatiel';
import { retryAfterSeconds, WcsConnectionError, WcsTimeoutError } from './errors.ts';

/** What the client reports before each retry (for logs and metrics). */
export interface RetryEvent {
  /** 1 for the first retry. */
  attempt: number;
  /** How long the client waits before it. */
  delayMs: number;
  method: string;
  url: string;
  /** The status that caused the retry, or the connection error. */
  status?: number;
  error?: Error;
}

export interface RetrySettings {
  maxRetries: number;
  /** A Retry-After longer than this is not waited for: the error is thrown (e.g. a spent monthly quota). */
  maxRetryDelayMs: number;
  timeoutMs: number;
  onRetry?: (event: RetryEvent) => void;
}

const BASE_DELAY_MS = 500;
const MAX_BACKOFF_MS = 8_000;

/**
 * POSTs that only read (a register check, a classification) may be sent again like a GET; the creates
 * that take an Idempotency-Key carry one on every try. Other POSTs are sent again only after a 429,
 * which the API answers before doing anything.
 */
const READ_ONLY_POSTS = ['/v1/verify-carrier', '/v1/verify-carrier/batch', '/v1/classify-waste'];

function repeatable(request: Request): boolean {
  if (request.method !== 'POST') return true;
  if (request.headers.has('idempotency-key')) return true;
  const path = new URL(request.url).pathname;
  return READ_ONLY_POSTS.some((suffix) => path.endsWith(suffix));
}

/**
 * A fetch that retries 429 and 503 answers and connection failures with exponential backoff and full
 * jitter, waiting what `Retry-After` asks when it is given. Each try sends a copy of the same request,
 * so an Idempotency-Key set once per call is the same on every try and a retry never creates twice.
 */
export function retryingFetch(
  fetchImpl: typeof globalThis.fetch,
  settings: RetrySettings,
): (request: Request) => Promise<Response> {
  const once = async (request: Request): Promise<Response> => {
    const timeout = new AbortController();
    const timer = setTimeout(
      () => timeout.abort(new DOMException('The operation timed out.', 'TimeoutError')),
      settings.timeoutMs,
    );
    // Unref'd where the runtime allows, so a finished script does not wait for it to fire.
    (timer as { unref?: () => void }).unref?.();
    try {
      const response = await fetchImpl(request.clone(), {
        signal: AbortSignal.any([request.signal, timeout.signal]),
      });
      // A download (a CSV export) is read as fast as the caller reads it: the timeout is for its start,
      // never for the reading. Any other answer must also be read within it.
      if (response.headers.get('content-type')?.startsWith('text/csv')) clearTimeout(timer);
      return response;
    } catch (error) {
      clearTimeout(timer);
      if (request.signal.aborted) throw request.signal.reason ?? error;
      if (timeout.signal.aborted) {
        throw new WcsTimeoutError(`No answer from ${request.url} within ${settings.timeoutMs} ms`, {
          cause: error,
        });
      }
      throw new WcsConnectionError(`Could not reach ${request.url}: ${(error as Error).message}`, {
        cause: error,
      });
    }
  };

  return async (request) => {
    const canRepeat = repeatable(request);
    const policy = retry(
      handleWhenResult(
        (result) => result instanceof Response && retriable(result, canRepeat, settings),
      ).orWhen((error) => canRepeat && error instanceof WcsConnectionError),
      { maxAttempts: settings.maxRetries, backoff: new DelegateBackoff(retryDelay) },
    );
    policy.onRetry((event) => {
      const response = 'value' in event ? (event.value as Response) : undefined;
      // An unread body holds its connection open until it is consumed or cancelled.
      void response?.body?.cancel().catch(() => {});
      settings.onRetry?.({
        attempt: event.attempt,
        delayMs: event.delay,
        method: request.method,
        url: request.url,
        status: response?.status,
        error: 'error' in event ? event.error : undefined,
      });
    });
    return policy.execute(() => once(request), request.signal);
  };
}

function retriable(response: Response, canRepeat: boolean, settings: RetrySettings): boolean {
  if (response.status !== 429 && !(response.status === 503 && canRepeat)) return false;
  const wait = retryAfterSeconds(response.headers.get('retry-after'));
  return wait === undefined || wait * 1000 <= settings.maxRetryDelayMs;
}

/** Retry-After when the API gave it; otherwise 0.5 s, 1 s, 2 s ... (capped at 8 s), fully jittered. */
function retryDelay(context: IRetryBackoffContext<unknown>): number {
  const result = 'value' in context.result ? context.result.value : undefined;
  const wait = result instanceof Response ? retryAfterSeconds(result.headers.get('retry-after')) : undefined;
  if (wait !== undefined) return wait * 1000;
  const ceiling = Math.min(MAX_BACKOFF_MS, BASE_DELAY_MS * 2 ** (context.attempt - 1));
  return Math.round(Math.random() * ceiling);
}
