// `npm run train`: trains the learned ranker on data/classification (corpus, entry knowledge, the legal
// text) and the development set, deterministically, and writes data/classification/model/. Out-of-fold
// predictions (each written description scored by a model that never saw it) fit the weight given to
// the rule engine and the confidence calibration, so neither is fitted on what the model was trained on.
//
//   npm run train                 # 5 folds + the final model (a few minutes on 2 cores)
//   npm run train -- --folds 0    # the final model only, keeping the previous blend and calibration
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { getCatalogue } from '../catalogue.ts';
import { CLASSIFICATION_DATA } from '../data-dir.ts';
import { createRuleEngine } from '../engine/index.ts';
import { evalSetNames, loadEvalSet } from '../eval.ts';
import { FLAGS } from '../knowledge/types.ts';
import { applySubstances, blend, isotonic, shares } from './blend.ts';
import { corrected } from './combine.ts';
import { loadCorpus, loadEntryKnowledge } from './corpus.ts';
import { DEFAULT_BLOCK_WEIGHTS } from './features.ts';
import { createSubstanceFinder, loadSubstances } from './hazards.ts';
import {
  type Calibration,
  createRankerModel,
  decodeWeights,
  encodeWeights,
  MODEL_PATH,
  type RankerMeta,
} from './model.ts';
import {
  DEFAULT_TRAIN_OPTIONS,
  featurise,
  pruneToWeights,
  type TrainingText,
  toExamples,
  trainSoftmax,
} from './training.ts';

const { values: args } = parseArgs({
  options: {
    folds: { type: 'string', default: '5' },
    epochs: { type: 'string', default: String(DEFAULT_TRAIN_OPTIONS.epochs) },
  },
});
const folds = Number(args.folds);
const options = { ...DEFAULT_TRAIN_OPTIONS, epochs: Number(args.epochs) };
const RULE_WEIGHTS = [0, 0.5, 1, 1.5, 2, 2.5, 3, 4, 5];

const catalogue = getCatalogue();
const classes = catalogue.entries.map((e) => e.code);
const classOf = new Map(classes.map((c, i) => [c, i]));
const log = (msg: string) => process.stderr.write(`${msg}\n`);

// Written descriptions: the corpus, the development set and the blind batches that joined it after
// their one scoring. They are what the folds hold out. The held-out set is never trained on.
const corpus = loadCorpus(catalogue);
const joined = evalSetNames()
  .filter((name) => name !== 'held-out')
  .flatMap((name) => loadEvalSet(name).map((d) => ({ ...d, blind: name.startsWith('blind-') })));
// A blind batch is written by one author to their own conventions where guidance leaves a choice: it
// counts for less than a corpus line, so it adds what the corpus lacks without overruling it.
const BLIND_WEIGHT = 0.5;
const rules = createRuleEngine({ catalogue });
const asWritten: TrainingText[] = [
  ...corpus.map((c) => ({ ...c, weight: 1 })),
  ...joined.map((d) => ({
    description: d.description,
    source_industry: d.source_industry,
    additional_context: d.additional_context,
    code: d.expected_code,
    weight: d.blind ? BLIND_WEIGHT : 1,
  })),
];

// Knowledge: each entry's everyday names alone and with a producer of its sub-chapter as the source
// industry, and the legal text itself. Always in training, never held out (they are not descriptions).
const knowledge = loadEntryKnowledge(catalogue);
const background: TrainingText[] = [];
for (const entry of catalogue.entries) {
  background.push({ description: entry.description, code: entry.code, weight: 0.5 });
  const producers = knowledge.producers.get(entry.subchapter) ?? [];
  (knowledge.names.get(entry.code) ?? []).forEach((name, i) => {
    background.push({ description: name, code: entry.code, weight: 0.5 });
    if (producers.length > 0) {
      background.push({
        description: name,
        source_industry: producers[i % producers.length],
        code: entry.code,
        weight: 0.5,
      });
    }
  });
}
// Each text is read with the rules' spelling corrections, as the engine reads an input.
const ruled = asWritten.map((t) => rules.classify(t));
const written: TrainingText[] = asWritten.map((t, i) => ({ ...t, ...corrected(t, ruled[i].corrections) }));
log(
  `training texts: ${written.length} written (${corpus.length} corpus), ${background.length} from knowledge`,
);

function trainRanker(texts: TrainingText[], meta: Omit<RankerMeta, 'features'>) {
  const { maps, vocabulary } = featurise(texts, DEFAULT_BLOCK_WEIGHTS);
  const examples = toExamples(texts, maps, vocabulary, classOf);
  const dense = trainSoftmax(examples, vocabulary.length, classes.length, options);
  return pruneToWeights(dense, { ...meta, features: vocabulary }, options.prune);
}

const baseMeta = (ruleWeight: number, calibration: Calibration): Omit<RankerMeta, 'features'> => ({
  classes,
  blockWeights: DEFAULT_BLOCK_WEIGHTS,
  ruleWeight,
  calibration,
  training: {
    examples: written.length + background.length,
    corpus: written.length,
    epochs: options.epochs,
    folds,
  },
});

const fold = (t: TrainingText) => {
  let h = 2166136261;
  for (const ch of t.description) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return (h >>> 0) % Math.max(folds, 1);
};

let previous: RankerMeta | undefined;
try {
  previous = decodeWeights(readFileSync(MODEL_PATH)).meta;
} catch {
  previous = undefined;
}
let ruleWeight = previous?.ruleWeight ?? 1.5;
let calibration: Calibration = previous?.calibration ?? { agree: [[1, 0.8]], disagree: [[1, 0.5]] };
const report: Record<string, unknown> = {};

if (folds > 1) {
  const finder = createSubstanceFinder(loadSubstances(catalogue, FLAGS));
  const outOfFold = written.map((t, i) => ({
    text: t,
    rules: ruled[i].ranking.map((r) => ({ code: r.ewc_code, confidence: r.confidence })),
    named: finder.find(t),
    probs: new Float64Array(0) as Float64Array<ArrayBufferLike>,
  }));
  for (let k = 0; k < folds; k++) {
    const started = performance.now();
    const train = [...written.filter((t) => fold(t) !== k), ...background];
    const weights = trainRanker(train, baseMeta(ruleWeight, calibration));
    const model = createRankerModel(weights);
    for (const o of outOfFold) if (fold(o.text) === k) o.probs = model.probabilities(model.features(o.text));
    log(`fold ${k + 1}/${folds}: ${train.length} texts, ${Math.round(performance.now() - started)} ms`);
  }
  const judge = (w: number) =>
    outOfFold.map((o) => {
      const { ranked } = applySubstances(blend(o.probs, classes, classOf, o.rules, w), o.named, catalogue);
      const top = ranked[0]?.code;
      return {
        right: top === o.text.code,
        top3: ranked.slice(0, 3).some((c) => c.code === o.text.code),
        hazard:
          Boolean(top && catalogue.get(top)?.is_hazardous) ===
          Boolean(catalogue.get(o.text.code)?.is_hazardous),
        share: shares(ranked.slice(0, 5))[0] ?? 0,
        agree: o.rules[0]?.code === top,
      };
    });
  const grid = RULE_WEIGHTS.map((w) => {
    const j = judge(w);
    const n = j.length;
    return {
      ruleWeight: w,
      top1: j.filter((x) => x.right).length / n,
      top3: j.filter((x) => x.top3).length / n,
      hazard: j.filter((x) => x.hazard).length / n,
    };
  });
  const chosen = grid.reduce((a, b) => (b.top1 + b.hazard > a.top1 + a.hazard ? b : a));
  ruleWeight = chosen.ruleWeight;
  // The calibration is fitted on descriptions as users write them (the development set and the joined
  // blind batches), not on the corpus: its contrast sets are written to be hard, and at the same share an
  // answer to one is right less often than an answer to what users send.
  const judged = judge(ruleWeight).slice(corpus.length);
  calibration = {
    agree: isotonic(judged.filter((x) => x.agree).map((x) => ({ x: x.share, y: x.right ? 1 : 0 }))),
    disagree: isotonic(judged.filter((x) => !x.agree).map((x) => ({ x: x.share, y: x.right ? 1 : 0 }))),
  };
  Object.assign(report, { out_of_fold: { items: outOfFold.length, grid, chosen }, calibration });
  log(
    `rule weight ${ruleWeight}: out-of-fold top-1 ${chosen.top1.toFixed(4)}, top-3 ${chosen.top3.toFixed(4)}, hazard ${chosen.hazard.toFixed(4)}`,
  );
}

const started = performance.now();
const final = trainRanker([...written, ...background], baseMeta(ruleWeight, calibration));
log(
  `final model: ${final.meta.features.length} features, ${final.weights.length} weights, ${Math.round(performance.now() - started)} ms`,
);
mkdirSync(`${CLASSIFICATION_DATA}model`, { recursive: true });
writeFileSync(MODEL_PATH, encodeWeights(final));
writeFileSync(
  `${CLASSIFICATION_DATA}model/training-report.json`,
  `${JSON.stringify({ ...report, training: final.meta.training, features: final.meta.features.length, weights: final.weights.length }, null, 2)}\n`,
);
log(`wrote ${MODEL_PATH}`);
