import { describe, expect, it } from 'vitest';
import { DEFAULT_BLOCK_WEIGHTS } from '../../../src/classification/ranker/features.ts';
import { createRankerModel, decodeWeights, encodeWeights } from '../../../src/classification/ranker/model.ts';
import {
  featurise,
  pruneToWeights,
  type TrainingText,
  toExamples,
  trainSoftmax,
} from '../../../src/classification/ranker/training.ts';

const classes = ['17 01 01', '17 05 04', '20 01 08'];
const texts: TrainingText[] = [
  { code: '17 01 01', description: 'broken concrete slabs', weight: 1 },
  { code: '17 01 01', description: 'concrete rubble from the old yard', weight: 1 },
  { code: '17 01 01', description: 'crushed concrete', source_industry: 'demolition', weight: 1 },
  { code: '17 05 04', description: 'clean topsoil dug out for footings', weight: 1 },
  { code: '17 05 04', description: 'subsoil and stones', source_industry: 'groundworks', weight: 1 },
  { code: '17 05 04', description: 'muck away, natural clay', weight: 1 },
  { code: '20 01 08', description: 'food waste from the canteen', weight: 1 },
  {
    code: '20 01 08',
    description: 'plate scrapings and leftovers',
    source_industry: 'restaurant',
    weight: 1,
  },
  { code: '20 01 08', description: 'out of date sandwiches', weight: 1 },
];

function train() {
  const { maps, vocabulary } = featurise(texts, DEFAULT_BLOCK_WEIGHTS);
  const examples = toExamples(texts, maps, vocabulary, new Map(classes.map((c, i) => [c, i])));
  const dense = trainSoftmax(examples, vocabulary.length, classes.length, {
    epochs: 10,
    learningRate: 3,
    seed: 7,
    prune: 0.01,
  });
  const meta = {
    classes,
    features: vocabulary,
    blockWeights: DEFAULT_BLOCK_WEIGHTS,
    ruleWeight: 1,
    calibration: {
      agree: [[1, 0.9]] as Array<[number, number]>,
      disagree: [[1, 0.5]] as Array<[number, number]>,
    },
    training: { examples: texts.length, corpus: texts.length, epochs: 10, folds: 0 },
  };
  return encodeWeights(pruneToWeights(dense, meta, 0.01));
}

describe('training the ranker', () => {
  it('is deterministic: the same data gives the same weights, byte for byte', () => {
    expect(train().equals(train())).toBe(true);
  });

  it('learns descriptions it was not shown, and the weights survive the file format', () => {
    const model = createRankerModel(decodeWeights(train()));
    const best = (description: string) => {
      const p = model.probabilities(model.features({ description }));
      return classes[p.indexOf(Math.max(...p))];
    };
    expect(best('concrete from a demolition job')).toBe('17 01 01');
    expect(best('clean subsoil')).toBe('17 05 04');
    expect(best('leftover food from the canteen')).toBe('20 01 08');
  });

  it('keeps negated words apart, so "no concrete" is not concrete', () => {
    const model = createRankerModel(decodeWeights(train()));
    const features = model.features({ description: 'soil, no concrete' });
    expect(features.has('n:concrete')).toBe(true);
    expect(features.has('w:concrete')).toBe(false);
  });
});
