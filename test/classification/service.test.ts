import { describe, expect, it } from 'vitest';
import { getCatalogue } from '../../src/classification/catalogue.ts';
import { createLocalEngine } from '../../src/classification/engine/index.ts';
import { CACHE_TTL_MS, cacheKey, createClassificationService } from '../../src/classification/service.ts';
import type { ClassificationEngine } from '../../src/classification/types.ts';
import { MemoryCache } from '../../src/platform/cache.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import { ApiError } from '../../src/platform/errors.ts';

const catalogue = getCatalogue();
const local = createLocalEngine({ catalogue });

/** The local engine, counting how often it is really asked. */
function countingEngine() {
  const engine = {
    calls: 0,
    version: local.version,
    classify(input: Parameters<ClassificationEngine['classify']>[0]) {
      engine.calls++;
      return local.classify(input);
    },
  };
  return engine;
}

function setup(engine: ClassificationEngine = countingEngine()) {
  const clock = new ManualClock('2026-11-22T10:00:00Z');
  const cache = new MemoryCache({ maxEntries: 100, clock });
  const service = createClassificationService({ cache, clock, engine, catalogue });
  return { clock, cache, service, engine };
}

describe('classification service', () => {
  it('answers with ranked codes, compliance and metadata from the injected clock', async () => {
    const { service } = setup();
    const res = await service.classify({ description: 'oily rags', source_industry: 'garage' });
    expect(res.classifications[0]).toMatchObject({ ewc_code: '15 02 02', is_hazardous: true });
    expect(res.classifications[0].chapter).toMatch(/^15 - Waste packaging/);
    expect(Object.keys(res.classifications[0]).sort()).toEqual(
      ['chapter', 'confidence', 'description', 'ewc_code', 'is_hazardous', 'reasoning'].sort(),
    );
    expect(res.compliance.hazardous_waste).toBe(true);
    expect(res.compliance.requires_consignment_note).toBe(true);
    expect(res.compliance.flags).toContain('HAZARDOUS_BY_CONTAMINATION');
    expect(res.compliance.disposal_notes).toMatch(/consignment note/);
    expect(res.metadata).toEqual({
      classified_at: '2026-11-22T10:00:00.000Z',
      model_version: local.version,
      cached: false,
    });
  });

  it('cuts to max_results (default 3) and serves the full ranking from the cache', async () => {
    const { service, engine } = setup();
    const input = { description: 'mixed builders waste', source_industry: 'builder' };
    const one = await service.classify(input, 1);
    const five = await service.classify(input, 5);
    const three = await service.classify(input);
    expect(one.classifications).toHaveLength(1);
    expect(five.classifications.length).toBeGreaterThan(1);
    expect(three.classifications.length).toBeLessThanOrEqual(3);
    expect(five.classifications[0]).toEqual(one.classifications[0]);
    expect((engine as ReturnType<typeof countingEngine>).calls).toBe(1);
    expect(five.metadata.cached).toBe(true);
  });

  it('keys the cache on the exact description, source industry and additional context', async () => {
    const { service, engine } = setup();
    const counted = engine as ReturnType<typeof countingEngine>;
    const dirty = await service.classify({
      description: 'soil',
      source_industry: 'groundworks',
      additional_context: 'diesel spill',
    });
    const clean = await service.classify({
      description: 'soil',
      source_industry: 'groundworks',
      additional_context: 'clean, natural',
    });
    await service.classify({
      description: 'soil ',
      source_industry: 'groundworks',
      additional_context: 'clean, natural',
    });
    expect(dirty.classifications[0].ewc_code).toBe('17 05 03');
    expect(clean.classifications[0].ewc_code).toBe('17 05 04');
    expect(counted.calls).toBe(3);
    expect(cacheKey({ description: 'a', source_industry: 'b' }, 'v')).not.toBe(
      cacheKey({ description: 'a', additional_context: 'b' }, 'v'),
    );
  });

  it('keeps an answer for 7 days and no longer', async () => {
    const { service, clock, engine } = setup();
    const counted = engine as ReturnType<typeof countingEngine>;
    await service.classify({ description: 'fluorescent tubes' });
    clock.advance(CACHE_TTL_MS - 1000);
    const within = await service.classify({ description: 'fluorescent tubes' });
    expect(within.metadata).toMatchObject({ cached: true, classified_at: '2026-11-22T10:00:00.000Z' });
    clock.advance(2000);
    const after = await service.classify({ description: 'fluorescent tubes' });
    expect(after.metadata.cached).toBe(false);
    expect(counted.calls).toBe(2);
  });

  it('flags low confidence, and an assessment for an undecided mirror entry', async () => {
    const { service } = setup();
    const vague = await service.classify({ description: 'qzxv plorknak wibbet' });
    expect(vague.compliance.flags).toContain('LOW_CONFIDENCE');
    expect(vague.compliance.requires_consignment_note).toBe(false);
    const soil = await service.classify({
      description: 'soil from digging footings',
      source_industry: 'builder',
    });
    expect(soil.compliance.flags).toContain('MIRROR_ENTRY_ASSESSMENT_REQUIRED');
    expect(soil.compliance.disposal_notes).toMatch(/WM3/);
  });

  it('gives notes specific to the waste', async () => {
    const { service } = setup();
    const asbestos = await service.classify({ description: 'asbestos cement sheets' });
    const tubes = await service.classify({ description: 'fluorescent tubes' });
    expect(asbestos.compliance.flags).toContain('ASBESTOS');
    expect(asbestos.compliance.disposal_notes).toMatch(/double-wrap/i);
    expect(tubes.compliance.disposal_notes).toMatch(/mercury/i);
    expect(tubes.compliance.disposal_notes).not.toBe(asbestos.compliance.disposal_notes);
  });

  it('flags asbestos only where the waste may hold it, not where the legal text gives it as an example', async () => {
    const { service } = setup();
    // 15 01 11*: "a hazardous solid porous matrix (for example asbestos), including empty pressure containers".
    const cans = await service.classify({ description: 'Empty hairspray cans' });
    expect(cans.classifications[0].ewc_code).toBe('15 01 11');
    expect(cans.compliance.flags).not.toContain('ASBESTOS');
    const lagged = await service.classify({ description: 'steel drums of asbestos-lagged packing rings' });
    expect(lagged.compliance.flags).toContain('ASBESTOS');
    // The case 15 01 11's example describes: its entry no longer says asbestos, the description does.
    const bottles = await service.classify({ description: 'acetylene bottles containing asbestos' });
    expect(bottles.classifications[0].ewc_code).toBe('15 01 11');
    expect(bottles.compliance.flags).toContain('ASBESTOS');
  });

  it('turns an engine failure into CLASSIFICATION_FAILED and caches nothing', async () => {
    const broken: ClassificationEngine = {
      version: 'broken',
      classify() {
        throw new TypeError('boom');
      },
    };
    const { service, cache } = setup(broken);
    const error = await service.classify({ description: 'soil' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('CLASSIFICATION_FAILED');
    expect((error as ApiError).message).not.toContain('boom');
    expect(await cache.get(cacheKey({ description: 'soil' }, 'broken'))).toBeUndefined();
  });

  it('does not pin an answer that came from a fallback engine', async () => {
    let calls = 0;
    const fallingBack: ClassificationEngine = {
      version: 'llm:model+local',
      async classify(input) {
        calls++;
        return {
          ...local.classify(input),
          flags: ['LLM_UNAVAILABLE_LOCAL_RESULT'],
          model_version: local.version,
        };
      },
    };
    const { service } = setup(fallingBack);
    const first = await service.classify({ description: 'oily rags' });
    await service.classify({ description: 'oily rags' });
    expect(calls).toBe(2);
    expect(first.metadata.model_version).toBe(local.version);
    expect(first.compliance.flags).toContain('LLM_UNAVAILABLE_LOCAL_RESULT');
  });
});

describe('classification service with a separate engine for test keys', () => {
  it('answers test keys from the test engine and live keys from the configured one', async () => {
    const live = countingEngine();
    const paid: ClassificationEngine = { version: 'paid-engine', classify: (input) => live.classify(input) };
    const clock = new ManualClock('2026-11-22T10:00:00Z');
    const service = createClassificationService({
      cache: new MemoryCache({ maxEntries: 10, clock }),
      clock,
      engine: paid,
      testEngine: local,
      catalogue,
    });
    const test = await service.classify({ description: 'oily rags' }, 3, 'test');
    expect(test.metadata.model_version).toBe(local.version);
    expect(live.calls).toBe(0);
    const paidAnswer = await service.classify({ description: 'oily rags' }, 3, 'live');
    expect(paidAnswer.metadata).toMatchObject({ model_version: 'paid-engine', cached: false });
    expect(live.calls).toBe(1);
  });
});
