// Evidence read as a waste professional reads it (data/classification/verdicts.json): a verdict or a
// figure decides the side of a mirror pair ahead of the words that merely name a substance; leaching
// (WAC) results never classify a waste; an unknown composition is hazardous until assessed (WM3).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getCatalogue } from '../../src/classification/catalogue.ts';
import { createLocalEngine } from '../../src/classification/engine/index.ts';
import { createVerdictReader } from '../../src/classification/engine/verdicts.ts';
import type { ClassifyInput } from '../../src/classification/types.ts';

const catalogue = getCatalogue();
const engine = createLocalEngine({ catalogue });
const reader = createVerdictReader();
const data = JSON.parse(
  readFileSync(new URL('../../data/classification/verdicts.json', import.meta.url), 'utf8'),
) as {
  hazardous: string[];
  clean: string[];
  clean_assessment: string[];
  unknown: string[];
  leaching: string[];
  measures: Array<{
    substance: string;
    terms: string[];
    mg_per_kg: number;
    clears?: boolean;
    source: string;
  }>;
  sources: Record<string, { title: string; url: string }>;
};
const answer = (input: ClassifyInput | string) =>
  engine.classify(typeof input === 'string' ? { description: input } : input);
const SOIL = 'Excavated soil and stones from digging out the footings';

describe('a verdict in the description', () => {
  it.each(data.hazardous)('"%s" puts soil on the hazardous side', (term) => {
    const top = answer(`${SOIL}, lab results: ${term}`).ranking[0];
    expect(top.ewc_code).toBe('17 05 03');
  });

  it.each(data.clean_assessment)('"%s" keeps soil on the non-hazardous side, without a question', (term) => {
    const result = answer(`${SOIL}, ${term}`);
    expect(result.ranking[0].ewc_code).toBe('17 05 04');
    expect(result.ranking[0].mirror_undecided).toBe(false);
  });

  it.each(data.clean.filter((t) => !data.clean_assessment.includes(t)))(
    '"%s" clears the substance it is about, even one the description names',
    (term) => {
      const top = answer(`Road planings from resurfacing, coal tar test ${term}`).ranking[0];
      expect(top.ewc_code).toBe('17 03 02');
    },
  );

  it('negated, a hazardous verdict is a clean one: "no hazardous substances above the thresholds"', () => {
    expect(answer(`${SOIL}, no hazardous substances above the thresholds`).ranking[0].ewc_code).toBe(
      '17 05 04',
    );
    expect(answer(`${SOIL}, does not exceed the WM3 limits`).ranking[0].ewc_code).toBe('17 05 04');
  });

  it('about one substance, clears that one only: asbestos not detected, but oily', () => {
    const top = answer(`${SOIL}, asbestos not detected, heavily contaminated with diesel`).ranking[0];
    expect(top.is_hazardous).toBe(true);
    expect(answer(`${SOIL}, asbestos not detected`).ranking[0].ewc_code).toBe('17 05 04');
  });

  it('decides even where the words name a substance: PAH below thresholds, non-hazardous', () => {
    const result = answer({
      description: 'Char from waste tyre pyrolysis, PAH below thresholds, non-hazardous',
      source_industry: 'tyre pyrolysis plant',
    });
    expect(result.ranking[0].is_hazardous).toBe(false);
    expect(result.hazardous_substances).not.toContain('coal tar');
  });

  it('says in the reasoning what decided the side', () => {
    const top = answer('Boiler dust from the EfW boiler passes, tested non-hazardous').ranking[0];
    expect(top.ewc_code).toBe('19 01 16');
    expect(top.reasoning).toContain('"tested non hazardous"');
  });
});

describe('a figure with its unit', () => {
  for (const m of data.measures) {
    const term = m.terms[0];
    const above = m.mg_per_kg * 4;
    const below = m.mg_per_kg / 4;
    it(`${term}: at ${above} mg/kg is above the threshold of ${m.substance}, at ${below} mg/kg below it`, () => {
      const high = reader.read({ description: `Soil: ${term} ${above.toLocaleString('en-GB')} mg/kg` });
      expect(high.side).toBe('hazardous');
      expect(high.measurements[0]).toMatchObject({ substance: m.substance, above: true });
      expect(high.measurements[0].source).toBe(data.sources[m.source].title);
      const low = reader.read({ description: `Soil: ${term} ${below} mg/kg` });
      expect(low.side).toBeNull();
      if (m.clears === false) {
        // Below this threshold another property may still be reached: the figure clears nothing.
        expect(low.measurements).toEqual([]);
        expect(low.clearedSubstances).not.toContain(m.substance);
      } else {
        expect(low.measurements[0]).toMatchObject({ substance: m.substance, above: false });
        expect(low.clearedSubstances).toContain(m.substance);
      }
    });
  }

  it('reads %, ppm, g/kg and µg/kg, a "<" before the figure, and the substance after it', () => {
    expect(reader.read({ description: 'TPH 1.2%' }).measurements[0].mg_per_kg).toBe(12_000);
    expect(reader.read({ description: 'PCB 30 ppm' }).measurements[0]).toMatchObject({
      mg_per_kg: 30,
      above: false,
    });
    expect(reader.read({ description: 'TPH 2 g/kg' }).side).toBe('hazardous');
    expect(reader.read({ description: 'BaP 900 µg/kg' }).measurements[0].above).toBe(false);
    expect(reader.read({ description: 'TPH <1,500 mg/kg' }).measurements[0].above).toBe(false);
    expect(reader.read({ description: '12,000 mg/kg TPH' }).side).toBe('hazardous');
  });

  it('moves the answer: soil with TPH 12,000 mg/kg is 17 05 03*, with 450 mg/kg 17 05 04', () => {
    expect(answer(`${SOIL}, TPH 12,000 mg/kg`).ranking[0].ewc_code).toBe('17 05 03');
    expect(answer(`${SOIL}, TPH 450 mg/kg`).ranking[0].ewc_code).toBe('17 05 04');
    expect(answer('Road planings, BaP 120 mg/kg').ranking[0].ewc_code).toBe('17 03 01');
    expect(answer('Road planings, BaP 12 mg/kg').ranking[0].ewc_code).toBe('17 03 02');
  });

  it('reads a lead figure at or above 0.3% as hazardous (lead compounds, HP10), and a lower one as clearing nothing', () => {
    expect(answer(`${SOIL}; lead measured at 1.2% dry weight`).ranking[0].ewc_code).toBe('17 05 03');
    const low = reader.read({ description: `${SOIL}; lead 800 mg/kg` });
    expect(low.side).toBeNull();
    expect(low.clearedSubstances).toEqual([]);
  });

  it('puts a waste stated hazardous on a hazardous entry even when its own entry has no hazardous partner', () => {
    const result = answer({
      description: 'Fly ash from the ESP hoppers. WM3 assessment: HP14 from lead and zinc.',
      source_industry: 'power station co-firing coal and SRF',
    });
    expect(result.ranking[0].is_hazardous).toBe(true);
    // Co-firing waste-derived fuel is co-incineration: its fly ash, assessed hazardous, is 10 01 16*.
    expect(result.ranking[0].ewc_code).toBe('10 01 16');
  });

  it('reads nickel, chromium(VI), arsenic, cadmium and cobalt at 0.1% or more as hazardous (HP7), a lower figure as clearing nothing', () => {
    const catalyst = answer({
      description: 'spent iron chrome catalyst from the shift converter, Cr(VI) 0.5%, 6 x 1t bags',
      source_industry: 'Ammonia plant',
    }).ranking[0];
    expect(catalyst.ewc_code).toBe('16 08 02');
    expect(reader.read({ description: 'filter cake, nickel 2.1% dry weight' }).side).toBe('hazardous');
    expect(reader.read({ description: 'filter cake, Ni 450 mg/kg' }).side).not.toBe('clean');
    expect(
      answer({
        description: 'Effluent treatment filter cake, nickel 150 mg/kg, WM3 assessment non-hazardous',
        source_industry: 'Electroplater',
      }).ranking[0].ewc_code,
    ).toBe('11 01 10');
  });

  it('reads a clean verdict with an exception after it as no verdict: "no contamination except diesel"', () => {
    expect(reader.read({ description: `${SOIL}, no contamination except diesel` }).side).toBeNull();
    expect(answer(`${SOIL}, no contamination except diesel`).ranking[0].ewc_code).toBe('17 05 03');
    expect(answer(`${SOIL}, no contamination apart from diesel`).ranking[0].ewc_code).toBe('17 05 03');
    expect(reader.read({ description: `${SOIL}, no contamination` }).side).toBe('clean');
  });

  it('reads arsenic written as its symbol before a figure, and never the word "as"', () => {
    expect(reader.read({ description: 'iron sludge from groundwater treatment, As 0.5%' }).side).toBe(
      'hazardous',
    );
    expect(reader.read({ description: 'soil, As 12 mg/kg' }).side).toBeNull();
    expect(reader.read({ description: 'sludge as 2 tonnes, tested as 5% solids' }).measurements).toEqual([]);
    const sludge = answer({
      description: 'arsenical iron sludge from groundwater pump & treat plant, As 0.5%',
      source_industry: 'groundwater remediation contractor',
    }).ranking;
    expect(sludge[0].ewc_code).toBe('19 13 05');
    // The figure chose the side of the pair: the answer carries the pair's weight.
    expect(sludge[0].confidence).toBeGreaterThan(0.9);
  });

  it('decides nothing for a substance without a threshold from a primary source', () => {
    expect(reader.read({ description: 'zinc 400 mg/kg' }).side).toBeNull();
  });
});

describe('a stated pH (WM3 HP8: corrosive at pH 2 or less, or 11.5 or more, until reserve testing shows otherwise)', () => {
  it('reads a pH at either extreme as a hazardous finding, and one between them as deciding nothing', () => {
    expect(reader.read({ description: 'bund water, pH 12.8' }).side).toBe('hazardous');
    expect(reader.read({ description: 'pickle rinse, ph of 1.5' }).side).toBe('hazardous');
    expect(reader.read({ description: 'lime slurry pH=11.5' }).side).toBe('hazardous');
    expect(reader.read({ description: 'neutralised rinse water pH 7.4' }).side).toBeNull();
    // A consent range is not a measurement of the waste.
    expect(reader.read({ description: 'effluent within its pH 6-9 consent' }).side).toBeNull();
  });

  it('reads only a measurement at an extreme, the last one given, and not a phase of the works', () => {
    expect(reader.read({ description: 'soil from Ph 2 of the housing development' }).side).toBeNull();
    expect(reader.read({ description: 'inert soil from phase 1, PH 1 site' }).side).toBeNull();
    expect(reader.read({ description: 'washout water, dosed down to below pH 11.5' }).side).toBeNull();
    expect(reader.read({ description: 'bund water neutralised from pH 12.5 to pH 7.5' }).side).toBeNull();
    expect(reader.read({ description: 'caustic wash, pH > 12' }).side).toBe('hazardous');
    expect(reader.read({ description: 'bund water pH 12-13' }).side).toBe('hazardous');
    expect(reader.read({ description: 'pickle rinse pH 0.5-1' }).side).toBe('hazardous');
  });

  it('gives way to an assessment or reserve testing, and never moves an absolute entry', () => {
    expect(reader.read({ description: 'bund water, pH 12.8, WM3 assessment: non-hazardous' }).side).toBe(
      'clean',
    );
    expect(
      reader.read({ description: 'bund water, pH 12.8, alkali reserve test: not corrosive' }).side,
    ).toBeNull();
    expect(answer('liming waste from the tannery, pH 12.5').ranking[0].ewc_code).toBe('04 01 02');
    expect(answer('fly ash from a biomass boiler, pH 12.8').ranking[0].is_hazardous).toBe(false);
  });

  it('moves the answer to the hazardous side of the pair, with the deciding question still open', () => {
    const water = answer({
      description: 'bunded rainwater pumped from the chemical store, pH 12.8, tanker',
      source_industry: 'facilities management contractor',
    });
    const top = water.ranking[0];
    expect(top.ewc_code).toBe('16 10 01');
    expect(top.reasoning).toContain('pH 12.8');
    expect(top.mirror_undecided).toBe(true);
    expect(top.confidence).toBeLessThanOrEqual(0.85);
  });
});

describe('leaching results and an unknown composition', () => {
  it.each(data.leaching)(
    '"%s" is flagged as unable to classify the waste, and the soil stays hazardous',
    (term) => {
      const result = answer(`${SOIL}, ${term} results attached, passed`);
      expect(result.flags).toContain('LEACHING_RESULTS_DO_NOT_CLASSIFY');
      expect(result.ranking[0].ewc_code).toBe('17 05 03');
    },
  );

  it.each(data.unknown)('"%s" leaves the soil hazardous until it is assessed', (term) => {
    expect(answer(`${SOIL}, ${term}`).ranking[0].ewc_code).toBe('17 05 03');
  });

  it('"no HP" is an assessment found clean, "no hazardous-property assessment" is none at all', () => {
    expect(answer(`${SOIL}; WM3 assessment: no HP`).ranking[0].ewc_code).toBe('17 05 04');
    expect(answer(`${SOIL}; no hazardous-property assessment has been done`).ranking[0].ewc_code).toBe(
      '17 05 03',
    );
    expect(answer(`${SOIL}; no HP assessment yet`).ranking[0].ewc_code).toBe('17 05 03');
  });

  it('a leachate figure in mg/l is a leaching result', () => {
    expect(reader.read({ description: 'lead 0.02 mg/l' }).leaching).toBe(true);
    expect(reader.read({ description: 'Water treatment sludge, WAC eluate lead 0.02 mg/l' }).leaching).toBe(
      true,
    );
  });

  it("a liquid's own figure in mg/l is its concentration, as a litre of water weighs a kilogram", () => {
    const water = reader.read({ description: 'Tanker of rainwater from the diesel tank bund, TPH 4 mg/l' });
    expect(water.leaching).toBe(false);
    expect(water.measurements[0]).toMatchObject({ substance: 'oil or fuel', mg_per_kg: 4, above: false });
    const oily = reader.read({ description: 'Interceptor water, TPH 2,400 mg/l' });
    expect(oily.measurements[0]).toMatchObject({ mg_per_kg: 2400, above: true });
  });

  it.each(data.unknown)(
    '"%s" puts a mirror-entry waste on the hazardous side, with the question open',
    (term) => {
      const result = answer(`${SOIL}, ${term}`);
      expect(result.ranking[0].ewc_code).toBe('17 05 03');
      expect(result.flags).toContain('COMPOSITION_UNKNOWN');
      expect(result.ranking[0].confidence).toBeLessThan(0.9);
    },
  );

  it.each([
    'passes non-haz WAC',
    'WAC: non-hazardous',
    'landfill WAC leaching test passed, below the limits',
  ])('a pass of a leaching test, "%s", is not an assessment of the waste', (words) => {
    const result = answer(
      `Incinerator bottom ash from the grate; ${words}; no total metals, no WM3 assessment`,
    );
    expect(result.flags).toContain('LEACHING_RESULTS_DO_NOT_CLASSIFY');
    expect(result.ranking[0].ewc_code).toBe('19 01 11');
    expect(result.ranking[0].confidence).toBeLessThan(0.9);
  });

  it('still lets a stated assessment of the waste decide beside leaching results', () => {
    const result = answer(`${SOIL}, WAC results attached; assessed as non-hazardous under WM3`);
    expect(result.ranking[0].ewc_code).toBe('17 05 04');
    expect(result.flags).toContain('LEACHING_RESULTS_DO_NOT_CLASSIFY');
  });
});

describe('a survey of a substance', () => {
  const RUBBLE = 'brick rubble';

  it('"no asbestos survey" is a survey not done, which rules no asbestos out, as "not tested for asbestos"', () => {
    for (const said of ['no asbestos survey', 'asbestos survey not done', 'not tested for asbestos']) {
      const result = answer(`${RUBBLE}, ${said}`);
      expect(result.ranking[0].ewc_code, said).toBe('17 06 05');
      expect(result.verdict?.clearedSubstances ?? [], said).not.toContain('asbestos');
    }
    // "No asbestos" said as the survey's finding still clears it.
    const per = answer(`${RUBBLE}, no asbestos per survey`);
    expect(per.ranking[0].is_hazardous).toBe(false);
    expect(per.verdict?.clearedSubstances).toContain('asbestos');
  });

  it('"asbestos survey found none" clears the asbestos, and the waste is what the description names', () => {
    for (const said of [
      'asbestos survey found none',
      'asbestos survey: none found',
      'asbestos survey negative',
    ]) {
      const result = answer(`${RUBBLE}, ${said}`);
      expect(['17 01 02', '17 01 07'], said).toContain(result.ranking[0].ewc_code);
      expect(result.verdict?.clearedSubstances, said).toContain('asbestos');
    }
  });
});

describe('the reach of a verdict', () => {
  it('"non-" negates the one word after it: "non-hazardous waste plus drums of thinners" keeps the thinners', () => {
    const top = answer('Non hazardous waste plus 3 drums of waste solvent thinners').ranking[0];
    expect(top.is_hazardous).toBe(true);
    expect(reader.read({ description: 'non-hazardous waste plus drums of thinners' }).side).toBeNull();
  });

  it('a bare "non-hazardous" label of one part clears nothing else: "... including oily rags"', () => {
    const top = answer('non-hazardous packaging waste from the workshop including oily rags').ranking[0];
    expect(top.ewc_code).toBe('15 02 02');
  });

  it('a verdict about what it names after "with" says nothing of the rest: orange-lid sharps stay infectious', () => {
    const top = answer('60 l orange-lid sharps bin, phlebotomy needles, not contaminated with medicines')
      .ranking[0];
    expect(top.ewc_code).toBe('18 01 03');
    expect(answer(`${SOIL}, not contaminated with oil`).ranking[0].ewc_code).toBe('17 05 04');
  });

  it('"below hazardous limits" is a clean verdict, "above the hazardous limits" a hazardous one', () => {
    expect(
      answer('Trial pit soils: asbestos not detected, all other results below hazardous limits').ranking[0]
        .ewc_code,
    ).toBe('17 05 04');
    expect(answer(`${SOIL}, lead above the hazardous limits`).ranking[0].ewc_code).toBe('17 05 03');
  });

  it('looks for its subject in its own part of a list: "TPH 140 mg/kg, herbicides below detection" is about the herbicides', () => {
    const reading = reader.read({
      description: 'Ballast arisings: TPH 140 mg/kg, herbicides below detection',
    });
    expect(reading.side).toBe('clean');
    expect(
      answer('Track ballast renewal arisings: TPH 140 mg/kg, herbicides below detection').ranking[0].ewc_code,
    ).toBe('17 05 08');
  });

  it('clears every subject of a list before it: "metals & PAH under limits"', () => {
    const reading = reader.read({ description: `${SOIL}, metals & PAH under limits` });
    expect(reading.cleared).toEqual(expect.arrayContaining(['heavy_metal', 'coal_tar']));
    const hazardous = reader.read({ description: `${SOIL}, lead and TPH above the limits` });
    expect(hazardous.kinds).toEqual(expect.arrayContaining(['heavy_metal', 'oil']));
  });

  it('reads substances below their limits under an assessment heading as the assessment found clean', () => {
    expect(
      reader.read({ description: 'Phosphogypsum, HP assessment: cadmium and fluoride below limits' }).side,
    ).toBe('clean');
    // Without the heading, the verdict clears the substance it names and says nothing of the rest.
    expect(reader.read({ description: 'Phosphogypsum, cadmium below limits' }).side).toBeNull();
    expect(
      answer({
        description: 'phosphogypsum stack arisings, HP assessment: cadmium and fluoride below limits',
        source_industry: 'phosphoric acid manufacture',
      }).ranking[0].ewc_code,
    ).toBe('06 09 04');
  });

  it('reads a property stated below its limit as not found: "HP14 sum well under 25%"', () => {
    const reading = reader.read({ description: 'Bottom ash composite, HP14 sum well under 25%' });
    expect(reading.side).not.toBe('hazardous');
    expect(reader.read({ description: 'Bottom ash composite, HP14 from zinc' }).side).toBe('hazardous');
  });

  it('reads "NAD" and "WM3 suite clear" as clean, "went positive" after the PAK spray as coal tar', () => {
    expect(reader.read({ description: 'Trommel fines, asbestos NAD' }).cleared).toContain('asbestos');
    expect(reader.read({ description: 'Trommel fines, WM3 suite clear' }).side).toBe('clean');
    const tar = reader.read({ description: 'Dug-up footpath planings, PAK marker spray went positive' });
    expect(tar.side).toBe('hazardous');
    expect(tar.kinds).toContain('coal_tar');
  });

  it('reads a failed leaching test as a leaching result, not as a hazardous finding', () => {
    const reading = reader.read({ description: 'Foundry sand, WAC phenol index exceeds the inert limit' });
    expect(reading.side).toBe('unknown');
    expect(reading.leaching).toBe(true);
  });

  it('reads a negated hazardous verdict about one substance as clearing that one only: oily soil stays hazardous', () => {
    const reading = reader.read({ description: `${SOIL}, oily, lead does not exceed the limit` });
    expect(reading.side).toBeNull();
    expect(reading.cleared).toEqual(['heavy_metal']);
    expect(
      answer({
        description: 'oily excavated soil from the garage forecourt, lead does not exceed the limit',
        source_industry: 'groundworks contractor',
      }).ranking[0].ewc_code,
    ).toBe('17 05 03');
  });

  it('reads "SDS: no classification" as the sheet\'s statement, and "no classification" alone as no assessment', () => {
    expect(reader.read({ description: 'Unused acrylic emulsion, SDS: no classification' }).side).toBe(
      'clean',
    );
    expect(reader.read({ description: 'Unused acrylic emulsion, no classification' }).side).toBe('unknown');
    // A word saying what the sheet says stands where the colon does.
    for (const description of [
      'PVA wood glue, SDS says no classification',
      'floor cleaner, the safety data sheets give no classification',
    ]) {
      expect(reader.read({ description }).side, description).toBe('clean');
    }
    expect(reader.read({ description: 'floor cleaner, SDS. Says no classification' }).side).toBe('unknown');
  });

  it('lets an assessment name who made it: "classed non-haz by the foundry\'s assessment"', () => {
    expect(
      reader.read({ description: "Reject cores, classed non-haz by the foundry's assessment" }).side,
    ).toBe('clean');
  });

  it("reads a comparison with a limit in the writer's own words, and not one with a roof level", () => {
    expect(
      reader.read({ description: `${SOIL}, lab results below every hazardous property threshold` }).side,
    ).toBe('clean');
    expect(reader.read({ description: `${SOIL}, surfactants below HP4/HP14 limits` }).side).not.toBe(
      'hazardous',
    );
    expect(
      reader.read({
        description: 'Photocopiers; the assessment puts the whole item over hazardous and POPs limits',
      }).side,
    ).toBe('hazardous');
    // Only the words of such comparisons may stand between: this is no verdict.
    expect(reader.read({ description: 'Guttering taken down from below the roof level' }).side).toBeNull();
    // "all under" speaks of every result: the waste as a whole was assessed.
    expect(
      answer({
        description:
          'Silt dredged from the boating lake; metals and PAH results all under WM3 hazardous limits',
        source_industry: 'council parks department',
      }).ranking[0].ewc_code,
    ).toBe('17 05 06');
  });

  it('reads "never been analysed" as an unknown composition, hazardous until assessed', () => {
    const reading = reader.read({ description: 'Leachate and condensate, never been analysed' });
    expect(reading.side).toBe('unknown');
  });

  it('reads H280 (gas under pressure) as bringing no hazardous property', () => {
    expect(reader.read({ description: 'part-used nitrogen cylinders, SDS H280 only' }).side).toBeNull();
    expect(answer('4 part-used compressed nitrogen cylinders, SDS H280 only').ranking[0].ewc_code).toBe(
      '16 05 05',
    );
    expect(reader.read({ description: 'propane cylinders, SDS H220 H280' }).side).toBe('hazardous');
  });

  it('assessed clean, packaging with hazardous residues becomes packaging of its sub-chapter', () => {
    const top = answer('Empty plastic containers that held AdBlue (urea solution), not classified under CLP')
      .ranking[0];
    expect(top.is_hazardous).toBe(false);
    expect(top.ewc_code.startsWith('15 01')).toBe(true);
  });
});

describe('medicines and their hazard statements (HTM 07-01: HP6, HP7, HP10, HP11 make a medicine cytotoxic)', () => {
  it('puts a medicine with a CMR statement on the cytotoxic entry of its setting', () => {
    const ward = answer({
      description: 'time-expired tablets off the dispensary shelves; SDS lists H360Df',
      source_industry: 'hospital pharmacy',
    }).ranking[0];
    expect(ward.ewc_code).toBe('18 01 08');
    expect(reader.read({ description: 'tablets, may damage the unborn child' }).kinds).toContain('cytotoxic');
  });

  it('keeps a medicine "none on the cytotoxic list, no CMR classification" on the non-hazardous entry', () => {
    const top = answer({
      description:
        'discontinued ward stock tablets: none on the cytotoxic list, no CMR classification on the SDSs',
      source_industry: 'community hospital ward',
    }).ranking[0];
    expect(top.ewc_code).toBe('18 01 09');
  });

  it('does not name a cytotoxic medicine for a statement that is not CMR or acute toxicity', () => {
    expect(reader.read({ description: 'tablets, SDS H315' }).kinds).not.toContain('cytotoxic');
  });
});
