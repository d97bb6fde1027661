import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEvalSet, runEval } from '../../../src/classification/eval.ts';
import { runLlmEval } from '../../../src/classification/llm/eval-llm.ts';
import { FakeOpenAi, offeredCodes } from './fake-openai.ts';
import { catalogue, llmEngine, localEngine } from './llm-setup.ts';

let fake: FakeOpenAi;
const items = loadEvalSet('dev').slice(0, 60);
const known = (code: string) => catalogue.has(code);

beforeAll(async () => {
  fake = await new FakeOpenAi().start();
});
afterAll(() => fake.stop());

describe('the development set through the LLM engine', () => {
  it('reports the same figures as the local engine, plus outcomes and tokens', async () => {
    // A model that always agrees with the first code offered (the local engine's first choice).
    fake.defaultReply = {
      kind: 'choose',
      pick: (request) => ({
        classifications: [{ ewc_code: offeredCodes(request)[0], fit: 'certain', reasoning: 'Agrees.' }],
      }),
    };
    const localReport = runEval(localEngine(), items, 'dev', known);
    const report = await runLlmEval(llmEngine(fake.url), items, 'dev', known);

    expect(report.count).toBe(items.length);
    expect(report.top1).toBe(localReport.top1);
    expect(report.hazardous_flag).toBe(localReport.hazardous_flag);
    expect(report.outside_catalogue).toBe(0);
    expect(report.bands.map((b) => b.band)).toEqual(localReport.bands.map((b) => b.band));
    // Agreement raises confidence: at least as many answers reach the top band.
    expect(report.bands[0].count).toBeGreaterThanOrEqual(localReport.bands[0].count);
    expect(report.outcomes.model).toBe(fake.requests.length);
    expect(report.tokens.prompt).toBe(1200 * fake.requests.length);
    expect(report.latency_ms.p50).toBeGreaterThan(0);
  });

  it('counts fallbacks and why, when the model is down', async () => {
    fake.reset();
    fake.defaultReply = { kind: 'status', status: 503 };
    const subset = items.slice(0, 8);
    const report = await runLlmEval(llmEngine(fake.url, { breakerThreshold: 3 }), subset, 'dev', known, 1);

    expect(report.outcomes.fallback).toBe(subset.length);
    expect(report.failures).toEqual({ http_status: 3, circuit_open: 5 });
    expect(report.top1).toBe(runEval(localEngine(), subset, 'dev', known).top1);
  });
});
