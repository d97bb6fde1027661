import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Cache } from '../platform/cache.ts';
import { type Clock, londonDate } from '../platform/clock.ts';
import { ApiError } from '../platform/errors.ts';
import { buildResult, type RegisterAnswer } from './build-result.ts';
import { type CarrierQuery, toQuery } from './carrier-query.ts';
import {
  EaRegisterClient,
  MAX_MATCHES,
  RegisterUnavailableError,
  type SearchResult,
} from './ea-register-client.ts';
import { type ImportOptions, type ImportSummary, importRegisterExport } from './register-import.ts';
import { nameKey, postcodeKey, type RegisterRecord } from './register-record.ts';
import type { CarrierRegisterStore } from './register-store.ts';
import { sandboxAnswer } from './sandbox.ts';
import type { VerifyCarrierInput, VerifyCarrierResult } from './verify-result.ts';

const HOUR_MS = 3_600_000;
/** The register is rebuilt once a day (back office EPR export, 21:05), so a day-old record is current. */
const NUMBER_TTL_MS = 24 * HOUR_MS;
/** Searches, and numbers the register did not list, are kept an hour (docs/decisions.md). */
const SEARCH_TTL_MS = HOUR_MS;
const NOT_LISTED_TTL_MS = HOUR_MS;
/** How long the description of the current mirror import is reused before it is read again. */
const MIRROR_INFO_TTL_MS = 5_000;
const MIRROR_RECORD_TTL_MS = 60_000;

interface CachedNumber {
  record: RegisterRecord | null;
  at: string;
}
interface CachedSearch extends SearchResult {
  at: string;
}
interface MirrorState {
  seq: number;
  info: { publishedOn: string; importedAt: string };
}

export interface CarrierServiceOptions {
  config: Pick<Config, 'EA_REGISTER_URL' | 'EA_REGISTER_TIMEOUT_MS' | 'REGISTER_SOURCE'>;
  store: CarrierRegisterStore;
  cache: Cache;
  clock: Clock;
  logger: Logger;
}

/**
 * verify-carrier: reads the register (EA API, mirror or sandbox), keeps every registration it sees
 * as history, and judges statuses at response time from cached facts.
 */
export class CarrierService {
  readonly register: CarrierRegisterStore;
  readonly #client: EaRegisterClient;
  readonly #source: Config['REGISTER_SOURCE'];
  readonly #cache: Cache;
  readonly #clock: Clock;
  readonly #logger: Logger;
  readonly #inFlight = new Map<string, Promise<unknown>>();
  /**
   * Mirror records by import seq and number: a row of one import never changes, so a short-lived copy
   * in memory spares a database read per look-up (a new import has a new seq, hence new keys).
   */
  readonly #mirrorRecords = new LRUCache<string, RegisterRecord>({ max: 50_000, ttl: MIRROR_RECORD_TTL_MS });
  #mirrorState?: { value: MirrorState | undefined; until: number };

  constructor(options: CarrierServiceOptions) {
    this.register = options.store;
    this.#client = new EaRegisterClient({
      baseUrl: options.config.EA_REGISTER_URL,
      timeoutMs: options.config.EA_REGISTER_TIMEOUT_MS,
    });
    this.#source = options.config.REGISTER_SOURCE;
    this.#cache = options.cache;
    this.#clock = options.clock;
    this.#logger = options.logger;
  }

  /**
   * The 200 body of /v1/verify-carrier. Throws INVALID_REQUEST / INVALID_REGISTRATION_NUMBER for bad
   * input and EA_REGISTER_UNAVAILABLE when the register cannot answer (never a false `not_found`).
   * Test mode answers from the sandbox and never calls the EA.
   */
  async verify(input: VerifyCarrierInput, mode: 'live' | 'test'): Promise<VerifyCarrierResult> {
    const query = toQuery(input);
    const answer = mode === 'test' ? this.#sandbox(query) : await this.#lookup(query);
    return buildResult(query, answer, this.#clock.now());
  }

  /** `wcs register import`: loads a bulk export into the mirror. */
  async importExport(file: string, options?: ImportOptions): Promise<ImportSummary> {
    const summary = await importRegisterExport(this.register, file, options);
    this.#mirrorState = undefined;
    return summary;
  }

  #sandbox(query: CarrierQuery): RegisterAnswer {
    const now = this.#clock.now();
    const value =
      query.kind === 'number'
        ? { number: query.number.number }
        : query.kind === 'name'
          ? { name: query.name }
          : { postcode: query.postcode };
    const answer = sandboxAnswer(value, londonDate(now), now);
    if (!answer) {
      throw new ApiError(
        'EA_REGISTER_UNAVAILABLE',
        "Sandbox: CBDU100503 always answers as the service does when the Environment Agency's register cannot be reached. This is not a 'not found'.",
      );
    }
    return answer;
  }

  async #lookup(query: CarrierQuery): Promise<RegisterAnswer> {
    const mirror = this.#source === 'api' ? undefined : await this.#mirror();
    if (this.#source === 'mirror' && !mirror) {
      throw new ApiError(
        'EA_REGISTER_UNAVAILABLE',
        'The register mirror is empty: no export has been imported yet (wcs register import FILE). This is not a "not found".',
      );
    }
    if (query.kind === 'number') return this.#lookupNumber(query.number.number, mirror);
    if (mirror) {
      const records = await (query.kind === 'name'
        ? this.register.searchMirrorByName(query.name, mirror.seq, MAX_MATCHES + 1)
        : this.register.searchMirrorByPostcode(query.postcode, mirror.seq, MAX_MATCHES + 1));
      if (records.length > 0 || this.#source === 'mirror') {
        return {
          ...this.#mirrorAnswer(records.slice(0, MAX_MATCHES), mirror),
          truncated: records.length > MAX_MATCHES,
        };
      }
    }
    return this.#searchApi(query);
  }

  async #lookupNumber(number: string, mirror: MirrorState | undefined): Promise<RegisterAnswer> {
    if (mirror) {
      const key = `${mirror.seq}:${number}`;
      const record = this.#mirrorRecords.get(key) ?? (await this.register.findInMirror(number, mirror.seq));
      if (record) {
        this.#mirrorRecords.set(key, record);
        return this.#mirrorAnswer([record], mirror);
      }
      if (this.#source === 'mirror') return this.#fromHistory(number, this.#mirrorAnswer([], mirror));
    }
    const key = `number:${number}`;
    const hit = await this.#cache.get<CachedNumber>(key);
    const found =
      hit ??
      (await this.#once(key, async () => {
        const record = await this.#ask(() => this.#client.lookupNumber(number));
        const fresh: CachedNumber = { record, at: this.#clock.now().toISOString() };
        if (record) await this.#remember([record]);
        await this.#cache.set(key, fresh, record ? NUMBER_TTL_MS : NOT_LISTED_TTL_MS);
        return fresh;
      }));
    const answer: RegisterAnswer = {
      records: found.record ? [found.record] : [],
      origin: 'ea_api',
      cached: hit !== undefined,
      retrievedAt: found.at,
    };
    return found.record ? answer : this.#fromHistory(number, answer);
  }

  async #searchApi(query: Exclude<CarrierQuery, { kind: 'number' }>): Promise<RegisterAnswer> {
    const key =
      query.kind === 'name' ? `name:${nameKey(query.name)}` : `postcode:${postcodeKey(query.postcode)}`;
    const hit = await this.#cache.get<CachedSearch>(key);
    const found =
      hit ??
      (await this.#once(key, async () => {
        const result = await this.#ask(() =>
          query.kind === 'name'
            ? this.#client.searchByName(query.name)
            : this.#client.searchByPostcode(query.postcode),
        );
        const fresh: CachedSearch = { ...result, at: this.#clock.now().toISOString() };
        await this.#remember(result.records);
        await this.#cache.set(key, fresh, SEARCH_TTL_MS);
        return fresh;
      }));
    return {
      records: found.records,
      truncated: found.truncated,
      origin: 'ea_api',
      cached: hit !== undefined,
      retrievedAt: found.at,
    };
  }

  /**
   * The register drops a registration once it expires (EPR export: lower tier or unexpired only), so a
   * number it no longer lists whose last known expiry date has passed is answered `expired` from our
   * record. One dropped before its expiry (revoked, deregistered) stays `not_found`, with a note.
   */
  async #fromHistory(number: string, notFound: RegisterAnswer): Promise<RegisterAnswer> {
    const seen = await this.register.find(number);
    if (!seen) return notFound;
    const today = londonDate(this.#clock.now());
    const { record } = seen;
    if (record.tier === 'upper' && record.expiry_date !== null && record.expiry_date <= today) {
      return { records: [record], origin: 'history', cached: false, retrievedAt: seen.lastSeenAt };
    }
    return { ...notFound, droppedAfter: londonDate(new Date(seen.lastSeenAt)) };
  }

  #mirrorAnswer(records: RegisterRecord[], mirror: MirrorState): RegisterAnswer {
    return {
      records,
      origin: 'mirror',
      cached: false,
      retrievedAt: mirror.info.importedAt,
      mirror: mirror.info,
    };
  }

  async #mirror(): Promise<MirrorState | undefined> {
    const now = this.#clock.now().getTime();
    if (this.#mirrorState && this.#mirrorState.until > now) return this.#mirrorState.value;
    const row = await this.register.currentImport();
    const value = row && {
      seq: Number(row.seq),
      info: { publishedOn: row.published_on, importedAt: row.completed_at ?? row.started_at },
    };
    this.#mirrorState = { value, until: now + MIRROR_INFO_TTL_MS };
    return value;
  }

  /** Concurrent misses for the same key share one register call. */
  async #once<T>(key: string, load: () => Promise<T>): Promise<T> {
    const pending = this.#inFlight.get(key) as Promise<T> | undefined;
    if (pending) return pending;
    const promise = load().finally(() => this.#inFlight.delete(key));
    this.#inFlight.set(key, promise);
    return promise;
  }

  async #ask<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof RegisterUnavailableError)) throw error;
      this.#logger.warn({ err: error }, 'EA register unavailable');
      throw new ApiError('EA_REGISTER_UNAVAILABLE');
    }
  }

  /** History is kept on a best-effort basis: failing to write it must not fail a correct answer. */
  async #remember(records: RegisterRecord[]): Promise<void> {
    try {
      await this.register.remember(records);
    } catch (error) {
      this.#logger.warn({ err: error }, 'could not record carrier registrations in history');
    }
  }
}
