import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCatalogue } from '../../src/classification/catalogue.ts';
import { classificationRoutes } from '../../src/classification/routes.ts';
import { createClassificationService } from '../../src/classification/service.ts';
import { MemoryCache } from '../../src/platform/cache.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import { installErrorHandling } from '../../src/platform/error-handler.ts';
import { registerOpenApi } from '../../src/platform/openapi.ts';

// The routes as the app registers them (under /v1, with the platform's validator, error envelope and
// OpenAPI document), without authentication, which the platform's own tests cover.
let app: FastifyInstance;
const billable = new Map<string, unknown>();

beforeAll(async () => {
  const clock = new ManualClock('2026-11-22T10:00:00Z');
  const catalogue = getCatalogue();
  const service = createClassificationService({
    cache: new MemoryCache({ maxEntries: 100, clock }),
    clock,
    catalogue,
  });
  app = Fastify().setValidatorCompiler(TypeBoxValidatorCompiler);
  installErrorHandling(app);
  await registerOpenApi(app);
  app.addHook('onRequest', async (request) => {
    billable.set(request.url.split('?')[0], request.routeOptions.config.billable);
  });
  await app.register(classificationRoutes, { prefix: '/v1', service, catalogue });
  await app.ready();
});
afterAll(() => app.close());

const classify = (body: unknown) =>
  app.inject({ method: 'POST', url: '/v1/classify-waste', payload: body as object });

describe('POST /v1/classify-waste', () => {
  it('classifies and returns only the documented fields', async () => {
    const res = await classify({ description: 'oily rags', source_industry: 'garage', max_results: 2 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['classifications', 'compliance', 'metadata']);
    expect(body.classifications).toHaveLength(2);
    expect(Object.keys(body.classifications[0]).sort()).toEqual(
      ['chapter', 'confidence', 'description', 'ewc_code', 'is_hazardous', 'reasoning'].sort(),
    );
    expect(body.classifications[0].ewc_code).toBe('15 02 02');
    expect(body.compliance.requires_consignment_note).toBe(true);
    expect(body.compliance.hazardous_substances).toEqual(['oil or fuel']);
    expect(body.metadata.cached).toBe(false);
  });

  it.each([
    [{}, '/description', 'is required'],
    [{ description: '' }, '/description', 'must not be empty'],
    [{ description: '   \n ' }, '/description', 'must not be blank'],
    [{ description: 'x'.repeat(2001) }, '/description', 'must be at most 2000 characters'],
    [{ description: 'soil', max_results: 0 }, '/max_results', 'must be at least 1'],
    [{ description: 'soil', max_results: 6 }, '/max_results', 'must be at most 5'],
    [{ description: 'soil', max_results: '3' }, '/max_results', 'must be an integer'],
    [
      { description: 'soil', source_industry: 'x'.repeat(201) },
      '/source_industry',
      'must be at most 200 characters',
    ],
    [
      { description: 'soil', additional_context: 'x'.repeat(2001) },
      '/additional_context',
      'must be at most 2000 characters',
    ],
    [{ description: 'soil', colour: 'brown' }, '/colour', 'is not a recognised field'],
    [
      { description: 'soil', assessment: 'clean' },
      '/assessment',
      'must be one of: "hazardous", "non_hazardous", "unknown"',
    ],
  ])('refuses %j with 400 INVALID_REQUEST naming the field', async (body, field, issue) => {
    const res = await classify(body);
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('INVALID_REQUEST');
    expect(error.details).toContainEqual({ field, issue });
  });
});

describe('GET /v1/ewc-codes', () => {
  it('filters by chapter, hazard and text and costs no quota', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/v1/ewc-codes?chapter=17&hazardous=true&q=asbestos',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.codes.map((c: { code: string }) => c.code)).toEqual(['17 06 01', '17 06 05']);
    expect(body.count).toBe(2);
    expect(body.codes[0]).toMatchObject({ display_code: '17 06 01*', is_hazardous: true, entry_type: 'MH' });
    expect(billable.get('/v1/ewc-codes')).toBe(false);
  });

  it('lists the whole catalogue without filters', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/ewc-codes' });
    expect(res.json().count).toBe(842);
  });

  it('refuses an unknown filter', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/ewc-codes?colour=red' });
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /v1/ewc-codes/{code}', () => {
  it.each(['170504', '17%2005%2004', '17-05-04', '17%2005%2004*'])('finds %s', async (code) => {
    const res = await app.inject({ method: 'GET', url: `/v1/ewc-codes/${code}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: '17 05 04', is_hazardous: false, mirror_of: ['17 05 03'] });
    expect(billable.get(`/v1/ewc-codes/${code}`)).toBe(false);
  });

  it('answers 404 EWC_CODE_NOT_FOUND for a code outside the list', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/ewc-codes/999999' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('EWC_CODE_NOT_FOUND');
  });
});

describe('the OpenAPI document', () => {
  it('describes the three routes with their 200 schemas', () => {
    const doc = app.swagger() as unknown as {
      paths: Record<string, Record<string, { tags: string[]; responses: Record<string, unknown> }>>;
    };
    expect(doc.paths['/v1/classify-waste'].post.responses['200']).toBeDefined();
    expect(doc.paths['/v1/ewc-codes'].get.tags).toEqual(['Classification']);
    expect(doc.paths['/v1/ewc-codes/{code}'].get.responses['404']).toBeDefined();
  });
});

describe('the deciding question', () => {
  it('asks which side of the mirror pair applies, and the answer settles the code', async () => {
    const description = 'Soil and stones dug out for a new extension';
    const first = (await classify({ description })).json();
    expect(first.classifications[0].ewc_code).toBe('17 05 04');
    expect(first.classifications[0].confidence).toBeLessThan(0.9);
    expect(first.compliance.flags).toEqual(
      expect.arrayContaining(['ASSESSMENT_NEEDED', 'MIRROR_ENTRY_ASSESSMENT_REQUIRED']),
    );
    const question = first.compliance.assessment_needed;
    expect(question.reason).toBe('mirror_entry');
    expect(question.question).toContain('17 05 03*');
    expect(question.question).toContain('17 05 04');
    expect(question.until_answered).toMatchObject({ ewc_code: '17 05 03', is_hazardous: true });
    expect(question.until_answered.guidance).toContain('WM3');
    expect(question.answers.map((a: { ewc_code: string }) => a.ewc_code)).toEqual([
      '17 05 03',
      '17 05 04',
      '17 05 03',
    ]);

    const clean = (await classify({ description, ...question.answers[1].send })).json();
    expect(clean.classifications[0].ewc_code).toBe('17 05 04');
    expect(clean.compliance.assessment_needed).toBeNull();
    expect(clean.compliance.flags).not.toContain('ASSESSMENT_NEEDED');

    const hazardous = (await classify({ description, assessment: 'hazardous' })).json();
    expect(hazardous.classifications[0].ewc_code).toBe('17 05 03');
    expect(hazardous.compliance.requires_consignment_note).toBe(true);
    expect(hazardous.compliance.assessment_needed).toBeNull();

    const unknown = (await classify({ description, assessment: 'unknown' })).json();
    expect(unknown.classifications[0].ewc_code).toBe('17 05 03');
    expect(unknown.compliance.flags).toContain('COMPOSITION_UNKNOWN');
    expect(unknown.compliance.assessment_needed.reason).toBe('composition_unknown');
  });

  it('is null when the description settles the code', async () => {
    const res = (await classify({ description: 'oily rags from the workshop' })).json();
    expect(res.compliance.assessment_needed).toBeNull();
    expect(res.compliance.flags).not.toContain('ASSESSMENT_NEEDED');
  });
});
