import type { Logger } from 'pino';
import {
  type CarrierService,
  normaliseRegistrationNumber,
  parseRegistrationNumber,
  type RegistrationFacts,
} from '../carriers/index.ts';
import { type Clock, londonDate } from '../platform/clock.ts';
import type { Db } from '../platform/db/database.ts';
import { ApiError } from '../platform/errors.ts';
import type { EventSink } from '../platform/events.ts';
import { newId } from '../platform/ids.ts';
import { Pacer } from './pacer.ts';
import type { CarrierWatchRow } from './tables.ts';
import { WatchCheck } from './watch-check.ts';
import { type PassSummary, WatchChecker } from './watch-checker.ts';
import type { CarrierWatch, CreateWatchBody, ListWatchesQuery, WatchList } from './watch-schemas.ts';
import { type CheckedState, type WatchScope, WatchStore } from './watch-store.ts';
import { watchView } from './watch-view.ts';

export interface MonitoringOptions {
  db: Db;
  clock: Clock;
  logger: Logger;
  carriers: CarrierService;
  /** Where events are recorded, in the transaction of the state change they report (the outbox). */
  sink: EventSink;
  /** WATCH_INTERVAL in milliseconds; null when `off` (passes are left to cron). */
  intervalMs: number | null;
  /** WATCH_CHECKS_PER_MINUTE. */
  checksPerMinute: number;
  /** Whether this instance runs the scheduled checker (WEBHOOK_WORKER=on and WATCH_INTERVAL not off). */
  schedule: boolean;
}

/** A registration as a transfer note recorded it (the verify-carrier answer the note was made with). */
export type NotedRegistration = Omit<RegistrationFacts, 'company_number' | 'postcode'> &
  Partial<Pick<RegistrationFacts, 'company_number' | 'postcode'>>;

/** A note issued under a season ticket, whose carrier is then watched until the ticket's last day. */
export interface SeasonTicketNote {
  registration_number: string;
  note_reference: string;
  valid_until: string;
  /** The register's answer the note was made with; null when the note skipped the check. */
  verification: { registrations: NotedRegistration[] } | null;
}

const LEASE_MS = 2 * 60_000;
const IDLE_MS = 60_000;

const watchNotFound = () => new ApiError('CARRIER_WATCH_NOT_FOUND');

/**
 * Carrier watches: registration numbers re-checked against the register on a schedule, with an event
 * when one nears expiry, expires, is removed or changes (docs/webhooks.md, "Carrier watches").
 */
export class MonitoringService {
  readonly #o: MonitoringOptions;
  readonly #store: WatchStore;
  readonly #check: WatchCheck;
  readonly #checker: WatchChecker;

  constructor(options: MonitoringOptions) {
    this.#o = options;
    this.#store = new WatchStore(options.db, options.sink);
    this.#check = new WatchCheck({ ...options, store: this.#store });
    this.#checker = new WatchChecker({
      store: this.#store,
      check: this.#check,
      pacer: new Pacer(options.checksPerMinute),
      clock: options.clock,
      logger: options.logger,
      leaseMs: LEASE_MS,
      idleMs: Math.min(IDLE_MS, options.intervalMs ?? IDLE_MS),
    });
  }

  /**
   * Watches a number, first reading the register afresh for the baseline. An unanswered first reading
   * still creates the watch, unchecked and due at once, so the next pass takes the baseline.
   */
  async create(scope: WatchScope, body: CreateWatchBody): Promise<CarrierWatch> {
    const number = normaliseRegistrationNumber(body.registration_number);
    const existing = await this.#store.findByNumber(scope, number);
    if (existing) throw alreadyWatched(existing);
    const reading = await this.#check.read(number, scope.mode);
    const now = this.#o.clock.now();
    const checked: Partial<CheckedState> & Pick<CarrierWatchRow, 'last_check_error' | 'next_check_at'> =
      reading.ok
        ? { ...this.#check.baseline(reading.registration, now), last_check_error: null }
        : {
            last_check_error: JSON.stringify({ at: now.toISOString(), message: reading.error }),
            next_check_at: now.toISOString(),
          };
    const row = newRow(scope, number, now, { label: body.label?.trim() || null, ...checked });
    if (!(await this.#store.insert(row))) {
      const raced = await this.#store.findByNumber(scope, number);
      throw raced ? alreadyWatched(raced) : new ApiError('CARRIER_WATCH_EXISTS');
    }
    return this.#view(row);
  }

  /**
   * Watches the carrier of a note issued under a season ticket until the ticket's last day, unless the
   * organisation already watches the number in that mode. The baseline is the register's answer the
   * note was made with, so issuing the note costs no second register call.
   */
  async watchSeasonTicket(scope: WatchScope, note: SeasonTicketNote): Promise<void> {
    const parsed = parseRegistrationNumber(note.registration_number);
    // A note may name a number from another register when it skips the check; only England's are watched.
    if (!parsed.ok) return;
    const now = this.#o.clock.now();
    const noted = note.verification?.registrations[0];
    const checked = note.verification
      ? { ...this.#check.baseline(noted ? factsOfNoted(noted) : null, now), last_check_error: null }
      : { last_check_error: null, next_check_at: now.toISOString() };
    await this.#store.insert(
      newRow(scope, parsed.number, now, {
        label: `Season ticket ${note.note_reference}`,
        source: 'season_ticket',
        note_reference: note.note_reference,
        watch_until: note.valid_until,
        ...checked,
      }),
    );
  }

  async get(scope: WatchScope, id: string): Promise<CarrierWatch> {
    const row = await this.#store.get(scope, id);
    if (!row) throw watchNotFound();
    return this.#view(row);
  }

  async list(scope: WatchScope, query: ListWatchesQuery): Promise<WatchList> {
    const limit = query.limit ?? 20;
    let after: CarrierWatchRow | undefined;
    if (query.starting_after !== undefined) {
      after = await this.#store.get(scope, query.starting_after);
      if (!after) {
        throw new ApiError(
          'INVALID_REQUEST',
          'starting_after is not the id of one of your carrier watches.',
          [{ field: 'starting_after', issue: 'is not a carrier watch of this organisation and mode' }],
        );
      }
    }
    const rows = await this.#store.list(scope, limit + 1, after);
    const page = rows.slice(0, limit);
    const hasMore = rows.length > limit;
    return {
      data: page.map((r) => this.#view(r)),
      has_more: hasMore,
      next_starting_after: hasMore ? page[page.length - 1].id : null,
    };
  }

  async setLabel(scope: WatchScope, id: string, label: string | null): Promise<CarrierWatch> {
    const changed = await this.#store.setLabel(
      scope,
      id,
      label?.trim() || null,
      this.#o.clock.now().toISOString(),
    );
    if (!changed) throw watchNotFound();
    return this.get(scope, id);
  }

  async remove(
    scope: WatchScope,
    id: string,
  ): Promise<{ id: string; object: 'carrier_watch'; deleted: true }> {
    if (!(await this.#store.delete(scope, id))) throw watchNotFound();
    return { id, object: 'carrier_watch', deleted: true };
  }

  /** One pass over every watch, due or not (`wcs carriers check-watched`). */
  checkAll(): Promise<PassSummary> {
    return this.#checker.checkAll();
  }

  /** Checks the watches due now: what the scheduled checker does each round. */
  checkDue(): Promise<PassSummary> {
    return this.#checker.checkDue();
  }

  start(): void {
    if (this.#o.schedule) this.#checker.start();
  }

  /** Lets a check in flight finish; a watch claimed but not yet checked is given back. */
  stop(): Promise<void> {
    return this.#checker.stop();
  }

  #view(row: CarrierWatchRow): CarrierWatch {
    return watchView(row, londonDate(this.#o.clock.now()));
  }
}

function alreadyWatched(existing: CarrierWatchRow): ApiError {
  return new ApiError(
    'CARRIER_WATCH_EXISTS',
    `${existing.registration_number} is already watched in ${existing.mode} mode by ${existing.id}.`,
    [{ field: 'registration_number', issue: `is already watched by ${existing.id}` }],
  );
}

function factsOfNoted(noted: NotedRegistration): RegistrationFacts {
  return {
    registration_number: noted.registration_number,
    business_name: noted.business_name,
    company_number: noted.company_number ?? null,
    tier: noted.tier,
    expiry_date: noted.expiry_date,
    postcode: noted.postcode ?? null,
    address: noted.address,
  };
}

function newRow(
  scope: WatchScope,
  number: string,
  now: Date,
  fields: Partial<CarrierWatchRow> & Pick<CarrierWatchRow, 'label' | 'next_check_at' | 'last_check_error'>,
): CarrierWatchRow {
  const at = now.toISOString();
  return {
    id: newId('cw'),
    organisation_id: scope.organisationId,
    mode: scope.mode,
    registration_number: number,
    source: 'api',
    note_reference: null,
    watch_until: null,
    created_at: at,
    updated_at: at,
    state: null,
    warned: null,
    last_checked_at: null,
    lease_until: null,
    ...fields,
  };
}

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** WATCH_INTERVAL (`1d`, `12h`, `30m`) in milliseconds; null for `off`. */
export function watchIntervalMs(setting: string): number | null {
  if (setting === 'off') return null;
  const unit = setting.slice(-1) as keyof typeof UNIT_MS;
  return Number(setting.slice(0, -1)) * UNIT_MS[unit];
}
