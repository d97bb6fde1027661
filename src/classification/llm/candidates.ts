// Candidate proposal: the local engine narrows 842 entries to about 15 the model may choose from, each
// shown with its legal text, hazard status, sub-chapter and mirror partner. Asking the model to choose
// from a short list (instead of recalling codes) is what makes its answer checkable: a code outside the
// list is dropped. The list is built from what a waste expert would put side by side:
//   1. the local engine's ranking (the learned ranker blended with the rules);
//   2. the other side of every mirror pair among them (WM3 Appendix A: the side is decided by evidence);
//   2a. the learned ranker's next candidates, with their partners;
//   3. entries whose legal text and sub-chapter title share the description's words;
//   4. the sub-chapter of the local engine's first choice (the neighbours an expert reads next).
import type { Catalogue, EwcEntry } from '../catalogue.ts';
import type { LegalTextIndex } from '../engine/legal-text.ts';
import { tokenize } from '../engine/text.ts';
import type { ClassifyInput, RankedClassification } from '../types.ts';

export const CANDIDATE_LIMIT = 15;
const LEGAL_TEXT_MATCHES = 10;

export interface Candidate {
  entry: EwcEntry;
  /** The local engine's answer for this code, when it ranked it. */
  local?: RankedClassification;
  /** 0-based place in the local ranking; -1 when the local engine did not rank it. */
  localRank: number;
}

export function proposeCandidates(
  input: ClassifyInput,
  localRanking: readonly RankedClassification[],
  catalogue: Catalogue,
  legalText: LegalTextIndex,
  limit = CANDIDATE_LIMIT,
  rankerNext: readonly string[] = [],
): Candidate[] {
  const chosen = new Map<string, Candidate>();
  const add = (entry: EwcEntry | undefined) => {
    if (!entry || chosen.size >= limit || chosen.has(entry.code)) return;
    const localRank = localRanking.findIndex((r) => r.ewc_code === entry.code);
    chosen.set(entry.code, { entry, local: localRanking[localRank], localRank });
  };
  const withPartners = (entry: EwcEntry | undefined) => {
    add(entry);
    for (const partner of entry?.mirror_of ?? []) add(catalogue.get(partner));
  };

  const ranked = localRanking.map((r) => catalogue.get(r.ewc_code));
  for (const entry of ranked) add(entry);
  for (const entry of ranked) withPartners(entry);
  for (const code of rankerNext.slice(0, 5)) withPartners(catalogue.get(code));
  const text = [input.description, input.additional_context ?? '', input.source_industry ?? ''].join('. ');
  for (const match of legalText.search(tokenize(text), LEGAL_TEXT_MATCHES)) withPartners(match.entry);
  const top = ranked[0];
  if (top) for (const sibling of catalogue.list({ chapter: top.subchapter })) add(sibling);
  return [...chosen.values()];
}

function hazardLabel(entry: EwcEntry, catalogue: Catalogue): string {
  const status = entry.is_hazardous ? 'hazardous' : 'non-hazardous';
  const partners = entry.mirror_of
    .map((code) => catalogue.get(code))
    .filter((p): p is EwcEntry => p !== undefined)
    .map((p) => `${p.code}${p.is_hazardous ? ' hazardous' : ' non-hazardous'}`);
  return partners.length > 0 ? `${status}; mirror of ${partners.join(', ')}` : `${status}; absolute entry`;
}

/**
 * One line per candidate, in code order: the model sees the candidates without the local engine's
 * ranking, so its choice is an independent second opinion (agreement then means something when
 * confidence is combined).
 */
export function formatCandidates(candidates: readonly Candidate[], catalogue: Catalogue): string {
  return [...candidates]
    .sort((a, b) => a.entry.code.localeCompare(b.entry.code))
    .map(({ entry }) => {
      const sub = `${entry.subchapter} ${entry.subchapter_title}`;
      return `- ${entry.code} [${hazardLabel(entry, catalogue)}] ${entry.description} | ${sub}`;
    })
    .join('\n');
}
