import {
  BrokenCircuitError,
  type CircuitBreakerPolicy,
  CircuitState,
  ConsecutiveBreaker,
  ConstantBackoff,
  circuitBreaker,
  handleAll,
  handleWhen,
  retry,
} from 'cockatiel';
import { itemNumber, itemsOf, parseItem, UnexpectedRegisterResponse } from './ea-item.ts';
import { RegisterDeadline } from './register-deadline.ts';
import {
  nameKey,
  nameMatches,
  postcodeKey,
  postcodeMatches,
  type RegisterRecord,
} from './register-record.ts';
import { RegisterUnavailableError } from './register-unavailable.ts';

export { RegisterUnavailableError };

/** A status worth one more try: the register or a proxy in front of it is briefly unwell. */
class TransientStatus extends Error {
  readonly status: number;
  constructor(status: number) {
    super(`register answered HTTP ${status}`);
    this.status = status;
  }
}

/** Another caller's trial call is deciding whether the register is back. */
class TrialInFlight extends Error {}

export interface SearchResult {
  records: RegisterRecord[];
  /** More matched than MAX_MATCHES. */
  truncated: boolean;
}

export interface EaRegisterClientOptions {
  baseUrl: string;
  /** The most one request may take (cut short by the deadline). */
  timeoutMs: number;
  /** The deadline of a call made without one: every request and the retry included. */
  deadlineMs?: number;
  /** Consecutive failures that open the circuit; while open, calls fail at once. */
  breakerThreshold?: number;
  /** How long the circuit stays open before one trial call. */
  breakerOpenMs?: number;
  retryDelayMs?: number;
  /** The retry is made only if at least this much of the deadline is left after its delay. */
  minRetryMs?: number;
}

const PAGE_SIZE = 100;
const MAX_PAGES = 5;
export const MAX_MATCHES = 50;
const NOT_FOUND = Symbol('not found');
const ITEMS_PATH = '/waste-carriers-brokers/registration';

/** A default no caller can exceed: one verification waits 10 s at most. */
export const MAX_DEADLINE_MS = 10_000;
/** A normal answer from the register takes a few hundred milliseconds. */
const MIN_RETRY_MS = 500;

/**
 * The Environment Agency's public register API (no key needed). One call (a look-up or a search, however
 * many requests it makes) has one deadline; each request also has its own timeout. A timeout, network
 * error, 429 or 5xx is retried once, if the deadline leaves time for it. Five failed requests in a row
 * open a circuit breaker: while open every call fails at once, then one trial call is let through and,
 * while it runs, every other call fails at once too (cockatiel would queue them behind the trial).
 */
export class EaRegisterClient {
  readonly #baseUrl: string;
  readonly #timeoutMs: number;
  readonly #deadlineMs: number;
  readonly #retryDelayMs: number;
  readonly #minRetryMs: number;
  readonly #breaker: CircuitBreakerPolicy;
  /** Date.now() when an open circuit lets a trial through, and when a running trial must be over. */
  #reopensAt = 0;
  #trialEndsAt = 0;

  constructor(options: EaRegisterClientOptions) {
    this.#baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.#timeoutMs = options.timeoutMs;
    this.#deadlineMs = Math.min(options.deadlineMs ?? MAX_DEADLINE_MS, MAX_DEADLINE_MS);
    this.#retryDelayMs = options.retryDelayMs ?? 100;
    this.#minRetryMs = options.minRetryMs ?? MIN_RETRY_MS;
    const openMs = options.breakerOpenMs ?? 30_000;
    this.#breaker = circuitBreaker(handleAll, {
      halfOpenAfter: openMs,
      breaker: new ConsecutiveBreaker(options.breakerThreshold ?? 5),
    });
    this.#breaker.onBreak(() => {
      this.#reopensAt = Date.now() + openMs;
    });
  }

  /** A deadline for one call: `ms` when given (never more than this client's), and the caller's cancel. */
  deadline(ms?: number, cancel?: AbortSignal): RegisterDeadline {
    return new RegisterDeadline(Math.min(ms ?? this.#deadlineMs, this.#deadlineMs), cancel);
  }

  /**
   * One registration by its exact number, or null when the register does not list it. The item
   * endpoint answers first; a 404 is confirmed with `number-search` (a partial match, filtered here for
   * the exact number), so a moved or renamed item path cannot turn every carrier into "not found".
   */
  async lookupNumber(number: string, deadline = this.deadline()): Promise<RegisterRecord | null> {
    const item = await this.#get(`${ITEMS_PATH}/${encodeURIComponent(number)}.json`, {}, deadline);
    const candidates =
      item === NOT_FOUND
        ? await this.#get(`${ITEMS_PATH}.json`, { 'number-search': number, _limit: '20' }, deadline)
        : item;
    if (candidates === NOT_FOUND) return null;
    const exact = itemsOf(candidates).find((i) => itemNumber(i) === number);
    return exact === undefined ? null : this.#read(() => parseItem(exact));
  }

  /** Registrations whose name holds every word of `name`, in order (name-search is looser; we filter). */
  searchByName(name: string, deadline = this.deadline()): Promise<SearchResult> {
    const key = nameKey(name);
    return this.#search({ 'name-search': name.trim() }, (r) => nameMatches(r, key), deadline);
  }

  /** Registrations whose registered address has exactly this postcode (address-search matches any text). */
  searchByPostcode(postcode: string, deadline = this.deadline()): Promise<SearchResult> {
    const key = postcodeKey(postcode);
    return this.#search({ 'address-search': postcode.trim() }, (r) => postcodeMatches(r, key), deadline);
  }

  async #search(
    params: Record<string, string>,
    matches: (r: RegisterRecord) => boolean,
    deadline: RegisterDeadline,
  ): Promise<SearchResult> {
    const found = new Map<string, RegisterRecord>();
    for (let page = 0; page < MAX_PAGES; page++) {
      const body = await this.#get(
        `${ITEMS_PATH}.json`,
        { ...params, _limit: String(PAGE_SIZE), _offset: String(page * PAGE_SIZE) },
        deadline,
      );
      if (body === NOT_FOUND) throw new RegisterUnavailableError('register search endpoint answered 404');
      const items = this.#read(() => itemsOf(body));
      for (const item of items) {
        // An unreadable item in a search is skipped rather than failing everyone else's match.
        const record = safeParse(item);
        if (record && matches(record)) found.set(record.registration_number, record);
      }
      if (found.size > MAX_MATCHES)
        return { records: [...found.values()].slice(0, MAX_MATCHES), truncated: true };
      if (items.length < PAGE_SIZE) break;
    }
    return { records: [...found.values()], truncated: false };
  }

  #read<T>(parse: () => T): T {
    try {
      return parse();
    } catch (error) {
      if (error instanceof UnexpectedRegisterResponse) throw new RegisterUnavailableError(error.message);
      throw error;
    }
  }

  /**
   * GET and parse JSON within the call's deadline: one attempt, and one retry of a transient failure
   * when enough of the deadline is left. A 404 is an answer, not a failure.
   */
  async #get(path: string, params: Record<string, string>, deadline: RegisterDeadline): Promise<unknown> {
    const url = new URL(this.#baseUrl + path);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    const worthRetrying = handleWhen(
      (e) =>
        (e instanceof TransientStatus || e.name === 'TimeoutError' || e instanceof TypeError) &&
        deadline.remainingMs() >= this.#retryDelayMs + this.#minRetryMs,
    );
    const policy = retry(worthRetrying, {
      maxAttempts: 1,
      backoff: new ConstantBackoff(this.#retryDelayMs),
    });
    try {
      return await policy.execute(() => this.#attempt(url, deadline), deadline.signal);
    } catch (error) {
      throw this.#unavailable(url, error, deadline);
    }
  }

  /** One request through the circuit breaker, limited by its timeout and by what is left of the deadline. */
  #attempt(url: URL, deadline: RegisterDeadline): Promise<unknown> {
    if (deadline.passed) throw deadline.reason();
    // cockatiel makes every caller wait for the half-open trial; they are answered at once instead.
    if (this.#state() === CircuitState.HalfOpen) throw new TrialInFlight();
    const wasOpen = this.#state() === CircuitState.Open;
    // When the deadline is nearer than the request timeout, the request's timer is the deadline's: its
    // timeout is the deadline passing, whichever of the two timers fires first.
    const remaining = Math.ceil(deadline.remainingMs());
    const cutByDeadline = remaining < this.#timeoutMs;
    const answer = this.#breaker.execute(
      ({ signal }) =>
        this.#fetch(
          url,
          AbortSignal.any([signal, AbortSignal.timeout(Math.min(this.#timeoutMs, remaining))]),
        ).catch((error: unknown) => {
          throw cutByDeadline && (error as Error).name === 'TimeoutError' ? deadline.reason() : error;
        }),
      deadline.signal,
    );
    if (wasOpen && this.#state() === CircuitState.HalfOpen) {
      this.#trialEndsAt = Date.now() + deadline.remainingMs();
    }
    return answer;
  }

  #state(): CircuitState {
    return this.#breaker.state;
  }

  async #fetch(url: URL, signal: AbortSignal): Promise<unknown> {
    const response = await fetch(url, {
      signal,
      headers: {
        accept: 'application/json',
        'user-agent': 'waste-compliance-service (carrier verification)',
      },
    });
    if (response.status === 404) {
      await response.body?.cancel();
      return NOT_FOUND;
    }
    if (response.status === 429 || response.status >= 500) {
      await response.body?.cancel();
      throw new TransientStatus(response.status);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new UnexpectedRegisterResponse(`register answered HTTP ${response.status}`);
    }
    const body = await response.text();
    try {
      return JSON.parse(body) as unknown;
    } catch {
      throw new UnexpectedRegisterResponse('register answered with a body that is not JSON');
    }
  }

  #unavailable(url: URL, error: unknown, deadline: RegisterDeadline): RegisterUnavailableError {
    const where = url.pathname;
    if (error instanceof RegisterUnavailableError) return error;
    if (error instanceof BrokenCircuitError) {
      return new RegisterUnavailableError(`${where}: not called, the circuit is open`, {
        retryAfterMs: this.#reopensAt - Date.now(),
      });
    }
    if (error instanceof TrialInFlight) {
      return new RegisterUnavailableError(`${where}: not called, a trial call is under way`, {
        retryAfterMs: this.#trialEndsAt - Date.now(),
      });
    }
    if (deadline.signal.aborted) {
      const reason = deadline.reason();
      return new RegisterUnavailableError(`${where}: ${reason.message}`, { cause: error });
    }
    return new RegisterUnavailableError(`${where}: ${(error as Error).message}`, { cause: error });
  }
}

function safeParse(item: unknown): RegisterRecord | null {
  try {
    return parseItem(item);
  } catch {
    return null;
  }
}
