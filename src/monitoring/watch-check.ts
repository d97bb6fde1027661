import type { Logger } from 'pino';
import { type CarrierService, factsOf, type RegistrationFacts } from '../carriers/index.ts';
import { type Clock, londonDate } from '../platform/clock.ts';
import type { NewEvent } from '../platform/events.ts';
import type { CarrierWatchRow, Mode } from './tables.ts';
import { assess, type Finding, type Warned, type WatchedState } from './watch-rules.ts';
import type { CheckedState, WatchStore } from './watch-store.ts';
import { stateOf, warnedOf, watchBefore, watchView } from './watch-view.ts';

/** How a watch came out of one check. */
export type CheckOutcome =
  | { result: 'checked'; events: number }
  | { result: 'unavailable' }
  /** A season ticket's watch past its last day: deleted. */
  | { result: 'ended' }
  /** Another checker took the watch over, or it was deleted meanwhile: nothing written. */
  | { result: 'skipped' };

/** What the register said about a number: its registration, none, or no answer at all. */
export type RegisterReading =
  | { ok: true; registration: RegistrationFacts | null }
  | { ok: false; error: string };

/** An unanswered check is tried again this soon (or at the next interval, if that comes first). */
export const RETRY_MS = 15 * 60_000;

export interface WatchCheckOptions {
  store: WatchStore;
  carriers: CarrierService;
  clock: Clock;
  logger: Logger;
  /** WATCH_INTERVAL in milliseconds; null when off (cron runs the passes). */
  intervalMs: number | null;
}

const DAY_MS = 86_400_000;

/** One check of one watch: read the register afresh, compare, and record the state with its events. */
export class WatchCheck {
  readonly #o: WatchCheckOptions;
  constructor(options: WatchCheckOptions) {
    this.#o = options;
  }

  /**
   * Reads the register for a number exactly as verify-carrier does (EA API, mirror, history; the sandbox
   * for test keys), but never from a cached copy. Any failure to get an answer is a failed reading,
   * never a "not found".
   */
  async read(number: string, mode: Mode): Promise<RegisterReading> {
    try {
      const result = await this.#o.carriers.verify({ registration_number: number }, mode, { fresh: true });
      const [best] = result.registrations;
      return { ok: true, registration: best ? factsOf(best) : null };
    } catch (error) {
      // CarrierService already warns of a register outage; this says which watch it left unchecked.
      this.#o.logger.debug(
        { err: error, registration_number: number, mode },
        'carrier watch check got no answer',
      );
      return { ok: false, error: (error as Error).message };
    }
  }

  /** The baseline a new watch starts from: nothing is emitted for it. */
  baseline(registration: RegistrationFacts | null, now: Date): CheckedState {
    const { warned } = assess({
      before: null,
      warned: null,
      after: registration,
      today: londonDate(now),
      datesMove: false,
    });
    return this.#checked({ registration }, warned, now);
  }

  nextCheckAt(now: Date): string {
    return new Date(now.getTime() + (this.#o.intervalMs ?? DAY_MS)).toISOString();
  }

  retryAt(now: Date): string {
    return new Date(now.getTime() + Math.min(this.#o.intervalMs ?? RETRY_MS, RETRY_MS)).toISOString();
  }

  /** Checks a watch this checker has claimed under `lease`. */
  async run(row: CarrierWatchRow, lease: string): Promise<CheckOutcome> {
    const { store, clock } = this.#o;
    if (row.watch_until !== null && row.watch_until < londonDate(clock.now())) {
      return (await store.endClaimed(row.id, lease)) ? { result: 'ended' } : { result: 'skipped' };
    }
    const reading = await this.read(row.registration_number, row.mode);
    const now = clock.now();
    if (!reading.ok) {
      const kept = await store.recordFailure(row.id, lease, reading.error, this.retryAt(now), now);
      return kept ? { result: 'unavailable' } : { result: 'skipped' };
    }
    const before = stateOf(row);
    const { warned, findings } = assess({
      before,
      warned: warnedOf(row),
      after: reading.registration,
      today: londonDate(now),
      // The sandbox dates its records from today (src/carriers/sandbox.ts).
      datesMove: row.mode === 'test',
    });
    const checked = this.#checked({ registration: reading.registration }, warned, now);
    const events = this.#events(row, { ...row, ...checked, last_check_error: null }, findings, now);
    const written = await store.recordCheck(row.id, lease, checked, events, now);
    return written ? { result: 'checked', events: events.length } : { result: 'skipped' };
  }

  #checked(state: WatchedState, warned: Warned, now: Date): CheckedState {
    return {
      state: JSON.stringify(state),
      warned: JSON.stringify(warned),
      last_checked_at: now.toISOString(),
      next_check_at: this.nextCheckAt(now),
    };
  }

  /** Each event carries the watch before and after, as the API returns it, and what was found. */
  #events(before: CarrierWatchRow, after: CarrierWatchRow, findings: Finding[], now: Date): NewEvent[] {
    const was = watchBefore(before);
    const is = watchView(after, londonDate(now));
    return findings.map(({ type, ...found }) => ({
      organisationId: before.organisation_id,
      mode: before.mode,
      type,
      data: { before: was, after: is, ...found },
    }));
  }
}
