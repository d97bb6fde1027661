// biome-ignore-all format: lexicon data stays one entry per line so reviewers can scan terms and codes
// Metals, cables and mixed construction and demolition wastes (LoW 17 04, 17 09), with the household
// (20 01 40), vehicle (16 01 17/18), machining (12 01) and treatment-output (19 12, 19 10) alternatives.
import type { ConceptDef } from './types.ts';

const CD = 'GOV.UK Classify different types of waste: construction and demolition waste';

export const metalAndMixedConcepts: ConceptDef[] = [
  {
    id: 'copper',
    terms: ['copper', 'copper pipe', 'copper pipes', 'copper tube', 'copper tubing', 'brass', 'bronze', 'copper cylinder', 'hot water cylinder', 'brass fittings', 'copper wire'],
    codes: ['17 04 01', '20 01 40@0.55', '12 01 03@0.3', '19 12 03@0.3', '16 01 18@0.2', '02 01 10@0.15'],
    source: `${CD}: metals 17 04 01 copper, bronze, brass`,
  },
  {
    id: 'aluminium',
    terms: ['aluminium', 'aluminum', 'ally', 'alloy', 'ali', 'aluminium window frames', 'aluminium frames', 'aluminium sheet', 'aluminium extrusions'],
    codes: ['17 04 02', '20 01 40@0.5', '12 01 03@0.3', '15 01 04@0.15', '16 01 18@0.2', '19 12 03@0.3'],
    source: `${CD}: metals 17 04 02 aluminium`,
  },
  {
    id: 'lead-metal',
    terms: ['lead flashing', 'lead sheet', 'lead pipe', 'lead pipes', 'roofing lead', 'lead', 'lead sheeting', 'lead roofing'],
    codes: ['17 04 03', '20 01 40@0.4', '19 12 03@0.2'],
    evidence: 'heavy_metal',
    source: `${CD}: metals 17 04 03 lead`,
  },
  {
    id: 'zinc-metal',
    terms: ['zinc', 'zinc sheet', 'zinc roofing'],
    codes: ['17 04 04', '20 01 40@0.4'],
    source: `${CD}: metals 17 04 04 zinc`,
  },
  {
    id: 'tin-metal',
    terms: ['tin metal', 'tin solder'],
    codes: ['17 04 06', '20 01 40@0.4'],
    source: `${CD}: metals 17 04 06 tin`,
  },
  {
    id: 'steel',
    terms: ['steel', 'iron', 'steelwork', 'rebar', 'steel joists', 'steel lintels', 'steel posts', 'steel doors', 'steel frames', 'reinforcement bar', 'reinforcing bar', 'reinforcing steel', 'beams', 'steel beams', 'rsj', 'rsjs', 'girders', 'cast iron', 'cast iron pipes', 'radiators', 'steel sheet', 'corrugated iron', 'corrugated steel', 'ferrous', 'ferrous metal', 'ferrous metals', 'scrap steel', 'mild steel', 'stainless steel', 'stainless', 'steel frame', 'steel offcuts', 'metal sheets', 'scaffold tubes', 'railings', 'steel mesh'],
    codes: ['17 04 05', '20 01 40@0.55', '12 01 01@0.3', '16 01 17@0.3', '19 12 02@0.35', '19 10 01@0.25', '02 01 10@0.15'],
    source: `${CD}: metals 17 04 05 iron and steel`,
  },
  {
    id: 'mixed-metal',
    terms: ['metal', 'metals', 'scrap metal', 'scrap', 'mixed metals', 'mixed metal', 'mixed scrap', 'metalwork', 'scrap metals', 'non ferrous', 'non ferrous metals', 'nonferrous', 'metal waste', 'old metal'],
    codes: ['17 04 07', '20 01 40@0.85', '16 01 17@0.25', '16 01 18@0.2', '19 12 03@0.3', '02 01 10@0.55', '19 10 02@0.15'],
    specificity: 0.75,
    source: `${CD}: metals 17 04 07 mixed metals; LoW 20 01 40 metals`,
  },
  {
    // Fencing wire and scrap machinery are farm scrap on a farm (LoW 02 01 10 waste metal, agriculture).
    id: 'farm-metal',
    terms: ['fencing wire', 'fence wire', 'barbed wire', 'stock fencing', 'sheep netting', 'wire netting', 'baler wire', 'farm scrap', 'scrap farm machinery', 'old farm machinery', 'farm machinery', 'feed troughs', 'cattle feeders', 'gates farm'],
    codes: ['02 01 10', '17 04 05@0.6', '20 01 40@0.5', '17 04 07@0.3'],
    source: 'LoW 02 01 10 waste metal (agriculture, horticulture, forestry); C&D 17 04 05',
  },
  {
    id: 'household-metal',
    terms: ['bikes', 'bicycles', 'bike', 'bicycle', 'pots and pans', 'pans', 'saucepans', 'garden tools', 'bbq', 'barbecue', 'lawn mower', 'metal furniture'],
    codes: ['20 01 40', '17 04 07@0.3'],
    source: 'EA Using the List of Wastes, Annex 2: municipal metals 20 01 40',
  },
  {
    id: 'boilers',
    terms: ['boiler', 'boilers', 'old boiler', 'gas boiler', 'combi boiler', 'hot water tank', 'water tank', 'cylinders hot water', 'oil tank metal', 'storage tank steel'],
    codes: ['17 04 07', '20 01 40@0.6', '17 04 05@0.5'],
    source: `${CD}: metals 17 04 07 mixed metals (gas boilers are scrap metal, not WEEE)`,
  },
  {
    id: 'cables',
    terms: ['cable', 'cables', 'cabling', 'wire', 'wiring', 'electrical cable', 'copper cable', 'armoured cable', 'swa', 'swa cable', 'cable offcuts', 'twin and earth', 'flex', 'cable drums offcuts', 'data cable', 'wires'],
    codes: ['17 04 11', '16 02 16@0.25', '20 01 36@0.15'],
    source: `${CD}: cables 17 04 11 (mirror of 17 04 10*)`,
  },
  {
    id: 'oil-filled-cables',
    terms: ['oil filled cables', 'oil filled cable', 'oil insulated cable', 'fluid filled cable', 'paper insulated lead covered cable', 'pilc cable', 'pilc', 'oil cable', 'oil cables'],
    codes: ['17 04 10'],
    evidence: 'oil',
    source: `${CD}: cables containing oil, coal tar and other hazardous substances 17 04 10*`,
  },
  {
    id: 'mixed-cd',
    collective: true,
    terms: ['mixed construction waste', 'construction waste', 'demolition waste', 'building waste', 'builders waste', 'builder waste', 'mixed builders waste', 'c and d waste', 'c and d', 'cd waste', 'site waste', 'skip waste', 'general site waste', 'strip out waste', 'strip out waste', 'soft strip', 'renovation waste', 'refurbishment waste', 'refurb waste', 'mixed skip', 'construction and demolition waste', 'demolition debris', 'building debris', 'building rubbish', 'builders rubbish', 'mixed demolition waste', 'construction debris', 'debris', 'mixed c and d', 'general building waste', 'general construction waste', 'kitchen refit waste', 'bathroom refit waste'],
    codes: ['17 09 04', '20 03 01@0.2', '19 12 12@0.2'],
    source: `${CD}: mixed construction and demolition wastes 17 09 04 (mirror of 17 09 01*, 17 09 02*, 17 09 03*)`,
  },
  {
    id: 'mixed-waste',
    collective: true,
    terms: ['mixed waste', 'mixed rubbish', 'skip of mixed waste', 'mixed load', 'mixed skip waste'],
    codes: ['20 03 01', '17 09 04@0.85', '19 12 12@0.4', '20 03 02@0.4'],
    specificity: 0.6,
    source:
      'EA Using the List of Wastes: mixed wastes coded by the activity (20 03 01 municipal, 17 09 04 C&D)',
  },
  {
    // Mercury switches and relays taken out of discarded equipment are hazardous components removed from
    // it (16 02 15*); out of a building being stripped, C&D waste (17 09 01*); out of a vehicle, 16 01 08*.
    id: 'mercury-components',
    terms: ['mercury switches', 'mercury switch', 'mercury tilt switches', 'mercury tilt switch', 'mercury relays', 'mercury relay'],
    cooccur: [['mercury'], ['switch', 'switches', 'relay', 'relays'], ['removed', 'taken', 'pulled', 'cut', 'recovered', 'stripped']],
    codes: ['16 02 15', '17 09 01@0.6', '16 01 08@0.3'],
    evidence: 'mercury',
    flags: ['MERCURY'],
    source: 'LoW 16 02 15* hazardous components removed from discarded equipment; 17 09 01*; 16 01 08*',
  },
  {
    id: 'mercury',
    terms: ['mercury', 'mercury thermostats', 'thermometers', 'mercury thermometers', 'barometers', 'manometers', 'sphygmomanometers', 'sphygmomanometer', 'mercury waste', 'mercury containing'],
    codes: ['20 01 21', '17 09 01@0.8', '16 01 08@0.25', '06 04 04@0.35', '16 03 07@0.25', '05 07 01@0.35', '18 01 10@0.1'],
    evidence: 'mercury',
    flags: ['MERCURY'],
    source: 'LoW 20 01 21* other mercury-containing waste; 17 09 01* C&D wastes containing mercury',
  },
  {
    id: 'pcb',
    terms: ['pcb', 'polychlorinated biphenyls', 'polychlorinated biphenyl', 'pcb sealant', 'pcb sealants', 'pcb containing', 'pcb containing sealants', 'pcb contaminated', 'askarel'],
    codes: ['17 09 02', '16 02 09@0.8', '13 03 01@0.5', '16 02 10@0.5', '13 01 01@0.2'],
    evidence: 'pcb',
    flags: ['PCBS'],
    source: 'LoW 17 09 02* C&D wastes containing PCB (for example PCB-containing sealants)',
  },
  {
    id: 'sealants',
    terms: ['sealant', 'sealants', 'silicone', 'silicone sealant', 'mastic', 'caulk', 'expanding foam', 'frame sealant'],
    codes: ['08 04 10', '20 01 28@0.6h', '17 09 04@0.3'],
    source: 'LoW 08 04 10 waste adhesives and sealants (mirror of 08 04 09*)',
  },
  {
    id: 'knotweed',
    terms: ['japanese knotweed', 'knotweed', 'himalayan balsam', 'giant hogweed', 'invasive weeds', 'invasive species', 'knotweed rhizome', 'knotweed rhizomes'],
    codes: ['17 05 04', '20 02 01@0.55', '20 02 02@0.4'],
    flags: ['INVASIVE_SPECIES'],
    note: 'knotweed',
    source: 'SEPA Waste Thesaurus: Japanese knotweed (soil 17 05 04; plant material 20 02 01)',
  },
  {
    id: 'carpet',
    terms: ['carpet', 'carpets', 'underlay', 'carpet tiles', 'rugs', 'vinyl flooring', 'lino', 'linoleum'],
    codes: ['20 03 07@0.8', '17 09 04@0.7', '20 01 11@0.5', '04 02 22@0.2'],
    specificity: 0.7,
    source: 'EA Using the List of Wastes, Annex 2: bulky waste 20 03 07; C&D 17 09 04',
  },
];
