// The coverage report (`npm run eval -- --coverage`): for every entry of the List of Wastes, how many
// everyday names and corpus descriptions the classifier knows it by, and for every sub-chapter, how many
// producers; entries and sub-chapters with thin knowledge are listed so a waste professional can add to
// them (data/classification/).
import type { Catalogue } from './catalogue.ts';
import { type EntryKnowledge, type LabelledText, loadCorpus, loadEntryKnowledge } from './ranker/corpus.ts';

/** Below these an entry or sub-chapter is listed as thin. */
export const THIN = { names: 5, corpus: 20, producers: 5 };

export interface CoverageReport {
  entries: { total: number; withNames: number; withCorpus: number; covered: number };
  subchapters: { total: number; withProducers: number; withCorpus: number; covered: number };
  corpusLines: number;
  thinEntries: Array<{ code: string; names: number; corpus: number }>;
  thinSubchapters: Array<{ subchapter: string; producers: number; corpus: number }>;
}

export function coverageReport(
  catalogue: Catalogue,
  corpus: LabelledText[] = loadCorpus(catalogue),
  knowledge: EntryKnowledge = loadEntryKnowledge(catalogue),
): CoverageReport {
  const perCode = new Map<string, number>();
  for (const line of corpus) perCode.set(line.code, (perCode.get(line.code) ?? 0) + 1);
  const entries = catalogue.entries.map((e) => ({
    code: e.code,
    names: knowledge.names.get(e.code)?.length ?? 0,
    corpus: perCode.get(e.code) ?? 0,
  }));
  const subs = catalogue.subchapters.map((s) => ({
    subchapter: s.subchapter,
    producers: knowledge.producers.get(s.subchapter)?.length ?? 0,
    corpus: entries.filter((e) => e.code.startsWith(s.subchapter)).reduce((n, e) => n + e.corpus, 0),
  }));
  const entryOk = (e: (typeof entries)[number]) => e.names >= THIN.names && e.corpus >= THIN.corpus;
  const subOk = (s: (typeof subs)[number]) => s.producers >= THIN.producers && s.corpus > 0;
  return {
    entries: {
      total: entries.length,
      withNames: entries.filter((e) => e.names >= THIN.names).length,
      withCorpus: entries.filter((e) => e.corpus >= THIN.corpus).length,
      covered: entries.filter(entryOk).length,
    },
    subchapters: {
      total: subs.length,
      withProducers: subs.filter((s) => s.producers >= THIN.producers).length,
      withCorpus: subs.filter((s) => s.corpus > 0).length,
      covered: subs.filter(subOk).length,
    },
    corpusLines: corpus.length,
    thinEntries: entries.filter((e) => !entryOk(e)),
    thinSubchapters: subs.filter((s) => !subOk(s)),
  };
}

export function formatCoverage(r: CoverageReport, limit = 40): string {
  const lines = [
    `== coverage of the List of Wastes (data/classification) ==`,
    `entries: ${r.entries.covered}/${r.entries.total} covered (>= ${THIN.names} names and >= ${THIN.corpus} corpus descriptions); ${r.entries.withNames} with names, ${r.entries.withCorpus} with corpus`,
    `sub-chapters: ${r.subchapters.covered}/${r.subchapters.total} covered (>= ${THIN.producers} producers and corpus examples)`,
    `corpus: ${r.corpusLines} labelled descriptions`,
  ];
  if (r.thinEntries.length > 0) {
    lines.push(`thin entries (${r.thinEntries.length}):`);
    for (const e of r.thinEntries.slice(0, limit))
      lines.push(`  ${e.code}  names ${e.names}  corpus ${e.corpus}`);
  }
  if (r.thinSubchapters.length > 0) {
    lines.push(`thin sub-chapters (${r.thinSubchapters.length}):`);
    for (const s of r.thinSubchapters.slice(0, limit)) {
      lines.push(`  ${s.subchapter}  producers ${s.producers}  corpus ${s.corpus}`);
    }
  }
  return lines.join('\n');
}
