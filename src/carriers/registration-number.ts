import { ApiError } from '../platform/errors.ts';

/** A number the England register can be asked about. */
export interface EnglandRegistrationNumber {
  /** Normalised: `CBDU` or `CBDL` then digits, e.g. `CBDU123456`. */
  number: string;
  /** The tier the prefix suggests. The record's own tier wins (EA: the tier can change at renewal). */
  prefixTier: 'upper' | 'lower';
  /** Set when the digit count is outside what the EA issues (see below). */
  warning?: string;
}

export type ParsedRegistrationNumber =
  | ({ ok: true } & EnglandRegistrationNumber)
  | { ok: false; normalised: string; message: string; issue: string };

/** Waste Carriers Service: `CBD` + `U` (upper) or `L` (lower) + the shared sequential counter. */
const ENGLAND = /^CBD([UL])(\d+)$/;

/** SEPA: current WCR/R/ + 7 digits; older SCO/, SEA/, SNO/, SWE/, WCR/ + 6 digits. */
const SCOTLAND = /^(WCR\/R\/\d{7}|(SCO|SEA|SNO|SWE|WCR)\/\d{6})$/;

/**
 * Formats of other UK registers and retired England numbers, recognised so the error can say where to
 * check instead of "malformed". Patterns from DEFRA's Digital Waste Tracking validation
 * (waste-movement-utils regexes.js) and the Waste Carriers frontend's IR check.
 */
const ELSEWHERE: { pattern: RegExp; issue: string; message: (n: string) => string }[] = [
  {
    pattern: SCOTLAND,
    issue: 'is a Scottish (SEPA) number; only England numbers (CBDU/CBDL) can be checked',
    message: (n) =>
      `${n} is a Scottish (SEPA) registration number. It cannot be checked against the England register ` +
      "(the Environment Agency's): check it on SEPA's register of carriers and brokers. A SEPA registration " +
      'is valid for carrying waste anywhere in Great Britain.',
  },
  {
    // NIEA/DAERA: ROC UT (upper) or ROC LT (lower) + 1-5 digits; the spaces are optional.
    pattern: /^ROC(UT|LT)\d{1,5}$/,
    issue: 'is a Northern Ireland (NIEA) number; only England numbers (CBDU/CBDL) can be checked',
    message: (n) =>
      `${n} is a Northern Ireland (NIEA) registration number. It cannot be checked against the England ` +
      'register: check it with DAERA. A Northern Ireland registration does not cover carrying waste in ' +
      'Great Britain, so also ask for an EA, NRW or SEPA registration.',
  },
  {
    // Pre-2018 "IR" numbers, e.g. CB/AF7003CS/A001: the last one expired in September 2018.
    pattern: /^CB\/[A-Z]{2}\d{3,4}[A-Z]{2}\/[A-Z]\d{3}$/,
    issue: 'is a retired pre-2018 number; ask for the current CBDU/CBDL number',
    message: (n) =>
      `${n} is a pre-2018 England registration number. Those numbers were retired and the last of them ` +
      'expired in September 2018, so it cannot be checked against the current register: ask the carrier ' +
      'for their current number (CBDU or CBDL followed by digits).',
  },
];

/** Trim, drop spaces and hyphens, upper-case: how people write the same number differently. */
function fold(raw: string): string {
  return raw.replace(/[\s-]+/g, '').toUpperCase();
}

/** A Scottish (SEPA) registration number, spaces, hyphens and case aside: valid anywhere in Great Britain. */
export const isScottishNumber = (raw: string): boolean => SCOTLAND.test(fold(raw));

export function parseRegistrationNumber(raw: string): ParsedRegistrationNumber {
  const normalised = fold(raw);
  const match = ENGLAND.exec(normalised);
  if (match) {
    const digits = match[2].length;
    // The EA issues numbers from one counter, unpadded; today's have 5-6 digits and DEFRA's DWT API
    // expects at least 3, so very short or long numbers are usually typing mistakes, yet valid syntax.
    const warning =
      digits < 3 || digits > 7
        ? `${normalised} has ${digits} digit${digits === 1 ? '' : 's'}; current numbers have 5 or 6, so check it for a typing mistake.`
        : undefined;
    return { ok: true, number: normalised, prefixTier: match[1] === 'U' ? 'upper' : 'lower', warning };
  }
  const elsewhere = ELSEWHERE.find((f) => f.pattern.test(normalised));
  if (elsewhere)
    return { ok: false, normalised, message: elsewhere.message(normalised), issue: elsewhere.issue };
  const shown = raw.trim().length > 40 ? `${raw.trim().slice(0, 40)}…` : raw.trim();
  return {
    ok: false,
    normalised,
    issue: 'must be CBDU or CBDL followed by digits, e.g. CBDU123456',
    message:
      `"${shown}" is not an England waste carrier registration number: expected CBDU (upper tier) or CBDL ` +
      '(lower tier) followed by digits, e.g. CBDU123456. Scottish (WCR/R/ and 7 digits), Northern Ireland (ROC UT …) ' +
      'and pre-2018 (CB/…) numbers are recognised but cannot be checked against the England register.',
  };
}

/**
 * The canonical form of an England registration number (`CBDU123456`), or a 400
 * INVALID_REGISTRATION_NUMBER whose message says what the input looks like and where to check it.
 */
export function normaliseRegistrationNumber(raw: string): string {
  return requireEnglandNumber(raw).number;
}

export function requireEnglandNumber(raw: string): EnglandRegistrationNumber {
  const parsed = parseRegistrationNumber(raw);
  if (!parsed.ok) {
    throw new ApiError('INVALID_REGISTRATION_NUMBER', parsed.message, [
      { field: 'registration_number', issue: parsed.issue },
    ]);
  }
  const { ok: _ok, ...number } = parsed;
  return number;
}
