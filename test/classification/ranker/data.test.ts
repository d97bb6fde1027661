// The classifier's knowledge is data a waste professional can read and correct: every file must match
// its schema and the List of Wastes, and together they must cover the whole List.
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getCatalogue } from '../../../src/classification/catalogue.ts';
import { coverageReport, formatCoverage } from '../../../src/classification/coverage.ts';
import { CLASSIFICATION_DATA } from '../../../src/classification/data-dir.ts';
import { DATA_FILES, dataFileProblems } from '../../../src/classification/data-schemas.ts';
import { loadCorpus, loadEntryKnowledge } from '../../../src/classification/ranker/corpus.ts';
import { shippedRanker } from '../../../src/classification/ranker/model.ts';

const catalogue = getCatalogue();

describe('the classification data', () => {
  it('covers all 842 entries with names and at least 20 descriptions, and all 111 sub-chapters with producers', () => {
    const report = coverageReport(catalogue);
    expect(report.entries).toMatchObject({ total: 842, covered: 842 });
    expect(report.subchapters).toMatchObject({ total: 111, covered: 111 });
    expect(formatCoverage(report)).toContain('entries: 842/842 covered');
  });

  it('refuses a corpus line naming a code outside the List, saying which file and line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'corpus-'));
    writeFileSync(
      join(dir, 'x.jsonl'),
      '{"code":"17 01 01","description":"concrete"}\n{"code":"17 01 98","description":"made up"}\n',
    );
    expect(() => loadCorpus(catalogue, `${dir}/`)).toThrow(
      'corpus/x.jsonl:2: 17 01 98 is not in the List of Wastes',
    );
  });

  it('refuses a knowledge file of the wrong shape', () => {
    const dir = mkdtempSync(join(tmpdir(), 'knowledge-'));
    writeFileSync(
      join(dir, 'x.json'),
      JSON.stringify({ subchapters: {}, entries: { '17 01 01': { names: [] } } }),
    );
    expect(() => loadEntryKnowledge(catalogue, `${dir}/`)).toThrow('knowledge/x.json');
  });

  it('ships the questions, verdicts and hazardous substances in the shapes the engine reads', () => {
    // The engine reads them unchecked (data-schemas.ts): this is their check.
    expect(dataFileProblems()).toEqual([]);
  });

  it('names the file and the place of a data file of the wrong shape', () => {
    const dir = mkdtempSync(join(tmpdir(), 'classification-data-'));
    for (const { file } of DATA_FILES) copyFileSync(`${CLASSIFICATION_DATA}${file}`, join(dir, file));
    const verdicts = JSON.parse(readFileSync(join(dir, 'verdicts.json'), 'utf8'));
    verdicts.measures[0].mg_per_kg = '1000';
    delete verdicts.spans;
    writeFileSync(join(dir, 'verdicts.json'), JSON.stringify(verdicts));
    const substances = JSON.parse(readFileSync(join(dir, 'hazardous-substances.json'), 'utf8'));
    substances.substances[0].terms = [];
    writeFileSync(join(dir, 'hazardous-substances.json'), JSON.stringify(substances));
    const problems = dataFileProblems(`${dir}/`);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^verdicts\.json \/measures\/0\/mg_per_kg: /),
        expect.stringMatching(/^verdicts\.json \/: .*spans/),
        expect.stringMatching(/^hazardous-substances\.json \/substances\/0\/terms: /),
      ]),
    );
    expect(problems.some((p) => p.startsWith('questions.json'))).toBe(false);
  });

  it('ships a trained ranker over the whole List, loaded without any download', () => {
    const model = shippedRanker();
    expect(model).not.toBeNull();
    expect(model?.meta.classes).toEqual(catalogue.entries.map((e) => e.code));
    expect(model?.meta.training.corpus).toBeGreaterThanOrEqual(842 * 20);
  });
});
