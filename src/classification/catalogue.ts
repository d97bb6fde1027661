// The List of Wastes (Commission Decision 2000/532/EC as replaced by 2014/955/EU, retained in UK law),
// loaded once from data/ewc/ (see data/ewc/SOURCES.md for provenance and the verified counts).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** WM3 Appendix A entry types: absolute hazardous/non-hazardous, mirror hazardous/non-hazardous. */
export type EntryType = 'AH' | 'AN' | 'MH' | 'MN';

export interface EwcEntry {
  /** "NN NN NN", never with the asterisk. */
  code: string;
  /** The legal description of the entry. */
  description: string;
  /** True for asterisk entries. */
  is_hazardous: boolean;
  entry_type: EntryType;
  /** Two-digit chapter, e.g. "17". */
  chapter: string;
  /** "17 - Construction and demolition wastes (...)" */
  chapter_label: string;
  chapter_title: string;
  /** "17 05" */
  subchapter: string;
  subchapter_title: string;
  /** Mirror partners on the other hazard side (WM3 Appendix A); empty for absolute entries. */
  mirror_of: string[];
  /** Official footnote, where the legal text has one. */
  note: string | null;
}

export interface EwcChapter {
  chapter: string;
  title: string;
  label: string;
  entry_count: number;
  hazardous_count: number;
}

export interface EwcSubchapter {
  subchapter: string;
  chapter: string;
  title: string;
  entry_count: number;
}

export interface CatalogueFilter {
  /** "17" or "17 05" (a sub-chapter). */
  chapter?: string;
  hazardous?: boolean;
  /** Case-insensitive text searched in the code and the legal description. */
  q?: string;
}

export interface Catalogue {
  readonly entries: readonly EwcEntry[];
  readonly chapters: readonly EwcChapter[];
  readonly subchapters: readonly EwcSubchapter[];
  /** Accepts "170504", "17 05 04", "17 05 04*", "17-05-04"; undefined when not in the list. */
  get(code: string): EwcEntry | undefined;
  has(code: string): boolean;
  /** Any common way of writing a code as "NN NN NN" (whether or not it is in the list); null when it cannot be one. */
  normalise(code: string): string | null;
  chapter(chapter: string): EwcChapter | undefined;
  subchapter(subchapter: string): EwcSubchapter | undefined;
  list(filter?: CatalogueFilter): EwcEntry[];
}

interface RawEntry {
  code: string;
  hazardous: boolean;
  entry_type: EntryType;
  description: string;
  note: string | null;
  chapter: string;
  chapter_title: string;
  subchapter: string;
  subchapter_title: string;
  mirror_of: string[] | null;
}

interface RawChapter {
  chapter: string;
  title: string;
  entry_count: number;
  hazardous_count: number;
}

const DATA_DIR = fileURLToPath(new URL('../../data/ewc/', import.meta.url));

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(DATA_DIR + file, 'utf8')) as T;
}

/** Normalises any common way of writing a code to "NN NN NN"; null when it cannot be a code. */
export function normaliseCode(input: string): string | null {
  const digits = input.replace(/[\s\-.*]/g, '');
  if (!/^\d{6}$/.test(digits)) return null;
  return `${digits.slice(0, 2)} ${digits.slice(2, 4)} ${digits.slice(4, 6)}`;
}

export function createCatalogue(): Catalogue {
  const rawChapters = readJson<RawChapter[]>('chapters.json');
  const subchapters = readJson<EwcSubchapter[]>('subchapters.json');
  const chapters: EwcChapter[] = rawChapters.map((c) => ({
    chapter: c.chapter,
    title: c.title,
    label: `${c.chapter} - ${c.title}`,
    entry_count: c.entry_count,
    hazardous_count: c.hazardous_count,
  }));
  const chapterByCode = new Map(chapters.map((c) => [c.chapter, c]));
  const entries: EwcEntry[] = readJson<RawEntry[]>('ewc-codes.json').map((e) => ({
    code: e.code,
    description: e.description,
    is_hazardous: e.hazardous,
    entry_type: e.entry_type,
    chapter: e.chapter,
    chapter_label: chapterByCode.get(e.chapter)?.label ?? `${e.chapter} - ${e.chapter_title}`,
    chapter_title: e.chapter_title,
    subchapter: e.subchapter,
    subchapter_title: e.subchapter_title,
    mirror_of: e.mirror_of ?? [],
    note: e.note,
  }));
  const byCode = new Map(entries.map((e) => [e.code, e]));
  const subchapterByCode = new Map(subchapters.map((s) => [s.subchapter, s]));

  const get = (code: string): EwcEntry | undefined => {
    const exact = byCode.get(code);
    if (exact) return exact;
    const normal = normaliseCode(code);
    return normal ? byCode.get(normal) : undefined;
  };

  return {
    entries,
    chapters,
    subchapters,
    get,
    has: (code) => get(code) !== undefined,
    normalise: normaliseCode,
    chapter: (chapter) => chapterByCode.get(chapter.trim().padStart(2, '0')),
    subchapter: (sub) => subchapterByCode.get(sub.replace(/\D/g, '').replace(/^(\d\d)(\d\d)$/, '$1 $2')),
    list: (filter = {}) => listEntries(entries, filter),
  };
}

function listEntries(entries: readonly EwcEntry[], filter: CatalogueFilter): EwcEntry[] {
  const chapterDigits = filter.chapter?.replace(/\D/g, '');
  const q = filter.q?.trim().toLowerCase();
  const qCode = q ? q.replace(/[\s\-*]/g, '') : '';
  return entries.filter((e) => {
    if (chapterDigits && !e.code.replace(/ /g, '').startsWith(chapterDigits)) return false;
    if (filter.hazardous !== undefined && e.is_hazardous !== filter.hazardous) return false;
    if (q) {
      const inCode = qCode.length > 0 && /^\d+$/.test(qCode) && e.code.replace(/ /g, '').startsWith(qCode);
      if (!inCode && !e.description.toLowerCase().includes(q)) return false;
    }
    return true;
  });
}

let shared: Catalogue | undefined;

/** The process-wide catalogue, read from disk on first use only. */
export function getCatalogue(): Catalogue {
  shared ??= createCatalogue();
  return shared;
}
