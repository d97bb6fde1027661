// Training the ranker: multinomial logistic regression by stochastic gradient descent with a seeded
// shuffle, so the same data always gives the same weights. Rows of the weight matrix are dense while
// training and pruned to their significant weights for shipping.
import type { ClassifyInput } from '../types.ts';
import { type BlockWeights, extractFeatures } from './features.ts';
import type { RankerMeta, RankerWeights } from './model.ts';
import { softmax } from './softmax.ts';

export interface TrainingText extends ClassifyInput {
  code: string;
  /** How much the example counts (knowledge names and legal text count less than written descriptions). */
  weight: number;
}

export interface Example {
  features: Int32Array;
  values: Float32Array;
  label: number;
  weight: number;
}

export interface TrainOptions {
  epochs: number;
  learningRate: number;
  seed: number;
  /** Weights smaller than this are dropped when shipping. */
  prune: number;
}

export const DEFAULT_TRAIN_OPTIONS: TrainOptions = {
  epochs: 10,
  learningRate: 3,
  seed: 20261123,
  prune: 0.2,
};

/** mulberry32: a small seeded generator, so training is deterministic. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Feature maps of the texts and the vocabulary: every word feature, and n-grams seen at least twice. */
export function featurise(
  texts: TrainingText[],
  blockWeights: BlockWeights,
): { maps: Array<Map<string, number>>; vocabulary: string[] } {
  const maps = texts.map((t) => extractFeatures(t, blockWeights));
  const df = new Map<string, number>();
  for (const m of maps) for (const k of m.keys()) df.set(k, (df.get(k) ?? 0) + 1);
  const vocabulary = [...df]
    .filter(([k, n]) => n >= 2 || !k.startsWith('c:'))
    .map(([k]) => k)
    .sort();
  return { maps, vocabulary };
}

export function toExamples(
  texts: TrainingText[],
  maps: Array<Map<string, number>>,
  vocabulary: string[],
  classOf: Map<string, number>,
): Example[] {
  const index = new Map(vocabulary.map((f, i) => [f, i]));
  return texts.map((t, n) => {
    const feats: number[] = [];
    const vals: number[] = [];
    for (const [k, v] of maps[n]) {
      const f = index.get(k);
      if (f !== undefined) {
        feats.push(f);
        vals.push(v);
      }
    }
    const label = classOf.get(t.code);
    if (label === undefined) throw new Error(`unknown code ${t.code}`);
    return { features: Int32Array.from(feats), values: Float32Array.from(vals), label, weight: t.weight };
  });
}

export interface DenseModel {
  W: Float32Array;
  bias: Float32Array;
  nFeatures: number;
  nClasses: number;
}

export function trainSoftmax(
  examples: Example[],
  nFeatures: number,
  nClasses: number,
  options: TrainOptions = DEFAULT_TRAIN_OPTIONS,
): DenseModel {
  const W = new Float32Array(nFeatures * nClasses);
  const bias = new Float32Array(nClasses);
  const scores = new Float64Array(nClasses);
  const random = seeded(options.seed);
  const order = examples.map((_, i) => i);
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    const lr = options.learningRate * (1 - (0.9 * epoch) / options.epochs);
    for (const n of order) {
      const ex = examples[n];
      scores.set(bias);
      for (let k = 0; k < ex.features.length; k++) {
        const row = ex.features[k] * nClasses;
        const v = ex.values[k];
        for (let c = 0; c < nClasses; c++) scores[c] += v * W[row + c];
      }
      softmax(scores);
      const step = lr * ex.weight;
      for (let c = 0; c < nClasses; c++) {
        const g = scores[c] - (c === ex.label ? 1 : 0);
        if (g > -1e-4 && g < 1e-4) continue;
        bias[c] -= step * g * 0.1;
        for (let k = 0; k < ex.features.length; k++) {
          W[ex.features[k] * nClasses + c] -= step * g * ex.values[k];
        }
      }
    }
  }
  return { W, bias, nFeatures, nClasses };
}

/** Probabilities of one example under a dense model (used for out-of-fold predictions). */
export function denseProbabilities(model: DenseModel, ex: Example): Float64Array {
  const { W, nClasses } = model;
  const scores = Float64Array.from(model.bias);
  for (let k = 0; k < ex.features.length; k++) {
    const row = ex.features[k] * nClasses;
    for (let c = 0; c < nClasses; c++) scores[c] += ex.values[k] * W[row + c];
  }
  return softmax(scores);
}

/** Sparse rows of the significant weights, ready to encode. */
export function pruneToWeights(model: DenseModel, meta: RankerMeta, threshold: number): RankerWeights {
  const { W, nFeatures, nClasses } = model;
  const offsets: number[] = [0];
  const features: string[] = [];
  const classIdx: number[] = [];
  const weights: number[] = [];
  for (let f = 0; f < nFeatures; f++) {
    const before = classIdx.length;
    for (let c = 0; c < nClasses; c++) {
      const w = W[f * nClasses + c];
      if (w > threshold || w < -threshold) {
        classIdx.push(c);
        weights.push(w);
      }
    }
    // A feature with no significant weight is not shipped at all.
    if (classIdx.length === before) continue;
    features.push(meta.features[f]);
    offsets.push(classIdx.length);
  }
  return {
    meta: { ...meta, features },
    bias: model.bias,
    offsets: Uint32Array.from(offsets),
    classIdx: Uint16Array.from(classIdx),
    weights: Float32Array.from(weights),
  };
}
