// All classification knowledge in one place, so the engine and the model version see the same data.
import { activityCues, makingWords } from './activity-cues.ts';
import { agriFoodConcepts } from './agri-food.ts';
import { chemicalConcepts } from './chemicals.ts';
import { constructionConcepts } from './construction.ts';
import { electricalConcepts } from './electrical.ts';
import { evidenceRedirects, evidenceTerms } from './evidence-terms.ts';
import { healthcareConcepts } from './healthcare.ts';
import { industrialConcepts } from './industrial.ts';
import { metalAndMixedConcepts } from './metals-mixed-cd.ts';
import { municipalConcepts } from './municipal.ts';
import { packagingConcepts } from './packaging.ts';
import type {
  ActivityCueDef,
  ConceptDef,
  EvidenceRedirectDef,
  EvidenceTermDef,
  MakingWords,
} from './types.ts';
import { vehicleOilConcepts } from './vehicles-oils.ts';
import { wasteTreatmentConcepts } from './waste-treatment.ts';

export interface Knowledge {
  concepts: readonly ConceptDef[];
  cues: readonly ActivityCueDef[];
  /** How source_industry names a cue's products' makers; without it, products are not read. */
  making?: MakingWords;
  evidence: readonly EvidenceTermDef[];
  redirects: readonly EvidenceRedirectDef[];
}

export const knowledge: Knowledge = {
  concepts: [
    ...constructionConcepts,
    ...metalAndMixedConcepts,
    ...vehicleOilConcepts,
    ...electricalConcepts,
    ...healthcareConcepts,
    ...packagingConcepts,
    ...municipalConcepts,
    ...chemicalConcepts,
    ...agriFoodConcepts,
    ...industrialConcepts,
    ...wasteTreatmentConcepts,
  ],
  cues: activityCues,
  making: makingWords,
  evidence: evidenceTerms,
  redirects: evidenceRedirects,
};
