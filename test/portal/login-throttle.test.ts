import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.ts';
import { judge, THROTTLE_POLICY } from '../../src/portal/login-throttle.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { attempt, PortalClient, problem, uniqueEmail } from './portal-client.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const PASSWORD = 'a long enough password';

describe('log-in throttling', () => {
  it('gives the same answer for an unknown email and a wrong password', async () => {
    const OWNER = uniqueEmail('owner');
    const NOBODY = uniqueEmail('nobody');
    t = await createTestApp();
    await new PortalClient(t.app).signUp(OWNER);
    const browser = new PortalClient(t.app);
    const wrongPassword = await attempt(browser, OWNER, 'not the password at all');
    const unknownEmail = await attempt(browser, NOBODY, 'not the password at all');
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(problem(wrongPassword.body)).toBe('The email address or password is incorrect.');
    expect(problem(unknownEmail.body)).toBe(problem(wrongPassword.body));
  });

  it('slows repeated failures, then refuses even the right password for 15 minutes', async () => {
    const OWNER = uniqueEmail('owner');
    const clock = new ManualClock('2026-05-04T09:00:00Z');
    t = await createTestApp({ clock });
    await new PortalClient(t.app).signUp(OWNER);
    const browser = new PortalClient(t.app);

    for (let i = 0; i < THROTTLE_POLICY.freeFailures; i++) {
      expect((await attempt(browser, OWNER, `wrong guess ${i}`)).statusCode).toBe(401);
    }
    // Slowed: straight after the third failure even the right password must wait.
    const early = await attempt(browser, OWNER, PASSWORD);
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBe('1');
    expect(problem(early.body)).toBe(
      'Too many failed attempts to log in to this account. Try again in 1 second.',
    );

    // Keep failing, each time after waiting as told: the waits grow 1 s, 2 s, 4 s, …
    const waits: string[] = [];
    for (
      let failures = THROTTLE_POLICY.freeFailures;
      failures < THROTTLE_POLICY.lockAfterFailures;
      failures++
    ) {
      const refused = await attempt(browser, OWNER, 'still wrong');
      waits.push(String(refused.headers['retry-after']));
      clock.advance(Number(refused.headers['retry-after']) * 1000);
      expect((await attempt(browser, OWNER, 'still wrong')).statusCode).toBe(401);
    }
    expect(waits).toEqual(['1', '2', '4', '8', '16', '32', '60']);

    // Locked: ten failures refuse every attempt, right password included, for 15 minutes.
    clock.advance(10 * 60_000);
    const locked = await attempt(browser, OWNER, PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(problem(locked.body)).toBe(
      'Too many failed attempts to log in to this account. Try again in 5 minutes.',
    );
    clock.advance(5 * 60_000);
    const after = await attempt(browser, OWNER, PASSWORD);
    expect(after.statusCode).toBe(303);
    expect(after.headers.location).toBe('/portal/dashboard');
  });

  it('throttles an unknown email exactly like a known one, and leaves other accounts alone', async () => {
    const OWNER = uniqueEmail('owner');
    const NOBODY = uniqueEmail('nobody');
    const COLLEAGUE = uniqueEmail('colleague');
    const clock = new ManualClock('2026-05-04T09:00:00Z');
    t = await createTestApp({ clock });
    await new PortalClient(t.app).signUp(OWNER);
    await new PortalClient(t.app).signUp(COLLEAGUE, 'Other Ltd');
    const browser = new PortalClient(t.app);
    const statuses = async (email: string) => {
      const out: number[] = [];
      for (let i = 0; i < 4; i++) out.push((await attempt(browser, email, 'wrong guess')).statusCode);
      return out;
    };
    expect(await statuses(OWNER)).toEqual([401, 401, 401, 429]);
    expect(await statuses(NOBODY)).toEqual([401, 401, 401, 429]);
    expect((await attempt(browser, COLLEAGUE, PASSWORD)).statusCode).toBe(303);
  });

  it('forgives earlier failures after a successful log-in', async () => {
    const OWNER = uniqueEmail('owner');
    const clock = new ManualClock('2026-05-04T09:00:00Z');
    t = await createTestApp({ clock });
    await new PortalClient(t.app).signUp(OWNER);
    const browser = new PortalClient(t.app);
    for (let i = 0; i < 3; i++) await attempt(browser, OWNER, 'wrong guess');
    clock.advance(1000);
    expect((await attempt(browser, OWNER, PASSWORD)).statusCode).toBe(303);
    const fresh = new PortalClient(t.app);
    expect((await attempt(fresh, OWNER, 'one slip')).statusCode).toBe(401);
    expect((await attempt(fresh, OWNER, PASSWORD)).statusCode).toBe(303);
  });
});

describe('the throttle policy', () => {
  const at = 1_000_000;
  it('allows attempts until the free failures are used', () => {
    expect(judge(undefined, at)).toEqual({ allowed: true });
    expect(judge({ failures: 2, lastFailureAt: at }, at)).toEqual({ allowed: true });
  });

  it('waits 1 s after the third failure, doubling to a minute, then locks for 15 minutes', () => {
    expect(judge({ failures: 3, lastFailureAt: at }, at)).toEqual({
      allowed: false,
      retryAfterMs: 1000,
      locked: false,
    });
    expect(judge({ failures: 3, lastFailureAt: at }, at + 1000)).toEqual({ allowed: true });
    expect(judge({ failures: 9, lastFailureAt: at }, at)).toMatchObject({
      retryAfterMs: 60_000,
      locked: false,
    });
    expect(judge({ failures: 10, lastFailureAt: at }, at + 60_000)).toEqual({
      allowed: false,
      retryAfterMs: 14 * 60_000,
      locked: true,
    });
    expect(judge({ failures: 10, lastFailureAt: at }, at + 15 * 60_000)).toEqual({ allowed: true });
  });
});
