import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type CarrierApp, carrierApp, forgetCached } from './carrier-app.ts';
import { FakeRegister } from './fake-register.ts';

// Numbers in the 7610xx range belong to this file.
const KNOWN = 'CBDU761001';
const numbers = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => `CBDU7610${String(from + i).padStart(2, '0')}`);

let register: FakeRegister;
const apps: CarrierApp[] = [];

/** A service whose register checks give up after 400 ms, whatever the 5 s request timeout. */
async function service(env: Record<string, string> = {}): Promise<CarrierApp> {
  const t = await carrierApp({
    register,
    env: {
      EA_REGISTER_TIMEOUT_MS: '5000',
      EA_REGISTER_DEADLINE_MS: '400',
      EA_REGISTER_BREAKER_OPEN_MS: '200',
      ...env,
    },
  });
  apps.push(t);
  return t;
}

function expectUnavailable(response: LightMyRequestResponse): void {
  expect(response.statusCode).toBe(503);
  expect(response.json()).toEqual({
    error: {
      code: 'EA_REGISTER_UNAVAILABLE',
      message: expect.stringContaining("not a 'not found'"),
      status: 503,
      request_id: expect.stringMatching(/^req_/),
    },
  });
}

beforeAll(async () => {
  await forgetCached([KNOWN, ...numbers(10, 16)].map((n) => `number:${n}`));
  register = await new FakeRegister().start();
  register.add({ number: KNOWN, name: 'Deadline Haulage Ltd', tier: 'Upper', expiry: '2099-01-31' });
});
afterEach(async () => {
  register.fail('none');
  register.requests.length = 0;
  for (const t of apps.splice(0)) await t.close();
});
afterAll(() => register.stop());

describe('a register that never answers', () => {
  it('is a 503 in the envelope at the deadline, never a not_found, for a number and a search', async () => {
    const t = await service();
    register.fail('hang');
    const started = Date.now();
    expectUnavailable(await t.verify({ registration_number: numbers(10, 1)[0] }));
    // Loose: far above the 400 ms deadline, far below the 5 s request timeout.
    expect(Date.now() - started).toBeLessThan(3_000);
    expectUnavailable(await t.verify({ business_name: 'Nobody Answers Here' }));
    expect(register.requests).toHaveLength(2);
  });

  it('does not stop a cached registration from being answered', async () => {
    const t = await service();
    expect((await t.result({ registration_number: KNOWN })).status).toBe('valid');
    register.fail('hang');
    const again = await t.result({ registration_number: KNOWN });
    expect(again.status).toBe('valid');
    expect(again.verification.cached).toBe(true);
    expect(register.requests).toHaveLength(1);
  });
});

/** Five failed requests in a row open the breaker: checks fail fast until one answers with Retry-After. */
async function openBreaker(t: CarrierApp): Promise<void> {
  register.fail('http500');
  for (const number of numbers(11, 6)) {
    const response = await t.verify({ registration_number: number });
    expectUnavailable(response);
    if (response.headers['retry-after']) return;
  }
  throw new Error('the circuit breaker did not open');
}

describe('the circuit breaker', () => {
  it('while open, answers 503 with Retry-After without calling the register', async () => {
    const t = await service({ EA_REGISTER_BREAKER_OPEN_MS: '60000' });
    await openBreaker(t);
    const asked = register.requests.length;
    const open = await t.verify({ registration_number: numbers(17, 1)[0] });
    expectUnavailable(open);
    expect(Number(open.headers['retry-after'])).toBeGreaterThanOrEqual(50);
    expect(Number(open.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(register.requests).toHaveLength(asked);
  });

  it('after its open period lets one trial check through and answers concurrent checks 503 at once', async () => {
    const t = await service();
    await openBreaker(t);
    register.fail('hang');
    await sleep(300); // the 200 ms open period
    register.requests.length = 0;

    const settled: string[] = [];
    const check = (number: string, name: string) =>
      t.verify({ registration_number: number }).then((response) => {
        settled.push(name);
        return response;
      });
    const [first, ...others] = numbers(20, 5);
    const trial = check(first, 'trial');
    const rest = await Promise.all(others.map((n) => check(n, 'other')));
    // Answered while the trial was still waiting on the register.
    expect(settled).toEqual(['other', 'other', 'other', 'other']);
    for (const response of rest) {
      expectUnavailable(response);
      expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    expectUnavailable(await trial);
    expect(register.requests).toEqual([`/public-register/waste-carriers-brokers/registration/${first}.json`]);
  });
});

describe('a client that goes away', () => {
  it('stops the request to the register', async () => {
    // A register of its own: connections other tests gave up on may still be closing on the shared one.
    const alone = await new FakeRegister().start();
    const t = await carrierApp({
      register: alone,
      env: { EA_REGISTER_TIMEOUT_MS: '10000', EA_REGISTER_DEADLINE_MS: '10000' },
    });
    apps.push(t);
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      alone.fail('hang');
      const leave = new AbortController();
      const request = fetch(`http://127.0.0.1:${port}/v1/verify-carrier`, {
        method: 'POST',
        headers: { authorization: `Bearer ${t.liveKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ registration_number: numbers(25, 1)[0] }),
        signal: leave.signal,
      }).catch((error: Error) => error.name);
      await expect.poll(() => alone.requests.length).toBe(1);
      leave.abort();
      expect(await request).toBe('AbortError');
      // Well before the 10 s deadline, the register sees its connection closed and is not asked again.
      await expect.poll(() => alone.abandoned, { timeout: 3_000 }).toBe(1);
      expect(alone.requests).toHaveLength(1);
    } finally {
      await alone.stop();
    }
  });
});
