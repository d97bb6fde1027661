// Confidence that means something: calibrated on the development set so that answers given 0.9 or more
// are right at least 95% of the time and most wrong answers fall below 0.7 (docs/classification.md,
// "Reading confidence"). It grows with how specifically the words named the waste and with the margin
// over the next different code; it is capped when a mirror entry was not decided by evidence, when the
// evidence was weak, and for "99" codes.
import type { Role } from './analysis.ts';
import type { Candidate, Contribution } from './scoring.ts';

const ROLE_CERTAINTY: Record<Role, number> = {
  head: 1,
  component: 0.85,
  context: 0.9,
  modifier: 0.8,
  source: 0.7,
  qualifier: 0.7,
};

/** A candidate made only of the other side of a mirror pair is an alternative, not a competitor. */
export function isAlternativeOnly(c: Candidate): boolean {
  return (
    c.contributions.length > 0 &&
    c.contributions.every((x) => x.decision === 'partner' || x.decision === 'demoted')
  );
}

function identification(c: Candidate): number {
  const best: Contribution | undefined = c.contributions[0];
  if (!best) return c.legalText ? Math.min(0.6, 0.25 + 0.5 * c.legalText.similarity) : 0;
  return best.quality * ROLE_CERTAINTY[best.role] * best.specificity;
}

export interface ConfidenceContext {
  multipleWastes: boolean;
  chapterConflict: boolean;
}

export function topConfidence(ranked: Candidate[], ctx: ConfidenceContext): number {
  const top = ranked[0];
  if (!top) return 0;
  const rival = ranked.slice(1).find((c) => !isAlternativeOnly(c));
  const margin = rival ? Math.max(0, 1 - rival.score / top.score) : 1;
  let conf = identification(top) * (0.35 + 0.65 * margin);
  const best = top.contributions[0];
  if (best?.decision === 'undecided') conf = Math.min(conf, 0.82);
  if (best?.weakEvidence) conf = Math.min(conf, 0.75);
  if (best?.settingDependent) conf *= 0.9;
  if (top.code.endsWith(' 99')) conf = Math.min(conf, 0.45);
  if (ctx.multipleWastes) conf *= 0.85;
  if (ctx.chapterConflict) conf *= 0.85;
  return Math.max(0, Math.min(0.99, conf));
}

/** Confidence for the whole ranking: the top as calibrated, the rest sharing what is left by score. */
export function rankingConfidences(ranked: Candidate[], ctx: ConfidenceContext): number[] {
  if (ranked.length === 0) return [];
  const top = topConfidence(ranked, ctx);
  const rest = ranked.slice(1);
  const restScore = rest.reduce((s, c) => s + c.score, 0) || 1;
  const left = Math.max(0, 1 - top);
  return [top, ...rest.map((c) => Math.min(top, (left * c.score) / restScore))];
}
