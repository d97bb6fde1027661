import { describe, expect, it } from 'vitest';
import { getCatalogue } from '../../../src/classification/catalogue.ts';
import { createLocalEngine } from '../../../src/classification/engine/index.ts';
import { markNegation, words } from '../../../src/classification/ranker/negation.ts';

// One engine for the file: making one takes a few hundred milliseconds.
const engine = createLocalEngine({ catalogue: getCatalogue() });

const negated = (text: string) =>
  markNegation(words(text))
    .filter((w) => w.negated)
    .map((w) => w.raw);

describe('negation', () => {
  it('holds across a list joined by or, nor and commas', () => {
    expect(negated('broken bricks and concrete, no plaster or asbestos')).toEqual(['plaster', 'asbestos']);
    expect(negated('hardcore with no plaster, wood or asbestos in it')).toEqual([
      'plaster',
      'wood',
      'asbestos',
    ]);
    expect(negated('neither oil nor solvent')).toEqual(['solvent']);
    // A slash between two words is a list too.
    expect(negated('12yd skip, no plasterboard/asbestos')).toEqual(['plasterboard', 'asbestos']);
  });

  it('reads "free" after the words it negates, and "free of" before them', () => {
    expect(negated('asbestos-free cement sheets')).toEqual(['asbestos']);
    expect(negated('oil and solvent free rags')).toEqual(['oil', 'solvent']);
    expect(negated('soil, free of hydrocarbons')).toEqual(['hydrocarbons']);
  });

  it('reads a part removed from the equipment as not in the load, and what was removed from something as the waste', () => {
    expect(negated('emergency light fittings with batteries removed')).toEqual(['batteries']);
    expect(negated('emergency light bodies, NiCd packs already removed, 45 no.')).toEqual(['nicd', 'packs']);
    expect(negated('lead acid batteries removed from forklifts')).toEqual([]);
    expect(negated('interceptor sludge removed by vac tanker')).toEqual([]);
    // Not a part of equipment: the grit is what took the paint off.
    expect(negated('spent grit from blasting, lead paint removed')).toEqual([]);
  });

  it('codes the equipment, not the battery, once its batteries are out', () => {
    const ups = engine.classify({
      description: 'UPS cabinets, batteries removed',
      source_industry: 'electrical contractor',
    });
    expect(ups.ranking[0].ewc_code).toBe('16 02 14');
  });

  it('carries through a verb right after the negator: "none are cytotoxic", "nothing was oily"', () => {
    expect(negated('returned medicines, none are cytotoxic or cytostatic')).toEqual([
      'cytotoxic',
      'cytostatic',
    ]);
    expect(negated('rags from the press, nothing was oily')).toEqual(['oily']);
    // Elsewhere a verb still ends what the negator reaches.
    expect(negated('no labels, the tins are oily')).toEqual(['labels']);
  });

  it('reads "excluded" after the words it negates, as "free"', () => {
    expect(negated('grade A wood chip, treated timber excluded')).toEqual(['treated', 'timber']);
  });

  it('carries "none on the ..." and "nothing in the ..." to the list they name', () => {
    expect(negated('ward stock tablets, none on the cytotoxic list')).toEqual(['cytotoxic', 'list']);
    // Another negator before "on" still stops there: the label is what is missing.
    expect(negated('no label on the drum')).toEqual(['label']);
  });

  it('reaches through linking words: "tested negative for coal tar", "no signs of knotweed"', () => {
    expect(negated('planings tested negative for coal tar')).toEqual(['coal', 'tar']);
    expect(negated('topsoil, no signs of knotweed')).toEqual(['knotweed']);
  });

  it('stops at the end of the clause, so what follows is not negated', () => {
    expect(negated('no asbestos. Oily rags and filters')).toEqual(['asbestos']);
    expect(negated('no asbestos, broken bricks and concrete')).toEqual(['asbestos']);
    expect(negated('not hazardous but contains oil')).toEqual(['hazardous']);
  });

  it('reads contractions, split at the apostrophe: "isn\'t", "doesn\'t contain", "don\'t have"', () => {
    expect(negated("the drum isn't oily")).toEqual(['oily']);
    expect(negated("it doesn't contain asbestos")).toEqual(['asbestos']);
    expect(negated("ours don't have RCF")).toEqual(['rcf']);
    expect(negated('does not contain oil')).toEqual(['oil']);
    // "don't" carries on only through a verb of having: here it negates the verb, and the batteries are in.
    expect(negated("we don't take the batteries out of the cameras")).toEqual(['take']);
  });

  it('reads "other than" as naming what the waste does not hold', () => {
    expect(negated('batteries other than lead or mercury types')).toEqual(['lead', 'mercury', 'types']);
  });

  it('never clears what is not ruled out: "does not rule out asbestos", "asbestos not excluded"', () => {
    expect(negated('survey does not rule out asbestos')).toEqual([]);
    expect(negated("survey doesn't exclude asbestos")).toEqual([]);
    expect(negated('asbestos not excluded')).toEqual([]);
    const ceiling = engine.classify({
      description: 'survey does not rule out asbestos in the artex ceiling, skip',
    });
    expect(ceiling.ranking[0].is_hazardous).toBe(true);
    expect(ceiling.hazardous_substances).toContain('asbestos');
  });

  it('never reads a doubt, an untested state or a failed test as absence', () => {
    expect(negated("old pipe lagging, wasn't tested for asbestos")).toEqual([]);
    expect(negated("it isn't known whether asbestos is present")).toEqual([]);
    expect(negated('lagging, may or may not have asbestos')).toEqual([]);
    expect(negated("ceiling tiles, can't say they don't have asbestos")).toEqual([]);
    expect(negated("we don't have an asbestos survey")).not.toContain('asbestos');
    expect(negated("treated soil, didn't pass the haz assessment")).toEqual(['pass']);
    expect(negated("we haven't got time to take the batteries out")).not.toContain('batteries');
  });

  it('carries a negation through "known or suspected to be" to an infection status, and only there', () => {
    // HTM 07-01's own wording for offensive waste.
    expect(negated('patients not known or suspected to be infectious')).toContain('infectious');
    expect(negated('patient not thought to be infected')).toContain('infected');
    // The status alone: what the list goes on to name stays a doubt, and "known" must follow the negator.
    expect(negated('not known to be infectious or cytotoxic')).toEqual(['infectious']);
    expect(negated('not known to be infectious or asbestos')).not.toContain('asbestos');
    expect(negated('not segregated from waste of patients known to be infectious')).not.toContain(
      'infectious',
    );
    // A belief about a substance is no assessment: it stays a doubt.
    expect(negated('insulation board, not known to be asbestos')).not.toContain('asbestos');
    expect(negated("lagging, it isn't known to be asbestos")).not.toContain('asbestos');
    expect(negated('pipe lagging, not likely to be asbestos')).not.toContain('asbestos');
    expect(negated('oily rags, not found to be contaminated with oil')).not.toContain('oil');
    expect(negated('soil, not known to be contaminated')).not.toContain('contaminated');
    expect(negated("it isn't known whether asbestos is present")).toEqual([]);
    // "Free of" after a negated knowing is no absence either.
    expect(negated('ceiling tiles, not known to be free of asbestos')).not.toContain('asbestos');
    expect(negated('ceiling tiles, not proven to be free of asbestos')).not.toContain('asbestos');
    expect(negated('ceiling tiles, free of asbestos')).toContain('asbestos');
    const offensive = engine.classify({
      description: 'gloves, masks and aprons from the treatment room',
      source_industry: 'GP surgery',
      additional_context: 'Patients are not known or suspected to be infectious.',
    });
    expect(offensive.ranking[0].ewc_code).toBe('18 01 04');
    const cytotoxic = engine.classify({
      description: 'gloves and swabs, not known to be infectious or cytotoxic',
      source_industry: 'hospital oncology ward',
    });
    expect(cytotoxic.ranking[0].is_hazardous).toBe(true);
    const board = engine.classify({
      description: 'insulation board from a 1970s school, not known to be asbestos',
      source_industry: 'demolition contractor',
    });
    expect(board.ranking[0].is_hazardous).toBe(true);
  });

  it('reads "other than" as "apart from" at the start of a clause, and a negated "free" as no negation', () => {
    expect(negated('other than the lead paint, the timber is clean')).toEqual([]);
    expect(negated('mostly soil, other than a few asbestos cement fragments')).toEqual([]);
    expect(negated("the lagging isn't asbestos free")).toEqual([]);
    expect(negated('asbestos cannot be excluded')).toEqual([]);
    expect(negated('asbestos has not been excluded')).not.toContain('asbestos');
  });

  it('keeps the hazardous answer for each of those', () => {
    for (const description of [
      "old pipe lagging, wasn't tested for asbestos",
      'old boiler house lagging, may or may not have asbestos',
      "ceiling tiles, can't say they don't have asbestos",
      'other than the lead paint, the timber is clean',
      'mostly soil, other than a few asbestos cement fragments',
      'artex ceiling boards, asbestos cannot be excluded',
      "soil from site, we can't say it isn't hazardous",
      // A second review's cases: an exception after "clean" or after a negation is there, a hedge or a
      // bare question is a doubt, a slash that starts a statement ends the list, and "not free of" is not
      // "free of".
      'rubble, clean other than asbestos sheet',
      "soil, doesn't contain anything other than asbestos cement",
      'timber, no preservatives/treatment other than creosote',
      "soil, probably doesn't contain asbestos",
      "soil, doesn't contain asbestos I believe",
      "hardcore, doesn't contain asbestos?",
      "soil, couldn't see any asbestos",
      'timber, not treated/lead painted',
      'soil, no asbestos / hydrocarbons present',
      'soil, is not free of asbestos',
    ]) {
      expect({ description, hazardous: engine.classify({ description }).ranking[0].is_hazardous }).toEqual({
        description,
        hazardous: true,
      });
    }
  });
});
