// Blending the learned ranker with the rule engine, then the named-substance check, then calibration.
// The ranker covers the whole List; the rules know what rules know best (mirror entries decided by
// contamination evidence, the coding order, the household/business split): a code the rules chose gains
// `ruleWeight x its rule confidence` on the ranker's log-probability. The result is pure data, so the
// training script fits ruleWeight and the calibration on exactly what the engine computes.
import type { Catalogue } from '../catalogue.ts';
import { type NamedSubstance, reflects } from './hazards.ts';
import type { Calibration } from './model.ts';

export interface BlendCandidate {
  code: string;
  /** The ranker's probability. */
  p: number;
  /** The rule engine's confidence, 0 when it did not rank the code. */
  rule: number;
  score: number;
  /**
   * A named substance put this code here. `presumed`: it was promoted as the hazardous side of the first
   * choice's mirror pair, because nothing assessed the waste (WM3: a mirror entry is hazardous until an
   * assessment shows otherwise).
   */
  substance?: { named: NamedSubstance; action: 'promoted' | 'added'; presumed?: boolean };
  /** The non-hazardous entry this code took the place of because the rules read hazardous evidence. */
  evidenceFrom?: string;
}

export interface Blended {
  ranked: BlendCandidate[];
  /** Softmax of the blended scores over the candidates, in ranked order. */
  share: number[];
  /** The rule engine's first choice is the blended first choice. */
  agree: boolean;
  /** Named substances the final first choice does not reflect. */
  unreflected: NamedSubstance[];
}

/** Indices of the n largest values, largest first (one pass; n is small). */
function topIndices(values: ArrayLike<number>, n: number): number[] {
  const best: number[] = [];
  for (let i = 0; i < values.length; i++) {
    if (best.length === n && values[i] <= values[best[n - 1]]) continue;
    let at = best.length === n ? n - 1 : best.length;
    if (best.length < n) best.push(i);
    while (at > 0 && values[best[at - 1]] < values[i]) {
      best[at] = best[at - 1];
      at--;
    }
    best[at] = i;
  }
  return best;
}

/** How many of the ranker's best codes join the rules' codes as candidates. */
const POOL = 12;
const FLOOR = 1e-6;

/**
 * A "99" entry ("wastes not otherwise specified") is the List's last resort: coded only when no other
 * entry fits (LoW coding order, step 4). The ranker learns them like any other entry, so unless the
 * engine's knowledge names one (offensive waste, 20 01 99), its weight is quartered here: another entry
 * of nearly the same weight comes first. (Quartered or less gave the same answers on the blind batches;
 * halving left two "99" answers standing.)
 */
const LAST_RESORT = Math.log(0.25);

/** A "99" entry only the ranker put forward: the rules' knowledge does not name it. */
export const lastResort = (c: BlendCandidate): boolean => c.rule === 0 && c.code.endsWith('99');

export function blend(
  probs: ArrayLike<number> | null,
  classes: readonly string[],
  classIndex: ReadonlyMap<string, number>,
  rules: ReadonlyArray<{ code: string; confidence: number }>,
  ruleWeight: number,
): BlendCandidate[] {
  const byCode = new Map<string, BlendCandidate>();
  if (probs) {
    for (const i of topIndices(probs, POOL))
      byCode.set(classes[i], { code: classes[i], p: probs[i], rule: 0, score: 0 });
  }
  for (const r of rules) {
    const existing = byCode.get(r.code);
    if (existing) existing.rule = Math.max(existing.rule, r.confidence);
    else {
      const i = classIndex.get(r.code);
      byCode.set(r.code, {
        code: r.code,
        p: probs && i !== undefined ? probs[i] : 0,
        rule: r.confidence,
        score: 0,
      });
    }
  }
  const all = [...byCode.values()];
  for (const c of all) {
    c.score = probs ? Math.log(Math.max(c.p, FLOOR)) + ruleWeight * c.rule : c.rule;
    if (lastResort(c)) c.score += LAST_RESORT;
  }
  return all.sort((a, b) => b.score - a.score || a.code.localeCompare(b.code));
}

/** A hazardous candidate this close to the first choice replaces it when a substance is named. */
export const PROMOTE_RATIO = 0.1;

function best(ranked: BlendCandidate[], codes: Iterable<string>): BlendCandidate | undefined {
  const wanted = new Set(codes);
  return ranked.find((c) => wanted.has(c.code));
}

/**
 * Makes every named substance count: the hazardous side of the first choice's mirror pair, or the
 * substance's own entry, becomes first when the blend gives it a real chance, when it is the hazardous
 * side of the first choice's own mirror pair (named and not assessed, the waste is presumed hazardous:
 * WM3 chapter 3), or when the substance decides the waste's side by itself (`decides`: aerosols,
 * equipment with its batteries in); otherwise the best such code joins the first three and the substance
 * stays unreflected (the caller flags it). The caller has already dropped substances a verdict cleared.
 */
export function applySubstances(
  ranked: BlendCandidate[],
  named: NamedSubstance[],
  catalogue: Catalogue,
): { ranked: BlendCandidate[]; unreflected: NamedSubstance[] } {
  let out = [...ranked];
  const unreflected: NamedSubstance[] = [];
  for (const s of named) {
    const top = out[0];
    if (!top || reflects(top.code, s, catalogue)) continue;
    const topEntry = catalogue.get(top.code);
    const partners = (topEntry?.mirror_of ?? []).filter((c) => catalogue.get(c)?.is_hazardous);
    const options = [...(s.specific ? [] : partners), ...s.codes];
    let pick = best(out, options);
    if (!pick && options.length > 0) {
      pick = { code: options[0], p: 0, rule: 0, score: -Infinity };
      out.push(pick);
    }
    if (!pick) {
      unreflected.push(s);
      continue;
    }
    const close = Math.exp(pick.score - top.score) >= PROMOTE_RATIO;
    // A named substance and no assessment: the hazardous side of the first choice's own mirror pair.
    const presumed = s.presumes && !topEntry?.is_hazardous && !close && partners.includes(pick.code);
    const promote =
      (s.decides && (s.overHazardous || !topEntry?.is_hazardous)) ||
      (!topEntry?.is_hazardous && close) ||
      presumed;
    out = out.filter((c) => c !== pick);
    if (promote) {
      pick.substance = {
        named: s,
        action: 'promoted',
        ...(presumed && !s.decides ? { presumed: true } : {}),
      };
      out.unshift(pick);
    } else {
      const at = out.slice(0, 3).findIndex((c) => c.score < pick.score);
      if (at < 0 || at > 2) {
        pick.substance = { named: s, action: 'added' };
        out.splice(Math.min(2, out.length), 0, pick);
      } else out.splice(at, 0, pick);
      if (!reflects(out[0].code, s, catalogue)) unreflected.push(s);
    }
  }
  return { ranked: out, unreflected };
}

/**
 * Hazardous evidence the rules read ("diesel" in drilling mud: 01 05 04 becomes 01 05 05*) moves a
 * non-hazardous first choice to the hazardous entry the rules chose for it, however sure the ranker is
 * of the clean one: the ranker learned what the waste is, the evidence says which side it is on.
 */
export function followEvidence(
  ranked: BlendCandidate[],
  moves: ReadonlyArray<{ from: string; to: string }>,
  catalogue: Catalogue,
): BlendCandidate[] {
  const top = ranked[0];
  if (!top || catalogue.get(top.code)?.is_hazardous) return ranked;
  const to = moves.find((m) => m.from === top.code)?.to;
  if (!to || !catalogue.get(to)?.is_hazardous) return ranked;
  const found = ranked.find((c) => c.code === to);
  const pick = { ...(found ?? { code: to, p: 0, rule: 0, score: -Infinity }), evidenceFrom: top.code };
  return [pick, ...ranked.filter((c) => c !== found)];
}

/** Softmax of the blended scores, in ranked order (a substance's inserted code keeps its own score). */
export function shares(ranked: BlendCandidate[]): number[] {
  const finite = ranked.map((c) => (Number.isFinite(c.score) ? c.score : -50));
  const max = Math.max(...finite);
  const e = finite.map((s) => Math.exp(s - max));
  const sum = e.reduce((a, b) => a + b, 0) || 1;
  return e.map((x) => x / sum);
}

/**
 * No answer is stated as certain: a thousand right answers out of fold still leave room for the next
 * to be wrong, and an auditor reads 1 as "cannot be wrong".
 */
export const CONFIDENCE_CEILING = 0.99;

/** The chance the first choice is right, from the out-of-fold fit. */
export function calibrated(share: number, agree: boolean, calibration: Calibration): number {
  const steps = agree ? calibration.agree : calibration.disagree;
  const step = steps.find(([upper]) => share <= upper) ?? steps.at(-1);
  return Math.min(step?.[1] ?? share, CONFIDENCE_CEILING);
}

/**
 * Pool-adjacent-violators: a non-decreasing step function from (score, right) pairs, as [upper, accuracy].
 * Blocks are pooled on their plain accuracy, each starting as at least `minBin` answers of neighbouring
 * scores, so one right answer does not count as two-thirds and swallow everything above it. The value
 * reported for a block carries a small prior towards one half, so a thin block never claims certainty;
 * where that prior would make a step fall, the two steps are pooled.
 */
export function isotonic(
  points: Array<{ x: number; y: number }>,
  { prior = 2, minBin = 30 }: { prior?: number; minBin?: number } = {},
): Array<[number, number]> {
  const sorted = [...points].sort((a, b) => a.x - b.x);
  type Block = { upper: number; sum: number; weight: number };
  const pool = (blocks: Block[], value: (b: Block) => number) => {
    const out: Block[] = [];
    for (const block of blocks) {
      out.push({ ...block });
      while (out.length > 1 && value(out[out.length - 2]) >= value(out[out.length - 1])) {
        const b = out.pop() as Block;
        const a = out.pop() as Block;
        out.push({ upper: b.upper, sum: a.sum + b.sum, weight: a.weight + b.weight });
      }
    }
    return out;
  };
  // Starting bins of at least minBin answers; equal scores never split, and a short last bin joins the one before.
  const bins: Block[] = [];
  for (let i = 0; i < sorted.length; ) {
    const bin: Block = { upper: sorted[i].x, sum: 0, weight: 0 };
    while (i < sorted.length && (bin.weight < minBin || sorted[i].x === bin.upper)) {
      bin.upper = sorted[i].x;
      bin.sum += sorted[i].y;
      bin.weight += 1;
      i++;
    }
    const last = bins.at(-1);
    if (bin.weight < minBin && last) {
      last.upper = bin.upper;
      last.sum += bin.sum;
      last.weight += bin.weight;
    } else bins.push(bin);
  }
  const reported = (b: Block) => (b.sum + prior * 0.5) / (b.weight + prior);
  const blocks = pool(
    pool(bins, (b) => b.sum / b.weight),
    reported,
  );
  return blocks.map((b) => [b.upper, Math.round(reported(b) * 1000) / 1000]);
}
