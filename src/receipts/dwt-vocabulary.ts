/**
 * The values DEFRA's Digital Waste Tracking (DWT) Receipt API accepts, as DWT's own validation defines
 * them (DEFRA waste-movement-utils, src/constants/*.js, read at commit 4986c60, June 2026). Our API
 * spells the word-like values in lower snake case; `toDwt` maps them back to DWT's spelling.
 */

// DEFRA waste-movement-utils src/constants/means-of-transport.js
export const MEANS_OF_TRANSPORT = {
  road: 'Road',
  rail: 'Rail',
  air: 'Air',
  sea: 'Sea',
  inland_waterway: 'Inland Waterway',
  piped: 'Piped',
  other: 'Other',
} as const;

// DEFRA waste-movement-utils src/schemas/waste.js (physicalForm)
export const PHYSICAL_FORMS = {
  gas: 'Gas',
  liquid: 'Liquid',
  solid: 'Solid',
  powder: 'Powder',
  sludge: 'Sludge',
  mixed: 'Mixed',
} as const;

// DEFRA waste-movement-utils src/schemas/weight.js
export const WEIGHT_UNITS = { grams: 'Grams', kilograms: 'Kilograms', tonnes: 'Tonnes' } as const;

// DEFRA waste-movement-utils src/constants/reasons-for-no-registration-number.js: an intra-site move
// (ON_SITE), household waste brought by the householder, a one-off, or waste arriving by sea.
export const NO_REGISTRATION_REASONS = {
  on_site: 'ON_SITE',
  household: 'HOUSEHOLD',
  one_off: 'ONE_OFF',
  marine: 'MARINE',
} as const;

// DEFRA waste-movement-utils src/constants/no-consignment-reasons.js
export const NO_CONSIGNMENT_REASONS = {
  non_haz_waste_transfer: 'NON_HAZ_WASTE_TRANSFER',
  no_doc_with_waste: 'NO_DOC_WITH_WASTE',
  hwrc_receipt: 'HWRC_RECEIPT',
} as const;

// DEFRA waste-movement-utils src/constants/source-of-components.js: GUIDANCE and OWN_TESTING mean the
// receiver determined the components, so it must list them; NOT_PROVIDED means there are none to list.
export const COMPONENT_SOURCES = {
  provided_with_waste: 'PROVIDED_WITH_WASTE',
  guidance: 'GUIDANCE',
  own_testing: 'OWN_TESTING',
  not_provided: 'NOT_PROVIDED',
} as const;

/** Hazardous property codes HP 1 to HP 15 and HP POP (DEFRA src/constants/haz-codes.js; WM3 3.1). */
export const HP_CODES = [...Array.from({ length: 15 }, (_, i) => `HP_${i + 1}`), 'HP_POP'];

/**
 * Persistent organic pollutants by DWT's code: UK POPs Regulation (EU 2019/1021 as retained) Annex IV
 * (DEFRA src/constants/pop-names.js).
 */
export const POP_CODES: Record<string, string> = {
  END: 'Endosulfan',
  HCBD: 'Hexachlorobutadiene',
  PCNS: 'Polychlorinated naphthalenes',
  SCCPS: 'Short-chain chlorinated paraffins',
  TETRABDE: 'Tetrabromodiphenyl ether',
  PENTABDE: 'Pentabromodiphenyl ether',
  HEXABDE: 'Hexabromodiphenyl ether',
  HEPTABDE: 'Heptabromodiphenyl ether',
  DECABDE: 'Decabromodiphenyl ether',
  PBDES: 'Tetra-, penta-, hexa-, hepta- and deca-BDEs',
  PFOS: 'Perfluorooctane sulfonic acid and its derivatives',
  PCDD_PCDF: 'Polychlorinated dibenzo-p-dioxins and furans',
  DDT: 'Dichlorodiphenyltrichloroethane',
  CHL: 'Chlordane',
  HCH: 'Hexachlorocyclohexanes, including lindane',
  DLD: 'Dieldrin',
  ENDN: 'Endrin',
  HPT: 'Heptachlor',
  HCB: 'Hexachlorobenzene',
  CLD: 'Chlordecone',
  ALD: 'Aldrin',
  PECBZ: 'Pentachlorobenzene',
  PCB: 'Polychlorinated biphenyls',
  MRX: 'Mirex',
  TOX: 'Toxaphene',
  HBB: 'Hexabromobiphenyl',
  HBCD: 'Hexabromocyclododecane',
  PCP: 'Pentachlorophenol',
  PFOA: 'Perfluorooctanoic acid',
  DCF: 'Dicofol',
  PFHXS: 'Perfluorohexane sulfonic acid',
};

/** Waste Framework Directive Annex I (D1-D15) and Annex II (R1-R13) operations. */
export const TREATMENT_CODES = [
  ...Array.from({ length: 13 }, (_, i) => `R${i + 1}`),
  ...Array.from({ length: 15 }, (_, i) => `D${i + 1}`),
];

/** DWT allows at most five EWC codes on one waste item (DEFRA src/schemas/waste.js). */
export const MAX_EWC_CODES = 5;

/** DWT's limit on free text (DEFRA Receipt API FAQ: "5,000 characters maximum"). */
export const MAX_TEXT = 5000;

/** Our spelling of one of the word-like values, mapped to DWT's. */
export function toDwt<T extends Record<string, string>>(table: T, ours: string): T[keyof T] {
  return table[ours as keyof T];
}
