import { describe, expect, it } from 'vitest';
import { getCatalogue } from '../../src/classification/catalogue.ts';
import { createLocalEngine, createRuleEngine } from '../../src/classification/engine/index.ts';
import { tokenize } from '../../src/classification/engine/text.ts';
import { knowledge } from '../../src/classification/knowledge/index.ts';
import type { ClassifyInput } from '../../src/classification/types.ts';

const catalogue = getCatalogue();
const engine = createLocalEngine({ catalogue });
const top = (input: ClassifyInput | string) => {
  const result = engine.classify(typeof input === 'string' ? { description: input } : input);
  return result.ranking[0];
};

describe('the local engine reads waste as an expert does', () => {
  it('puts oily rags on the hazardous side and names the evidence', () => {
    const answer = top('oily rags');
    expect(answer.ewc_code).toBe('15 02 02');
    expect(answer.is_hazardous).toBe(true);
    expect(answer.reasoning).toContain('"oily"');
    expect(answer.reasoning).toContain('15 02 03');
  });

  it('keeps clean rags on the non-hazardous side', () => {
    const answer = top('clean rags');
    expect(answer.ewc_code).toBe('15 02 03');
    expect(answer.is_hazardous).toBe(false);
    expect(answer.reasoning).toContain('"clean"');
  });

  it('reads a garage roof as building work, but oil from a garage as the motor trade', () => {
    const roof = top('asbestos cement sheets from garage roof');
    expect(roof.ewc_code).toBe('17 06 05');
    expect(roof.reasoning).toContain('"garage roof"');
    expect(roof.reasoning).not.toContain('points to another chapter');
    // Both readings are hazardous oil; the ranker leans to the municipal oil entry (known weakness, see
    // docs/classification.md, Limits), the motor-trade entry stays in the first two.
    const oil = engine.classify({ description: 'engine oil from the garage' }).ranking;
    expect(oil[0].is_hazardous).toBe(true);
    expect(oil.slice(0, 2).some((r) => r.ewc_code.startsWith('13 02'))).toBe(true);
  });

  it('names the words that pointed elsewhere when the activity and the waste disagree', () => {
    const answer = top({ description: 'asbestos cement sheets', source_industry: 'vehicle repair garage' });
    expect(answer.ewc_code).toBe('17 06 05');
    expect(answer.reasoning).toMatch(/The activity "[^"]+" \(vehicle maintenance/);
  });

  it('codes asbestos sheets from a garage roof as asbestos construction material', () => {
    const answer = top('asbestos sheets from garage roof');
    expect(answer.ewc_code).toBe('17 06 05');
    expect(answer.flags).toContain('ASBESTOS');
  });

  it('reads a misspelling and says so', () => {
    const answer = top('flourescent tubes');
    expect(answer.ewc_code).toBe('20 01 21');
    expect(answer.reasoning).toContain('"flourescent" read as "fluorescent"');
  });

  it('reads common slips: swapped and doubled letters, a dropped final e', () => {
    expect(top('old tyers').ewc_code).toBe('16 01 03');
    const rags = top('oilly rags');
    expect(rags.ewc_code).toBe('15 02 02');
    expect(rags.is_hazardous).toBe(true);
    expect(top({ description: 'general wast', source_industry: 'office' }).ewc_code).toBe('20 03 01');
    expect(top({ description: 'skip of rubbel', source_industry: 'builder' }).ewc_code).toBe('17 01 07');
  });

  it('does not turn ordinary words into waste words', () => {
    const answer = engine.classify({ description: 'collection point', source_industry: 'school' });
    expect(answer.ranking.every((r) => !r.ewc_code.startsWith('08 01'))).toBe(true);
  });

  it('reads words in another order', () => {
    expect(top('tubes, fluorescent').ewc_code).toBe('20 01 21');
  });

  it('reads "fluorescent" before a garment or a colour as the colour, not a lamp', () => {
    const answer = engine.classify({ description: 'fluorescent hi-vis vests' });
    expect(answer.ranking[0].ewc_code).toBe('15 02 03');
    expect(answer.ranking[0].is_hazardous).toBe(false);
    const rules = createRuleEngine({ catalogue });
    for (const description of [
      'fluorescent hi-vis vests',
      'fluorescent orange safety vests',
      'fluorescent pink highlighter pens',
    ]) {
      // Neither the knowledge's lamp term nor the legal text of 20 01 21* reads the colour as a lamp, and
      // the hazard check names no mercury.
      const read = rules.classify({ description });
      expect(
        read.ranking.map((r) => r.ewc_code),
        description,
      ).not.toContain('20 01 21');
      expect(engine.classify({ description }).hazardous_substances, description).toEqual([]);
    }
    // A lamp is still a lamp, and the rules read one whatever follows it in another clause.
    for (const description of ['fluorescent tubes', 'fluorescents', 'fluorescent, sodium lamps']) {
      expect(top(description).ewc_code, description).toBe('20 01 21');
      expect(engine.classify({ description }).hazardous_substances, description).toEqual(['mercury']);
    }
    expect(rules.classify({ description: 'fluorescent - orange bin' }).ranking[0].ewc_code).toBe('20 01 21');
  });

  it('decides a mirror entry by the additional context, both ways', () => {
    const dirty = top({
      description: 'soil',
      source_industry: 'groundworks',
      additional_context: 'contaminated with diesel',
    });
    const clean = top({
      description: 'soil',
      source_industry: 'groundworks',
      additional_context: 'clean, inert, natural',
    });
    expect(dirty.ewc_code).toBe('17 05 03');
    expect(dirty.reasoning).toContain('"diesel"');
    expect(clean.ewc_code).toBe('17 05 04');
  });

  it('asks for an assessment when nothing decides a mirror entry', () => {
    const answer = top({ description: 'soil from digging footings', source_industry: 'builder' });
    expect(answer.ewc_code).toBe('17 05 04');
    expect(answer.mirror_undecided).toBe(true);
    expect(answer.confidence).toBeLessThan(0.9);
  });

  it('moves tarmac with coal tar to the hazardous entry and respects "no coal tar"', () => {
    expect(top('road planings, PAH test shows coal tar').ewc_code).toBe('17 03 01');
    expect(top('road planings, tested: no coal tar').ewc_code).toBe('17 03 02');
  });

  it('reads the exception to a clean statement as evidence, however the rules tie ("non hazardous other than the oil")', () => {
    // The rules read the water and the oil as two wastes of equal weight; the oil is still the water's
    // contamination, so the clean entry moves to its hazardous side as it does for "apart from".
    for (const description of [
      'waste water, non hazardous other than the oil',
      'waste water, non-hazardous apart from the oil',
    ]) {
      const answer = engine.classify({ description });
      expect(answer.ranking[0].ewc_code, description).toBe('16 10 01');
      expect(answer.ranking[0].is_hazardous, description).toBe(true);
    }
  });

  it('does not read a negated contaminant as evidence', () => {
    const answer = top({ description: 'brick rubble', additional_context: 'no asbestos, survey clear' });
    expect(['17 01 02', '17 01 07']).toContain(answer.ewc_code);
    expect(answer.is_hazardous).toBe(false);
  });

  it('splits household and business electrical equipment as GOV.UK guidance does', () => {
    expect(top({ description: 'old fridge', source_industry: 'householder' }).ewc_code).toBe('20 01 23');
    expect(top({ description: 'old fridges', source_industry: 'commercial kitchen' }).ewc_code).toBe(
      '16 02 11',
    );
  });

  it('codes equipment made for homes and offices alike as household WEEE, whoever discards it (B2C/B2B guidance)', () => {
    const office = { source_industry: 'Insurance office' };
    expect(
      top({ description: 'desktop PCs and keyboards from the office clear-out', ...office }).ewc_code,
    ).toBe('20 01 36');
    expect(top({ description: 'old CCFL-backlit LCD monitors', ...office }).ewc_code).toBe('20 01 35');
    expect(
      top({
        description: 'kettles and microwaves from the staff kitchen',
        source_industry: 'Secondary school',
      }).ewc_code,
    ).toBe('20 01 36');
    // Made for business use only: 16 02.
    expect(top({ description: 'decommissioned server racks', source_industry: 'Data centre' }).ewc_code).toBe(
      '16 02 14',
    );
    expect(top({ description: 'production photocopiers from the print room' }).ewc_code).toBe('16 02 14');
  });

  it('codes what households hand in at a council site in chapter 20, and the same waste from a trade in its own chapter', () => {
    expect(top('oil-based gloss paint tins handed in by residents at the civic amenity site').ewc_code).toBe(
      '20 01 27',
    );
    expect(top('untreated timber and old furniture from the HWRC wood bay').ewc_code).toBe('20 01 38');
    expect(
      top({ description: 'oil based paint tins, part full', source_industry: 'Decorating contractor' })
        .ewc_code,
    ).toBe('08 01 11');
  });

  it('reads a food trade named in words of its own ("factory making bagged salads") as its process chapter', () => {
    const rules = createRuleEngine({ catalogue });
    const trade = (description: string, source_industry: string) =>
      rules.classify({ description, source_industry }).ranking[0].ewc_code;
    expect(trade('rotten lettuce and spinach', 'factory making bagged salads')).toBe('02 03 04');
    expect(trade('spoilt food, past its date', 'plant producing sausages and bacon')).toBe('02 02 03');
    expect(trade('broken biscuits and spoilt cakes', 'chocolate and biscuit maker')).toBe('02 06 01');
    // The product must be what is made: a farm that grows it, a shop, or a maker of something else is not
    // the food trade.
    expect(trade('rotten lettuce and spinach', 'salad producer')).not.toBe('02 03 04');
    expect(trade('rotten lettuce and spinach', 'sandwich shop making salads')).toBe('20 01 08');
    expect(trade('spoilt food, past its date', 'biscuit tin manufacturer')).toBe('20 01 08');
    expect(trade('mouldy cheese', 'small cheese maker')).toBe('02 05 01');
    expect(trade('mouldy cheese', 'small shop')).toBe('20 01 08');
    // Only in source_industry: a canteen's food waste stays kitchen waste, whatever the description says.
    expect(trade('food waste from the factory canteen, mostly vegetables', 'office')).toBe('20 01 08');
    expect(trade('rotten lettuce and spinach', 'restaurant')).toBe('20 01 08');
    expect(trade('spoilt food, past its date', 'office')).toBe('20 01 08');
  });

  it('codes the sharps of animal healthcare in 18 02, from a farm or a vet, and those of a surgery in 18 01', () => {
    expect(
      top({ description: 'used needles from injecting ewes', source_industry: 'Sheep farm' }).ewc_code,
    ).toBe('18 02 02');
    expect(top('feline chemotherapy vials and sharps').ewc_code).toBe('18 02 07');
    expect(
      top({ description: 'used needles from injecting ewes', source_industry: 'GP surgery' }).ewc_code,
    ).toBe('18 01 03');
  });

  it("reads a note line's quantity and container as the waste's, not as a second waste", () => {
    const line = engine.classify({ description: 'kerosene, 1 x IBC' });
    expect(line.ranking[0].ewc_code).toBe('13 07 01');
    expect(line.flags).not.toContain('MULTIPLE_WASTE_TYPES');
    expect(line.ranking[0].confidence).toBeGreaterThanOrEqual(0.9);
    // A second waste named after a comma is still a second waste.
    expect(engine.classify({ description: 'waste oil, used oil filters' }).flags).toContain(
      'MULTIPLE_WASTE_TYPES',
    );
  });

  it('reads oil drained from a transformer as the oil, with its PCB figure deciding the entry', () => {
    const drained = top('oil pumped out of a pole-mounted transformer before scrapping');
    expect(drained.ewc_code).toBe('13 03 07');
    expect(drained.confidence).toBeGreaterThanOrEqual(0.9);
    expect(top('oil drained from two site transformers, lab PCB 85 mg/kg').ewc_code).toBe('13 03 01');
  });

  it('codes mercury switches by where they were taken out: equipment, a building, a vehicle', () => {
    const removed = top({
      description: 'mercury tilt switches pulled out of scrapped pump controllers',
      source_industry: 'Pump repair workshop',
    });
    expect(removed.ewc_code).toBe('16 02 15');
    expect(removed.confidence).toBeGreaterThanOrEqual(0.5);
    expect(
      top({ description: 'mercury switches removed during strip out', source_industry: 'demolition' })
        .ewc_code,
    ).toBe('17 09 01');
    expect(
      top({
        description: 'mercury tilt switches recovered from bonnet lights',
        source_industry: 'Vehicle dismantler',
      }).ewc_code,
    ).toBe('16 01 08');
  });

  it('reads a misspelt plural ("batterys") as the word, and names alkalis by their formulae', () => {
    expect(top('6 car batterys, cage').ewc_code).toBe('16 06 01');
    expect(
      top({ description: 'damp-damaged sacks of KOH flake', source_industry: 'Chemical distributor' })
        .ewc_code,
    ).toBe('06 02 04');
  });

  it('does not code a waste by a substance its own figures clear (PCB <2 mg/kg is not the PCB entry)', () => {
    const oil = engine.classify({
      description: 'oil drained out of two transformers, 3 x IBC, PCB <2 mg/kg',
    });
    expect(oil.ranking[0].ewc_code).toBe('13 03 07');
    expect(oil.flags).not.toContain('MULTIPLE_WASTE_TYPES');
  });

  it('reads a note line whose first words name the job, not the waste', () => {
    const panels = top('Stores clear-out - 3 pallets of old fire alarm control panels');
    expect(panels.ewc_code).toBe('16 02 14');
    expect(panels.confidence).toBeGreaterThanOrEqual(0.9);
  });

  it('treats a liquid of unknown composition as hazardous, though its container is named first (WM3)', () => {
    const ibc = engine.classify({ description: '1 x IBC unknown liquid, no label' });
    expect(ibc.ranking[0].ewc_code).toBe('16 10 01');
    expect(ibc.flags).toContain('COMPOSITION_UNKNOWN');
  });

  it('reads a battery chemistry before "packs" as the kind of battery, and a spray foam system as no aerosol', () => {
    const packs = top({
      description: 'NiCd battery packs pulled from defibrillators and suction units',
      source_industry: 'hospital EBME workshop',
    });
    expect(packs.ewc_code).toBe('16 06 02');
    const mdi = top({
      description: '2 x part-used 200L drums MDI (isocyanate side of the spray foam system)',
      source_industry: 'spray foam insulation contractor',
    });
    expect(mdi.ewc_code).toBe('08 05 01');
    expect(top('spray foam cans, half used').ewc_code).toBe('16 05 04');
  });

  it('codes nickel and cobalt molybdenum catalysts as hazardous transition-metal catalysts', () => {
    const spent = top({
      description: 'Ni-Mo hydrotreater catalyst changed out at the shutdown',
      source_industry: 'Oil refinery',
    });
    expect(spent.ewc_code).toBe('16 08 02');
    expect(spent.confidence).toBeGreaterThanOrEqual(0.5);
  });

  it('does not take the thing a waste came from for the waste ("fix from the X-ray film processor")', () => {
    expect(
      top({ description: 'used fix from the X-ray film processor', source_industry: 'Veterinary practice' })
        .ewc_code,
    ).toBe('09 01 04');
  });

  it('reads what comes "out of" equipment as the waste, and the equipment as its source; not "out of date"', () => {
    const blocks = top({
      description: '20 x 12V SLA blocks out of the comms room UPS',
      source_industry: 'IT decommissioning',
    });
    expect(blocks.ewc_code).toBe('16 06 01');
    expect(tokenize('blocks out of the UPS').find((t) => t.raw === 'the')?.boundary).toBe('from');
    expect(tokenize('tablets out of date').find((t) => t.raw === 'date')?.boundary).toBe('');
    expect(tokenize('pallets made out of oak').find((t) => t.raw === 'oak')?.boundary).toBe('');
  });

  it('reads integral battery packs as batteries left in the equipment, a battery bin of mixed cells as unsorted batteries', () => {
    const signs = top({
      description: 'emergency exit signs with integral NiCd battery packs, 12 off',
      source_industry: 'electrical contractor',
    });
    expect(signs.ewc_code).toBe('16 02 13');
    expect(
      top({
        description: 'battery bin from the office, mixed dead cells',
        source_industry: 'office facilities management',
      }).ewc_code,
    ).toBe('20 01 33');
  });

  it('reads antifouling as a biocide: scrapings of it are paint removal waste on the hazardous side', () => {
    const scrapings = top({
      description: 'antifouling scrapings from the slipway',
      source_industry: 'marina',
    });
    expect(scrapings.ewc_code).toBe('08 01 17');
  });

  it('reads a flash point below 60 °C as flammable (HP3), and one above it as clearing nothing', () => {
    const finish = top({
      description: 'spent water-repellent finish, flash point 27 °C',
      source_industry: 'Textile finishing works',
    });
    expect(finish.ewc_code).toBe('04 02 14');
    expect(finish.reasoning).toContain('flash point 27');
    expect(
      engine.classify({ description: 'used degreasing fluid, flash point 110 °C' }).verdict?.side,
    ).toBeNull();
  });

  it('reads a hazardous property tested for as a test, not a finding, and a figure after another quantity as its own', () => {
    const ash = top({
      description: 'Bottom ash from the grate, WM3 assessment non-haz (HP14 tested)',
      source_industry: 'energy from waste plant',
    });
    expect(ash.ewc_code).toBe('19 01 12');
    expect(ash.is_hazardous).toBe(false);
    // "LOI 9%" is loss on ignition, not 9% asbestos: the survey's "not detected" clears the asbestos.
    const fines = engine.classify({
      description: 'Screen fines, asbestos not detected, LOI 9%, assessed non-hazardous',
      source_industry: 'waste transfer station',
    });
    expect(fines.verdict?.side).toBe('clean');
    expect(fines.ranking[0].is_hazardous).toBe(false);
  });

  it("knows asbestos cement by its trade shorthand, and a tractor's battery as lead-acid", () => {
    const downpipes = engine.classify({ description: 'AC downpipes off a barn, bagged' });
    expect(downpipes.ranking[0].ewc_code).toBe('17 06 05');
    expect(downpipes.hazardous_substances).toContain('asbestos');
    expect(
      top({ description: '6 old tractor batteries on a pallet', source_industry: 'livestock farm' }).ewc_code,
    ).toBe('16 06 01');
  });

  it("codes a trade's chemicals in its own chapter or chapter 16, not as a household's separately collected fraction", () => {
    const descaler = engine.classify({
      description: 'acid descaler left over from power flushing, 2 x 25L',
      source_industry: 'heating engineers',
    });
    expect(descaler.ranking[0].is_hazardous).toBe(true);
    expect(descaler.ranking.map((r) => r.ewc_code)).not.toContain('20 01 14');
    expect(descaler.ranking.map((r) => r.ewc_code)).toContain('16 05 07');
    expect(
      top({
        description: 'out of date white spirit, 5 tins',
        source_industry: 'painting and decorating contractor',
      }).ewc_code,
    ).toBe('14 06 03');
    // Households hand the same in at a council site: chapter 20.
    expect(top({ description: 'old white spirit, 5 tins', source_industry: 'HWRC' }).ewc_code).toBe(
      '20 01 13',
    );
  });

  it('answers a "99" entry (not otherwise specified) only as a last resort, never confidently', () => {
    // Nothing but the producer: the ranker's best guess is its sub-chapter's "99" entry, for a person to check.
    const vague = top({
      description: 'residue from the iron oxide pigment plant',
      source_industry: 'Inorganic pigment manufacturer',
    });
    expect(vague.ewc_code).toBe('06 11 99');
    expect(vague.confidence).toBeLessThanOrEqual(0.6);
    // Offensive waste is 20 01 99 in GOV.UK's guidance: the engine's knowledge names it, with confidence.
    const offensive = top({
      description: 'sanitary towel bins from the office washrooms',
      source_industry: 'Office',
    });
    expect(offensive.ewc_code).toBe('20 01 99');
    expect(offensive.confidence).toBeGreaterThanOrEqual(0.9);
  });

  it('never states a code at 0.9 on word statistics alone, on either side, and says why', () => {
    // Nothing the engine knows of the List matches these; the ranker's words point to a hazardous entry
    // ("orange" is the colour of an infectious-waste bag) or, for dental amalgam traps, to a grease
    // trap's clean entry.
    for (const [description, hazardous] of [
      ['orange peel', true],
      ['orange traffic cones', true],
      ['chairside traps', false],
    ] as const) {
      const answer = top(description);
      expect(answer.is_hazardous, description).toBe(hazardous);
      expect(answer.confidence, description).toBeLessThan(0.9);
      expect(answer.reasoning, description).toContain('rests on word statistics alone');
    }
    // Trained on "fluorescent" as a colour, the ranker no longer reads these pens as lamps (20 01 21*):
    // with nothing else to go on, no code is better than that one.
    const pens = engine.classify({ description: 'fluorescent pink highlighter pens' }).ranking;
    expect(pens.map((c) => c.ewc_code)).not.toContain('20 01 21');
    // The same colour where the engine knows the waste: the rules' answer keeps its confidence.
    const bags = top({ description: 'orange bags of clinical waste', source_industry: 'GP surgery' });
    expect(bags.ewc_code).toBe('18 01 03');
    expect(bags.confidence).toBeGreaterThanOrEqual(0.9);
    expect(bags.reasoning).not.toContain('word statistics alone');
  });

  it('reads a real waste from a named producer at low confidence, rather than giving no code; gibberish gets none', () => {
    // The List has no entry for stabiliser: the chapter is right and the code is left for a person to check.
    const stabiliser = engine.classify({
      description: 'Spent stabiliser from the film processing machine, 3 x 20L',
      source_industry: 'Motion-picture film laboratory',
    }).ranking[0];
    expect(stabiliser?.ewc_code.startsWith('09 01')).toBe(true);
    expect(stabiliser?.confidence).toBeLessThan(0.7);
    expect(engine.classify({ description: 'xyzzy qwerty', source_industry: 'Garage' }).ranking).toEqual([]);
    expect(engine.classify({ description: 'stuff', source_industry: 'Garage' }).ranking).toEqual([]);
  });

  it('knows brake fluid by its DOT grade', () => {
    expect(
      top({ description: '25L of old DOT4 from brake bleeding', source_industry: 'Garage' }).ewc_code,
    ).toBe('16 01 13');
  });

  it('chooses the chapter from the activity first (LoW coding order)', () => {
    expect(top({ description: 'food waste', source_industry: 'restaurant' }).ewc_code).toBe('20 01 08');
    expect(top({ description: 'burnt bread and dough', source_industry: 'industrial bakery' }).ewc_code).toBe(
      '02 06 01',
    );
  });

  it('reads the head of a phrase: oil drums are packaging, tins of paint are paint', () => {
    expect(top('empty oil drums').ewc_code).toBe('15 01 10');
    expect(top({ description: 'tins of solvent based paint', source_industry: 'decorator' }).ewc_code).toBe(
      '08 01 11',
    );
  });

  it('codes trade slang', () => {
    expect(top({ description: 'hardcore', source_industry: 'builder' }).ewc_code).toBe('17 01 07');
    expect(
      top({ description: 'swarf', source_industry: 'CNC machining', additional_context: 'mild steel' })
        .ewc_code,
    ).toBe('12 01 01');
    expect(top({ description: 'gen waste', source_industry: 'office' }).ewc_code).toBe('20 03 01');
    expect(top({ description: 'muck away', source_industry: 'groundworks' }).ewc_code).toBe('17 05 04');
  });

  it('gives batteries the code of their chemistry', () => {
    expect(top({ description: 'forklift batteries', source_industry: 'warehouse' }).ewc_code).toBe(
      '16 06 01',
    );
    expect(top({ description: 'nicad batteries', source_industry: 'factory' }).ewc_code).toBe('16 06 02');
    expect(top({ description: 'lithium ion batteries', source_industry: 'phone repair shop' }).ewc_code).toBe(
      '16 06 05',
    );
  });

  it('never prefers a 99 code when a specific entry fits', () => {
    const answer = top({
      description: 'waste not otherwise specified from painting, solvent based paint',
      source_industry: 'decorator',
    });
    expect(answer.ewc_code.endsWith(' 99')).toBe(false);
  });

  it('returns nothing confident for gibberish', () => {
    const result = engine.classify({ description: 'qzxv plorknak wibbet' });
    expect(result.ranking.every((r) => r.confidence < 0.7)).toBe(true);
  });

  it('only ever returns codes from the catalogue, at most five, ranked', () => {
    for (const description of [
      'mixed waste',
      'sludge',
      'oil and water and soil and paint and batteries',
      'x',
    ]) {
      const { ranking } = engine.classify({ description });
      expect(ranking.length).toBeLessThanOrEqual(5);
      for (const r of ranking) expect(catalogue.get(r.ewc_code)?.description).toBe(r.description);
      const confidences = ranking.map((r) => r.confidence);
      expect(confidences).toEqual([...confidences].sort((a, b) => b - a));
    }
  });

  it('is deterministic', () => {
    const input = { description: 'oily rags and used oil filters', source_industry: 'garage' };
    expect(engine.classify(input)).toEqual(engine.classify(input));
  });

  it('labels its version with the release and a hash of its knowledge', () => {
    expect(engine.version).toMatch(/^local-\d{4}\.\d+\.\d+\+[0-9a-f]{8}$/);
  });

  it('refuses knowledge that names a code outside the List of Wastes', () => {
    const broken = {
      ...knowledge,
      concepts: [...knowledge.concepts, { id: 'bad', terms: ['bad'], codes: ['99 99 99'], source: 'test' }],
    };
    expect(() => createLocalEngine({ catalogue, knowledge: broken })).toThrow(
      /99 99 99 is not in the List of Wastes/,
    );
  });
});
