// Mirror entries decided by evidence (WM3 Appendix A). A mirror pair is one waste with a hazardous and a
// non-hazardous entry; which applies depends on whether hazardous substances are present. Words such as
// "oily", "asbestos", "coal tar", "solvent-based", "contaminated" move a waste to the hazardous entry;
// "clean", "inert", "water-based" keep it on the non-hazardous one. Absolute packaging entries have a
// hazardous alternative (15 01 10*) handled the same way.
import type { Catalogue, EwcEntry } from '../catalogue.ts';
import type { EvidenceKind, EvidenceRedirectDef } from '../knowledge/types.ts';
import type { CodeOption } from './compile.ts';

export interface EvidenceItem {
  kind: EvidenceKind | 'clean';
  strength: number;
  term: string;
}

export type MirrorDecision = 'absolute' | 'hazardous' | 'clean' | 'undecided' | 'partner' | 'demoted';

export interface ResolvedOption {
  code: string;
  factor: number;
  decision: MirrorDecision;
  /** The code the knowledge named before the evidence moved it. */
  from?: string;
  evidence: EvidenceItem[];
  weak?: boolean;
}

const SPECIFIC: Partial<Record<EvidenceKind, RegExp>> = {
  asbestos: /asbestos/i,
  coal_tar: /coal tar|\btar\b/i,
  oil: /\boil/i,
  solvent: /solvent/i,
  pcb: /\bPCB/i,
  mercury: /mercury/i,
  ods: /chlorofluorocarbon|HCFC|HFC/i,
  infectious: /infection/i,
  cytotoxic: /cytotoxic/i,
  hazardous_component: /hazardous components/i,
  heavy_metal: /heavy metal|lead|chromium|cadmium/i,
};
const NAMED_SUBSTANCE = /asbestos|coal tar|mercury|\bPCB|chlorofluorocarbon|cytotoxic|\boil\b|halogenated/i;
const GENERIC = /hazardous|dangerous/i;

function partnerScore(entry: EwcEntry, kinds: Set<EvidenceKind>): number {
  let score = GENERIC.test(entry.description) ? 1 : 0;
  let specific = false;
  for (const kind of kinds) {
    const re = SPECIFIC[kind];
    if (re?.test(entry.description)) {
      score += 2;
      specific = true;
    }
  }
  if (!specific && NAMED_SUBSTANCE.test(entry.description)) score -= 2;
  return score;
}

export function bestOf(entries: EwcEntry[], kinds: Set<EvidenceKind>): EwcEntry | undefined {
  let best: EwcEntry | undefined;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const e of entries) {
    const s = partnerScore(e, kinds);
    if (s > bestScore) {
      best = e;
      bestScore = s;
    }
  }
  return best;
}

function redirectFor(
  code: string,
  kinds: Set<EvidenceKind>,
  redirects: readonly EvidenceRedirectDef[],
): string | undefined {
  for (const r of redirects) {
    if (!kinds.has(r.kind)) continue;
    if (r.except?.some((p) => code.startsWith(p))) continue;
    if (r.from.some((p) => code.startsWith(p)) && r.to !== code) return r.to;
  }
  return undefined;
}

export function resolveOption(
  option: CodeOption,
  evidence: EvidenceItem[],
  catalogue: Catalogue,
  redirects: readonly EvidenceRedirectDef[],
): ResolvedOption[] {
  const entry = catalogue.get(option.code) as EwcEntry;
  const hazardous = evidence.filter((e) => e.kind !== 'clean');
  const clean = evidence.filter((e) => e.kind === 'clean');
  const strongHaz = hazardous.filter((e) => e.strength >= 0.7);
  const useHaz = strongHaz.length > 0 ? strongHaz : clean.length === 0 ? hazardous : [];
  const kinds = new Set(useHaz.map((e) => e.kind as EvidenceKind));
  const weak = strongHaz.length === 0 && useHaz.length > 0;
  const redirect = redirectFor(option.code, kinds, redirects);
  if (redirect) {
    return [
      { code: redirect, factor: 1, decision: 'hazardous', from: option.code, evidence: useHaz, weak },
      { code: option.code, factor: 0.3, decision: 'demoted', evidence: useHaz },
    ];
  }
  const others = [...entry.mirror_of, ...option.alts, ...option.cleanAlts]
    .map((c) => catalogue.get(c) as EwcEntry)
    .filter((e) => e.is_hazardous !== entry.is_hazardous);
  if (others.length === 0) return [{ code: option.code, factor: 1, decision: 'absolute', evidence: [] }];
  if (!entry.is_hazardous) {
    const partner = bestOf(others, kinds) as EwcEntry;
    if (useHaz.length > 0) {
      return [
        { code: partner.code, factor: 1, decision: 'hazardous', from: option.code, evidence: useHaz, weak },
        { code: option.code, factor: 0.3, decision: 'demoted', evidence: useHaz },
      ];
    }
    if (clean.length > 0) {
      return [
        { code: option.code, factor: 1, decision: 'clean', evidence: clean },
        { code: partner.code, factor: 0.2, decision: 'partner', evidence: [] },
      ];
    }
    return [
      { code: option.code, factor: 1, decision: 'undecided', evidence: [] },
      { code: partner.code, factor: 0.45, decision: 'partner', evidence: [] },
    ];
  }
  const partner = others[0];
  if (clean.length > 0 && strongHaz.length === 0) {
    return [
      { code: partner.code, factor: 1, decision: 'clean', from: option.code, evidence: clean },
      { code: option.code, factor: 0.3, decision: 'demoted', evidence: clean },
    ];
  }
  if (hazardous.length > 0)
    return [{ code: option.code, factor: 1, decision: 'hazardous', evidence: hazardous }];
  return [
    { code: option.code, factor: 1, decision: 'undecided', evidence: [] },
    { code: partner.code, factor: 0.45, decision: 'partner', evidence: [] },
  ];
}

/**
 * The entry's mirror partner on the given side: one in its own sub-chapter first (the same waste), then
 * the one whose legal text names the substance found, else the general "dangerous substances" entry.
 * One rule for the verdict and for the deciding question's answers, so an answer leads where it says.
 */
export function partnerOn(
  entry: EwcEntry,
  hazardous: boolean,
  kinds: ReadonlySet<EvidenceKind>,
  catalogue: Catalogue,
): string | undefined {
  const partners = entry.mirror_of
    .map((c) => catalogue.get(c))
    .filter((e): e is EwcEntry => e !== undefined && e.is_hazardous === hazardous);
  const own = partners.filter((e) => e.subchapter === entry.subchapter);
  const pool = own.length > 0 ? own : partners;
  return (bestOf(pool, new Set(kinds)) ?? pool[0])?.code;
}
