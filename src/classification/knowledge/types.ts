// Shapes of the classification knowledge. The knowledge is data: concepts (what producers call a waste,
// mapped to List of Wastes codes), activity cues (which chapter the producing activity points to) and
// evidence terms (words that decide the hazardous or non-hazardous side of a mirror entry).

/** Contamination evidence kinds; used to pick the hazardous partner of a mirror entry. */
export type EvidenceKind =
  | 'asbestos'
  | 'coal_tar'
  | 'oil'
  | 'solvent'
  | 'pcb'
  | 'mercury'
  | 'heavy_metal'
  | 'chemical'
  | 'hazardous'
  | 'infectious'
  | 'cytotoxic'
  | 'ods'
  | 'hazardous_component'
  | 'paint';

/** The documented flag vocabulary (docs/classification.md, "Flags"). */
export const FLAGS = [
  'LOW_CONFIDENCE',
  'MIRROR_ENTRY_ASSESSMENT_REQUIRED',
  /** The input states the composition is unknown: WM3 treats a mirror-entry waste as hazardous until assessed. */
  'COMPOSITION_UNKNOWN',
  /** The input gives leaching (WAC) results: they decide landfill acceptance, never the classification (WM3). */
  'LEACHING_RESULTS_DO_NOT_CLASSIFY',
  /** The description names no waste ("mixed", "rubbish"): compliance.assessment_needed asks what it is. */
  'DESCRIPTION_NOT_SPECIFIC',
  /** The description does not settle the code: compliance.assessment_needed holds the deciding question. */
  'ASSESSMENT_NEEDED',
  'HAZARDOUS_BY_CONTAMINATION',
  'HAZARDOUS_SUBSTANCE_NAMED',
  'ASBESTOS',
  'POSSIBLE_POPS',
  'OZONE_DEPLETING_SUBSTANCES',
  'MERCURY',
  'PCBS',
  'COAL_TAR',
  'CLINICAL_WASTE',
  'CYTOTOXIC_CYTOSTATIC',
  'SHARPS',
  'OFFENSIVE_WASTE',
  'WEEE',
  'BATTERIES',
  'FIRE_RISK',
  'EXPLOSIVE',
  'ANIMAL_BY_PRODUCTS',
  'INVASIVE_SPECIES',
  'GYPSUM_SEGREGATION',
  'LIQUID_WASTE',
  'MULTIPLE_WASTE_TYPES',
  'NOT_OTHERWISE_SPECIFIED',
  /** The LLM engine only: the model failed and this is the local engine's answer (docs/llm-engine.md). */
  'LLM_UNAVAILABLE_LOCAL_RESULT',
] as const;

export type Flag = (typeof FLAGS)[number];

/**
 * A candidate code of a concept, written compactly: `"17 05 04"`, with optional suffixes
 * `@0.6` (relative weight, default 1), `h` / `b` (applies to household / business waste only, the
 * WEEE and batteries split of GOV.UK guidance) and `>15 01 10` (the hazardous alternative of an absolute
 * entry when contamination evidence is present, e.g. packaging with hazardous residues) and `<18 02 03`
 * (the non-hazardous alternative of an absolute hazardous entry when evidence shows it is clean).
 */
export type CodeSpec = string;

export interface ConceptDef {
  id: string;
  /** What producers write: trade names, slang, everyday objects, common variants. */
  terms: string[];
  /**
   * Word groups that together name the waste wherever they appear in the description or context
   * (one word from each group), e.g. [["sludge"], ["interceptor", "separator"]].
   */
  cooccur?: string[][];
  codes: CodeSpec[];
  /** 0-1: how much a match alone identifies the waste; generic words ("metal", "sludge") are lower. */
  specificity?: number;
  /**
   * A collective name ("mixed packaging", "builders waste"): other wastes listed with it are read as
   * its components, not as separate wastes.
   */
  collective?: boolean;
  /** When this concept qualifies another waste ("oil drums", "soil with diesel"), the evidence it gives. */
  evidence?: EvidenceKind;
  /**
   * Words that, directly after a term, say the term is not this waste: "fluorescent" before "vests" or
   * "orange" is a colour, not a lamp.
   */
  notBefore?: string[];
  flags?: Flag[];
  /** Waste-specific handling note shown in compliance.disposal_notes. */
  note?: string;
  /** The public guidance that states the codes. */
  source: string;
}

export interface ActivityCueDef {
  /** Words in source_industry, additional_context or the description that reveal the activity. */
  terms: string[];
  /**
   * What the trade makes, as source_industry names it beside a word of making (MakingWords): "salad" in
   * "salad packer" or "factory making bagged salads". Read in source_industry only: in a description,
   * "vegetables" beside "factory" is as likely a canteen's food waste.
   */
  products?: string[];
  /** Chapter or sub-chapter prefixes ("17", "02 02") and how strongly the activity points there. */
  prefixes: Array<[string, number]>;
  /** Household or business origin (decides the WEEE and batteries split). */
  setting?: 'household' | 'business';
  /**
   * A site where households hand in their waste (HWRC, civic amenity site): what the rules code in
   * chapter 20 there comes before another chapter's entry for the same material.
   */
  householdSite?: boolean;
  /** Auditor-readable name of the activity. */
  label: string;
}

/** The words that, beside a product of an activity cue, name a trade that makes it (activity-cues.ts). */
export interface MakingWords {
  /** After the product: "salad packer", "cheese maker". */
  makers: string[];
  /** After a site, before the product within a few words: "factory making bagged salads". */
  verbs: string[];
  sites: string[];
}

export interface EvidenceTermDef {
  terms: string[];
  /** 'clean' marks evidence for the non-hazardous side. */
  kind: EvidenceKind | 'clean';
  /** 0-1; weak evidence (e.g. "treated") decides a mirror entry only when nothing stronger is present. */
  strength?: number;
}

/**
 * A redirect applied when evidence of a kind is found on a candidate code: for example asbestos in any
 * construction material is coded 17 06 05* (GOV.UK C&D guidance), not the generic hazardous partner.
 */
export interface EvidenceRedirectDef {
  kind: EvidenceKind;
  /** Codes (or prefixes) the redirect applies to. */
  from: string[];
  except?: string[];
  to: string;
  source: string;
}
