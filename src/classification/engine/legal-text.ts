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
  // What each word adds to each entry that has it: its idf in the entry's own text, half in the title.
  const gains = new Map<string, Float64Array>();
  for (const [w, list] of postings) {
    gains.set(
      w,
      Float64Array.from(list, (i) => (docs[i].own.includes(w) ? idf(w) : 0.5 * idf(w))),
    );
  }
  // Scratch per search (searches are synchronous): each entry's score, and which entries were hit.
  const score = new Float64Array(docs.length);
  const hit = new Uint8Array(docs.length);

  /** Orders matches as the ranking wants them: most similar first, then by code. */
  const before = (a: LegalTextMatch, b: LegalTextMatch) =>
    b.similarity - a.similarity || a.entry.code.localeCompare(b.entry.code);

  return {
    search(tokens, limit) {
      const query = [...new Set(tokens.map((t) => t.stem))]
        .filter((w) => df.has(w))
        .slice(0, MAX_QUERY_WORDS);
      if (query.length === 0 || limit < 1) return [];
      const qMass = query.reduce((s, w) => s + idf(w), 0);
      const touched: number[] = [];
      for (const w of query) {
        const list = postings.get(w) ?? [];
        const gain = gains.get(w) as Float64Array;
        for (let k = 0; k < list.length; k++) {
          const i = list[k];
          if (hit[i] === 0) {
            hit[i] = 1;
            score[i] = 0;
            touched.push(i);
          }
          score[i] += gain[k];
        }
      }
      // The best `limit` entries, kept in order as they are found (the order of a full sort).
      const best: LegalTextMatch[] = [];
      const bestDocs: number[] = [];
      for (const i of touched) {
        hit[i] = 0;
        const m = { entry: docs[i].entry, similarity: score[i] / Math.sqrt(qMass * mass[i] || 1), words: [] };
        if (best.length === limit && before(m, best[limit - 1]) >= 0) continue;
        let at = best.length;
        while (at > 0 && before(m, best[at - 1]) < 0) at--;
        best.splice(at, 0, m);
        bestDocs.splice(at, 0, i);
        if (best.length > limit) {
          best.pop();
          bestDocs.pop();
        }
      }
      // The query words each match shares with its entry, in the query's order.
      best.forEach((m, n) => {
        const d = docs[bestDocs[n]];
        m.words = query.filter((w) => d.own.includes(w) || d.activity.includes(w));
      });
      return best;
    },
  };
}
