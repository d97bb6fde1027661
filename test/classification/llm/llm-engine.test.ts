import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LLM_FALLBACK_FLAG } from '../../../src/classification/llm/llm-engine.ts';
import { ApiError } from '../../../src/platform/errors.ts';
import { answer, FakeOpenAi, offeredCodes } from './fake-openai.ts';
import { API_KEY, catalogue, llmEngine, localEngine } from './llm-setup.ts';

let fake: FakeOpenAi;

beforeAll(async () => {
  fake = await new FakeOpenAi().start();
  localEngine();
});
afterAll(() => fake.stop());
beforeEach(() => {
  fake.reset();
});

const TUBES = { description: 'old fluorescent tubes from office refit' };
const SOIL = { description: 'soil and stones dug out for house foundations, clean' };
const ASBESTOS_RUBBLE = { description: 'mixed rubble with some bits of asbestos cement sheet' };

describe('a good answer', () => {
  it('returns the chosen code with the catalogue legal text and a raised confidence', async () => {
    fake.script(
      answer({
        classifications: [
          {
            ewc_code: '20 01 21',
            fit: 'certain',
            reasoning:
              'Fluorescent tubes contain mercury; office waste is municipal-type waste (chapter 20).',
          },
        ],
      }),
    );
    const engine = llmEngine(fake.url);
    const result = await engine.classify(TUBES);

    expect(result.outcome).toBe('model');
    const [top] = result.ranking;
    expect(top.ewc_code).toBe('20 01 21');
    expect(top.description).toBe(catalogue.get('20 01 21')?.description);
    expect(top.is_hazardous).toBe(true);
    expect(top.flags).toContain('MERCURY');
    expect(top.confidence).toBeGreaterThanOrEqual(localEngine().classify(TUBES).ranking[0].confidence);
    expect(top.reasoning).toContain('Fluorescent tubes contain mercury');
    expect(top.reasoning).toContain('The local engine ranks it first too');
    expect(result.flags).not.toContain(LLM_FALLBACK_FLAG);
    expect(result.model_version).toBe(engine.version);
    expect(engine.version).toMatch(/^llm:test-model\+prompt:classify-waste\.v1@[0-9a-f]{8}\+local-/);
    expect(engine.version.endsWith(localEngine().version)).toBe(true);
  });

  it('sends an OpenAI-compatible structured-output request with about 15 candidates', async () => {
    fake.script(
      answer({ classifications: [{ ewc_code: '17 06 05', fit: 'certain', reasoning: 'Asbestos.' }] }),
    );
    await llmEngine(fake.url).classify({ ...ASBESTOS_RUBBLE, source_industry: 'builder' });

    const [request] = fake.requests;
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request.body.model).toBe('test-model');
    expect(request.body.temperature).toBe(0);
    expect(request.body.response_format?.type).toBe('json_schema');
    expect(request.body.response_format?.json_schema.strict).toBe(true);
    const codes = offeredCodes(request);
    expect(codes.length).toBeGreaterThanOrEqual(10);
    expect(codes.length).toBeLessThanOrEqual(15);
    // The local first choice, its neighbour in the ranking and the mirror partner of that neighbour.
    expect(codes).toEqual(expect.arrayContaining(['17 06 05', '17 01 07', '17 01 06']));
    for (const code of codes) expect(catalogue.has(code)).toBe(true);
    const [system, user] = request.body.messages;
    expect(system.role).toBe('system');
    expect(system.content).toContain('List of Wastes');
    expect(user.content).toContain('"mixed rubble with some bits of asbestos cement sheet"');
    expect(user.content).toContain('Source industry: "builder"');
    expect(user.content).toContain('17 01 06 [hazardous; mirror of');
    expect(JSON.stringify(request.body)).not.toContain(API_KEY);
  });
});

describe('a disagreement with the local engine', () => {
  it("takes the model's choice below 0.9 and keeps the local first choice as an alternative", async () => {
    const localCodes = localEngine()
      .classify(SOIL)
      .ranking.map((r) => r.ewc_code);
    // The model picks what the local engine put second.
    const choice = localCodes[1];
    expect(choice).toBeDefined();
    fake.script(
      answer({
        classifications: [{ ewc_code: choice, fit: 'certain', reasoning: 'The model reads it so.' }],
      }),
    );
    const result = await llmEngine(fake.url).classify(SOIL);

    // The model's choice first, then what the local engine ranked and the model left out, in local order.
    expect(result.ranking.map((r) => r.ewc_code)).toEqual([
      choice,
      ...localCodes.filter((c) => c !== choice),
    ]);
    expect(result.ranking[1].ewc_code).toBe(localCodes[0]);
    expect(result.ranking[0].confidence).toBeLessThan(0.9);
    expect(result.ranking[0].reasoning).toContain('confidence is lowered for the disagreement');
    expect(result.ranking[1].reasoning).toContain('which the model did not choose');
    expect(result.ranking[1].confidence).toBeLessThanOrEqual(result.ranking[0].confidence);
  });

  it('never rates a non-hazardous choice highly against a hazardous local answer', async () => {
    fake.script(
      answer({ classifications: [{ ewc_code: '17 01 07', fit: 'certain', reasoning: 'Mixed rubble.' }] }),
    );
    const result = await llmEngine(fake.url).classify(ASBESTOS_RUBBLE);

    expect(result.ranking[0].ewc_code).toBe('17 01 07');
    expect(result.ranking[0].confidence).toBeLessThan(0.7);
    expect(result.ranking.map((r) => r.ewc_code)).toContain('17 06 05');
    expect(result.ranking.find((r) => r.ewc_code === '17 06 05')?.flags).toContain('ASBESTOS');
  });
});

describe('a hallucinated code', () => {
  it('drops codes outside the catalogue or the candidate list and keeps the rest', async () => {
    fake.script(
      answer({
        classifications: [
          { ewc_code: '20 01 99 99', fit: 'certain', reasoning: 'Invented.' },
          { ewc_code: '17 05 04', fit: 'certain', reasoning: 'Offered? No: not a candidate here.' },
          { ewc_code: '20 01 21', fit: 'likely', reasoning: 'Mercury lamps.' },
          { ewc_code: '20 01 36', fit: 'possible', reasoning: 'Not offered.' },
        ],
      }),
    );
    const result = await llmEngine(fake.url).classify(TUBES);
    const offered = offeredCodes(fake.requests[0]);

    expect(offered).not.toContain('17 05 04');
    expect(result.outcome).toBe('model');
    const codes = result.ranking.map((r) => r.ewc_code);
    expect(codes[0]).toBe('20 01 21');
    // Invented and unoffered codes are gone: every code left was offered to the model.
    for (const code of codes) expect(offered).toContain(code);
    expect(codes).not.toContain('17 05 04');
    expect(codes).not.toContain('20 01 99 99');
  });

  it('falls back to the local answer, flagged, when every code is invented', async () => {
    fake.script(
      answer({ classifications: [{ ewc_code: '21 01 01', fit: 'certain', reasoning: 'Made up.' }] }),
    );
    const result = await llmEngine(fake.url).classify(TUBES);

    expect(result.outcome).toBe('fallback');
    expect(result.flags).toContain(LLM_FALLBACK_FLAG);
    expect(result.ranking).toEqual(localEngine().classify(TUBES).ranking);
    expect(result.model_version).toBe(localEngine().version);
    for (const r of result.ranking) expect(catalogue.has(r.ewc_code)).toBe(true);
  });
});

describe('malformed answers', () => {
  it.each([
    ['prose instead of JSON', 'Sure! The code is 20 01 21.'],
    ['truncated JSON', '{"classifications": [{"ewc_code": "20 01 21", "fit": "cert'],
    ['JSON of the wrong shape', '{"code": "20 01 21"}'],
  ])('falls back on %s', async (_name, content) => {
    fake.script({ kind: 'answer', content });
    const result = await llmEngine(fake.url).classify(TUBES);
    expect(result.outcome).toBe('fallback');
    expect(result.failure?.reason).toBe('nonsense_answer');
    expect(result.flags).toContain(LLM_FALLBACK_FLAG);
    expect(result.ranking[0].ewc_code).toBe('20 01 21');
  });

  it('falls back when the answer was cut off at max_tokens', async () => {
    fake.script({ kind: 'answer', content: '{"classifications": [', finishReason: 'length' });
    const result = await llmEngine(fake.url).classify(TUBES);
    expect(result.failure?.reason).toBe('bad_response');
  });

  it('fails with CLASSIFICATION_FAILED instead when LLM_ON_FAILURE=error', async () => {
    fake.script({ kind: 'answer', content: 'not json' });
    const error = await llmEngine(fake.url, { onFailure: 'error' })
      .classify(TUBES)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('CLASSIFICATION_FAILED');
  });

  it('accepts a fenced JSON answer, which some local servers send', async () => {
    const body = { classifications: [{ ewc_code: '20 01 21', fit: 'certain', reasoning: 'Lamps.' }] };
    fake.script({ kind: 'answer', content: `\`\`\`json\n${JSON.stringify(body)}\n\`\`\`` });
    const result = await llmEngine(fake.url).classify(TUBES);
    expect(result.outcome).toBe('model');
  });
});

describe('when no candidate fits', () => {
  it('keeps the local ranking with confidence capped at 0.5 when the model returns an empty list', async () => {
    fake.script(answer({ classifications: [] }));
    const result = await llmEngine(fake.url).classify(TUBES);
    expect(result.outcome).toBe('model_none_fit');
    expect(result.ranking[0].ewc_code).toBe('20 01 21');
    expect(result.ranking[0].confidence).toBeLessThanOrEqual(0.5);
  });

  it('makes no call when nothing in the description relates to any entry', async () => {
    const result = await llmEngine(fake.url).classify({ description: 'xyzzy qwerty' });
    expect(result.outcome).toBe('no_candidates');
    expect(result.ranking).toEqual([]);
    expect(fake.requests).toHaveLength(0);
  });
});
