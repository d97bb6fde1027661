import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getCatalogue } from '../../src/classification/catalogue.ts';
import { createLocalEngine } from '../../src/classification/engine/index.ts';
import { loadEvalSet, runEval } from '../../src/classification/eval.ts';

const catalogue = getCatalogue();
const engine = createLocalEngine({ catalogue });
const sources = JSON.parse(
  readFileSync(new URL('../../data/eval/sources.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;
const dev = loadEvalSet('dev');
const heldOut = loadEvalSet('held-out');

describe('the labelled sets', () => {
  it('has at least 300 development descriptions across all 20 chapters and a held-out set', () => {
    expect(dev.length).toBeGreaterThanOrEqual(300);
    expect(new Set(dev.map((i) => i.expected_code.slice(0, 2))).size).toBe(20);
    expect(heldOut.length).toBeGreaterThanOrEqual(50);
  });

  it('labels every item with a catalogue code, its hazard status and a public source', () => {
    for (const item of [...dev, ...heldOut]) {
      const entry = catalogue.get(item.expected_code);
      expect(entry, item.id).toBeDefined();
      expect(item.expected_hazardous, item.id).toBe(entry?.is_hazardous);
      expect(Object.keys(sources), item.id).toContain(item.source);
      expect(item.section.length, item.id).toBeGreaterThan(3);
    }
  });

  it('keeps the held-out descriptions out of the development set', () => {
    const devInputs = new Set(dev.map((i) => `${i.description}|${i.source_industry ?? ''}`.toLowerCase()));
    for (const item of heldOut)
      expect(devInputs.has(`${item.description}|${item.source_industry ?? ''}`.toLowerCase())).toBe(false);
  });
});

describe('the local engine on the development set', () => {
  const report = runEval(engine, dev, 'dev', (c) => catalogue.has(c));

  it('meets the accuracy targets of issue 4', () => {
    expect(report.top1).toBeGreaterThanOrEqual(0.9);
    expect(report.top3).toBeGreaterThanOrEqual(0.97);
    expect(report.hazardous_flag).toBeGreaterThanOrEqual(0.98);
    expect(report.outside_catalogue).toBe(0);
  });

  it('is right at least 95% of the time when it says 0.9 or more, and most misses are below 0.7', () => {
    const high = report.bands.find((b) => b.band === '>=0.9');
    expect(high?.count).toBeGreaterThan(50);
    expect(high?.accuracy).toBeGreaterThanOrEqual(0.95);
    const lowMisses = report.worst_misses.filter((m) => m.confidence < 0.7).length;
    expect(lowMisses).toBeGreaterThanOrEqual(report.worst_misses.length / 2);
  });
});

describe('the local engine on the held-out set (never tuned on)', () => {
  const report = runEval(engine, heldOut, 'held-out', (c) => catalogue.has(c));

  it('generalises: most answers right and confident answers trustworthy', () => {
    expect(report.top1).toBeGreaterThanOrEqual(0.85);
    expect(report.top3).toBeGreaterThanOrEqual(0.9);
    expect(report.hazardous_flag).toBeGreaterThanOrEqual(0.9);
    const high = report.bands.find((b) => b.band === '>=0.9');
    expect(high?.accuracy ?? 1).toBeGreaterThanOrEqual(0.9);
  });
});
