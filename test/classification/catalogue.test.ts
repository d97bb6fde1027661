import { describe, expect, it } from 'vitest';
import { getCatalogue, normaliseCode } from '../../src/classification/catalogue.ts';

const catalogue = getCatalogue();

describe('the List of Wastes catalogue', () => {
  it('has the counts of the legal list (data/ewc/SOURCES.md)', () => {
    expect(catalogue.entries).toHaveLength(842);
    expect(catalogue.entries.filter((e) => e.is_hazardous)).toHaveLength(408);
    expect(catalogue.chapters).toHaveLength(20);
    expect(catalogue.subchapters).toHaveLength(111);
    const types = { AH: 0, AN: 0, MH: 0, MN: 0 };
    for (const e of catalogue.entries) types[e.entry_type]++;
    expect(types).toEqual({ AH: 235, AN: 256, MH: 173, MN: 178 });
  });

  it('writes codes as NN NN NN without the asterisk; the hazard is in is_hazardous', () => {
    for (const e of catalogue.entries) expect(e.code).toMatch(/^\d\d \d\d \d\d$/);
    const asbestos = catalogue.get('17 06 05');
    expect(asbestos?.is_hazardous).toBe(true);
    expect(asbestos?.chapter_label).toBe(
      '17 - Construction and demolition wastes (including excavated soil from contaminated sites)',
    );
  });

  it.each(['170504', '17 05 04', '17 05 04*', '17-05-04', ' 17 05 04 '])(
    'looks up %j as 17 05 04',
    (code) => {
      expect(catalogue.get(code)?.code).toBe('17 05 04');
    },
  );

  it.each(['17 05 05 05', '99 99 99', 'soil', '', '1705'])('finds nothing for %j', (code) => {
    expect(catalogue.get(code)).toBeUndefined();
  });

  it('knows the mirror partners of a mirror entry', () => {
    expect(catalogue.get('17 05 04')?.mirror_of).toEqual(['17 05 03']);
    expect(catalogue.get('20 01 21')?.mirror_of).toEqual([]);
  });

  it('filters by chapter, sub-chapter, hazard and text', () => {
    expect(catalogue.list({ chapter: '17' })).toHaveLength(38);
    expect(catalogue.list({ chapter: '17 05' }).map((e) => e.code)).toContain('17 05 08');
    expect(
      catalogue.list({ chapter: '18', hazardous: true }).every((e) => e.is_hazardous && e.chapter === '18'),
    ).toBe(true);
    expect(catalogue.list({ q: 'ASBESTOS' }).map((e) => e.code)).toContain('17 06 05');
    expect(catalogue.list({ q: '1706' }).map((e) => e.code)).toEqual([
      '17 06 01',
      '17 06 03',
      '17 06 04',
      '17 06 05',
    ]);
  });

  it('normalises codes or says they are not codes', () => {
    expect(normaliseCode('200121*')).toBe('20 01 21');
    expect(normaliseCode('20 01')).toBeNull();
  });
});
