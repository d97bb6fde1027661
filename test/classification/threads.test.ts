import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { getCatalogue } from '../../src/classification/catalogue.ts';
import { createLocalEngine } from '../../src/classification/engine/index.ts';
import { createEngineThreads, type EngineThreads } from '../../src/classification/engine-threads.ts';
import type { ClassifyInput, EngineResult } from '../../src/classification/types.ts';
import { createTestApp } from '../helpers/app.ts';

const local = createLocalEngine({ catalogue: getCatalogue() });
const fixture = (name: string) => new URL(`./fixtures/${name}`, import.meta.url);

/** Descriptions nobody here tuned the engine on: the held-out set and one blind batch, with their trades. */
const inputs: ClassifyInput[] = ['data/eval/held-out.jsonl', 'data/eval/unscored/blind-88.jsonl'].flatMap(
  (file) =>
    readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as ClassifyInput)
      .map(({ description, source_industry }) => ({ description, source_industry })),
);

/** What the classification service keeps of an answer. */
const kept = (r: EngineResult) => ({
  ranking: r.ranking,
  flags: r.flags,
  hazardous_substances: r.hazardous_substances,
  model_version: r.model_version,
});

const pools: EngineThreads[] = [];
function pool(options: Partial<Parameters<typeof createEngineThreads>[0]> = {}) {
  const warnings: string[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => warnings.push(JSON.parse(line).msg) });
  const threads = createEngineThreads({ threads: 1, local, logger, ...options });
  pools.push(threads);
  return Object.assign(threads, { warnings });
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

describe('the local engine on worker threads', () => {
  it('answers every description exactly as the engine in the event loop does, all sent at once', async () => {
    const threads = pool({ threads: 2 });
    await threads.warm();
    expect(threads.readyThreads).toBe(2);
    const answers = await Promise.all(inputs.map((input) => threads.classify(input)));
    expect(answers.map(kept)).toEqual(inputs.map((input) => kept(local.classify(input))));
    expect(answers.filter((a) => a.ranking[0]?.is_hazardous).length).toBeGreaterThan(50);
  });

  it('answers at once in the event loop while no thread is ready yet', async () => {
    const threads = pool();
    const answer = threads.classify({ description: 'waste engine oil from a garage' });
    // Not a promise: the in-process engine answered in this call.
    expect(answer).not.toBeInstanceOf(Promise);
    expect((answer as EngineResult).ranking[0].ewc_code).toBe('13 02 05');
    await threads.warm();
    expect(threads.readyThreads).toBe(1);
    expect(kept(await threads.classify({ description: 'waste engine oil from a garage' }))).toEqual(
      kept(answer as EngineResult),
    );
  });

  it('answers the requests of a thread that died, and starts another', async () => {
    const threads = pool({ workerUrl: fixture('faulty-engine-worker.ts') });
    await threads.warm();
    const asked = inputs.slice(0, 40);
    const answers = Promise.all([
      ...asked.slice(0, 20).map((i) => threads.classify(i)),
      threads.classify({ description: 'end this thread' }),
      ...asked.slice(20).map((i) => threads.classify(i)),
    ]);
    const all = await answers;
    expect(all.slice(0, 20).concat(all.slice(21)).map(kept)).toEqual(
      asked.map((i) => kept(local.classify(i))),
    );
    expect(kept(all[20])).toEqual(kept(local.classify({ description: 'end this thread' })));
    expect(threads.warnings).toEqual([
      'a classification thread stopped: its requests are classified in the event loop',
    ]);
    await threads.warm();
    expect(threads.readyThreads).toBe(1);
    expect(kept(await threads.classify(asked[0]))).toEqual(kept(local.classify(asked[0])));
  });

  it('never answers from a thread that compiled another engine version', async () => {
    const threads = pool({ workerUrl: fixture('other-version-worker.ts') });
    await threads.warm();
    expect(threads.readyThreads).toBe(0);
    expect(threads.warnings).toHaveLength(1);
    // Answered in the event loop, by the engine the version names; no thread is started again.
    expect(threads.classify(inputs[0])).toEqual(local.classify(inputs[0]));
    await threads.warm();
    expect(threads.readyThreads).toBe(0);
  });

  it('hands the requests in flight back to the event loop when closed', async () => {
    const threads = pool();
    await threads.warm();
    const answers = Promise.all(inputs.slice(0, 30).map((i) => threads.classify(i)));
    await threads.close();
    expect((await answers).map(kept)).toEqual(inputs.slice(0, 30).map((i) => kept(local.classify(i))));
  });

  it.each([
    ['once its requests are answered', 'warm', '1 20 01 21 hazardous'],
    ['while it is still starting', 'early', '0 20 01 21 hazardous'],
  ])('does not keep a process alive %s', (_, mode, printed) => {
    const run = spawnSync(process.execPath, [fileURLToPath(fixture('classify-once.ts')), mode], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.error).toBeUndefined();
    expect(run.stdout.trim()).toBe(printed);
    expect(run.status).toBe(0);
  });
});

describe('POST /v1/classify-waste with the engine on a thread', () => {
  it('answers as with CLASSIFIER_THREADS=0', async () => {
    const body = {
      description: 'oily rags and used oil filters from a garage',
      source_industry: 'vehicle repair',
    };
    const answers = [];
    // The cache outlives a run on Redis, so each run's texts carry a token of their own.
    const run = Date.now().toString(36);
    for (const threads of ['1', '0']) {
      const t = await createTestApp({ env: { CLASSIFIER_THREADS: threads } });
      const { key } = await t.newKey();
      // Different keys' organisations share the cache, so the texts differ by a word the engine ignores.
      const res = await t.call(key, {
        method: 'POST',
        url: '/v1/classify-waste',
        payload: { ...body, additional_context: `run ${run} ${threads}` },
      });
      expect(res.statusCode).toBe(200);
      const json = res.json();
      expect(json.metadata.cached).toBe(false);
      answers.push({ classifications: json.classifications, compliance: json.compliance });
      await t.close();
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0].classifications[0].is_hazardous).toBe(true);
  });
});
