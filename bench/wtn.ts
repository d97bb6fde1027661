// Waste transfer notes. generate-wtn: the carrier from the cache (live key; the register, a stand-in on
// loopback, is asked once in the warm-up) or the sandbox (test key); the local classifier, cached
// after the first of each description; a durable SQLite write per note, grouped into shared commits.
// Then reading back one note and a page of the list.
import { FakeRegister } from '../test/carriers/fake-register.ts';
import type { BenchRequest, BenchScenario, BenchTarget } from './scenario.ts';

const register = (await new FakeRegister().start()).unref();
register.add({ number: 'CBDU100001', name: 'Bench Haulage Limited', tier: 'Upper', expiry: '2099-12-31' });

const DESCRIPTIONS = [
  'Broken plasterboard from office refurbishment',
  'Mixed general waste from a small office',
  'Clean wooden pallets, some broken',
  'Soil and stones from garden landscaping',
  'Cardboard packaging from retail deliveries',
  'Concrete and brick rubble from a demolished garage',
  'Scrap copper cable offcuts',
  'Food waste from a restaurant kitchen',
];

function generateBody(description: string, i: number): string {
  return JSON.stringify({
    producer: {
      name: `Bench Producer ${i} Ltd`,
      address: '45 High Street, Bournemouth, BH1 2AA',
      sic_code: '43320',
    },
    carrier: { registration_number: 'CBDU100001' },
    waste: { description, quantity_kg: 250 + i, container_type: '8 yard skip' },
    destination: {
      name: 'South Coast Recycling Ltd',
      address: 'Poole, BH15 1NF',
      permit_number: 'EPR/AB1234CD',
    },
    transfer_date: '2026-03-25',
  });
}

/** A key on an enterprise agreement large enough that no limit trips during the run. */
const unlimitedKey = (target: BenchTarget, mode: 'live' | 'test' = 'test') => target.newKey({ mode });

function generateRequests(key: string): BenchRequest[] {
  return DESCRIPTIONS.map((d, i) => ({
    method: 'POST',
    path: '/v1/generate-wtn',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: generateBody(d, i),
  }));
}

async function seedNotes(target: BenchTarget, key: string, count: number): Promise<string[]> {
  const references: string[] = [];
  for (let i = 0; i < count; i++) {
    const request = generateRequests(key)[i % DESCRIPTIONS.length];
    const response = await target.app.inject({ ...request, payload: request.body });
    if (response.statusCode !== 201)
      throw new Error(`seeding failed: ${response.statusCode} ${response.body}`);
    references.push((response.json() as { reference: string }).reference);
  }
  return references;
}

export const scenarios: BenchScenario[] = [
  {
    name: 'POST /v1/generate-wtn (live)',
    env: { EA_REGISTER_URL: register.url },
    async prepare(target) {
      return generateRequests(await unlimitedKey(target, 'live'));
    },
  },
  {
    name: 'POST /v1/generate-wtn (test)',
    async prepare(target) {
      return generateRequests(await unlimitedKey(target));
    },
  },
  {
    name: 'GET /v1/wtn/{reference}',
    async prepare(target) {
      const key = await unlimitedKey(target);
      const [reference] = await seedNotes(target, key, 1);
      return { method: 'GET', path: `/v1/wtn/${reference}`, headers: { authorization: `Bearer ${key}` } };
    },
  },
  {
    name: 'GET /v1/wtn (page of 20)',
    async prepare(target) {
      const key = await unlimitedKey(target);
      await seedNotes(target, key, 40);
      return { method: 'GET', path: '/v1/wtn?limit=20', headers: { authorization: `Bearer ${key}` } };
    },
  },
];
