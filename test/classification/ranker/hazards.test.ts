// Named hazardous substances are never lost: for every substance and every one of its terms in
// data/classification/hazardous-substances.json, a description naming it gets an answer that reflects
// it, or a hazardous code in the top three with HAZARDOUS_SUBSTANCE_NAMED and the substance listed.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getCatalogue } from '../../../src/classification/catalogue.ts';
import { createLocalEngine } from '../../../src/classification/engine/index.ts';
import { reflects } from '../../../src/classification/ranker/hazards.ts';

const catalogue = getCatalogue();
const engine = createLocalEngine({ catalogue });
const data = JSON.parse(
  readFileSync(new URL('../../../data/classification/hazardous-substances.json', import.meta.url), 'utf8'),
) as { substances: Array<{ substance: string; terms: string[]; codes: string[]; specific: boolean }> };

describe('a named hazardous substance', () => {
  const cases = data.substances.flatMap((s) =>
    s.terms.map((term) => ({ s, description: `${term} waste from the unit`, term })),
  );
  it.each(cases)('is reflected or flagged: "$description"', ({ s, description }) => {
    const answer = engine.classify({ description });
    expect(answer.hazardous_substances).toContain(s.substance);
    const top = answer.ranking[0];
    const named = { substance: s.substance, term: '', specific: s.specific, codes: s.codes };
    if (!reflects(top.ewc_code, named, catalogue)) {
      expect(answer.flags).toContain('HAZARDOUS_SUBSTANCE_NAMED');
      if (s.codes.length > 0) expect(answer.ranking.slice(0, 3).some((r) => r.is_hazardous)).toBe(true);
    }
  });

  it('is not counted when negated, even across a list', () => {
    const answer = engine.classify({ description: 'broken bricks and concrete, no plaster or asbestos' });
    expect(answer.hazardous_substances).toEqual([]);
    expect(answer.ranking[0].is_hazardous).toBe(false);
    expect(answer.ranking[0].ewc_code).toBe('17 01 07');
  });

  it('is not read into harmless neighbours: cooking oil, pulverised fuel ash, tarpaulin', () => {
    for (const description of ['used cooking oil from the fryers', 'pulverised fuel ash', 'old tarpaulins']) {
      expect(engine.classify({ description }).hazardous_substances).toEqual([]);
    }
  });

  it('makes asbestos cement roof sheets asbestos, not textiles', () => {
    const answer = engine.classify({ description: 'asbestos cement roof sheets' });
    expect(answer.ranking[0].is_hazardous).toBe(true);
    expect(['17 06 05', '17 06 01']).toContain(answer.ranking[0].ewc_code);
  });

  it('lets a material beat the object that gives it shape', () => {
    expect(
      engine.classify({ description: 'copper pipe offcuts from plumbing jobs' }).ranking[0].ewc_code,
    ).toBe('17 04 01');
    expect(engine.classify({ description: 'antifreeze drained out of radiators' }).ranking[0].ewc_code).toBe(
      '16 01 14',
    );
  });
});
