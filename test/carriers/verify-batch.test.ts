import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type CarrierApp, carrierApp, forgetCached } from './carrier-app.ts';
import { FakeRegister } from './fake-register.ts';

// Numbers in the 7640xx-7649xx range belong to this file.
const numbers = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => `CBDU764${String(from + i).padStart(3, '0')}`);
const REGISTERED = numbers(0, 97);
const MALFORMED = ['WCR/R/123456', 'hello', ''];

let register: FakeRegister;
let t: CarrierApp;

beforeAll(async () => {
  await forgetCached([...numbers(0, 300)].map((n) => `number:${n}`));
  register = await new FakeRegister().start();
  for (const number of REGISTERED) {
    register.add({ number, name: `Batch Haulage ${number} Ltd`, tier: 'Upper', expiry: '2099-01-31' });
  }
  t = await carrierApp({
    register,
    env: { EA_REGISTER_DEADLINE_MS: '2000', EA_REGISTER_BREAKER_OPEN_MS: '200' },
  });
});
afterEach(() => {
  register.fail('none');
  register.requests.length = 0;
});
afterAll(async () => {
  await t?.close();
  await register?.stop();
});

const batch = (registration_numbers: unknown, key = t.liveKey) =>
  t.call(key, { method: 'POST', url: '/v1/verify-carrier/batch', payload: { registration_numbers } });

const used = async (key = t.liveKey) => {
  const response = await t.call(key, { method: 'GET', url: '/v1/usage' });
  return (response.json() as { used: number }).used;
};

describe('POST /v1/verify-carrier/batch', () => {
  it('answers 100 numbers, 3 of them malformed, with 100 results in the order sent, one call per number', async () => {
    const sent = [...REGISTERED.slice(0, 40), MALFORMED[0], ...REGISTERED.slice(40, 80), MALFORMED[1]];
    sent.push(...REGISTERED.slice(80), MALFORMED[2]);
    expect(sent).toHaveLength(100);
    const before = await used();

    const response = await batch(sent);
    expect(response.statusCode).toBe(200);
    const { results } = response.json() as { results: Array<Record<string, unknown>> };
    expect(results.map((r) => r.registration_number)).toEqual(sent);

    const refused = results.filter((r) => 'error' in r);
    expect(refused.map((r) => r.registration_number)).toEqual(MALFORMED);
    for (const r of refused) {
      expect(r.error).toMatchObject({ code: 'INVALID_REGISTRATION_NUMBER', status: 400 });
      expect((r.error as { message: string }).message.length).toBeGreaterThan(20);
    }
    const checked = results.filter((r) => !('error' in r));
    expect(checked).toHaveLength(97);
    expect(new Set(checked.map((r) => r.status))).toEqual(new Set(['valid']));

    // Each answer is what a single check of that number answers.
    const single = await t.result({ registration_number: REGISTERED[5] });
    const { registration_number: _sent, ...fromBatch } = results[5] as Record<string, unknown>;
    const strip = (v: Record<string, unknown>) => ({ ...v, verification: undefined });
    expect(strip(fromBatch)).toEqual(strip(single as unknown as Record<string, unknown>));
    // As a single check with a malformed number is a counted 400, so is each malformed number here.
    expect(await used()).toBe(before + 100 + 1);
    expect(response.headers['x-monthly-remaining']).toBe(String(10_000 - before - 100));
  });

  it('looks each distinct number up once, politely, and reads cached numbers from the cache', async () => {
    const fresh = numbers(200, 5);
    for (const number of fresh)
      register.add({ number, name: 'Once Ltd', tier: 'Upper', expiry: '2099-01-31' });
    // The same number as people write it: lower case, spaced, hyphenated.
    const written = fresh[0].toLowerCase().replace(/^cbdu/, 'cbdu ');
    const hyphenated = fresh[1].replace(/^CBDU/, 'CBDU-');
    const response = await batch([...fresh, ...fresh, written, hyphenated]);
    expect(response.statusCode).toBe(200);
    const { results } = response.json() as { results: Array<Record<string, unknown>> };
    expect(results).toHaveLength(12);
    expect(results[10]).toMatchObject({ registration_number: written, status: 'valid' });
    expect(results[11]).toMatchObject({ registration_number: hyphenated, status: 'valid' });
    const asked = register.requests.filter((r) => fresh.some((n) => r.includes(n)));
    expect(asked).toHaveLength(5);

    register.requests.length = 0;
    expect((await batch(fresh)).statusCode).toBe(200);
    expect(register.requests.filter((r) => fresh.some((n) => r.includes(n)))).toHaveLength(0);
  });

  it('answers numbers the register cannot answer with their own 503 error, and does not count them', async () => {
    const before = await used();
    register.fail('http503');
    const fresh = numbers(300, 4);
    const cached = REGISTERED[0];
    const response = await batch([cached, ...fresh]);
    expect(response.statusCode).toBe(200);
    const { results } = response.json() as { results: Array<Record<string, unknown>> };
    expect(results[0]).toMatchObject({ registration_number: cached, status: 'valid' });
    for (const r of results.slice(1)) {
      expect(r.error).toMatchObject({ code: 'EA_REGISTER_UNAVAILABLE', status: 503 });
    }
    expect(await used()).toBe(before + 1);
  });

  it('refuses a batch bigger than the calls left this month, whole, and counts nothing', async () => {
    const free = await t.newKey({ mode: 'live', plan: 'free' }); // 50 calls a month
    const refused = await batch(REGISTERED.slice(0, 51), free.key);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('MONTHLY_QUOTA_EXCEEDED');
    expect(refused.json().error.message).toContain('needs 51 calls');
    expect(refused.json().error.message).toContain('50');
    expect(await used(free.key)).toBe(0);

    const accepted = await batch(REGISTERED.slice(0, 49), free.key);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.headers['x-monthly-remaining']).toBe('1');
    expect((await batch(REGISTERED.slice(0, 2), free.key)).statusCode).toBe(429);
    expect((await batch(REGISTERED.slice(0, 1), free.key)).statusCode).toBe(200);
  });

  it('refuses an empty batch, more than 100 numbers, and anything but strings, changing nothing', async () => {
    const before = await used();
    for (const body of [[], numbers(0, 101), [123], 'CBDU764000', null]) {
      const response = await batch(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'INVALID_REQUEST', status: 400 });
      expect(response.json().error.details[0].field).toMatch(/registration_numbers/);
    }
    // Refused by the schema before the quota check: nothing counted (GET /v1/usage is itself never counted).
    expect(await used()).toBe(before);
  });

  it('answers test keys from the sandbox, never counted', async () => {
    const response = await batch(['CBDU100001', 'CBDU100002', 'CBDU999999'], t.testKey);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-monthly-counted']).toBe('false');
    const { results } = response.json() as { results: Array<Record<string, unknown>> };
    expect(results.map((r) => r.status)).toEqual(['valid', 'expiring_soon', 'not_found']);
    expect(results.every((r) => (r.verification as { origin: string }).origin === 'sandbox')).toBe(true);
  });
});
