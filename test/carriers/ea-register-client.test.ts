import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EaRegisterClient, RegisterUnavailableError } from '../../src/carriers/ea-register-client.ts';
import { FakeRegister } from './fake-register.ts';

let register: FakeRegister;
const client = (options: Partial<ConstructorParameters<typeof EaRegisterClient>[0]> = {}) =>
  new EaRegisterClient({ baseUrl: register.url, timeoutMs: 5_000, retryDelayMs: 1, ...options });

beforeAll(async () => {
  register = await new FakeRegister().start();
  register.add(
    {
      number: 'CBDU900101',
      name: 'Example Haulage Limited',
      tier: 'Upper',
      expiry: '2027-06-01',
      company: '09990101',
      postcode: 'TE1 1AA',
    },
    {
      number: 'CBDU900109',
      name: 'Example Legal Ltd',
      tradingName: 'Example Skips',
      tier: 'Upper',
      expiry: '2027-01-10',
      holderAsArray: true,
      postcode: 'TE2 2BB',
    },
    { number: 'CBDL900107', name: 'Example Gardener', tier: 'Lower', postcode: 'TE2 2BB' },
    {
      number: 'CBDU900113',
      name: 'Northern Example Waste',
      tier: 'Upper',
      expiry: '2026-09-01',
      postcode: 'TE2 2BBX',
    },
  );
});
afterAll(() => register.stop());
afterEach(() => {
  register.fail('none');
  register.requests.length = 0;
});

describe('number look-up', () => {
  it('reads a record from the item endpoint', async () => {
    const record = await client().lookupNumber('CBDU900101');
    expect(record).toMatchObject({
      registration_number: 'CBDU900101',
      business_name: 'Example Haulage Limited',
      company_number: '09990101',
      tier: 'upper',
      expiry_date: '2027-06-01',
      postcode: 'TE1 1AA',
    });
    expect(register.requests).toEqual([
      '/public-register/waste-carriers-brokers/registration/CBDU900101.json',
    ]);
  });

  it('reads holder when it is an array, with the trading name', async () => {
    const record = await client().lookupNumber('CBDU900109');
    expect(record?.business_name).toBe('Example Legal Ltd trading as Example Skips');
  });

  it('reads a lower-tier record without an expiry date', async () => {
    expect(await client().lookupNumber('CBDL900107')).toMatchObject({ tier: 'lower', expiry_date: null });
  });

  it('confirms a 404 with number-search and ignores partial hits', async () => {
    expect(await client().lookupNumber('CBDU900')).toBeNull();
    expect(register.requests).toEqual([
      '/public-register/waste-carriers-brokers/registration/CBDU900.json',
      '/public-register/waste-carriers-brokers/registration.json?number-search=CBDU900&_limit=20',
    ]);
  });

  it('finds a record through number-search when the item endpoint misleads with a 404', async () => {
    register.fail('item-404');
    expect((await client().lookupNumber('CBDU900101'))?.registration_number).toBe('CBDU900101');
  });
});

describe('searches', () => {
  it('keeps only names holding every word of the query (name-search is looser)', async () => {
    const { records } = await client().searchByName('example skips');
    expect(records.map((r) => r.registration_number)).toEqual(['CBDU900109']);
  });

  it('keeps only exact postcodes (address-search matches any text)', async () => {
    const { records } = await client().searchByPostcode('te2 2bb');
    expect(records.map((r) => r.registration_number).sort()).toEqual(['CBDL900107', 'CBDU900109']);
  });

  it('pages with _limit and _offset until a short page', async () => {
    const many = new FakeRegister();
    await many.start();
    for (let i = 0; i < 130; i++) {
      many.add({
        number: `CBDU95${String(i).padStart(4, '0')}`,
        name: `Paged Carrier ${i}`,
        tier: 'Upper',
        expiry: '2027-01-01',
      });
    }
    try {
      const result = await new EaRegisterClient({ baseUrl: many.url, timeoutMs: 5_000 }).searchByName(
        'paged carrier',
      );
      expect(result.records).toHaveLength(50);
      expect(result.truncated).toBe(true);
      expect(many.requests.map((r) => new URL(r, 'http://x').searchParams.get('_offset'))).toEqual(['0']);
    } finally {
      await many.stop();
    }
  });
});

describe('failures are "unavailable", never "not found"', () => {
  it('retries a 500 once and then gives up', async () => {
    register.fail('http500');
    await expect(client().lookupNumber('CBDU900101')).rejects.toBeInstanceOf(RegisterUnavailableError);
    expect(register.requests).toHaveLength(2);
  });

  it('succeeds when the one retry after a transient 503 works', async () => {
    register.fail('http503', 1);
    expect((await client().lookupNumber('CBDU900101'))?.registration_number).toBe('CBDU900101');
    expect(register.requests).toHaveLength(2);
  });

  it('times out a slow register (and retries once)', async () => {
    register.fail('slow');
    register.slowMs = 2_000;
    const started = Date.now();
    await expect(client({ timeoutMs: 150 }).lookupNumber('CBDU900101')).rejects.toBeInstanceOf(
      RegisterUnavailableError,
    );
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(register.requests).toHaveLength(2);
  });

  it('does not retry a body that is not JSON', async () => {
    register.fail('not-json');
    await expect(client().lookupNumber('CBDU900101')).rejects.toThrow(/not JSON/);
    expect(register.requests).toHaveLength(1);
  });

  it('treats JSON without items as unavailable', async () => {
    register.fail('no-items');
    await expect(client().searchByName('example')).rejects.toThrow(/no items/);
  });

  it('opens the circuit after repeated failures and stops calling the register', async () => {
    register.fail('not-json');
    const breaking = client({ breakerThreshold: 3, breakerOpenMs: 60_000 });
    for (let i = 0; i < 3; i++) await expect(breaking.lookupNumber('CBDU900101')).rejects.toThrow();
    const calls = register.requests.length;
    register.fail('none');
    await expect(breaking.lookupNumber('CBDU900101')).rejects.toBeInstanceOf(RegisterUnavailableError);
    expect(register.requests).toHaveLength(calls);
  });

  it('treats a refused connection as unavailable', async () => {
    const gone = new FakeRegister();
    await gone.start();
    const url = gone.url;
    await gone.stop();
    await expect(
      new EaRegisterClient({ baseUrl: url, timeoutMs: 300 }).lookupNumber('CBDU1'),
    ).rejects.toBeInstanceOf(RegisterUnavailableError);
  });
});

describe('one deadline for the whole call', () => {
  it('gives up on a register that never answers at the deadline, not at the longer request timeout', async () => {
    register.fail('hang');
    const started = Date.now();
    await expect(client({ timeoutMs: 5_000, deadlineMs: 300 }).lookupNumber('CBDU900101')).rejects.toThrow(
      /did not answer within the 300 ms deadline/,
    );
    // Loose: far above the deadline, far below the 5 s request timeout.
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(register.requests).toHaveLength(1);
  });

  it('retries a timed-out request when the deadline leaves time for it', async () => {
    register.fail('hang');
    await expect(
      client({ timeoutMs: 150, deadlineMs: 2_000, minRetryMs: 500 }).lookupNumber('CBDU900101'),
    ).rejects.toBeInstanceOf(RegisterUnavailableError);
    expect(register.requests).toHaveLength(2);
  });

  it('does not retry when too little of the deadline is left', async () => {
    register.fail('hang');
    await expect(
      client({ timeoutMs: 150, deadlineMs: 400, minRetryMs: 500 }).lookupNumber('CBDU900101'),
    ).rejects.toBeInstanceOf(RegisterUnavailableError);
    expect(register.requests).toHaveLength(1);
  });

  it('never waits longer than the client allows, whatever deadline the caller asks for', async () => {
    register.fail('hang');
    const limited = client({ timeoutMs: 5_000, deadlineMs: 300 });
    await expect(limited.lookupNumber('CBDU900101', limited.deadline(60_000))).rejects.toThrow(
      /300 ms deadline/,
    );
  });

  it('stops the request to the register when the caller stops waiting', async () => {
    // A register of its own: connections other tests gave up on may still be closing on the shared one.
    const alone = await new FakeRegister().start();
    try {
      alone.fail('hang');
      const patient = new EaRegisterClient({ baseUrl: alone.url, timeoutMs: 10_000, deadlineMs: 10_000 });
      const cancel = new AbortController();
      const call = patient.lookupNumber('CBDU900101', patient.deadline(undefined, cancel.signal));
      await expect.poll(() => alone.requests.length).toBe(1);
      cancel.abort();
      await expect(call).rejects.toThrow(/stopped waiting/);
      // Well before the 10 s deadline: the register sees its connection closed.
      await expect.poll(() => alone.abandoned, { timeout: 3_000 }).toBe(1);
      expect(alone.requests).toHaveLength(1);
    } finally {
      await alone.stop();
    }
  });
});

describe('the circuit breaker', () => {
  /** Opens a breaker of threshold 1 with one failed request, then waits out its open period. */
  async function openThenWait(breaking: EaRegisterClient): Promise<void> {
    register.fail('http500', 1);
    await expect(breaking.lookupNumber('CBDU900101')).rejects.toBeInstanceOf(RegisterUnavailableError);
    const open = await breaking.lookupNumber('CBDU900101').catch((e: RegisterUnavailableError) => e);
    expect(open).toBeInstanceOf(RegisterUnavailableError);
    expect((open as RegisterUnavailableError).retryAfterMs).toBeGreaterThan(0);
    expect(register.requests).toHaveLength(1);
    await sleep(150);
    register.requests.length = 0;
  }

  it('lets one trial call through after the open period and fails the others at once', async () => {
    const breaking = client({ breakerThreshold: 1, breakerOpenMs: 100, timeoutMs: 5_000, deadlineMs: 1_500 });
    await openThenWait(breaking);
    register.fail('hang');
    const settled: string[] = [];
    const trial = breaking.lookupNumber('CBDU900101').catch((e: unknown) => {
      settled.push('trial');
      return e;
    });
    const others = await Promise.all(
      ['CBDU900109', 'CBDL900107', 'CBDU900113', 'CBDU900101'].map((n) =>
        breaking.lookupNumber(n).catch((e: unknown) => {
          settled.push('other');
          return e;
        }),
      ),
    );
    // Answered while the trial was still waiting on the register, and without calling it.
    expect(settled).toEqual(['other', 'other', 'other', 'other']);
    for (const error of others) {
      expect(error).toBeInstanceOf(RegisterUnavailableError);
      expect((error as RegisterUnavailableError).retryAfterMs).toBeGreaterThan(0);
    }
    expect(await trial).toBeInstanceOf(RegisterUnavailableError);
    expect(register.requests).toHaveLength(1);
    // The failed trial opens the circuit again.
    await expect(breaking.lookupNumber('CBDU900109')).rejects.toBeInstanceOf(RegisterUnavailableError);
    expect(register.requests).toHaveLength(1);
  });

  it('closes again when the trial call succeeds', async () => {
    const breaking = client({ breakerThreshold: 1, breakerOpenMs: 100 });
    await openThenWait(breaking);
    expect((await breaking.lookupNumber('CBDU900101'))?.registration_number).toBe('CBDU900101');
    expect((await breaking.lookupNumber('CBDU900109'))?.registration_number).toBe('CBDU900109');
    expect(register.requests).toHaveLength(2);
  });
});
