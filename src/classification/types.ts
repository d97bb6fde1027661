// Public types of the classification capability. The transfer-note capability calls the service
// directly with these, so they are part of its contract.
import type { AssessmentNeeded } from './assessment.ts';
import type { VerdictReading } from './engine/verdicts.ts';
import type { Flag } from './knowledge/types.ts';

export type { Flag } from './knowledge/types.ts';

/** The answer to the deciding question of a mirror entry (compliance.assessment_needed). */
export type AssessmentAnswerValue = 'hazardous' | 'non_hazardous' | 'unknown';
export const ASSESSMENT_VALUES: readonly AssessmentAnswerValue[] = ['hazardous', 'non_hazardous', 'unknown'];

export interface ClassifyInput {
  description: string;
  source_industry?: string;
  additional_context?: string;
  /**
   * What an assessment of the waste found (WM3): decides the side of a mirror pair without changing
   * which waste the description names.
   */
  assessment?: AssessmentAnswerValue;
}

export interface Classification {
  /** "NN NN NN", never with the asterisk. */
  ewc_code: string;
  /** The legal text of the entry. */
  description: string;
  /** "17 - Construction and demolition wastes (including excavated soil from contaminated sites)" */
  chapter: string;
  is_hazardous: boolean;
  /** 0-1, calibrated: answers at 0.9 or more are right at least 95% of the time on the development set. */
  confidence: number;
  /** Why this code, in words an auditor can follow. */
  reasoning: string;
}

export interface Compliance {
  /** True when any returned code is hazardous. */
  hazardous_waste: boolean;
  /** The documented vocabulary (FLAGS), plus any flag an engine adds (e.g. the LLM engine's fallback). */
  flags: string[];
  /** Hazardous substances the description names and does not negate. */
  hazardous_substances: string[];
  disposal_notes: string;
  /** True when the top code is hazardous. */
  requires_consignment_note: boolean;
  /**
   * The deciding question when the description does not settle the code (a mirror entry's side, an
   * unknown composition, a description that names no waste); null when it does.
   */
  assessment_needed: AssessmentNeeded | null;
}

export interface ClassificationMetadata {
  /** ISO 8601 UTC. */
  classified_at: string;
  model_version: string;
  cached: boolean;
}

export interface ClassificationResponse {
  classifications: Classification[];
  compliance: Compliance;
  metadata: ClassificationMetadata;
}

/** The public fields of a ranked code: the entry as the catalogue has it, the confidence to three places. */
export function classificationOf(
  entry: { code: string; description: string; chapter_label: string; is_hazardous: boolean },
  confidence: number,
  reasoning: string,
): Classification {
  return {
    ewc_code: entry.code,
    description: entry.description,
    chapter: entry.chapter_label,
    is_hazardous: entry.is_hazardous,
    confidence: Math.round(confidence * 1000) / 1000,
    reasoning,
  };
}

/** One ranked code as the engine produces it and the cache stores it (the full ranking, up to 5). */
export interface RankedClassification extends Classification {
  /** Flags that hold when this code is the answer. */
  flags: Flag[];
  /** Keys of waste-specific disposal notes. */
  notes: string[];
  /** A mirror entry whose side was not decided by evidence. */
  mirror_undecided: boolean;
}

export interface EngineResult {
  ranking: RankedClassification[];
  /** Flags about the input as a whole (e.g. MULTIPLE_WASTE_TYPES). */
  flags: Flag[];
  /** Hazardous substances the input names and does not negate ("asbestos", "oil or fuel"). */
  hazardous_substances?: string[];
  /** The blend's next candidates after the ranking, best first (the LLM engine offers them to the model). */
  candidates?: string[];
  /** Misspellings the rules read as known words ("oilly" as "oily"); the ranker reads them so too. */
  corrections?: Array<{ from: string; to: string }>;
  /** What the input says about an assessment of the waste (verdicts, figures, leaching, unknown composition). */
  verdict?: VerdictReading;
  /**
   * Code prefixes the producing activity decides (a vet's or a farm's healthcare waste is 18 02; what
   * households hand in at a council site is chapter 20): the rules' reading, which the blend follows.
   */
  decisivePrefixes?: string[];
  /**
   * Non-hazardous entries the rules moved to a hazardous one on strong evidence in the input ("diesel"
   * in drilling mud: 01 05 04 to 01 05 05*), with the evidence's words.
   */
  evidenceMoves?: Array<{
    from: string;
    to: string;
    /** The evidence's words, lower case. */
    terms: string[];
  }>;
  /** Codes of what the input names only as the waste's source ("fix from the X-ray film processor"). */
  sourceOnly?: string[];
  /**
   * Code prefixes the named producer's activity rules out: a trade's chemicals are not chapter 20's
   * separately collected fractions (20 01 14* acids).
   */
  notTheTrade?: readonly string[];
  /** Set by engines whose answer may come from another engine (an LLM engine falling back). */
  model_version?: string;
}

/**
 * The one shape of a classification engine: the local engine (rules and ranker, answering at once) or
 * the LLM engine (asynchronous, over the local engine's candidates). The service takes either.
 */
export interface ClassificationEngine {
  /** Changes whenever the engine or its knowledge changes. */
  readonly version: string;
  classify(input: ClassifyInput): EngineResult | Promise<EngineResult>;
}

/** The local engine answers synchronously (the eval, the CLI and the LLM engine rely on it). */
export interface LocalEngine extends ClassificationEngine {
  classify(input: ClassifyInput): EngineResult;
}
