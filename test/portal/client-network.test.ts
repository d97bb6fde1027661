import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.ts';
import { clientNetwork } from '../../src/portal/client-address.ts';
import { CLIENT_POLICY, THROTTLE_POLICY } from '../../src/portal/login-throttle.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { attempt, PortalClient, problem, uniqueAddress, uniqueEmail } from './portal-client.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const PASSWORD = 'a long enough password';
const { maxFailures } = CLIENT_POLICY;

/** A /64 of its own, as `prefix::host`. */
function uniquePrefix(): string {
  return `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
}

describe('failed log-ins per client network (password spraying)', () => {
  it('refuses a network that has failed across many emails, whichever email it tries next', async () => {
    const clock = new ManualClock('2026-05-04T09:00:00Z');
    t = await createTestApp({ clock });
    const OWNER = uniqueEmail('owner');
    await new PortalClient(t.app).signUp(OWNER);
    // The attack that went through: three guesses at each of twenty emails, under every email's limit.
    const targets = Array.from({ length: 20 }, (_, i) => uniqueEmail(`target${i}`));
    const sprayer = new PortalClient(t.app);
    const statuses: number[] = [];
    for (let round = 0; round < 3; round++) {
      for (const email of targets)
        statuses.push((await attempt(sprayer, email, `guess ${round}`)).statusCode);
    }
    expect(statuses.slice(0, maxFailures)).toEqual(Array(maxFailures).fill(401));
    expect(statuses.slice(maxFailures)).toEqual(Array(60 - maxFailures).fill(429));

    const refused = await attempt(sprayer, OWNER, PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('900');
    expect(problem(refused.body)).toBe(
      'Too many failed attempts to log in from your network. Try again in 15 minutes.',
    );
    // Other networks are not held back, and the window slides on.
    expect((await attempt(new PortalClient(t.app), OWNER, PASSWORD)).statusCode).toBe(303);
    clock.advance(CLIENT_POLICY.windowMs);
    expect((await attempt(sprayer, OWNER, PASSWORD)).statusCode).toBe(303);
  });

  it('does not let a log-in to one valid account wipe the network’s failures', async () => {
    t = await createTestApp();
    const ATTACKER = uniqueEmail('attacker');
    await new PortalClient(t.app).signUp(ATTACKER, 'Attacker Ltd');
    const sprayer = new PortalClient(t.app);
    for (let i = 0; i < maxFailures - 1; i++) {
      expect((await attempt(sprayer, uniqueEmail(`target${i}`), 'guess')).statusCode).toBe(401);
    }
    expect((await attempt(sprayer, ATTACKER, PASSWORD)).statusCode).toBe(303);
    await sprayer.get('/portal/dashboard');
    await sprayer.post('/portal/logout');
    expect((await attempt(sprayer, uniqueEmail('one-more'), 'guess')).statusCode).toBe(401);
    expect((await attempt(sprayer, uniqueEmail('too-many'), 'guess')).statusCode).toBe(429);
  });

  it('counts an IPv6 client by its /64, and ignores X-Forwarded-For when no proxy is trusted', async () => {
    t = await createTestApp();
    const prefix = uniquePrefix();
    const statuses: number[] = [];
    for (let i = 1; i <= maxFailures + 1; i++) {
      // A new address in the same /64 each time, each claiming to forward for someone else.
      const browser = new PortalClient(t.app, {
        address: `${prefix}::${i.toString(16)}`,
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
      });
      statuses.push((await attempt(browser, uniqueEmail(`target${i}`), 'guess')).statusCode);
    }
    expect(statuses).toEqual([...Array(maxFailures).fill(401), 429]);
  });

  it('behind a trusted proxy (TRUST_PROXY), counts each client by the address the proxy reports', async () => {
    const proxy = uniqueAddress();
    t = await createTestApp({ env: { TRUST_PROXY: proxy } });
    const viaProxy = (client: string) =>
      new PortalClient(t!.app, { address: proxy, headers: { 'x-forwarded-for': client } });
    const sprayer = viaProxy(`${uniquePrefix()}::1`);
    for (let i = 0; i < maxFailures; i++) await attempt(sprayer, uniqueEmail(`target${i}`), 'guess');
    expect((await attempt(sprayer, uniqueEmail('next'), 'guess')).statusCode).toBe(429);
    // Another client behind the same load balancer is its own network.
    expect((await attempt(viaProxy(`${uniquePrefix()}::1`), uniqueEmail('x'), 'guess')).statusCode).toBe(401);
  });
});

describe('a burst of parallel guesses', () => {
  it('lets no more through than one guess after another would', async () => {
    t = await createTestApp({ clock: new ManualClock('2026-05-04T09:00:00Z') });
    const VICTIM = uniqueEmail('victim');
    await new PortalClient(t.app).signUp(VICTIM);
    const guessers = Array.from({ length: 12 }, () => new PortalClient(t!.app));
    await Promise.all(guessers.map((g) => g.get('/portal/login')));
    const answers = await Promise.all(
      guessers.map((g, i) => g.post('/portal/login', { email: VICTIM, password: `guess ${i}` })),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    const free = THROTTLE_POLICY.freeFailures;
    expect(statuses).toEqual([...Array(free).fill(401), ...Array(12 - free).fill(429)]);
  });
});

describe('the client network', () => {
  it('is the IPv4 address, or the /64 of an IPv6 one', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:db8:1:2::9')).toBe(clientNetwork('2001:db8:1:2:ffff::1'));
  });
});
