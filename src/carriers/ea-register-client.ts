import {
  ConsecutiveBreaker,
  ConstantBackoff,
  circuitBreaker,
  handleAll,
  handleWhen,
  type IPolicy,
  retry,
  wrap,
} from 'cockatiel';
import { itemNumber, itemsOf, parseItem, UnexpectedRegisterResponse } from './ea-item.ts';
import {
  nameKey,
  nameMatches,
  postcodeKey,
  postcodeMatches,
  type RegisterRecord,
} from './register-record.ts';

/** Any failure to get a readable answer from the register. Callers say "unavailable", never "not found". */
export class RegisterUnavailableError extends Error {}

/** A status worth one more try: the register or a proxy in front of it is briefly unwell. */
class TransientStatus extends Error {
  readonly status: number;
  constructor(status: number) {
    super(`register answered HTTP ${status}`);
    this.status = status;
  }
}

export interface SearchResult {
  records: RegisterRecord[];
  /** More matched than MAX_MATCHES. */
  truncated: boolean;
}

export interface EaRegisterClientOptions {
  baseUrl: string;
  timeoutMs: number;
  /** Consecutive failures that open the circuit; while open, calls fail at once. */
  breakerThreshold?: number;
  /** How long the circuit stays open before one trial call. */
  breakerOpenMs?: number;
  retryDelayMs?: number;
}

const PAGE_SIZE = 100;
const MAX_PAGES = 5;
export const MAX_MATCHES = 50;
const NOT_FOUND = Symbol('not found');
const ITEMS_PATH = '/waste-carriers-brokers/registration';

/**
 * The Environment Agency's public register API (no key needed). Each request has its own timeout;
 * a timeout, network error, 429 or 5xx is retried once; five failures in a row open a circuit breaker
 * for 30 s so an outage answers at once instead of tying up requests.
 */
export class EaRegisterClient {
  readonly #baseUrl: string;
  readonly #timeoutMs: number;
  readonly #policy: IPolicy;

  constructor(options: EaRegisterClientOptions) {
    this.#baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.#timeoutMs = options.timeoutMs;
    const transient = handleWhen(
      (e) => e instanceof TransientStatus || e.name === 'TimeoutError' || e instanceof TypeError,
    );
    this.#policy = wrap(
      retry(transient, { maxAttempts: 1, backoff: new ConstantBackoff(options.retryDelayMs ?? 100) }),
      circuitBreaker(handleAll, {
        halfOpenAfter: options.breakerOpenMs ?? 30_000,
        breaker: new ConsecutiveBreaker(options.breakerThreshold ?? 5),
      }),
    );
  }

  /**
   * One registration by its exact number, or null when the register does not list it. The item
   * endpoint answers first; a 404 is confirmed with `number-search` (a partial match, filtered here for
   * the exact number), so a moved or renamed item path cannot turn every carrier into "not found".
   */
  async lookupNumber(number: string): Promise<RegisterRecord | null> {
    const item = await this.#get(`${ITEMS_PATH}/${encodeURIComponent(number)}.json`, {});
    const candidates =
      item === NOT_FOUND
        ? await this.#get(`${ITEMS_PATH}.json`, { 'number-search': number, _limit: '20' })
        : item;
    if (candidates === NOT_FOUND) return null;
    const exact = itemsOf(candidates).find((i) => itemNumber(i) === number);
    return exact === undefined ? null : this.#read(() => parseItem(exact));
  }

  /** Registrations whose name holds every word of `name`, in order (name-search is looser; we filter). */
  searchByName(name: string): Promise<SearchResult> {
    const key = nameKey(name);
    return this.#search({ 'name-search': name.trim() }, (r) => nameMatches(r, key));
  }

  /** Registrations whose registered address has exactly this postcode (address-search matches any text). */
  searchByPostcode(postcode: string): Promise<SearchResult> {
    const key = postcodeKey(postcode);
    return this.#search({ 'address-search': postcode.trim() }, (r) => postcodeMatches(r, key));
  }

  async #search(
    params: Record<string, string>,
    matches: (r: RegisterRecord) => boolean,
  ): Promise<SearchResult> {
    const found = new Map<string, RegisterRecord>();
    for (let page = 0; page < MAX_PAGES; page++) {
      const body = await this.#get(`${ITEMS_PATH}.json`, {
        ...params,
        _limit: String(PAGE_SIZE),
        _offset: String(page * PAGE_SIZE),
      });
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

  /** GET and parse JSON through the resilience policy; a 404 is an answer, not a failure. */
  async #get(path: string, params: Record<string, string>): Promise<unknown> {
    const url = new URL(this.#baseUrl + path);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    try {
      return await this.#policy.execute(async ({ signal }) => {
        const response = await fetch(url, {
          signal: AbortSignal.any([signal, AbortSignal.timeout(this.#timeoutMs)]),
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
      });
    } catch (error) {
      throw new RegisterUnavailableError(`${url.pathname}: ${(error as Error).message}`, { cause: error });
    }
  }
}

function safeParse(item: unknown): RegisterRecord | null {
  try {
    return parseItem(item);
  } catch {
    return null;
  }
}
