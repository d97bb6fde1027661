import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.ts';
import { THROTTLE_POLICY } from '../../src/portal/login-throttle.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { attempt, PortalClient, problem, uniqueEmail } from './portal-client.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const PASSWORD = 'a long enough password';

/** Fails on purpose until the email is locked, waiting as told between tries (as a patient attacker). */
async function lockOut(attacker: PortalClient, email: string, clock: ManualClock): Promise<void> {
  for (let failures = 0; failures < THROTTLE_POLICY.lockAfterFailures; ) {
    const res = await attempt(attacker, email, `wrong ${failures}`);
    if (res.statusCode === 401) failures++;
    else clock.advance(Number(res.headers['retry-after']) * 1000);
  }
  const locked = await attempt(attacker, email, 'wrong again');
  expect(locked.statusCode).toBe(429);
  expect(problem(locked.body)).toBe(
    'Too many failed attempts to log in to this account. Try again in 15 minutes.',
  );
}

async function signedUpAndOut(app: TestApp, email: string): Promise<PortalClient> {
  const browser = new PortalClient(app.app);
  await browser.signUp(email);
  await browser.get('/portal/dashboard');
  await browser.post('/portal/logout');
  return browser;
}

describe('an attacker cannot keep the owner out', () => {
  it('lets the owner in from a browser they have used before while the email is locked', async () => {
    const clock = new ManualClock('2026-05-04T09:00:00Z');
    t = await createTestApp({ clock });
    const OWNER = uniqueEmail('owner');
    const laptop = await signedUpAndOut(t, OWNER);
    await lockOut(new PortalClient(t.app), OWNER, clock);

    // A browser that never logged in is held by the lock, right password or not...
    expect((await attempt(new PortalClient(t.app), OWNER, PASSWORD)).statusCode).toBe(429);
    // ...but the owner's own browser is judged on its own record, and gets in.
    const res = await attempt(laptop, OWNER, PASSWORD);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/portal/dashboard');
  });

  it('judges a known browser on its own failures, apart from the email’s', async () => {
    const clock = new ManualClock('2026-05-04T09:00:00Z');
    t = await createTestApp({ clock });
    const OWNER = uniqueEmail('owner');
    const laptop = await signedUpAndOut(t, OWNER);
    for (let i = 0; i < THROTTLE_POLICY.freeFailures; i++) {
      expect((await attempt(laptop, OWNER, `typo ${i}`)).statusCode).toBe(401);
    }
    const slowed = await attempt(laptop, OWNER, PASSWORD);
    expect(slowed.statusCode).toBe(429);
    expect(problem(slowed.body)).toBe(
      'Too many failed attempts to log in to this account. Try again in 1 second.',
    );
    // The laptop's typos did not count against the email: another browser is not slowed.
    expect((await attempt(new PortalClient(t.app), OWNER, PASSWORD)).statusCode).toBe(303);
    clock.advance(1000);
    expect((await attempt(laptop, OWNER, PASSWORD)).statusCode).toBe(303);
  });

  it('trusts a browser only for the account it logged in to, and only with its latest cookie', async () => {
    const clock = new ManualClock('2026-05-04T09:00:00Z');
    t = await createTestApp({ clock });
    const OWNER = uniqueEmail('owner');
    const laptop = await signedUpAndOut(t, OWNER);
    const copied = laptop.cookies.get('wcs_device');
    expect(copied).toBeDefined();

    // The attacker's own account makes their browser trusted for that account, not for the owner's.
    const attacker = await signedUpAndOut(t, uniqueEmail('attacker'));
    await lockOut(attacker, OWNER, clock);

    // The owner logs in again: the device cookie is replaced, and a copy of the old one is worthless.
    expect((await attempt(laptop, OWNER, PASSWORD)).statusCode).toBe(303);
    expect(laptop.cookies.get('wcs_device')).not.toBe(copied);
    const thief = new PortalClient(t.app);
    thief.cookies.set('wcs_device', copied!);
    expect((await attempt(thief, OWNER, PASSWORD)).statusCode).toBe(429);
  });

  it('lets anyone with the right password in once the lock has run its 15 minutes', async () => {
    const clock = new ManualClock('2026-05-04T09:00:00Z');
    t = await createTestApp({ clock });
    const OWNER = uniqueEmail('owner');
    await new PortalClient(t.app).signUp(OWNER);
    await lockOut(new PortalClient(t.app), OWNER, clock);
    clock.advance(THROTTLE_POLICY.lockMs);
    expect((await attempt(new PortalClient(t.app), OWNER, PASSWORD)).statusCode).toBe(303);
  });
});

describe('the device cookie', () => {
  it('is HttpOnly, SameSite=Strict, lasts 90 days, and is Secure with __Host- over HTTPS', async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://wcs.example.org' } });
    const browser = new PortalClient(t.app);
    await browser.get('/portal/signup');
    const res = await browser.post('/portal/signup', {
      organisation_name: 'Secure Ltd',
      email: uniqueEmail('secure'),
      password: PASSWORD,
    });
    const device = res.cookies.find((c) => c.name === '__Host-wcs_device') as Record<string, unknown>;
    expect(device).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      secure: true,
      path: '/',
      maxAge: 90 * 86_400,
    });
  });
});
