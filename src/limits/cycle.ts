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

/** The UTC calendar date (YYYY-MM-DD) of an instant. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** Every UTC date of the cycle from its first day up to and including `today`. */
export function daysOfCycleUntil(cycle: Cycle, today: Date): string[] {
  const days: string[] = [];
  const last = Math.min(today.getTime(), cycle.end.getTime() - 1);
  for (let t = cycle.start.getTime(); t <= last; t += 86_400_000) days.push(utcDay(new Date(t)));
  return days;
}

/** Whole seconds until `at`, never less than 1 (for Retry-After, RFC 9110 §10.2.3). */
export function secondsUntil(at: number, now: number): number {
  return Math.max(1, Math.ceil((at - now) / 1000));
}
