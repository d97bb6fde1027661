// biome-ignore-all format: lexicon data stays one entry per line so reviewers can scan terms and codes
// Words that decide which side of a mirror entry applies (WM3 Appendix A: a mirror entry is hazardous
// when the waste contains hazardous substances above the thresholds). Hazardous evidence moves a waste to
// the hazardous entry; "clean" evidence keeps it on the non-hazardous one. Negation ("no asbestos",
// "non-hazardous", "oil free") is handled by the matcher.
import type { EvidenceRedirectDef, EvidenceTermDef } from './types.ts';

export const evidenceTerms: EvidenceTermDef[] = [
  {
    kind: 'asbestos',
    terms: ['asbestos', 'acm', 'acms', 'chrysotile', 'amosite', 'crocidolite', 'asbestos containing', 'asbestos fibres'],
  },
  {
    kind: 'coal_tar',
    terms: ['coal tar', 'tar', 'tarred', 'pah', 'pahs', 'pah test positive', 'polycyclic aromatic hydrocarbons'],
  },
  {
    kind: 'oil',
    terms: ['oil', 'oily', 'oils', 'diesel', 'petrol', 'fuel', 'fuel oil', 'hydrocarbon', 'hydrocarbons', 'tph', 'grease', 'greasy', 'lubricant', 'engine oil', 'weo', 'hydraulic oil', 'oil soaked', 'oil contaminated', 'kerosene', 'heating oil'],
  },
  {
    kind: 'solvent',
    terms: ['solvent', 'solvents', 'solvent based', 'solvent borne', 'thinners', 'white spirit', 'acetone', 'xylene', 'toluene', 'cellulose', 'gun wash', 'turps', 'isocyanate', 'trichloroethylene', 'dichloromethane', 'perchloroethylene', 'organic solvents', 'oil based'],
  },
  { kind: 'pcb', terms: ['pcb', 'pcbs', 'polychlorinated biphenyls'] },
  { kind: 'mercury', terms: ['mercury'] },
  {
    kind: 'heavy_metal',
    terms: ['lead paint', 'lead based paint', 'lead based', 'heavy metals', 'heavy metal', 'cadmium', 'chromium', 'chrome vi', 'hexavalent chromium', 'arsenic', 'nickel', 'copper chrome arsenate', 'cca', 'high lead', 'lead levels', 'hazardous levels of lead'],
  },
  {
    kind: 'chemical',
    terms: ['antifouling', 'anti fouling', 'antifoul', 'chemical', 'chemicals', 'caustic', 'caustic soda', 'acid', 'acids', 'alkali', 'bleach', 'pesticide', 'pesticides', 'herbicide', 'herbicides', 'weedkiller', 'cyanide', 'biocide', 'corrosive', 'sodium hydroxide', 'creosote', 'creosoted', 'preservative treated', 'chemically contaminated', 'sheep dip', 'paint stripper'],
  },
  {
    kind: 'hazardous',
    terms: ['hazardous', 'contaminated', 'contamination', 'hazardous substances', 'dangerous substances', 'dangerous', 'toxic', 'ecotoxic', 'hazardous residues', 'hazardous contents', 'special waste', 'hazardous waste', 'harmful', 'flammable', 'carcinogenic', 'residues of hazardous', 'not cleaned', 'uncleaned', 'unwashed', 'dirty', 'polluted'],
  },
  {
    kind: 'infectious',
    terms: ['infectious', 'infected', 'infection', 'bodily fluids', 'body fluids', 'blood', 'blood soaked', 'pathogens', 'covid', 'clinical', 'biohazard'],
  },
  { kind: 'cytotoxic', terms: ['cytotoxic', 'cytostatic', 'chemotherapy', 'chemo'] },
  {
    kind: 'ods',
    terms: ['cfc', 'cfcs', 'hcfc', 'hcfcs', 'freon', 'r22', 'ozone depleting', 'ozone depleting substances'],
  },
  {
    kind: 'hazardous_component',
    terms: ['crt', 'crts', 'cathode ray', 'cathode ray tube', 'cathode ray tubes', 'hazardous components', 'ceramic fibre', 'ceramic fibres', 'refractory ceramic fibre', 'refractory ceramic fibres', 'rcf', 'backlight lamps', 'ccfl', 'mercury backlight'],
  },
  {
    kind: 'paint',
    terms: ['paint', 'painted', 'paints', 'varnish', 'ink', 'inks', 'adhesive', 'glue', 'resin'],
    strength: 0.6,
  },
  { kind: 'hazardous', terms: ['treated', 'treated timber', 'tanalised', 'pressure treated'], strength: 0.4 },
  {
    kind: 'clean',
    terms: ['clean', 'cleaned', 'uncontaminated', 'not contaminated', 'inert', 'natural', 'virgin', 'untreated', 'water based', 'water borne', 'waterbased', 'non hazardous', 'not hazardous', 'nonhazardous', 'non toxic', 'food grade', 'edible', 'rinsed', 'washed', 'triple rinsed', 'empty and clean', 'greenfield', 'below thresholds', 'tested clean', 'tested non hazardous', 'passed testing', 'no contamination', 'water only', 'with water only', 'non chlorinated', 'halogen free', 'pcb free', 'asbestos free', 'no coal tar', 'no tar', 'tar free', 'negative for coal tar', 'negative for tar', 'negative for asbestos', 'no asbestos', 'tested negative', 'no hazardous', 'no hazardous contamination', 'non infectious', 'noninfectious', 'not infectious', 'no cytotoxic', 'noncytotoxic', 'noncytostatic', 'no coatings', 'stripped of glass', 'glass removed', 'glazing removed', 'glass taken out', 'deglazed', 'de glazed'],
  },
];

export const evidenceRedirects: EvidenceRedirectDef[] = [
  {
    kind: 'asbestos',
    from: ['17 01', '17 02', '17 04', '17 08', '17 09', '17 05 04'],
    except: ['17 04 10', '17 04 11'],
    to: '17 06 05',
    source: 'GOV.UK C&D guidance: construction and demolition materials containing asbestos are 17 06 05*',
  },
  {
    kind: 'asbestos',
    from: ['17 06 04'],
    to: '17 06 01',
    source: 'LoW 17 06 01* insulation materials containing asbestos',
  },
  {
    kind: 'asbestos',
    from: ['16 01 12'],
    to: '16 01 11',
    source: 'LoW 16 01 11* brake pads containing asbestos',
  },
  {
    kind: 'coal_tar',
    from: ['17 04 11'],
    to: '17 04 10',
    source: 'LoW 17 04 10* cables containing oil, coal tar and other hazardous substances',
  },
  {
    kind: 'pcb',
    from: ['17 09 04', '17 01', '17 02', '17 06 04', '17 08 02'],
    to: '17 09 02',
    source: 'LoW 17 09 02* C&D wastes containing PCB',
  },
  {
    kind: 'mercury',
    from: ['17 09 04'],
    to: '17 09 01',
    source: 'LoW 17 09 01* C&D wastes containing mercury',
  },
  {
    kind: 'mercury',
    from: ['16 06 05', '16 06 04'],
    to: '16 06 03',
    source: 'LoW 16 06 03* mercury-containing batteries',
  },
  {
    kind: 'pcb',
    from: ['13 03 07', '13 03 10'],
    to: '13 03 01',
    source: 'LoW 13 03 01* insulating or heat transmission oils containing PCBs',
  },
  {
    kind: 'cytotoxic',
    from: ['18 01 09', '18 01 03', '18 01 04'],
    to: '18 01 08',
    source: 'GOV.UK healthcare guidance: cytotoxic and cytostatic medicines 18 01 08*',
  },
  {
    kind: 'cytotoxic',
    from: ['18 02 08', '18 02 02'],
    to: '18 02 07',
    source: 'GOV.UK healthcare guidance: cytotoxic and cytostatic medicines 18 02 07*',
  },
  {
    kind: 'cytotoxic',
    from: ['20 01 32'],
    to: '20 01 31',
    source: 'LoW 20 01 31* cytotoxic and cytostatic medicines',
  },
  {
    kind: 'oil',
    from: ['01 05 04'],
    to: '01 05 05',
    source: 'LoW 01 05 05* oil-containing drilling muds and wastes',
  },
  {
    kind: 'solvent',
    from: ['01 05 04'],
    to: '01 05 05',
    source: 'LoW 01 05 05* oil-containing drilling muds and wastes',
  },
  {
    kind: 'oil',
    from: ['12 01 17'],
    to: '12 01 16',
    source: 'LoW 12 01 16* waste blasting material containing hazardous substances',
  },
  {
    kind: 'infectious',
    from: ['18 01 04'],
    to: '18 01 03',
    source: 'GOV.UK healthcare guidance: infectious waste 18 01 03*',
  },
  {
    kind: 'infectious',
    from: ['18 02 03'],
    to: '18 02 02',
    source: 'GOV.UK healthcare guidance: infectious animal waste 18 02 02*',
  },
];
