// Fallback for wastes the lexicon does not name: the words of the description are compared with the
// legal descriptions of the List of Wastes (and their sub-chapter titles, which name the activity). The
// "other than those mentioned in ..." and "containing hazardous substances" clauses are removed first,
// so both sides of a mirror pair read alike and the mirror decision is left to the evidence.
import type { Catalogue, EwcEntry } from '../catalogue.ts';
import { STOPWORDS, type Token, tokenize } from './text.ts';

const LEGAL_NOISE = new Set(
  'other than mentioned containing contain hazardous substances substance dangerous otherwise specified not including except those which their such example for e g free'.split(
    ' ',
  ),
);

/** The first distinct words of a long description are enough to find its legal entry. */
const MAX_QUERY_WORDS = 30;

export interface LegalTextMatch {
  entry: EwcEntry;
  similarity: number;
  words: string[];
}

export interface LegalTextIndex {
  search(tokens: readonly Token[], limit: number): LegalTextMatch[];
}

function contentWords(text: string): string[] {
  const cleaned = text
    .replace(/other than (that|those) mentioned in [\d ,and]+/gi, ' ')
    .replace(
      /(containing|contaminated (by|with)|consisting of or containing) (hazardous|dangerous) substances/gi,
      ' ',
    );
  return [...new Set(tokenize(cleaned).map((t) => t.stem))].filter(
    (w) => w.length > 2 && !STOPWORDS.has(w) && !LEGAL_NOISE.has(w) && !/^\d+$/.test(w),
  );
}

export function createLegalTextIndex(catalogue: Catalogue): LegalTextIndex {
  const docs = catalogue.entries.map((entry) => {
    const own = contentWords(entry.description);
    const activity = contentWords(entry.subchapter_title).filter((w) => !own.includes(w));
    return { entry, own, activity };
  });
  const df = new Map<string, number>();
  for (const d of docs) for (const w of new Set([...d.own, ...d.activity])) df.set(w, (df.get(w) ?? 0) + 1);
  const idf = (w: string) => Math.log(1 + docs.length / (df.get(w) ?? docs.length));
  const postings = new Map<string, number[]>();
  docs.forEach((d, i) => {
    for (const w of new Set([...d.own, ...d.activity])) postings.set(w, [...(postings.get(w) ?? []), i]);
  });
  const mass = docs.map(
    (d) => d.own.reduce((s, w) => s + idf(w), 0) + 0.5 * d.activity.reduce((s, w) => s + idf(w), 0),
  );

  return {
    search(tokens, limit) {
      const query = [...new Set(tokens.map((t) => t.stem))]
        .filter((w) => df.has(w))
        .slice(0, MAX_QUERY_WORDS);
      if (query.length === 0) return [];
      const qMass = query.reduce((s, w) => s + idf(w), 0);
      const hits = new Map<number, { score: number; words: string[] }>();
      for (const w of query) {
        for (const i of postings.get(w) ?? []) {
          const h = hits.get(i) ?? { score: 0, words: [] };
          h.score += docs[i].own.includes(w) ? idf(w) : 0.5 * idf(w);
          h.words.push(w);
          hits.set(i, h);
        }
      }
      return [...hits.entries()]
        .map(([i, h]) => ({
          entry: docs[i].entry,
          similarity: h.score / Math.sqrt(qMass * mass[i] || 1),
          words: h.words,
        }))
        .sort((a, b) => b.similarity - a.similarity || a.entry.code.localeCompare(b.entry.code))
        .slice(0, limit);
    },
  };
}
