// Turns the model's checked picks into the ranking the service returns: each code with its legal text,
// chapter and hazard status from the catalogue (never from the model), a confidence combined with the
// local evidence (confidence.ts), and reasoning that says both what the model read and whether the local
// engine agrees, so an auditor sees where the two readings part.
import { flagsForEntry } from '../guidance.ts';
import type { RankedClassification } from '../types.ts';
import type { Fit, ModelPick } from './answer.ts';
import type { Candidate } from './candidates.ts';
import { restConfidences, topConfidence } from './confidence.ts';

const MAX_RANKING = 5;
const NONE_FITS_CAP = 0.5;

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth'];

function agreement(candidate: Candidate, localTop: RankedClassification | undefined): string {
  if (candidate.localRank === 0) return `The local engine ranks it first too: ${candidate.local?.reasoning}`;
  if (candidate.localRank > 0) {
    return `The local engine ranks it ${ORDINALS[candidate.localRank]}, after ${localTop?.ewc_code}; confidence is lowered for the disagreement.`;
  }
  return 'The local engine did not rank this code (it was offered from the List of Wastes text, a mirror partner or the same sub-chapter), so confidence stays below 0.7.';
}

function toRanked(candidate: Candidate, confidence: number, reasoning: string): RankedClassification {
  const { entry, local } = candidate;
  return {
    ewc_code: entry.code,
    description: entry.description,
    chapter: entry.chapter_label,
    is_hazardous: entry.is_hazardous,
    confidence,
    reasoning,
    flags: local?.flags ?? flagsForEntry(entry),
    notes: local?.notes ?? [],
    // A mirror entry the local rules did not weigh: only its hazardous side is safe without a WM3 check.
    mirror_undecided: local?.mirror_undecided ?? entry.entry_type === 'MN',
  };
}

/**
 * The model's picks in its order, then the codes the local engine ranked that the model left out, in the
 * local order, so a producer still sees every reading (above all a hazardous one) and its confidence.
 */
export function modelRanking(
  picks: readonly ModelPick[],
  candidates: ReadonlyMap<string, Candidate>,
  localRanking: readonly RankedClassification[],
): RankedClassification[] {
  const localTop = localRanking[0];
  const chosen = picks.map((p) => ({ pick: p, candidate: candidates.get(p.ewc_code) as Candidate }));
  const [first, ...rest] = chosen;
  const top = topConfidence(
    {
      entry: first.candidate.entry,
      fit: first.pick.fit,
      local: first.candidate.local,
      localRank: first.candidate.localRank,
    },
    localTop,
  );
  const leftOut = localRanking.filter((r) => !picks.some((p) => p.ewc_code === r.ewc_code));
  const leftOutFit = (r: RankedClassification): Fit =>
    r === localTop && r.confidence >= 0.7 ? 'likely' : 'possible';
  const restFits = [...rest.map((r) => r.pick.fit), ...leftOut.map(leftOutFit)].slice(0, MAX_RANKING - 1);
  const shares = restConfidences(top, restFits);

  const ranking = chosen.map(({ pick, candidate }, i) =>
    toRanked(
      candidate,
      i === 0 ? top : shares[i - 1],
      `Model: ${pick.reasoning} ${agreement(candidate, localTop)}`,
    ),
  );
  for (const r of leftOut) {
    if (ranking.length >= MAX_RANKING) break;
    const why =
      r === localTop
        ? "The local engine's first choice, which the model did not choose"
        : 'Also ranked by the local engine; the model did not choose it';
    ranking.push({ ...r, confidence: shares[ranking.length - 1], reasoning: `${why}: ${r.reasoning}` });
  }
  return ranking;
}

/** The model judged that no candidate fits: the local ranking stands, but nobody should rely on it. */
export function noneFitsRanking(localRanking: readonly RankedClassification[]): RankedClassification[] {
  return localRanking.map((r) => ({
    ...r,
    confidence: Math.min(r.confidence, NONE_FITS_CAP),
    reasoning: `${r.reasoning} The model judged that none of the candidate codes fits this description, so confidence is capped at ${NONE_FITS_CAP}.`,
  }));
}
