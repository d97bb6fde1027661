/**
 * Consignment codes (regs 33-34 SI 2005/894: the Agency designates the coding standard; the producer,
 * or otherwise the consignor, assigns the code).
 *
 * England, from 1 April 2016: the first six letters or digits of the business name in Part A2 (no
 * symbols or spaces), a slash, then five letters or digits of the producer's choosing, unique to the
 * producer: "Rat Pest Control" -> RATPES/00001, RATPES/00002, ... An extra letter may follow "on a few
 * specified occasions" (which letter is unconfirmed: docs/consignment-notes.md).
 * Wales: the premises code Natural Resources Wales issued (letters then digits, e.g. ABC123) as the
 * prefix, the same five characters after it.
 * Sources: GOV.UK hazardous waste consignment note guidance as quoted in
 * ../shared/reference/consignment-notes-and-wm3.md §1.5; DEFRA/waste-movement-utils
 * src/schemas/hazardous-waste-consignment.js for DWT's own (looser) pattern.
 */

export type Nation = 'england' | 'wales';

const SUFFIX_LENGTH = 5;
const ENGLAND_PREFIX_LENGTH = 6;
/** The highest number five digits can write: a producer's 99,999th note is its last generated code. */
export const LAST_NUMBER = 99_999;

/** The English prefix: the first six letters or digits of the producer's name, upper case. */
export function englandPrefix(producerName: string): string {
  return producerName
    .normalize('NFKD')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, ENGLAND_PREFIX_LENGTH);
}

/**
 * An NRW premises code: six characters, letters then digits ("in the form XYZ123"), upper-cased; or
 * EXEMPT for premises exempt from notification (under 500 kg a year; whether NRW still expects that
 * prefix is unconfirmed).
 */
export function premisesCode(input: string): string | null {
  const code = input.trim().toUpperCase();
  if (code === 'EXEMPT') return code;
  return /^[A-Z]{1,5}\d{1,5}$/.test(code) && code.length === 6 ? code : null;
}

export function formatCode(prefix: string, number: number): string {
  return `${prefix}/${String(number).padStart(SUFFIX_LENGTH, '0')}`;
}

/** Why a supplied code does not meet the standard, in words naming the rule; null when it does. */
export function codeProblem(code: string, expectedPrefix: string, nation: Nation): string | null {
  const match = /^([A-Z0-9]+)\/([A-Z0-9]+?)([A-Z]?)$/.exec(code);
  if (!match) {
    return 'must be the prefix, a slash, then five letters or digits (e.g. RATPES/00001): no spaces or other symbols';
  }
  const [, prefix, rest, letter] = match;
  const suffix = rest.length === SUFFIX_LENGTH - 1 && letter ? rest + letter : rest;
  if (suffix.length !== SUFFIX_LENGTH) {
    return 'must have exactly five letters or digits after the slash, optionally followed by one letter';
  }
  if (prefix !== expectedPrefix) {
    return nation === 'england'
      ? `must start with ${expectedPrefix}: the first six letters or digits of the producer's name in Part A2`
      : `must start with ${expectedPrefix}: the premises code NRW issued for the producer's premises`;
  }
  return null;
}

/** A supplied code as compared and stored: trimmed and upper-cased. */
export function normaliseCode(code: string): string {
  return code.trim().toUpperCase();
}
