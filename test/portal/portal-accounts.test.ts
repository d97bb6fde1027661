import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { PortalClient, uniqueEmail } from './portal-client.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function organisationOf(app: TestApp, email: string) {
  const user = await app.app.services.portal.users.findByEmail(email);
  return (await app.app.services.accounts.organisation(user!.organisation_id))!;
}

/** A counted API call: a live key's request that the API answers with 400 still costs quota. */
function countedCall(app: TestApp, key: string) {
  return app.call(key, { method: 'GET', url: '/v1/verify-carrier?registration_number=NOT-A-NUMBER' });
}

describe('sign-up', () => {
  it('creates the organisation on the free plan with its owner, password hashed with argon2id', async () => {
    t = await createTestApp();
    const email = uniqueEmail('owner');
    await new PortalClient(t.app).signUp(email.toUpperCase(), '  Acme   Waste Ltd ');
    const user = await t.app.services.portal.users.findByEmail(email);
    expect(user).toMatchObject({ email, role: 'owner' });
    expect(user!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await organisationOf(t, email)).toMatchObject({ name: 'Acme Waste Ltd', plan: 'free' });
  });

  it('refuses a short password, a bad email and a blank name, naming each field, and stores nothing', async () => {
    t = await createTestApp();
    const browser = new PortalClient(t.app);
    await browser.get('/portal/signup');
    const res = await browser.post('/portal/signup', {
      organisation_name: '   ',
      email: 'not-an-email',
      password: 'elevenchars',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Enter your organisation’s name.');
    expect(res.body).toContain('Enter an email address like name@example.com.');
    expect(res.body).toContain('Use at least 12 characters for your password.');
    expect(res.body).toContain('value="not-an-email"'); // kept, so the user can correct it
    expect(res.body).not.toContain('elevenchars'); // a password is never echoed back
    const orgs = await t.db.kysely.selectFrom('organisations').select('id').execute();
    expect(orgs).toEqual([]);
  });

  it('refuses an email that already has an account', async () => {
    t = await createTestApp();
    const email = uniqueEmail('owner');
    await new PortalClient(t.app).signUp(email);
    const second = new PortalClient(t.app);
    await second.get('/portal/signup');
    const res = await second.post('/portal/signup', {
      organisation_name: 'Copycat Ltd',
      email,
      password: 'another long password',
    });
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain('An account with this email already exists.');
    const orgs = await t.db.kysely.selectFrom('organisations').select('name').execute();
    expect(orgs.map((o) => o.name)).toEqual(['Acme Waste Ltd']);
  });
});

describe('API keys in the portal', () => {
  it('shows a new key once, and the CLI-visible store holds only its hash', async () => {
    t = await createTestApp();
    const email = uniqueEmail('owner');
    const browser = new PortalClient(t.app);
    await browser.signUp(email);
    await browser.get('/portal/keys');
    const created = await browser.post('/portal/keys', { name: 'Staging', mode: 'test' });
    expect(created.statusCode).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const secret = /value="(wcs_test_[0-9A-Za-z]{40})"/.exec(created.body)?.[1];
    expect(secret).toBeDefined();
    expect(created.body).toContain(`-H &quot;Authorization: Bearer ${secret}&quot;`);
    expect(created.body).toContain('/v1/account');

    const list = await browser.get('/portal/keys');
    expect(list.body).toContain('Staging');
    expect(list.body).toContain(secret!.slice(0, 13));
    expect(list.body).not.toContain(secret);
    const [row] = await t.app.services.accounts.keys((await organisationOf(t, email)).id);
    expect(row).toMatchObject({ name: 'Staging', mode: 'test', revoked_at: null });
    expect(JSON.stringify(row)).not.toContain(secret);
  });

  it('refuses a key without a name or mode, and creates none', async () => {
    t = await createTestApp();
    const email = uniqueEmail('owner');
    const browser = new PortalClient(t.app);
    await browser.signUp(email);
    await browser.get('/portal/keys');
    const res = await browser.post('/portal/keys', { name: ' ', mode: 'production' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Enter a name for the key.');
    expect(res.body).toContain('Choose test or live.');
    expect(await t.app.services.accounts.keys((await organisationOf(t, email)).id)).toEqual([]);
  });

  it('revokes after confirmation: the API refuses the key at once', async () => {
    t = await createTestApp();
    const email = uniqueEmail('owner');
    const browser = new PortalClient(t.app);
    await browser.signUp(email);
    const secret = await browser.createKey('ERP', 'live');
    expect((await t.call(secret, { method: 'GET', url: '/v1/account' })).statusCode).toBe(200);

    const [key] = await t.app.services.accounts.keys((await organisationOf(t, email)).id);
    const confirm = await browser.get(`/portal/keys/${key.id}/revoke`);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain('Revoke “ERP”?');
    const done = await browser.post(`/portal/keys/${key.id}/revoke`);
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/portal/keys?done=revoked');

    const refused = await t.call(secret, { method: 'GET', url: '/v1/account' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('INVALID_API_KEY');
    const list = await browser.get('/portal/keys?done=revoked');
    expect(list.body).toContain('Key revoked.');
    expect(list.body).toContain('status--revoked');
  });
});

describe('one organisation never sees another', () => {
  it("hides another organisation's keys and usage, and cannot revoke them", async () => {
    t = await createTestApp();
    const alice = new PortalClient(t.app);
    const aliceEmail = uniqueEmail('alice');
    await alice.signUp(aliceEmail, 'Alice Skips Ltd');
    const aliceKey = await alice.createKey('Alice production', 'live');
    for (let i = 0; i < 3; i++) expect((await countedCall(t, aliceKey)).statusCode).toBe(400);
    const [aliceRow] = await t.app.services.accounts.keys((await organisationOf(t, aliceEmail)).id);

    const bob = new PortalClient(t.app);
    await bob.signUp(uniqueEmail('bob'), 'Bob Haulage Ltd');
    await bob.createKey('Bob test', 'test');
    const keys = await bob.get('/portal/keys');
    expect(keys.body).toContain('Bob test');
    expect(keys.body).not.toContain('Alice production');
    expect(keys.body).not.toContain(aliceRow.display_prefix);

    const dashboard = await bob.get(`/portal/dashboard?key=${aliceRow.id}`);
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.body).not.toContain('Alice');
    expect(dashboard.body).not.toContain(aliceRow.display_prefix);
    expect(dashboard.body).not.toContain('3 of 50');

    expect((await bob.get(`/portal/keys/${aliceRow.id}/revoke`)).statusCode).toBe(404);
    expect((await bob.post(`/portal/keys/${aliceRow.id}/revoke`)).statusCode).toBe(404);
    expect((await t.call(aliceKey, { method: 'GET', url: '/v1/account' })).statusCode).toBe(200);
    expect((await alice.get('/portal/dashboard')).body).toContain('3 of 50');
  });
});

describe('dashboard', () => {
  it("shows the plan, this cycle's calls against the limit, and calls per day for a live key", async () => {
    const clock = new ManualClock('2026-05-04T09:00:00Z');
    t = await createTestApp({ clock });
    const browser = new PortalClient(t.app);
    const email = uniqueEmail('owner');
    await browser.signUp(email);
    const live = await browser.createKey('ERP', 'live');
    await browser.createKey('Sandbox', 'test');
    for (let i = 0; i < 4; i++) await countedCall(t, live);
    clock.set('2026-05-05T10:00:00Z');
    for (let i = 0; i < 2; i++) await countedCall(t, live);
    expect((await browser.logIn(email)).statusCode).toBe(303); // a day later: the session has expired

    const res = await browser.get('/portal/dashboard');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Free');
    expect(res.body).toContain('50 calls a month and 10 requests a minute');
    expect(res.body).toContain('6 of 50');
    expect(res.body).toMatch(/<td class="num">44<\/td>/);
    expect(res.body).toContain('Never counted'); // the test key
    expect(res.body).toContain('4 May: 4 calls');
    expect(res.body).toContain('5 May: 2 calls');
    expect(res.body).toContain('Monthly counts reset on');
    expect(res.body).toContain('1 June 2026');
  });

  it('invites a new organisation to create its first key', async () => {
    t = await createTestApp();
    const browser = new PortalClient(t.app);
    await browser.signUp(uniqueEmail('owner'));
    const res = await browser.get('/portal/dashboard');
    expect(res.body).toContain('No API keys yet');
    expect(res.body).toContain('href="/portal/keys#create"');
  });
});

describe('plan changes', () => {
  it('moves to a self-serve plan, records when, and the API sees the new limits at once', async () => {
    const clock = new ManualClock('2026-05-04T09:00:00Z');
    t = await createTestApp({ clock });
    const email = uniqueEmail('owner');
    const browser = new PortalClient(t.app);
    await browser.signUp(email);
    const key = await browser.createKey('ERP', 'live');
    expect((await t.call(key, { method: 'GET', url: '/v1/account' })).json().organisation.plan).toBe('free');

    clock.set('2026-05-06T14:30:00Z');
    await browser.logIn(email);
    await browser.get('/portal/plan');
    const res = await browser.post('/portal/plan', { plan: 'starter' });
    expect(res.statusCode).toBe(303);
    const organisation = await organisationOf(t, email);
    expect(organisation).toMatchObject({ plan: 'starter', plan_changed_at: '2026-05-06T14:30:00.000Z' });
    const changes = await t.app.services.portal.planChanges(organisation.id);
    expect(changes).toMatchObject([
      {
        from_plan: 'free',
        to_plan: 'starter',
        changed_at: '2026-05-06T14:30:00.000Z',
        changed_by: expect.stringMatching(/^portal user usr_/),
      },
    ]);
    expect((await t.call(key, { method: 'GET', url: '/v1/account' })).json().organisation.plan).toBe(
      'starter',
    );

    const page = await browser.get('/portal/plan?done=plan');
    expect(page.body).toContain('Your plan has been changed.');
    expect(page.body).toContain('<time datetime="2026-05-06T14:30:00.000Z">6 May 2026, 15:30</time>');
  });

  it('does not self-serve enterprise: it shows how to get in touch and changes nothing', async () => {
    t = await createTestApp({ env: { ENTERPRISE_CONTACT_EMAIL: 'sales@example.com' } });
    const email = uniqueEmail('owner');
    const browser = new PortalClient(t.app);
    await browser.signUp(email);
    const page = await browser.get('/portal/plan');
    expect(page.body).toContain('href="mailto:sales@example.com?subject=');
    expect(page.body).not.toContain('value="enterprise"');
    const res = await browser.post('/portal/plan', { plan: 'enterprise' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('For Enterprise, get in touch by email.');
    const organisation = await organisationOf(t, email);
    expect(organisation.plan).toBe('free');
    expect(await t.app.services.portal.planChanges(organisation.id)).toEqual([]);
  });

  it('without a configured enterprise contact, points to the operator instead of a made-up address', async () => {
    t = await createTestApp();
    const browser = new PortalClient(t.app);
    await browser.signUp(uniqueEmail('owner'));
    const page = await browser.get('/portal/plan');
    expect(page.body).not.toContain('mailto:');
    expect(page.body).toContain('Contact the operator of this service.');
  });
});
