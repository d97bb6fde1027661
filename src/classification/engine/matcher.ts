// Finds lexicon terms in a token list: contiguous phrases, the same words in another order within one
// clause ("tubes, fluorescent"), and word groups anywhere (co-occurrence). Longer matches subsume the
// shorter ones they contain ("oil filters" is not also "oil"), and negated terms ("no asbestos",
// "asbestos free") are dropped.
import { markNegation } from '../ranker/negation.ts';
import { STOPWORDS, type Token } from './text.ts';

export interface TermEntry<T> {
  tokens: string[];
  /** Word sequences (stems) that, directly after the term, mean it is not this item (ConceptDef.notBefore). */
  notBefore?: string[][];
  /** The term as written in the knowledge, for the reasoning. */
  term: string;
  item: T;
}

export interface GroupEntry<T> {
  groups: string[][];
  item: T;
}

export interface Match<T> {
  item: T;
  term: string;
  positions: number[];
  start: number;
  end: number;
  /** 1 exact phrase; lower for reordered words, co-occurrence and spelling corrections. */
  quality: number;
  kind: 'phrase' | 'reordered' | 'cooccur';
  /** Co-occurrence only: every word of its groups found in the text. */
  related?: number[];
}

export interface TermIndex<T> {
  byFirst: Map<string, TermEntry<T>[]>;
  multi: Map<string, TermEntry<T>[]>;
  groups: GroupEntry<T>[];
}

export function buildTermIndex<T>(entries: TermEntry<T>[], groups: GroupEntry<T>[] = []): TermIndex<T> {
  const byFirst = new Map<string, TermEntry<T>[]>();
  const multi = new Map<string, TermEntry<T>[]>();
  for (const entry of entries) {
    if (entry.tokens.length === 0) continue;
    const first = entry.tokens[0];
    byFirst.set(first, [...(byFirst.get(first) ?? []), entry]);
    // Only terms of content words are matched out of order ("waste water" is too loose).
    if (entry.tokens.length > 1 && !entry.tokens.some((t) => STOPWORDS.has(t))) {
      for (const t of new Set(entry.tokens)) multi.set(t, [...(multi.get(t) ?? []), entry]);
    }
  }
  return { byFirst, multi, groups };
}

// Negation is read once per token list with the rules of data/classification/rules.json (shared with
// the ranker and the hazard check), so it holds across a list: "no plaster or asbestos".
const negatedMemo = new WeakMap<readonly Token[], boolean[]>();

function negatedWords(tokens: readonly Token[]): boolean[] {
  let marks = negatedMemo.get(tokens);
  if (!marks) {
    const ws = tokens.map((t) => ({
      raw: t.raw,
      stem: t.stem,
      // The tokenizer folds all punctuation into ","; a boundary word is not punctuation.
      stop: false,
      comma: t.boundary === ',' && t.index > 0,
      negated: false,
    }));
    marks = markNegation(ws).map((w) => w.negated);
    negatedMemo.set(tokens, marks);
  }
  return marks;
}

/** True when the match is negated: "no asbestos", "not contaminated", "asbestos free", "free of oil". */
export function isNegated(tokens: readonly Token[], start: number, end: number): boolean {
  const marks = negatedWords(tokens);
  for (let i = start; i < end; i++) if (marks[i]) return true;
  return false;
}

// The stems of a token list, read once for the several lexicons matched against it.
const stemsMemo = new WeakMap<readonly Token[], Set<string>>();

function stemsIn(tokens: readonly Token[]): Set<string> {
  let stems = stemsMemo.get(tokens);
  if (!stems) {
    stems = new Set<string>();
    for (const t of tokens) stems.add(t.stem);
    stemsMemo.set(tokens, stems);
  }
  return stems;
}

function qualityOf(tokens: readonly Token[], positions: number[], base: number): number {
  let q = base;
  for (const p of positions) if (tokens[p].correctedFrom) q *= 0.9;
  return q;
}

function sameClause(tokens: readonly Token[], from: number, to: number): boolean {
  for (let i = from + 1; i <= to; i++) if (tokens[i].boundaryBefore) return false;
  return true;
}

/** Whether one of the word sequences starts at `at`, in the same clause as the word before it. */
export function followedBy(tokens: readonly Token[], at: number, sequences: string[][]): boolean {
  if (at >= tokens.length || tokens[at].boundaryBefore) return false;
  return sequences.some((seq) => seq.every((w, k) => tokens[at + k]?.stem === w));
}

function phraseMatches<T>(tokens: readonly Token[], index: TermIndex<T>, out: Match<T>[]): void {
  for (let i = 0; i < tokens.length; i++) {
    for (const entry of index.byFirst.get(tokens[i].stem) ?? []) {
      const n = entry.tokens.length;
      if (i + n > tokens.length) continue;
      let ok = true;
      for (let k = 1; k < n; k++) {
        if (tokens[i + k].stem !== entry.tokens[k]) {
          ok = false;
          break;
        }
      }
      if (!ok || (entry.notBefore && followedBy(tokens, i + n, entry.notBefore))) continue;
      const positions = new Array<number>(n);
      for (let k = 0; k < n; k++) positions[k] = i + k;
      out.push({
        item: entry.item,
        term: entry.term,
        positions,
        start: i,
        end: i + n,
        quality: qualityOf(tokens, positions, 1),
        kind: 'phrase',
      });
    }
  }
}

/** The words of a multi-word term in another order, close together in one clause. */
function reorderedMatches<T>(tokens: readonly Token[], index: TermIndex<T>, out: Match<T>[]): void {
  const seen = new Set<TermEntry<T>>();
  const visited = new Set<string>();
  const present = stemsIn(tokens);
  for (let i = 0; i < tokens.length; i++) {
    // One look per distinct word: a repeated word finds the same terms again.
    if (visited.has(tokens[i].stem)) continue;
    visited.add(tokens[i].stem);
    for (const entry of index.multi.get(tokens[i].stem) ?? []) {
      if (seen.has(entry) || entry.tokens[0] === tokens[i].stem) continue;
      // A term with a word the text does not have cannot be found near this one either.
      if (!entry.tokens.every((t) => present.has(t))) continue;
      const window = entry.tokens.length + 2;
      const positions: number[] = [];
      for (const want of entry.tokens) {
        let found = -1;
        for (let j = Math.max(0, i - window); j < Math.min(tokens.length, i + window + 1); j++) {
          if (tokens[j].stem === want && !positions.includes(j)) {
            found = j;
            break;
          }
        }
        if (found < 0) break;
        positions.push(found);
      }
      if (positions.length !== entry.tokens.length) continue;
      const start = Math.min(...positions);
      const end = Math.max(...positions) + 1;
      if (!sameClause(tokens, start, end - 1) || end - start > window) continue;
      seen.add(entry);
      out.push({
        item: entry.item,
        term: entry.term,
        positions,
        start,
        end,
        quality: qualityOf(tokens, positions, 0.85),
        kind: 'reordered',
      });
    }
  }
}

function groupMatches<T>(tokens: readonly Token[], index: TermIndex<T>, out: Match<T>[]): void {
  if (index.groups.length === 0) return;
  const present = stemsIn(tokens);
  for (const entry of index.groups) {
    // `positions` holds the first word of each group (what subsumption compares); `related` holds every
    // word of every group ("drained diesel ... misfuelled"), so a phrase among them is read as part of it.
    const positions: number[] = [];
    const related: number[] = [];
    let complete = true;
    // A group none of whose words the text has ends the look (as finding none of them would).
    if (!entry.groups.every((group) => group.some((w) => present.has(w)))) continue;
    for (const group of entry.groups) {
      const found = tokens.filter((t) => group.includes(t.stem)).map((t) => t.index);
      const first = found.find((p) => !positions.includes(p));
      if (first === undefined) {
        complete = false;
        break;
      }
      positions.push(first);
      related.push(...found);
    }
    if (!complete) continue;
    const term = positions.map((p) => tokens[p].raw).join(' + ');
    const start = Math.min(...positions);
    out.push({
      item: entry.item,
      term,
      positions,
      related: [...new Set(related)],
      start,
      end: Math.max(...positions) + 1,
      quality: qualityOf(tokens, positions, 0.95),
      kind: 'cooccur',
    });
  }
}

/** Drops matches whose words all lie inside a longer match (the more specific term wins). */
export function removeSubsumed<T>(matches: Match<T>[]): Match<T>[] {
  const sorted = [...matches].sort((a, b) => b.positions.length - a.positions.length || a.start - b.start);
  const kept: Match<T>[] = [];
  for (const m of sorted) {
    // Co-occurring words are scattered, so they never hide a phrase that sits among them.
    const inside = kept.some(
      (k) =>
        k.kind !== 'cooccur' &&
        k.positions.length > m.positions.length &&
        m.positions.every((p) => k.positions.includes(p)),
    );
    const duplicate =
      m.kind !== 'cooccur' &&
      kept.some((k) => k.item === m.item && m.positions.every((p) => k.positions.includes(p)));
    if (!inside && !duplicate) kept.push(m);
  }
  return kept.sort((a, b) => a.start - b.start || a.end - b.end);
}

/**
 * A term repeated many times ("oil, oil, oil ...") says no more than a few times: keep its first two and
 * its last occurrence, which keeps matching linear in the length of the input.
 */
function limitRepeats<T>(matches: Match<T>[]): Match<T>[] {
  const byTerm = new Map<string, Match<T>[]>();
  for (const m of matches) {
    const key = `${m.kind}|${m.term}`;
    const list = byTerm.get(key);
    if (list) list.push(m);
    else byTerm.set(key, [m]);
  }
  const out: Match<T>[] = [];
  for (const list of byTerm.values()) {
    if (list.length <= 3) out.push(...list);
    else out.push(list[0], list[1], list[list.length - 1]);
  }
  return out;
}

export function findMatches<T>(tokens: readonly Token[], index: TermIndex<T>): Match<T>[] {
  const raw: Match<T>[] = [];
  phraseMatches(tokens, index, raw);
  const reordered: Match<T>[] = [];
  reorderedMatches(tokens, index, reordered);
  const phraseAt = new Set(raw.flatMap((m) => m.positions));
  raw.push(...reordered.filter((m) => !m.positions.some((p) => phraseAt.has(p))));
  groupMatches(tokens, index, raw);
  return removeSubsumed(limitRepeats(raw)).filter((m) =>
    m.kind === 'cooccur'
      ? !m.positions.some((p) => isNegated(tokens, p, p + 1))
      : !isNegated(tokens, m.start, m.end),
  );
}
