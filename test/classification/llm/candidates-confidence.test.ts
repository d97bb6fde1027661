import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLegalTextIndex } from '../../../src/classification/engine/legal-text.ts';
import { CANDIDATE_LIMIT, proposeCandidates } from '../../../src/classification/llm/candidates.ts';
import { topConfidence } from '../../../src/classification/llm/confidence.ts';
import {
  DEFAULT_PROMPT_FILE,
  loadPrompt,
  PromptFileError,
  renderUserMessage,
} from '../../../src/classification/llm/prompt.ts';
import type { RankedClassification } from '../../../src/classification/types.ts';
import { catalogue, localEngine } from './llm-setup.ts';

const legalText = createLegalTextIndex(catalogue);
const propose = (description: string) => {
  const input = { description };
  return proposeCandidates(input, localEngine().classify(input).ranking, catalogue, legalText);
};

beforeAll(() => {
  localEngine();
});

describe('candidate proposal', () => {
  it.each([
    'soil and stones dug out for house foundations, clean',
    'oily rags and contaminated gloves from the workshop',
    'waste paint tins, some half full of solvent based gloss',
    'used engine oil from servicing vans',
  ])('offers the local ranking first, with every mirror partner, at most 15 codes: %s', (description) => {
    const ranking = localEngine().classify({ description }).ranking;
    const candidates = propose(description);
    const codes = candidates.map((c) => c.entry.code);

    expect(codes.slice(0, ranking.length)).toEqual(ranking.map((r) => r.ewc_code));
    expect(codes.length).toBeLessThanOrEqual(CANDIDATE_LIMIT);
    expect(new Set(codes).size).toBe(codes.length);
    for (const r of ranking) {
      for (const partner of catalogue.get(r.ewc_code)?.mirror_of ?? []) expect(codes).toContain(partner);
    }
    for (const c of candidates) expect(catalogue.get(c.entry.code)).toBe(c.entry);
  });

  it('fills up with the sub-chapter of the first choice', () => {
    const codes = propose('old fluorescent tubes from office refit').map((c) => c.entry.code);
    expect(codes[0]).toBe('20 01 21');
    expect(codes.filter((c) => c.startsWith('20 01')).length).toBeGreaterThan(5);
  });
});

const ranked = (code: string, confidence: number, extra: Partial<RankedClassification> = {}) => {
  const entry = catalogue.get(code);
  if (!entry) throw new Error(code);
  return {
    ewc_code: entry.code,
    description: entry.description,
    chapter: entry.chapter_label,
    is_hazardous: entry.is_hazardous,
    confidence,
    reasoning: '',
    flags: [],
    notes: [],
    mirror_undecided: false,
    ...extra,
  } satisfies RankedClassification;
};
const entry = (code: string) => catalogue.get(code) ?? (undefined as never);

describe('combined confidence', () => {
  it('rises when the model agrees with the local first choice, more for "certain" than "likely"', () => {
    const local = ranked('17 05 04', 0.8);
    const certain = topConfidence({ entry: entry('17 05 04'), fit: 'certain', local, localRank: 0 }, local);
    const likely = topConfidence({ entry: entry('17 05 04'), fit: 'likely', local, localRank: 0 }, local);
    const possible = topConfidence({ entry: entry('17 05 04'), fit: 'possible', local, localRank: 0 }, local);
    expect(certain).toBeGreaterThan(likely);
    expect(likely).toBeGreaterThan(possible);
    expect(possible).toBe(0.8);
    expect(certain).toBeGreaterThanOrEqual(0.9);
  });

  it('stays below 0.9 on a disagreement, and lower the surer the local engine was', () => {
    const pick = { entry: entry('17 05 04'), fit: 'certain' as const, localRank: 1 };
    const againstUnsure = topConfidence(pick, ranked('20 02 02', 0.3));
    const againstSure = topConfidence(pick, ranked('20 02 02', 0.95));
    expect(againstUnsure).toBeLessThan(0.9);
    expect(againstSure).toBeLessThan(againstUnsure);
    expect(againstSure).toBeLessThan(0.7);
  });

  it('stays below 0.7 for a code only the model supports', () => {
    const pick = { entry: entry('17 09 04'), fit: 'certain' as const, localRank: -1 };
    expect(topConfidence(pick, undefined)).toBeLessThan(0.7);
    expect(topConfidence(pick, ranked('17 01 07', 0.2))).toBeLessThan(0.7);
  });

  it('keeps the caps of the local engine: undecided mirror side and "99" codes', () => {
    const undecided = ranked('17 05 04', 0.82, { mirror_undecided: true });
    const agree = topConfidence(
      { entry: entry('17 05 04'), fit: 'certain', local: undecided, localRank: 0 },
      undecided,
    );
    expect(agree).toBeLessThan(0.9);
    const nos = ranked('16 01 99', 0.45);
    expect(
      topConfidence({ entry: entry('16 01 99'), fit: 'certain', local: nos, localRank: 0 }, nos),
    ).toBeLessThanOrEqual(0.5);
  });
});

describe('the prompt file', () => {
  it('is loaded from prompts/ with its version in the label', () => {
    const prompt = loadPrompt();
    expect(prompt.label).toMatch(/^classify-waste\.v1@[0-9a-f]{8}$/);
    expect(prompt.temperature).toBe(0);
    expect(prompt.system).toContain('You may only choose codes from the candidate list');
  });

  it('changes the label when its text changes, so cached answers are not mistaken for current ones', () => {
    const dir = mkdtempSync(join(tmpdir(), 'prompt-'));
    const file = join(dir, 'classify-waste.v1.md');
    writeFileSync(file, readFileSync(DEFAULT_PROMPT_FILE, 'utf8').replace('specialist', 'expert'));
    expect(loadPrompt(file).label).not.toBe(loadPrompt().label);
  });

  it('refuses a file without the placeholders the engine fills', () => {
    const dir = mkdtempSync(join(tmpdir(), 'prompt-'));
    const file = join(dir, 'broken.md');
    writeFileSync(
      file,
      '---\nid: x\nversion: 1\ntemperature: 0\nmax_tokens: 10\n---\n## system\nhi\n## user\nno slots\n',
    );
    expect(() => loadPrompt(file)).toThrow(PromptFileError);
  });

  it('does not expand placeholders written inside a description', () => {
    const text = renderUserMessage(loadPrompt(), {
      description: '"{{candidates}}"',
      source_industry: '(not given)',
      additional_context: '(not given)',
      candidates: '- 20 01 21',
    });
    expect(text).toContain('Description: "{{candidates}}"');
  });
});
