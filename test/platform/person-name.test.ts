import { describe, expect, it } from 'vitest';
import { BLANK, personNameProblem, signatureProblems } from '../../src/platform/person-name.ts';

// Properties of the one rule for signed names, checked over whole character classes. The cases are
// generated deterministically (a seeded generator), so a failure names a case that can be re-run.

const CONTROL = 'must not contain control characters';
const BIDI = 'must not contain text-direction control characters';

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i));
const hex = (text: string) =>
  [...text].map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`).join(' ');

/** C0 (U+0000-U+001F), DEL and C1 (U+0080-U+009F): every one of them. */
const CONTROLS = [...range(0x00, 0x1f), '\u007f', ...range(0x80, 0x9f)];
/** Unicode's bidirectional formatting characters: ALM, LRM, RLM, LRE-RLO, LRI-PDI. */
const BIDI_CONTROLS = ['\u061c', '\u200e', '\u200f', ...range(0x202a, 0x202e), ...range(0x2066, 0x2069)];
/**
 * Characters that print nothing on their own, listed here independently of the rule's expression:
 * spaces of every width, zero-width and other format characters, combining marks with no base, and
 * the Hangul fillers.
 */
const INVISIBLES = [
  ' ',
  '\u00a0',
  '\u1680',
  ...range(0x2000, 0x200a),
  '\u2028',
  '\u2029',
  '\u202f',
  '\u205f',
  '\u3000',
  '\u200b',
  '\u200c',
  '\u200d',
  '\u2060',
  '\u2061',
  '\u2062',
  '\u2063',
  '\u2064',
  '\ufeff',
  '\u00ad',
  '\u180e',
  '\u034f',
  '\u0301',
  '\u0308',
  '\u20dd',
  '\u115f',
  '\u1160',
  '\u3164',
  '\uffa0',
  '\u{e0020}',
  '\u{1d173}',
];
/** Names as people write them, in several scripts, accents composed and decomposed. */
const NAMES = [
  'Zoë Ó Briain-Łukasz',
  'Zoe\u0308 O\u0301 Briain',
  "Siobhán O'Neill",
  'José María Núñez',
  'Åsa Þórsdóttir',
  'Dvořák',
  'Ελένη Παπαδοπούλου',
  'Анна Иванова',
  'محمد علی',
  'יעל כהן',
  '王小明',
  'देवनागरी नाम',
  'Nguyễn Thị Minh Khai',
  'X',
  'Site manager',
  'Driver (HGV class 1)',
];

/** mulberry32: a small seeded generator, so the "random" cases are the same on every run. */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
const random = generator(20260320);
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
const invisibleRun = (max: number) =>
  Array.from({ length: 1 + Math.floor(random() * max) }, () => pick(INVISIBLES)).join('');

/** `inserted` at every position of `name`, and at the ends. */
function everyPosition(name: string, inserted: string): string[] {
  const chars = [...name];
  return chars
    .map((_, i) => [...chars.slice(0, i), inserted, ...chars.slice(i)].join(''))
    .concat(name + inserted);
}

describe('the rule for a signed name', () => {
  it('accepts names as people write them, with spaces around them or a zero-width joiner inside', () => {
    for (const name of NAMES) {
      expect(personNameProblem(name), name).toBeNull();
      expect(personNameProblem(`  ${name}\u00a0`), name).toBeNull();
      expect(personNameProblem(name.normalize('NFD')), name).toBeNull();
      expect(personNameProblem(name.replace(' ', ' \u200d')), name).toBeNull();
    }
  });

  it('refuses every C0 and C1 control character and DEL, wherever it stands', () => {
    expect(CONTROLS).toHaveLength(65);
    for (const control of CONTROLS) {
      expect(personNameProblem(control), hex(control)).toBe(CONTROL);
      for (const name of [pick(NAMES), pick(NAMES)]) {
        for (const text of everyPosition(name, control))
          expect(personNameProblem(text), hex(text)).toBe(CONTROL);
      }
    }
  });

  it('refuses every bidirectional control character, wherever it stands', () => {
    expect(BIDI_CONTROLS).toHaveLength(12);
    for (const bidi of BIDI_CONTROLS) {
      expect(personNameProblem(bidi), hex(bidi)).toBe(BIDI);
      for (const name of [pick(NAMES), pick(NAMES)]) {
        for (const text of everyPosition(name, bidi)) expect(personNameProblem(text), hex(text)).toBe(BIDI);
      }
    }
  });

  it('refuses a name of invisible characters only, as blank', () => {
    expect(personNameProblem('')).toBe(BLANK);
    for (const invisible of INVISIBLES) expect(personNameProblem(invisible), hex(invisible)).toBe(BLANK);
    for (let i = 0; i < 2000; i++) {
      const text = invisibleRun(12);
      expect(personNameProblem(text), hex(text)).toBe(BLANK);
    }
  });

  it('accepts invisible characters beside something visible', () => {
    for (let i = 0; i < 500; i++) {
      const text = invisibleRun(4) + pick(NAMES) + invisibleRun(4);
      expect(personNameProblem(text), hex(text)).toBeNull();
    }
  });

  it('names a control character before a text-direction one, and either before blankness', () => {
    for (let i = 0; i < 500; i++) {
      const control = pick(CONTROLS);
      const bidi = pick(BIDI_CONTROLS);
      const run = invisibleRun(6);
      expect(personNameProblem(run + bidi + control + run)).toBe(CONTROL);
      expect(personNameProblem(run + bidi + run)).toBe(BIDI);
    }
  });
});

describe("a signature's fields under the rule", () => {
  it('requires a signable name; leaves out an optional field that is missing or blank', () => {
    expect(signatureProblems({ name: 'Sam Patel', position: undefined, on_behalf_of: '   ' })).toEqual([]);
    expect(signatureProblems({ name: '  ', position: '' })).toEqual([{ field: '/name', problem: BLANK }]);
  });

  it('holds a given optional field to the same rule, and reports each field that breaks it', () => {
    expect(signatureProblems({ name: '\u200b', position: '\u202eDriver', on_behalf_of: 'A\u0007' })).toEqual([
      { field: '/name', problem: BLANK },
      { field: '/position', problem: BIDI },
      { field: '/on_behalf_of', problem: CONTROL },
    ]);
    expect(signatureProblems({ name: 'Jo', position: '\u200b\u200d' })).toEqual([
      { field: '/position', problem: BLANK },
    ]);
  });

  it('leaves a field that is not text to the schema', () => {
    expect(signatureProblems({ name: 42, position: null })).toEqual([]);
  });
});
