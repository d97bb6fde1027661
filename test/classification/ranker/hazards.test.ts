// Named hazardous substances are never lost: for every substance and every one of its terms in
// data/classification/hazardous-substances.json, a description naming it gets an answer that reflects
// it, or a hazardous code in the top three with HAZARDOUS_SUBSTANCE_NAMED and the substance listed.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getCatalogue } from '../../../src/classification/catalogue.ts';
import { createLocalEngine } from '../../../src/classification/engine/index.ts';
import { knowledge } from '../../../src/classification/knowledge/index.ts';
import { applySubstances } from '../../../src/classification/ranker/blend.ts';
import { reflects } from '../../../src/classification/ranker/hazards.ts';

const catalogue = getCatalogue();
const engine = createLocalEngine({ catalogue });
const data = JSON.parse(
  readFileSync(new URL('../../../data/classification/hazardous-substances.json', import.meta.url), 'utf8'),
) as {
  substances: Array<{
    substance: string;
    terms: string[];
    codes: string[];
    specific: boolean;
    decides?: boolean;
    not_before?: string[];
  }>;
};

describe('a named hazardous substance', () => {
  const cases = data.substances.flatMap((s) =>
    s.terms.map((term) => ({ s, description: `${term} waste from the unit`, term })),
  );
  it.each(cases)('is reflected or flagged: "$description"', ({ s, description }) => {
    const answer = engine.classify({ description });
    expect(answer.hazardous_substances).toContain(s.substance);
    const top = answer.ranking[0];
    const named = {
      substance: s.substance,
      term: '',
      specific: s.specific,
      decides: false,
      overHazardous: false,
      presumes: false,
      codes: s.codes,
    };
    // A substance that decides the side by itself is answered, not only flagged.
    if (s.decides) expect(s.codes.includes(top.ewc_code) || top.is_hazardous).toBe(true);
    if (!reflects(top.ewc_code, named, catalogue)) {
      expect(answer.flags).toContain('HAZARDOUS_SUBSTANCE_NAMED');
      if (s.codes.length > 0) expect(answer.ranking.slice(0, 3).some((r) => r.is_hazardous)).toBe(true);
    }
  });

  it.each([
    ['Empty hairspray and dry shampoo cans from the salon, nothing left in them', ['15 01 11']],
    ['Empty expanding foam cans, 1 bag', ['15 01 11']],
    ['30 x cordless drills w/ NiCd packs still attached, school clear out', ['16 02 13', '20 01 35']],
  ])('decides the code over a non-hazardous or a loose-battery answer: "%s"', (description, codes) => {
    const top = engine.classify({ description }).ranking[0];
    expect(codes).toContain(top.ewc_code);
  });

  it('a deciding substance comes first however little weight the blend gave it; another only with a real chance', () => {
    const ranked = () => [
      { code: '15 01 04', p: 0.9, rule: 0.9, score: 0 },
      { code: '15 01 10', p: 0.05, rule: 0, score: -3 },
      { code: '15 01 11', p: 0.001, rule: 0, score: -7 },
    ];
    const named = (decides: boolean) => ({
      substance: 'pressurised containers (aerosols)',
      term: 'hairspray',
      specific: true,
      decides,
      overHazardous: false,
      presumes: false,
      codes: ['15 01 11', '16 05 04'],
    });
    const decided = applySubstances(ranked(), [named(true)], catalogue);
    expect(decided.ranked[0].code).toBe('15 01 11');
    expect(decided.unreflected).toEqual([]);
    const flagged = applySubstances(ranked(), [named(false)], catalogue);
    expect(flagged.ranked[0].code).toBe('15 01 04');
    expect(flagged.unreflected.map((s) => s.substance)).toEqual(['pressurised containers (aerosols)']);
  });

  it('leaves unused sharps and CO2 extinguishers alone', () => {
    expect(
      engine.classify({
        description: 'Box of unused hypodermic needles, still in sterile packs, past expiry',
      }).ranking[0].ewc_code,
    ).toBe('18 01 01');
    // The words that clear them may stand anywhere in the description, not only next to the term.
    for (const description of [
      'Boxes of sealed, unused, out-of-date hypodermic needles from the supplies store',
      'Sealed boxes of insulin pen needles that were never opened, found past their date',
    ]) {
      const answer = engine.classify({ description });
      expect(answer.hazardous_substances).not.toContain(
        'used sharps (infectious or medicinally contaminated)',
      );
      expect(answer.ranking[0].is_hazardous).toBe(false);
    }
    expect(engine.classify({ description: 'Full yellow-lid sharps bins, sealed' }).ranking[0].ewc_code).toBe(
      '18 01 03',
    );
    expect(
      engine.classify({ description: 'Fire extinguishers, CO2 type, time-expired, still charged' }).ranking[0]
        .is_hazardous,
    ).toBe(false);
  });

  it('leaves triple-rinsed pesticide cans as packaging, and drums of spray-foam chemicals as what they hold', () => {
    const rinsed = engine.classify({
      description: '60 x 20L glyphosate cans triple-rinsed, rinsings to sprayer',
      source_industry: 'Arable farm',
    });
    expect(rinsed.ranking[0].ewc_code).toBe('15 01 02');
    expect(
      engine.classify({
        description: 'Glyphosate cans, emptied but not rinsed',
        source_industry: 'Arable farm',
      }).ranking[0].is_hazardous,
    ).toBe(true);
    const drums = engine.classify({
      description: '3 x 205L part-used pMDI A-side drums off the spray foam rig',
      source_industry: 'Spray foam insulation contractor',
    });
    expect(drums.ranking[0].ewc_code).toBe('08 05 01');
    expect(
      engine.classify({ description: 'Part-used cans of expanding spray foam' }).ranking[0].ewc_code,
    ).toBe('16 05 04');
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

describe('a named substance in a waste nobody assessed', () => {
  it("puts the hazardous side of the first choice's own mirror pair first, for a substance that presumes it", () => {
    // The blend is sure of the clean side (rinse water from a line it knows) and gives the other none.
    const ranked = () => [
      { code: '11 01 12', p: 0.99, rule: 0.9, score: 0 },
      { code: '11 01 11', p: 0.001, rule: 0, score: -9 },
    ];
    const named = (presumes: boolean) => ({
      substance: 'heavy metals',
      term: 'chromate',
      specific: false,
      decides: false,
      overHazardous: false,
      presumes,
      codes: ['17 05 03'],
    });
    const presumed = applySubstances(ranked(), [named(true)], catalogue);
    expect(presumed.ranked[0].code).toBe('11 01 11');
    expect(presumed.ranked[0].substance?.presumed).toBe(true);
    expect(presumed.unreflected).toEqual([]);
    // Without it the hazardous side is only offered, and the substance is flagged as not reflected.
    const offered = applySubstances(ranked(), [named(false)], catalogue);
    expect(offered.ranked[0].code).toBe('11 01 12');
    expect(offered.ranked.slice(0, 3).map((c) => c.code)).toContain('11 01 11');
    expect(offered.unreflected.map((s) => s.substance)).toEqual(['heavy metals']);
  });

  it('presumes the hazardous side and keeps the question, whichever reading chose that side', () => {
    for (const source_industry of [undefined, 'aluminium anodiser']) {
      const rinse = engine.classify({
        description: 'Chromate rinse water from the anodising line',
        ...(source_industry ? { source_industry } : {}),
      });
      const [top, clean] = rinse.ranking;
      expect(top.ewc_code, source_industry).toBe('11 01 11');
      expect(top.mirror_undecided, source_industry).toBe(true);
      expect(top.confidence, source_industry).toBe(0.85);
      expect(top.reasoning).toContain('nothing says the waste was assessed');
      expect(clean.ewc_code).toBe('11 01 12');
      // "rinse water" and "rinse + anodising" are two readings of the same words, not two wastes.
      expect(rinse.flags).not.toContain('MULTIPLE_WASTE_TYPES');
    }
    // A word said twice is two wastes' word, whichever occurrence a reading took.
    for (const description of [
      'vegetable oil and engine oil',
      'cooking oil and hydraulic oil',
      'sludge from the interceptor and sludge from the septic tank',
    ]) {
      expect(engine.classify({ description }).flags, description).toContain('MULTIPLE_WASTE_TYPES');
    }
  });

  it('lets an assessment or a clearing figure keep the clean side', () => {
    const assessed = engine.classify({
      description: 'chromate rinse water from the anodising line, WM3 assessment: non-hazardous',
      source_industry: 'aluminium anodiser',
    });
    expect(assessed.ranking[0].ewc_code).toBe('11 01 12');
  });

  it('follows the rules where hazardous evidence moves a named waste to its hazardous entry', () => {
    const mud = engine.classify({
      description: 'diesel-based drill mud and cuttings off the borehole rig, 3 skips',
      source_industry: 'geothermal borehole drilling contractor',
    });
    expect(mud.ranking[0].ewc_code).toBe('01 05 05');
    // The answer reflects the oil named, so it is not flagged as unreflected.
    expect(mud.flags).not.toContain('HAZARDOUS_SUBSTANCE_NAMED');
  });

  it('does not read an acid named as the trade as acid in the waste', () => {
    const gauze = engine.classify({
      description: 'spent platinum-rhodium gauze catalyst from ammonia oxidation in nitric acid production',
    });
    expect(gauze.hazardous_substances).not.toContain('acids');
    expect(gauze.ranking[0].ewc_code).toBe('16 08 01');
  });
});

describe('"fluorescent" as a colour', () => {
  it('is read by the same words in the rules (the lamp concept) and in the hazard check (mercury)', () => {
    const lamp = knowledge.concepts.find((c) => c.id === 'fluorescent');
    const mercury = data.substances.find((s) => s.substance === 'mercury');
    expect(lamp?.notBefore?.length).toBeGreaterThan(0);
    expect([...(lamp?.notBefore ?? [])].sort()).toEqual([...(mercury?.not_before ?? [])].sort());
  });
});
