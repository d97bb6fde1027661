import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { llmEngineFromConfig } from '../../../src/classification/llm/from-config.ts';
import { ConfigError, loadConfig } from '../../../src/config.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { answer, FakeOpenAi, status } from './fake-openai.ts';
import { catalogue, localEngine } from './llm-setup.ts';

let fake: FakeOpenAi;
let testApp: TestApp | undefined;

beforeAll(async () => {
  fake = await new FakeOpenAi().start();
});
afterAll(() => fake.stop());
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
  fake.reset();
  fake.defaultReply = status(500);
});

const TUBES = { description: 'old fluorescent tubes from office refit', max_results: 5 };
const GOOD = answer({
  classifications: [
    { ewc_code: '20 01 21', fit: 'certain', reasoning: 'Fluorescent tubes contain mercury.' },
  ],
});

async function llmApp(env: Record<string, string> = {}): Promise<TestApp> {
  testApp = await createTestApp({
    env: {
      CLASSIFIER_ENGINE: 'llm',
      LLM_BASE_URL: fake.url,
      // A model name of its own: the cache (Redis when REDIS_URL is set) outlives one app and one run,
      // and the model is part of the engine version the cache is keyed on.
      LLM_MODEL: `service-model-${randomUUID()}`,
      LLM_API_KEY: 'sk-service-secret',
      LLM_TIMEOUT_MS: '10000',
      ...env,
    },
  });
  return testApp;
}

const classify = (app: TestApp, key: string, body: object = TUBES) =>
  app.call(key, { method: 'POST', url: '/v1/classify-waste', payload: body });

describe('POST /v1/classify-waste with CLASSIFIER_ENGINE=llm', () => {
  it("answers a live key with the model's judgement, and caches it", async () => {
    const app = await llmApp();
    const { key } = await app.newKey({ mode: 'live' });
    fake.script(GOOD);

    const first = await classify(app, key);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.classifications[0].ewc_code).toBe('20 01 21');
    expect(body.classifications[0].reasoning).toMatch(/^Model: Fluorescent tubes contain mercury\./);
    expect(body.metadata.model_version).toMatch(
      /^llm:service-model-[0-9a-f-]{36}\+prompt:classify-waste\.v1@/,
    );
    expect(body.compliance.flags).not.toContain('LLM_UNAVAILABLE_LOCAL_RESULT');
    expect(body.compliance.flags).toContain('MERCURY');

    const again = (await classify(app, key)).json();
    expect(again.metadata.cached).toBe(true);
    expect(again.classifications).toEqual(body.classifications);
    expect(fake.requests).toHaveLength(1);
  });

  it('answers a test key with the local engine and never calls the model', async () => {
    const app = await llmApp();
    const { key } = await app.newKey({ mode: 'test' });
    fake.script(GOOD);

    const body = (await classify(app, key)).json();
    expect(body.classifications[0].ewc_code).toBe('20 01 21');
    expect(body.classifications[0].reasoning).not.toMatch(/^Model:/);
    expect(body.metadata.model_version).toMatch(/^local-/);
    expect(fake.requests).toHaveLength(0);
  });

  it('falls back to the local answer with a flag when the model fails, and does not cache it', async () => {
    const app = await llmApp();
    const { key } = await app.newKey({ mode: 'live' });

    const first = await classify(app, key);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.classifications[0].ewc_code).toBe('20 01 21');
    expect(body.compliance.flags).toContain('LLM_UNAVAILABLE_LOCAL_RESULT');
    expect(body.metadata.model_version).toMatch(/^local-/);
    expect(fake.requests).toHaveLength(3);

    fake.script(GOOD);
    const second = (await classify(app, key)).json();
    expect(second.metadata.cached).toBe(false);
    expect(second.compliance.flags).not.toContain('LLM_UNAVAILABLE_LOCAL_RESULT');
    expect(second.metadata.model_version).toMatch(/^llm:/);
  });

  it('never returns a code the model invented', async () => {
    const app = await llmApp();
    const { key } = await app.newKey({ mode: 'live' });
    fake.script(
      answer({
        classifications: [
          { ewc_code: '20 01 22', fit: 'certain', reasoning: 'Invented code.' },
          { ewc_code: '20 01 21', fit: 'likely', reasoning: 'Lamps.' },
        ],
      }),
    );
    const body = (await classify(app, key)).json();
    expect(body.classifications.map((c: { ewc_code: string }) => c.ewc_code)).toEqual(['20 01 21']);
  });

  it('is 500 CLASSIFICATION_FAILED with LLM_ON_FAILURE=error', async () => {
    const app = await llmApp({ LLM_ON_FAILURE: 'error' });
    const { key } = await app.newKey({ mode: 'live' });
    fake.script({ kind: 'answer', content: 'I think it is probably 20 01 21' });

    const response = await classify(app, key);
    expect(response.statusCode).toBe(500);
    expect(response.json().error.code).toBe('CLASSIFICATION_FAILED');
  });

  it('refuses to start when the model endpoint is not configured', () => {
    const config = loadConfig({ CLASSIFIER_ENGINE: 'llm', LLM_API_KEY: 'sk-service-secret' });
    const build = () => llmEngineFromConfig(config, { catalogue, local: localEngine() });
    expect(build).toThrow(ConfigError);
    expect(build).toThrow(/LLM_BASE_URL: required when CLASSIFIER_ENGINE=llm[\s\S]*LLM_MODEL/);
  });
});
