import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LLM_FALLBACK_FLAG } from '../../../src/classification/llm/llm-engine.ts';
import type { ApiError } from '../../../src/platform/errors.ts';
import { answer, FakeOpenAi, status } from './fake-openai.ts';
import { API_KEY, capturedLog, llmEngine, localEngine } from './llm-setup.ts';

let fake: FakeOpenAi;

beforeAll(async () => {
  fake = await new FakeOpenAi().start();
  localEngine();
});
afterAll(() => fake.stop());
beforeEach(() => {
  fake.reset();
  fake.defaultReply = status(500, { error: { message: 'no reply scripted' } });
});

const TUBES = { description: 'old fluorescent tubes from office refit' };
const GOOD = answer({
  classifications: [{ ewc_code: '20 01 21', fit: 'certain', reasoning: 'Mercury lamps.' }],
});

describe('a timeout', () => {
  it('gives up after LLM_TIMEOUT_MS and answers with the local result, flagged', async () => {
    fake.script({ kind: 'hang' });
    const result = await llmEngine(fake.url, { timeoutMs: 300 }).classify(TUBES);
    expect(result.outcome).toBe('fallback');
    expect(result.failure?.reason).toBe('timeout');
    expect(result.flags).toContain(LLM_FALLBACK_FLAG);
    expect(result.ranking).toEqual(localEngine().classify(TUBES).ranking);
    // A timeout is not retried (the budget is spent); on a loaded machine the one request may not even
    // have been read by the server yet.
    expect(fake.requests.length).toBeLessThanOrEqual(1);
  });

  it('is CLASSIFICATION_FAILED when LLM_ON_FAILURE=error', async () => {
    fake.script({ kind: 'hang' });
    const error = await llmEngine(fake.url, { timeoutMs: 300, onFailure: 'error' })
      .classify(TUBES)
      .catch((e: unknown) => e);
    expect((error as ApiError).code).toBe('CLASSIFICATION_FAILED');
  });
});

describe('a bounded retry on 429 and 5xx', () => {
  it('retries a 429 and uses the answer that follows', async () => {
    fake.script(status(429, { error: { message: 'Rate limit reached' } }, { 'retry-after': '0' }), GOOD);
    const result = await llmEngine(fake.url).classify(TUBES);
    expect(result.outcome).toBe('model');
    expect(result.ranking[0].ewc_code).toBe('20 01 21');
    expect(fake.requests).toHaveLength(2);
  });

  it('retries a 503 then a 502, then gives up after three attempts in all', async () => {
    fake.script(status(503), status(502), status(500), GOOD);
    const result = await llmEngine(fake.url).classify(TUBES);
    expect(result.outcome).toBe('fallback');
    expect(result.failure).toMatchObject({ reason: 'http_status' });
    expect(fake.requests).toHaveLength(3);
  });

  it('does not retry a 400 (the request itself is wrong)', async () => {
    fake.script(status(400, { error: { message: "response_format 'json_schema' is not supported" } }), GOOD);
    const result = await llmEngine(fake.url).classify(TUBES);
    expect(result.failure?.message).toContain("response_format 'json_schema' is not supported");
    expect(fake.requests).toHaveLength(1);
  });
});

describe('a 500 storm', () => {
  it('opens the circuit breaker: later calls fall back at once without calling the model', async () => {
    const engine = llmEngine(fake.url, { breakerThreshold: 3, breakerOpenMs: 60_000 });
    for (let i = 0; i < 3; i++) {
      const result = await engine.classify(TUBES);
      expect(result.failure?.reason).toBe('http_status');
    }
    const before = fake.requests.length;
    expect(before).toBe(9);

    fake.script(GOOD);
    const result = await engine.classify(TUBES);
    expect(result.failure?.reason).toBe('circuit_open');
    expect(result.flags).toContain(LLM_FALLBACK_FLAG);
    expect(result.ranking[0].ewc_code).toBe('20 01 21');
    expect(fake.requests).toHaveLength(before);
  });

  it('lets one trial call through after the open period and closes again on success', async () => {
    const engine = llmEngine(fake.url, { breakerThreshold: 2, breakerOpenMs: 150, maxRetries: 0 });
    await engine.classify(TUBES);
    await engine.classify(TUBES);
    expect((await engine.classify(TUBES)).failure?.reason).toBe('circuit_open');

    await new Promise((resolve) => setTimeout(resolve, 200));
    fake.script(GOOD, GOOD);
    expect((await engine.classify(TUBES)).outcome).toBe('model');
    expect((await engine.classify(TUBES)).outcome).toBe('model');
  });
});

describe('the API key', () => {
  it('never reaches a log, even when the endpoint echoes it back in an error', async () => {
    const log = capturedLog();
    fake.script(
      status(401, { error: { message: `Incorrect API key provided: ${API_KEY}.` } }),
      { kind: 'answer', content: 'not json' },
      { kind: 'hang' },
    );
    const engine = llmEngine(fake.url, { timeoutMs: 1_500, logger: log.logger });
    const results = [
      await engine.classify(TUBES),
      await engine.classify(TUBES),
      await engine.classify(TUBES),
    ];

    expect(results.map((r) => r.failure?.reason)).toEqual(['http_status', 'nonsense_answer', 'timeout']);
    expect(results[0].failure?.message).toContain('Incorrect API key provided: [redacted]');
    expect(log.text()).toContain('LLM classification failed');
    expect(log.text()).not.toContain(API_KEY);
    for (const r of results) expect(JSON.stringify(r)).not.toContain(API_KEY);
  });
});

describe('an unreachable endpoint', () => {
  it('falls back when nothing listens at the base URL', async () => {
    const closed = await new FakeOpenAi().start();
    const url = closed.url;
    await closed.stop();
    const result = await llmEngine(url).classify(TUBES);
    expect(result.failure?.reason).toBe('network');
    expect(result.flags).toContain(LLM_FALLBACK_FLAG);
  });
});
