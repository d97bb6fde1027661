// Misspelling tolerance ("flourescent", "asbestoes", "plaster bord"): a symmetric-delete index over the
// lexicon vocabulary (the SymSpell method), so a lookup costs a few map reads rather than a scan.

export interface SpellingCorrector {
  /** The known word this token most likely meant, or undefined to leave it as written. */
  correct(word: string): string | undefined;
}

function deletes(word: string, depth: number, out: Set<string>): void {
  if (depth === 0 || word.length <= 3) return;
  for (let i = 0; i < word.length; i++) {
    const d = word.slice(0, i) + word.slice(i + 1);
    if (!out.has(d)) {
      out.add(d);
      deletes(d, depth - 1, out);
    }
  }
}

/** Optimal string alignment distance (Damerau-Levenshtein with adjacent transpositions). */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => {
    const row = new Array<number>(cols).fill(0);
    row[0] = i;
    return row;
  });
  for (let j = 0; j < cols; j++) d[0][j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[a.length][b.length];
}

/** Allowed distance grows with length: short words are too easily confused. */
function maxDistanceFor(length: number): number {
  if (length < 4) return 0;
  if (length < 9) return 1;
  return 2;
}

const sorted = (w: string) => [...w].sort().join('');
const undoubled = (w: string) => w.replace(/(.)\1/g, '$1');

/** Swapped letters ("tyers" -> "tyres") or a doubled letter ("oilly" -> "oily", "soill" -> "soil"). */
function isTypo(word: string, candidate: string): boolean {
  return (
    (word.length === candidate.length && sorted(word) === sorted(candidate)) ||
    undoubled(word) === candidate ||
    undoubled(candidate) === word
  );
}

/**
 * Words of six letters or more may differ by any one edit; shorter ones only by a typo, because other
 * one-letter changes turn ordinary words into waste words ("point" -> "paint", "bags" -> "rags").
 */
function acceptable(word: string, candidate: string): boolean {
  if (word.length >= 6 && candidate.length >= 6) return true;
  return isTypo(word, candidate);
}

/**
 * @param vocabulary words the corrector may answer with (lexicon words)
 * @param known words that are accepted as written and never corrected (vocabulary plus common words)
 */
export function createSpellingCorrector(
  vocabulary: Iterable<string>,
  known: ReadonlySet<string>,
): SpellingCorrector {
  const words = [...vocabulary];
  const memo = new Map<string, string | undefined>();
  const vocabularySet = new Set(words);
  // Built at the first word that is not known (a tenth of `wcs classify`'s start, and most inputs never
  // need it): the same index, later.
  let index: Map<string, string[]> | undefined;
  const buildIndex = (): Map<string, string[]> => {
    const built = new Map<string, string[]>();
    const add = (key: string, word: string) => {
      const list = built.get(key);
      if (list) {
        if (!list.includes(word)) list.push(word);
      } else built.set(key, [word]);
    };
    for (const word of words) {
      if (word.length < 4 || /\d/.test(word)) continue;
      add(word, word);
      const ds = new Set<string>();
      deletes(word, maxDistanceFor(word.length), ds);
      for (const d of ds) add(d, word);
    }
    return built;
  };

  const lookup = (word: string): string | undefined => {
    const limit = maxDistanceFor(word.length);
    if (limit === 0) return undefined;
    index ??= buildIndex();
    const keys = new Set<string>([word]);
    deletes(word, limit, keys);
    let best: string | undefined;
    let bestDistance = Number.POSITIVE_INFINITY;
    for (const key of keys) {
      for (const candidate of index.get(key) ?? []) {
        const distance = editDistance(word, candidate);
        const allowed = Math.min(limit, maxDistanceFor(candidate.length));
        // Misspellings rarely change the first letter; requiring it avoids "found" -> "wound".
        if (distance > allowed || candidate[0] !== word[0] || !acceptable(word, candidate)) continue;
        // Prefer the closer word; ties go to the alphabetically first, for determinism.
        // Typos (swaps, doubled letters) are likelier than other edits: "rubbel" is "rubble", not "rubber".
        const rank = distance + (isTypo(word, candidate) ? 0 : 0.5);
        if (rank < bestDistance || (rank === bestDistance && best !== undefined && candidate < best)) {
          best = candidate;
          bestDistance = rank;
        }
      }
    }
    return best;
  };

  return {
    correct(word) {
      // Long strings are not misspelt words; their deletion sets would be costly.
      if (known.has(word) || /\d/.test(word) || word.length > 20) return undefined;
      if (memo.has(word)) return memo.get(word);
      // A dropped final "e" ("wast" -> "waste") is the commonest slip of all.
      const result = vocabularySet.has(`${word}e`) ? `${word}e` : lookup(word);
      if (memo.size < 50_000) memo.set(word, result);
      return result;
    },
  };
}
