import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normaliseSicCode, SIC_2007_CSV, sicEntries, sicEntry } from '../../src/wtn/sic-codes.ts';

const SOURCES = readFileSync(new URL('../../data/sic2007/SOURCES.md', import.meta.url), 'utf8');

function recorded(label: string): string {
  const match = SOURCES.match(new RegExp(`${label}: \\*\\*([0-9a-f,]+)\\*\\*`));
  if (!match) throw new Error(`SOURCES.md does not record "${label}"`);
  return match[1];
}

describe('the shipped SIC 2007 list', () => {
  it('has the 731 codes of the Companies House condensed list, as SOURCES.md records', () => {
    expect(Number(recorded('rows \\(codes\\)'))).toBe(731);
    expect(sicEntries()).toHaveLength(731);
  });

  it('is the file SOURCES.md describes, byte for byte (a hand edit is noticed)', () => {
    const sha256 = createHash('sha256').update(readFileSync(SIC_2007_CSV)).digest('hex');
    expect(sha256).toBe(recorded('sha256 of `sic2007.csv`'));
  });

  it('has five-digit, unique codes in ascending order, each with a description', () => {
    const codes = sicEntries().map((e) => e.code);
    expect(codes.every((c) => /^\d{5}$/.test(c))).toBe(true);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toEqual([...codes].sort());
    expect(sicEntries().every((e) => e.description.trim() === e.description && e.description !== '')).toBe(
      true,
    );
  });

  it('keeps leading zeros', () => {
    expect(sicEntries()[0]).toEqual({
      code: '01110',
      description: 'Growing of cereals (except rice), leguminous crops and oil seeds',
    });
  });
});

describe('sicEntry', () => {
  it.each([
    ['38110', 'Collection of non-hazardous waste'],
    ['38120', 'Collection of hazardous waste'],
    ['38210', 'Treatment and disposal of non-hazardous waste'],
    ['43110', 'Demolition'],
    ['43320', 'Joinery installation'],
    ['56101', 'Licensed restaurants'],
    ['99999', 'Dormant Company'],
  ])('%s is "%s"', (code, description) => {
    expect(sicEntry(code)).toEqual({ code, description });
  });

  it('finds a code however it is written', () => {
    expect(sicEntry(' 43320 ')?.description).toBe('Joinery installation');
    expect(sicEntry('43.32/0')?.description).toBe('Joinery installation');
    expect(sicEntry('01 110')?.code).toBe('01110');
  });

  it.each(['12345', '00000', '4332', 'ABCDE', ''])('%j is not in SIC 2007', (code) => {
    expect(sicEntry(code)).toBeUndefined();
  });
});

describe('normaliseSicCode', () => {
  it.each([
    ['43320', '43320'],
    [' 43320 ', '43320'],
    ['43 320', '43320'],
    ['43.320', '43320'],
    ['43.32/0', '43320'],
    ['01110', '01110'],
  ])('%j -> %s', (input, expected) => {
    expect(normaliseSicCode(input)).toBe(expected);
  });

  it.each(['4332', '1110', '433200', 'ABCDE', '4332O', '43-320', '', '   '])(
    '%j cannot be a code',
    (input) => {
      expect(normaliseSicCode(input)).toBeNull();
    },
  );
});
