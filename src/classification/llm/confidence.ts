// Confidence for the model's ranking, combined with the local engine's evidence and kept in the local
// engine's bands (docs/classification.md, "Reading confidence": 0.9 or more is right at least 95% of the
// time; most wrong answers fall below 0.7). A model's own certainty is not calibrated, so it can only
// move an answer within limits the local evidence sets:
//   - agreement with the local engine's first choice raises the local confidence towards 1 (two
//     independent readings: the model never sees the local ranking, see candidates.ts);
//   - a code the local engine ranked lower is a disagreement: never 0.9 or more, and lower the more
//     sure the local engine was;
//   - a code the local engine did not rank at all stays below 0.7 (LOW_CONFIDENCE): nothing but the
//     model supports it;
//   - the caps of the local engine still hold: a mirror side not decided by evidence stays below 0.9,
//     a "99" code stays low, and choosing the non-hazardous side against a hazardous local answer stays
//     low (a missed hazardous code is the worst failure for a producer).
import type { EwcEntry } from '../catalogue.ts';
import { CONFIDENCE_CEILING } from '../ranker/blend.ts';
import type { RankedClassification } from '../types.ts';
import type { Fit } from './answer.ts';

const AGREEMENT_GAIN: Record<Fit, number> = { certain: 0.6, likely: 0.35, possible: 0 };
const FIT_BASE: Record<Fit, number> = { certain: 0.9, likely: 0.75, possible: 0.5 };
const DISAGREEMENT_CAP = 0.8;
const UNSUPPORTED_CAP = 0.65;
const UNDECIDED_MIRROR_CAP = 0.85;
const NOT_OTHERWISE_SPECIFIED_CAP = 0.5;
const HAZARD_DOWNGRADE_CAP = 0.6;

export interface TopPick {
  entry: EwcEntry;
  fit: Fit;
  /** The local engine's answer for this code, if it ranked it. */
  local?: RankedClassification;
  localRank: number;
}

export function topConfidence(pick: TopPick, localTop: RankedClassification | undefined): number {
  const localConfidence = localTop?.confidence ?? 0;
  let conf: number;
  if (pick.localRank === 0) {
    conf = localConfidence + (1 - localConfidence) * AGREEMENT_GAIN[pick.fit];
  } else {
    const base = FIT_BASE[pick.fit] * (1 - 0.6 * localConfidence);
    conf = pick.localRank > 0 ? Math.min(DISAGREEMENT_CAP, base) : Math.min(UNSUPPORTED_CAP, 0.8 * base);
  }
  const undecided = pick.local ? pick.local.mirror_undecided : pick.entry.entry_type === 'MN';
  if (undecided) conf = Math.min(conf, UNDECIDED_MIRROR_CAP);
  if (pick.entry.code.endsWith(' 99')) conf = Math.min(conf, NOT_OTHERWISE_SPECIFIED_CAP);
  if (localTop?.is_hazardous && !pick.entry.is_hazardous) conf = Math.min(conf, HAZARD_DOWNGRADE_CAP);
  return round(Math.max(0, Math.min(CONFIDENCE_CEILING, conf)));
}

/** The rest of the ranking shares what the top leaves, by the model's fit, never above the top. */
export function restConfidences(top: number, fits: readonly Fit[]): number[] {
  const total = fits.reduce((sum, f) => sum + FIT_BASE[f], 0) || 1;
  return fits.map((f) => round(Math.min(top, ((1 - top) * FIT_BASE[f]) / total)));
}

const round = (x: number) => Math.round(x * 1000) / 1000;
