// The learned ranker: a multinomial logistic regression over the features of features.ts, trained by
// `npm run train` on the labelled corpus and shipped as data/classification/model/ranker.bin.gz. It
// is loaded once at start (no download) and scores all 842 entries in a few microseconds: one sparse
// row of weights per feature of the input.
import { readFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { CLASSIFICATION_DATA } from '../data-dir.ts';
import type { ClassifyInput } from '../types.ts';
import { type BlockWeights, extractFeatures, FeatureMap, type PreparedInput } from './features.ts';
import { softmax } from './softmax.ts';

export const MODEL_PATH = `${CLASSIFICATION_DATA}model/ranker.bin.gz`;
const MAGIC = 0x52534357; // "WCSR"

/** Maps the blended score of the top answer to the chance it is right (fitted out of fold). */
export interface Calibration {
  /** Isotonic steps: upper bounds of the score bins and the accuracy observed in each. */
  agree: Array<[number, number]>;
  disagree: Array<[number, number]>;
}

export interface RankerMeta {
  /** Codes in class order. */
  classes: string[];
  features: string[];
  blockWeights: BlockWeights;
  /** How much the rule engine's confidence adds to the ranker's log-probability. */
  ruleWeight: number;
  calibration: Calibration;
  training: { examples: number; corpus: number; epochs: number; folds: number };
}

export interface RankerModel {
  readonly meta: RankerMeta;
  /** Class index of a code. */
  readonly classIndex: ReadonlyMap<string, number>;
  /** The input's features as this model reads them (pass them back to the two calls below). */
  features(input: ClassifyInput, prepared?: PreparedInput): Map<string, number>;
  /** Probabilities over `meta.classes`. */
  probabilities(features: Map<string, number>): Float64Array;
  /** How many of the input's words and word pairs the model knows (character n-grams aside). */
  knownWords(features: Map<string, number>): number;
  /** For each wanted class, the features that pushed towards it, with their contribution. */
  evidence(features: Map<string, number>, classIndices: number[]): Map<number, Array<[string, number]>>;
}

export interface RankerWeights {
  meta: RankerMeta;
  bias: Float32Array;
  /** CSR rows, one per feature: offsets (features + 1), class indices and weights. */
  offsets: Uint32Array;
  classIdx: Uint16Array;
  weights: Float32Array;
}

export function encodeWeights(w: RankerWeights): Buffer {
  const json = Buffer.from(JSON.stringify(w.meta));
  const head = Buffer.alloc(12);
  head.writeUInt32LE(MAGIC, 0);
  head.writeUInt32LE(json.length, 4);
  head.writeUInt32LE(w.weights.length, 8);
  const pad = Buffer.alloc((4 - (json.length % 4)) % 4);
  const parts = [head, json, pad, w.bias, w.offsets, w.weights, w.classIdx].map((p) =>
    Buffer.isBuffer(p) ? p : Buffer.from(p.buffer, p.byteOffset, p.byteLength),
  );
  return gzipSync(Buffer.concat(parts), { level: 9 });
}

export function decodeWeights(gz: Buffer): RankerWeights {
  const raw = gunzipSync(gz);
  // The typed arrays below are views of the buffer from its start: copied only when it is a slice of a
  // larger one (a large inflated file has a buffer of its own, and 5 MB fewer to allocate and fill).
  const buf = raw.byteOffset === 0 ? raw : new Uint8Array(raw);
  const view = Buffer.from(buf.buffer);
  if (view.readUInt32LE(0) !== MAGIC) throw new Error('not a ranker weights file');
  const jsonLength = view.readUInt32LE(4);
  const nnz = view.readUInt32LE(8);
  const meta = JSON.parse(view.subarray(12, 12 + jsonLength).toString('utf8')) as RankerMeta;
  let at = 12 + jsonLength + ((4 - (jsonLength % 4)) % 4);
  const take = <T>(make: (b: ArrayBuffer, o: number, n: number) => T, n: number, bytes: number): T => {
    const out = make(buf.buffer, at, n);
    at += n * bytes;
    return out;
  };
  const bias = take((b, o, n) => new Float32Array(b, o, n), meta.classes.length, 4);
  const offsets = take((b, o, n) => new Uint32Array(b, o, n), meta.features.length + 1, 4);
  const weights = take((b, o, n) => new Float32Array(b, o, n), nnz, 4);
  const classIdx = take((b, o, n) => new Uint16Array(b, o, n), nnz, 2);
  return { meta, bias, offsets, classIdx, weights };
}

/** An input's features resolved against the model once: row per feature (-1 when unknown), in map order. */
interface Resolved {
  size: number;
  keys: string[];
  values: Float64Array;
  rows: Int32Array;
  /** Known features other than character n-grams (words and word pairs). */
  knownWords: number;
}

export function createRankerModel(w: RankerWeights): RankerModel {
  // Filled by a loop: building 100,000 [feature, row] pairs first took more than half of the model's load.
  const index = new Map<string, number>();
  const { features } = w.meta;
  for (let i = 0; i < features.length; i++) index.set(features[i], i);
  const nClasses = w.meta.classes.length;
  const { bias, offsets, classIdx, weights } = w;
  let sortedRows = true;
  for (let f = 0; f + 1 < offsets.length && sortedRows; f++) {
    for (let k = offsets[f] + 1; k < offsets[f + 1]; k++) {
      if (classIdx[k] <= classIdx[k - 1]) {
        sortedRows = false;
        break;
      }
    }
  }
  // Scratch for evidence(): class index -> 1 + its place in the wanted list (classification is synchronous).
  const wanted = new Uint8Array(nClasses);
  // probabilities(), knownWords() and evidence() read the same features one after the other: the last
  // map is looked up in the 89,000-feature index once (a features map is not changed once made).
  let last: { features: Map<string, number>; resolved: Resolved } | undefined;
  // A word's n-gram keys come as one array while the word is among those seen lately (features.ts):
  // their rows are looked up in the index once for it.
  const rowsOfGrams = new WeakMap<readonly string[], Int32Array>();
  const gramRows = (keys: readonly string[]): Int32Array => {
    let rows = rowsOfGrams.get(keys);
    if (!rows) {
      rows = new Int32Array(keys.length);
      for (let k = 0; k < keys.length; k++) rows[k] = index.get(keys[k]) ?? -1;
      rowsOfGrams.set(keys, rows);
    }
    return rows;
  };
  const resolve = (features: Map<string, number>): Resolved => {
    if (last && last.features === features && last.resolved.size === features.size) return last.resolved;
    const n = features.size;
    const r: Resolved = {
      size: n,
      keys: new Array<string>(n),
      values: new Float64Array(n),
      rows: new Int32Array(n),
      knownWords: 0,
    };
    // The rows of recent words' character n-grams came with the features: the 100,000-feature index,
    // whose look-ups miss the CPU's caches in a busy server, is read only for the rest.
    const known = features instanceof FeatureMap ? features.rows : undefined;
    let i = 0;
    for (const [key, value] of features) {
      const f = known?.get(key) ?? index.get(key) ?? -1;
      r.keys[i] = key;
      r.values[i] = value;
      r.rows[i] = f;
      if (f >= 0 && !key.startsWith('c:')) r.knownWords++;
      i++;
    }
    last = { features, resolved: r };
    return r;
  };
  return {
    meta: w.meta,
    classIndex: new Map(w.meta.classes.map((c, i) => [c, i])),
    features: (input, prepared) => extractFeatures(input, w.meta.blockWeights, prepared, gramRows),
    probabilities(features) {
      const { rows, values } = resolve(features);
      // Float32 bias widened exactly; each class sums its terms in the features' order, as always.
      const scores = new Float64Array(bias);
      for (let i = 0; i < rows.length; i++) {
        const f = rows[i];
        if (f < 0) continue;
        const value = values[i];
        const end = offsets[f + 1];
        for (let k = offsets[f]; k < end; k++) scores[classIdx[k]] += value * weights[k];
      }
      return softmax(scores);
    },
    knownWords(features) {
      return resolve(features).knownWords;
    },
    evidence(features, classIndices) {
      const { rows, values, keys } = resolve(features);
      const lists: Array<Array<[string, number]>> = classIndices.map(() => []);
      classIndices.forEach((c, i) => {
        if (c >= 0) wanted[c] = i + 1;
      });
      // A row holds each class once, in ascending order: the few wanted classes are found by bisection.
      const classes = [...new Set(classIndices.filter((c) => c >= 0 && wanted[c] !== 0))];
      for (let i = 0; i < rows.length; i++) {
        const f = rows[i];
        if (f < 0) continue;
        const value = values[i];
        const start = offsets[f];
        const end = offsets[f + 1];
        if (!sortedRows) {
          for (let k = start; k < end; k++) {
            const slot = wanted[classIdx[k]];
            if (slot !== 0 && weights[k] * value > 0) lists[slot - 1].push([keys[i], weights[k] * value]);
          }
          continue;
        }
        for (const c of classes) {
          let lo = start;
          let hi = end;
          while (lo < hi) {
            const mid = (lo + hi) >>> 1;
            if (classIdx[mid] < c) lo = mid + 1;
            else hi = mid;
          }
          if (lo < end && classIdx[lo] === c && weights[lo] * value > 0)
            lists[wanted[c] - 1].push([keys[i], weights[lo] * value]);
        }
      }
      for (const c of classIndices) if (c >= 0) wanted[c] = 0;
      return new Map(classIndices.map((c, i) => [c, lists[i]]));
    },
  };
}

let shipped: RankerModel | undefined | null;
/** The shipped model, loaded once; null when no model file is present (the rules answer alone). */
export function shippedRanker(): RankerModel | null {
  if (shipped !== undefined) return shipped;
  let gz: Buffer;
  try {
    gz = readFileSync(MODEL_PATH);
  } catch {
    shipped = null;
    return shipped;
  }
  // The weights' hash is part of model_version (model-version.ts), not repeated here.
  shipped = createRankerModel(decodeWeights(gz));
  return shipped;
}
