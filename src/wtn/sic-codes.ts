/**
 * The transferor's SIC code on a transfer note: reg 35(2)(a)(iv) Waste (England and Wales) Regulations 2011
 * requires it, and for transfer notes it is a UK SIC 2007 code (five digits).
 * The list is Companies House's condensed SIC 2007 list of five-digit codes, the one businesses file at
 * Companies House and so quote; it is shipped as data in data/sic2007/ (provenance, licence and the
 * differences between sources in data/sic2007/SOURCES.md). It is read once, on first use.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';

export interface SicEntry {
  /** Five digits, with any leading zero, e.g. "01110". */
  code: string;
  /** The description as Companies House publishes it, e.g. "Joinery installation". */
  description: string;
}

export const SIC_2007_CSV = fileURLToPath(new URL('../../data/sic2007/sic2007.csv', import.meta.url));

let byCode: ReadonlyMap<string, SicEntry> | undefined;

function load(): ReadonlyMap<string, SicEntry> {
  const rows: SicEntry[] = parse(readFileSync(SIC_2007_CSV, 'utf8'), { columns: true, bom: true });
  const map = new Map<string, SicEntry>();
  for (const { code, description } of rows) {
    // A damaged data file is a fault of the release, not a value to carry on with.
    if (!/^\d{5}$/.test(code) || map.has(code)) throw new Error(`data/sic2007/sic2007.csv: bad code ${code}`);
    map.set(code, Object.freeze({ code, description }));
  }
  return map;
}

function entries(): ReadonlyMap<string, SicEntry> {
  byCode ??= load();
  return byCode;
}

/**
 * The five digits of a SIC 2007 subclass as people write it, or null when it cannot be one. Spaces, dots
 * and the slash of ONS's "43.32/0" notation are ignored; anything else (letters, hyphens) refuses. Four
 * digits are refused, not padded: "4332" is a class (or an old SIC 2003 code), and "1110" written for
 * "01110" cannot be told from a mistake, so the user is asked for all five.
 */
export function normaliseSicCode(input: string): string | null {
  const digits = input.replace(/[\s./]/g, '');
  return /^\d{5}$/.test(digits) ? digits : null;
}

/** The SIC 2007 entry for a code (written any way normaliseSicCode accepts); undefined when not listed. */
export function sicEntry(code: string): SicEntry | undefined {
  const normalised = normaliseSicCode(code);
  return normalised === null ? undefined : entries().get(normalised);
}

/** Every entry, in code order (the order of the data file). */
export function sicEntries(): SicEntry[] {
  return [...entries().values()];
}
