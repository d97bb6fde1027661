import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getCatalogue } from '../../src/classification/catalogue.ts';
import { createLocalEngine } from '../../src/classification/engine/index.ts';
import { evalSetNames, loadEvalSet, runEval } from '../../src/classification/eval.ts';
import { loadCorpus } from '../../src/classification/ranker/corpus.ts';

const catalogue = getCatalogue();
const engine = createLocalEngine({ catalogue });
const sources = JSON.parse(
  readFileSync(new URL('../../data/eval/sources.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;
const dev = loadEvalSet('dev');
const heldOut = loadEvalSet('held-out');
const blind = evalSetNames()
  .filter((n) => n.startsWith('blind-'))
  .flatMap((n) => loadEvalSet(n));
const key = (i: { description: string; source_industry?: string }) =>
  `${i.description}|${i.source_industry ?? ''}`.toLowerCase();

describe('the labelled sets', () => {
  it('has at least 300 development descriptions across all 20 chapters, a held-out set and a blind batch', () => {
    expect(dev.length).toBeGreaterThanOrEqual(300);
    expect(new Set(dev.map((i) => i.expected_code.slice(0, 2))).size).toBe(20);
    expect(heldOut.length).toBeGreaterThanOrEqual(50);
    expect(blind.length).toBeGreaterThanOrEqual(150);
  });

  it('labels every item with a catalogue code, its hazard status and a public source', () => {
    for (const item of [...dev, ...heldOut, ...blind]) {
      const entry = catalogue.get(item.expected_code);
      expect(entry, item.id).toBeDefined();
      expect(item.expected_hazardous, item.id).toBe(entry?.is_hazardous);
      expect(item.source.length, item.id).toBeGreaterThan(2);
      if (!item.id.startsWith('b')) expect(Object.keys(sources), item.id).toContain(item.source);
      expect(item.section.length, item.id).toBeGreaterThan(3);
    }
  });

  it('keeps the held-out descriptions out of everything the ranker is trained on', () => {
    const trained = new Set([...dev, ...blind, ...loadCorpus(catalogue)].map(key));
    for (const item of heldOut) expect(trained.has(key(item)), item.id).toBe(false);
  });
});

describe('the local engine on the sets it was trained on (dev and scored blind batches)', () => {
  // Accuracy only: each item classified once (the latency is the held-out report's and the bench's).
  const report = runEval(engine, [...dev, ...blind], 'dev', (c) => catalogue.has(c), { timed: false });

  it('keeps what it learnt', () => {
    expect(report.top1).toBeGreaterThanOrEqual(0.95);
    expect(report.top3).toBeGreaterThanOrEqual(0.98);
    expect(report.hazardous_flag).toBeGreaterThanOrEqual(0.99);
    expect(report.outside_catalogue).toBe(0);
  });
});

describe('the local engine on the held-out set (never trained or tuned on)', () => {
  const report = runEval(engine, heldOut, 'held-out', (c) => catalogue.has(c));

  it('generalises: most answers right, confident answers trustworthy, right answers rarely doubted', () => {
    expect(report.top1).toBeGreaterThanOrEqual(0.88);
    expect(report.top3).toBeGreaterThanOrEqual(0.95);
    expect(report.hazardous_flag).toBeGreaterThanOrEqual(0.97);
    const high = report.bands.find((b) => b.band === '>=0.9');
    expect(high?.count).toBeGreaterThan(heldOut.length / 3);
    expect(high?.accuracy).toBeGreaterThanOrEqual(0.95);
    const right = Math.round(report.top1 * report.count);
    const low = report.bands.find((b) => b.band === '<0.7');
    expect((low?.correct ?? 0) / right).toBeLessThan(0.2);
  });
});
