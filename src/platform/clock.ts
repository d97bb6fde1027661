/** Time is injected so tests can pin "today"; production uses the system clock. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stays where it is put until moved: for tests. */
export class ManualClock implements Clock {
  #ms: number;
  constructor(start: string | Date | number) {
    this.#ms = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.#ms);
  }
  set(to: string | Date | number): void {
    this.#ms = new Date(to).getTime();
  }
  advance(ms: number): void {
    this.#ms += ms;
  }
}

/** Made on first use: the first formatter of a process loads the time zones (tens of ms at start). */
let londonDateFormat: Intl.DateTimeFormat | undefined;

const HOUR_MS = 3_600_000;
/**
 * The last hour londonDate() was asked about and its answer: formatting costs microseconds, and most
 * calls fall in the same hour. London's offset from UTC is a whole number of hours (GMT or BST, changing
 * at 01:00 UTC), so its date never changes within a UTC hour.
 */
let lastHour = { hour: Number.NaN, date: '' };

/** The calendar date (YYYY-MM-DD) in Europe/London at an instant: the date UK law and the EA reason in. */
export function londonDate(at: Date): string {
  const hour = Math.floor(at.getTime() / HOUR_MS);
  if (hour === lastHour.hour) return lastHour.date;
  londonDateFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const date = londonDateFormat.format(at);
  if (!Number.isNaN(hour)) lastHour = { hour, date };
  return date;
}

let londonTimeFormat: Intl.DateTimeFormat | undefined;

/** The time of day (HH:MM, 24-hour) in Europe/London at an instant: UK time, as a driver writes it. */
export function londonTime(at: Date): string {
  londonTimeFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return londonTimeFormat.format(at);
}

const DAY_MS = 86_400_000;

/** Whole days from calendar date `from` to calendar date `to` (both YYYY-MM-DD); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Answers addDays() has given: a page of daily figures asks for the same few dozen dates again and again. */
const addedDays = new Map<string, string>();

/** The calendar date `days` after `date` (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  const key = `${date}|${days}`;
  let added = addedDays.get(key);
  if (added === undefined) {
    added = new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
    if (addedDays.size >= 10_000) addedDays.clear();
    addedDays.set(key, added);
  }
  return added;
}
