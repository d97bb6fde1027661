/**
 * The quota cycle: a calendar month in UTC. Issue 3: the monthly quota "resets at 00:00 UTC on the 1st
 * of each calendar month"; days are UTC days too, so a cycle is exactly the sum of its days.
 */
export interface Cycle {
  /** YYYY-MM */
  id: string;
  start: Date;
  /** The first instant of the next cycle: when the quota resets. */
  end: Date;
}

export function cycleAt(now: Date): Cycle {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const start = new Date(Date.UTC(year, month, 1));
  return { id: start.toISOString().slice(0, 7), start, end: new Date(Date.UTC(year, month + 1, 1)) };
}

const DAY_MS = 86_400_000;

/** The last day utcDay() named, and the instants it runs over: most calls fall on the same day. */
let lastDay = { from: 0, to: 0, day: '' };

/** The UTC calendar date (YYYY-MM-DD) of an instant. */
export function utcDay(at: Date): string {
  const ms = at.getTime();
  if (ms >= lastDay.from && ms < lastDay.to) return lastDay.day;
  const from = ms - (((ms % DAY_MS) + DAY_MS) % DAY_MS);
  const day = at.toISOString().slice(0, 10);
  lastDay = { from, to: from + DAY_MS, day };
  return day;
}

/** The last list daysOfCycleUntil() made: a usage page asks for the same one for each of its keys. */
let lastDays = { cycle: '', count: 0, days: [] as readonly string[] };

/** Every UTC date of the cycle from its first day up to and including `today` (a shared list: not to change). */
export function daysOfCycleUntil(cycle: Cycle, today: Date): readonly string[] {
  const last = Math.min(today.getTime(), cycle.end.getTime() - 1);
  const count = Math.max(0, Math.floor((last - cycle.start.getTime()) / DAY_MS) + 1);
  if (lastDays.cycle !== cycle.id || lastDays.count !== count) {
    // A cycle is a calendar month, so its days are its id and the day of the month.
    const days = Array.from({ length: count }, (_, i) => `${cycle.id}-${String(i + 1).padStart(2, '0')}`);
    lastDays = { cycle: cycle.id, count, days: Object.freeze(days) };
  }
  return lastDays.days;
}

/** Whole seconds until `at`, never less than 1 (for Retry-After, RFC 9110 §10.2.3). */
export function secondsUntil(at: number, now: number): number {
  return Math.max(1, Math.ceil((at - now) / 1000));
}
