// The ranker's view of an input: word, word-pair and character n-gram features of the description
// (negated words kept apart: "no asbestos" is the feature n:asbestos, never w:asbestos), the source
// industry as features of its own, and the additional context. Training and classification share this
// one function, so a model always sees inputs the way it was trained.
import type { ClassifyInput } from '../types.ts';
import { markNegation, type Word, words } from './negation.ts';

/** Words that carry no meaning for the List of Wastes on their own (quantities, function words). */
const FUNCTION_WORDS: ReadonlySet<string> = new Set(
  (
    'a an the of to in on at by for from with as is are was were be been being it its this that these ' +
    'those our my your their we i you they he she them us me some any all each per about into out up ' +
    'over very just also please etc approx approximately x kg kgs tonne tonnes ton tons litre litres ' +
    'ltr l m3 qty quantity and or but have has had got get getting do does did need needs want wants ' +
    'can could would will should may might must there here what which who so if then than when where ' +
    'around roughly about ish lot lots bit bits'
  ).split(' '),
);

/** Relative weight of each block of features after its own normalisation. */
export interface BlockWeights {
  words: number;
  pairs: number;
  chars: number;
  industry: number;
}

export const DEFAULT_BLOCK_WEIGHTS: BlockWeights = { words: 1, pairs: 0.6, chars: 0.2, industry: 0.7 };

/** How much the context's and the industry's words add to the description's word block. */
const CONTEXT_SHARE = 0.6;
const INDUSTRY_SHARE = 0.35;
/** Inputs are short; the bound keeps a 2,000-character description cheap. */
const MAX_WORDS = 80;

function content(ws: Word[]): Word[] {
  return ws.filter((w) => !FUNCTION_WORDS.has(w.raw) && !/^\d+$/.test(w.raw) && w.raw.length > 1);
}

function add(map: Map<string, number>, key: string, value: number): void {
  map.set(key, (map.get(key) ?? 0) + value);
}

function normalise(block: Map<string, number>, weight: number, into: Map<string, number>): void {
  let sum = 0;
  for (const v of block.values()) sum += v * v;
  if (sum === 0) return;
  const scale = weight / Math.sqrt(sum);
  for (const [k, v] of block) add(into, k, v * scale);
}

function wordBlock(ws: Word[], share: number, block: Map<string, number>): void {
  for (const w of ws) add(block, `${w.negated ? 'n' : 'w'}:${w.stem}`, share);
}

function pairBlock(ws: Word[], prefix: string, block: Map<string, number>): void {
  for (let i = 1; i < ws.length; i++) {
    const a = ws[i - 1];
    const b = ws[i];
    if (a.negated || b.negated || b.stop) continue;
    add(block, `${prefix}${a.stem} ${b.stem}`, 1);
  }
}

/** A word's character 3- to 5-grams as feature keys, kept for the words seen lately. */
const gramKeys = new Map<string, string[]>();
const GRAM_WORDS_KEPT = 20_000;

function gramsOf(raw: string): string[] {
  let keys = gramKeys.get(raw);
  if (!keys) {
    keys = [];
    const padded = `<${raw}>`;
    for (let n = 3; n <= 5; n++) {
      for (let i = 0; i + n <= padded.length; i++) keys.push(`c:${padded.slice(i, i + n)}`);
    }
    if (gramKeys.size >= GRAM_WORDS_KEPT) gramKeys.clear();
    gramKeys.set(raw, keys);
  }
  return keys;
}

/**
 * A model's rows for a word's character n-gram keys, in their order (-1: not one of its features); the
 * same keys array gives the same answer, so a model can keep it for the words seen lately.
 */
export type GramRows = (keys: readonly string[]) => Int32Array;

/** The features of an input, with the model's rows of those it already looked up (FeatureMap.rows). */
export class FeatureMap extends Map<string, number> {
  /** Key -> the model's row (-1: none), for the character n-grams of words the model has seen lately. */
  readonly rows = new Map<string, number>();
}

function charBlock(
  ws: Word[],
  block: Map<string, number>,
  gramRows?: GramRows,
  rows?: Map<string, number>,
): void {
  for (const w of ws) {
    if (w.negated || w.raw.length < 3) continue;
    const keys = gramsOf(w.raw);
    for (const key of keys) add(block, key, 1);
    if (!gramRows || !rows) continue;
    const known = gramRows(keys);
    for (let i = 0; i < keys.length; i++) rows.set(keys[i], known[i]);
  }
}

export interface PreparedInput {
  description: Word[];
  context: Word[];
  industry: Word[];
}

/** The words of each field, negation marked, function words dropped. */
export function prepare(input: ClassifyInput): PreparedInput {
  const read = (text: string | undefined) =>
    text ? content(markNegation(words(text).slice(0, MAX_WORDS))) : [];
  return {
    description: read(input.description),
    context: read(input.additional_context),
    industry: read(input.source_industry),
  };
}

/** Sparse feature vector: key -> value. */
export function extractFeatures(
  input: ClassifyInput,
  weights: BlockWeights = DEFAULT_BLOCK_WEIGHTS,
  prepared: PreparedInput = prepare(input),
  gramRows?: GramRows,
): FeatureMap {
  const { description, context, industry } = prepared;
  const out = new FeatureMap();
  const w = new Map<string, number>();
  wordBlock(description, 1, w);
  wordBlock(context, CONTEXT_SHARE, w);
  wordBlock(industry, INDUSTRY_SHARE, w);
  normalise(w, weights.words, out);
  const p = new Map<string, number>();
  pairBlock(description, 'b:', p);
  pairBlock(context, 'b:', p);
  normalise(p, weights.pairs, out);
  const c = new Map<string, number>();
  charBlock(description, c, gramRows, out.rows);
  normalise(c, weights.chars, out);
  const ind = new Map<string, number>();
  for (const x of industry) if (!x.negated) add(ind, `i:${x.stem}`, 1);
  pairBlock(industry, 'i:', ind);
  normalise(ind, weights.industry, out);
  return out;
}
