// Turns an analysis into scored candidate codes. The List of Wastes coding order (WM3 Annex 1; the
// introduction to the List of Wastes) is applied through the activity: a code in the chapter the activity
// points to is preferred, a code in another activity chapter (01-12, 17-20) is penalised when the activity
// is known, and a "99" (not otherwise specified) code is used only when nothing specific fits.
import type { Catalogue } from '../catalogue.ts';
import type { EvidenceKind } from '../knowledge/types.ts';
import { classifierRules } from '../ranker/negation.ts';
import { type Analysis, type ConceptHit, type CueHit, ROLE_FACTOR, type Role } from './analysis.ts';
import type { CodeOption, CompiledKnowledge } from './compile.ts';
import { type EvidenceItem, type MirrorDecision, resolveOption } from './mirror.ts';
import type { VerdictReading } from './verdicts.ts';

export interface Contribution {
  value: number;
  conceptId: string;
  term: string;
  role: Role;
  quality: number;
  specificity: number;
  decision: MirrorDecision;
  from?: string;
  evidence: EvidenceItem[];
  weakEvidence: boolean;
  settingDependent: boolean;
  source: string;
}

export interface Candidate {
  code: string;
  score: number;
  contributions: Contribution[];
  /** Matched legal-text words when the candidate came from the catalogue text, not the lexicon. */
  legalText?: { words: string[]; similarity: number };
}

// The coding order's activity chapters (data/classification/rules.json, "coding_order").
const ACTIVITY_CHAPTERS: ReadonlySet<string> = new Set(classifierRules().coding_order.activity_chapters);
const NOS_SUFFIX = classifierRules().coding_order.not_otherwise_specified_suffix;

export interface ChapterFit {
  factor: number;
  cue?: CueHit;
  conflict: boolean;
}

/** How well a code's chapter fits the activity (LoW coding order). */
// One classification asks for the fit of the same codes many times: computed once per cue list.
const fitMemo = new WeakMap<readonly CueHit[], { unique: CueHit[]; fits: Map<string, ChapterFit> }>();

export function chapterFit(code: string, cues: readonly CueHit[]): ChapterFit {
  let memo = fitMemo.get(cues);
  if (!memo) {
    const seen = new Set<CueHit['cue']>();
    const unique: CueHit[] = [];
    for (const hit of [...cues].sort((a, b) => b.weight - a.weight)) {
      if (seen.has(hit.cue)) continue;
      seen.add(hit.cue);
      unique.push(hit);
    }
    memo = { unique, fits: new Map() };
    fitMemo.set(cues, memo);
  }
  const known = memo.fits.get(code);
  if (known) return known;
  const fit = computeFit(code, memo.unique);
  memo.fits.set(code, fit);
  return fit;
}

function computeFit(code: string, unique: readonly CueHit[]): ChapterFit {
  let total = 0;
  let bestCue: CueHit | undefined;
  let bestValue = 0;
  let activity = 0;
  for (const hit of unique) {
    let best = 0;
    for (const [prefix, strength] of hit.cue.prefixes) {
      activity = Math.max(activity, strength * hit.weight);
      if (code.startsWith(prefix)) best = Math.max(best, strength);
    }
    total += best * hit.weight;
    if (best * hit.weight > bestValue) {
      bestValue = best * hit.weight;
      bestCue = hit;
    }
  }
  let factor = 1 + Math.min(total, 2.5);
  // Codes of 13-16 are the coding order's fallbacks and are not penalised for a different activity.
  const conflict = bestValue === 0 && activity >= 0.6 && ACTIVITY_CHAPTERS.has(code.slice(0, 2));
  if (conflict) factor *= 1 - 0.25 * Math.min(activity, 1.6);
  if (code.endsWith(` ${NOS_SUFFIX}`)) factor *= 0.4;
  return { factor, cue: bestCue, conflict };
}

function settingFactor(option: CodeOption, setting: Analysis['setting']): number {
  if (!option.setting || !setting) return 1;
  return option.setting === setting ? 1.25 : 0.4;
}

/**
 * Evidence that applies to a hit: every evidence word of the description and the context except the
 * words that name this waste itself ("emulsion paint" is not evidence about the paint), and the
 * substances named by other, qualifying, concepts ("oil" in "oil drums"). Evidence is read across the
 * whole description: "wood, glass and plastic contaminated with paint" contaminates all three.
 */
export function evidenceFor(hit: ConceptHit, analysis: Analysis): EvidenceItem[] {
  const items: EvidenceItem[] = [];
  const seen = new Set<string>();
  const add = (item: EvidenceItem) => {
    const key = `${item.kind}|${item.term}`;
    if (!seen.has(key)) {
      seen.add(key);
      items.push(item);
    }
  };
  const own = new Set(hit.match.positions);
  for (const e of analysis.evidence) {
    if (e.part === hit.part && e.positions.some((p) => own.has(p))) continue;
    add({ kind: e.kind, strength: e.strength, term: e.term });
  }
  for (const other of analysis.concepts) {
    const kind = other.match.item.def.evidence;
    if (!kind || other === hit || other.role === 'head') continue;
    if (other.part === hit.part && other.match.positions.some((p) => own.has(p))) continue;
    // Paint, ink and adhesive are weak evidence: water-based ones are not hazardous.
    add({ kind: kind as EvidenceKind, strength: kind === 'paint' ? 0.6 : 0.9, term: other.match.term });
  }
  return withVerdict(items, analysis.verdict);
}

/**
 * A verdict decides ahead of the words that merely name a substance: a figure above its threshold or a
 * hazardous verdict is strong hazardous evidence (and clean words no longer count); a clean verdict about
 * the whole waste leaves only clean evidence; one about a substance ("asbestos not detected") removes that
 * substance's words. An unknown composition is hazardous until assessed (WM3).
 */
export function withVerdict(items: EvidenceItem[], verdict: VerdictReading | undefined): EvidenceItem[] {
  if (!verdict) return items;
  const term = verdict.terms[0] ?? verdict.measurements[0]?.text ?? 'the verdict';
  const cleared = new Set<string>(verdict.cleared);
  // Words inside a verdict ("hazardous" in "below the hazardous threshold") are the verdict's, not evidence.
  const inVerdict = (i: EvidenceItem) => verdict.terms.some((t) => t.includes(i.term.toLowerCase()));
  const kept = items.filter((i) => i.kind === 'clean' || (!cleared.has(i.kind) && !inVerdict(i)));
  if (verdict.side === 'hazardous') {
    const kind = verdict.kinds[0] ?? 'hazardous';
    return [...kept.filter((i) => i.kind !== 'clean'), { kind, strength: 1, term }];
  }
  // An unknown composition is not evidence of anything: the engine puts the hazardous side first after
  // ranking (WM3), and says why there.
  if (verdict.side === 'unknown') return kept.filter((i) => i.kind !== 'clean');
  if (verdict.side === 'clean')
    return [...kept.filter((i) => i.kind === 'clean'), { kind: 'clean', strength: 1, term }];
  if (cleared.size > 0) return [...kept, { kind: 'clean', strength: 1, term }];
  return kept;
}

export function scoreConcepts(
  analysis: Analysis,
  k: CompiledKnowledge,
  catalogue: Catalogue,
): Map<string, Candidate> {
  const candidates = new Map<string, Candidate>();
  // A concept named twice in the same role counts once ("oil, oil and more oil").
  const seen = new Set<string>();
  for (const hit of analysis.concepts) {
    const key = `${hit.match.item.def.id}|${hit.role}|${hit.part}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const concept = hit.match.item;
    const strength = hit.match.quality * ROLE_FACTOR[hit.role];
    const evidence = evidenceFor(hit, analysis);
    for (const option of concept.options) {
      const base = strength * option.weight * settingFactor(option, analysis.setting);
      for (const r of resolveOption(option, evidence, catalogue, k.redirects)) {
        // The activity chooses the chapter of the waste named; it does not promote a qualifier over it.
        const fit = chapterFit(r.code, analysis.cues).factor;
        const value =
          base * r.factor * (hit.role === 'head' || hit.role === 'component' ? fit : Math.min(1, fit));
        const c = candidates.get(r.code) ?? { code: r.code, score: 0, contributions: [] };
        c.contributions.push({
          value,
          conceptId: concept.def.id,
          term: hit.match.term,
          role: hit.role,
          quality: hit.match.quality,
          specificity: concept.specificity,
          decision: r.decision,
          from: r.from,
          evidence: r.evidence,
          weakEvidence: r.weak === true,
          settingDependent: option.setting !== undefined && analysis.setting === undefined,
          source: concept.def.source,
        });
        candidates.set(r.code, c);
      }
    }
  }
  for (const c of candidates.values()) {
    c.contributions.sort((a, b) => b.value - a.value);
    // One vote per concept: agreement between different named things adds up, repeats do not.
    const perConcept = new Map<string, number>();
    for (const x of c.contributions)
      perConcept.set(x.conceptId, Math.max(perConcept.get(x.conceptId) ?? 0, x.value));
    const [first, ...rest] = [...perConcept.values()].sort((a, b) => b - a);
    c.score = first + 0.3 * rest.reduce((sum, x) => sum + x, 0);
  }
  return candidates;
}
