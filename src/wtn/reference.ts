import { londonDate } from '../platform/clock.ts';
import { randomText } from '../platform/ids.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** `WTN-<year>-<MMDD>-<4 upper-case letters or digits>`. */
export const REFERENCE_PATTERN = /^WTN-\d{4}-(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])-[A-Z0-9]{4}$/;

/**
 * A new reference dated by the creation instant's calendar date in Europe/London (so a note created at
 * 00:30 BST on 1 June is dated 0601, not 0531). The suffix is random: uniqueness is enforced by the
 * database's unique index, and the writer draws again on a collision.
 */
export function newReference(createdAt: Date): string {
  const [year, month, day] = londonDay(createdAt).split('-');
  const suffix = randomText(ALPHABET, 4);
  return `WTN-${year}-${month}${day}-${suffix}`;
}

const HOUR_MS = 3_600_000;
let lastHour = Number.NaN;
let lastDay = '';

/**
 * londonDate, remembered for the current UTC hour: London's offset from UTC is a whole hour and changes
 * on the hour, so every instant of one UTC hour falls on the same London date. Intl formatting is the
 * costliest step of drawing a reference.
 */
function londonDay(at: Date): string {
  const hour = Math.floor(at.getTime() / HOUR_MS);
  if (hour !== lastHour) {
    lastDay = londonDate(at);
    lastHour = hour;
  }
  return lastDay;
}

/** The canonical form of a reference a client sent, or undefined when it cannot be one. */
export function parseReference(input: string): string | undefined {
  const reference = input.trim().toUpperCase();
  return REFERENCE_PATTERN.test(reference) ? reference : undefined;
}
