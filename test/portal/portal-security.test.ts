import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { PortalClient, uniqueEmail } from './portal-client.ts';

const ATTACKER = uniqueEmail('attacker');
const FORGED = uniqueEmail('forged');
const OWNER = uniqueEmail('owner');
const SECURE = uniqueEmail('secure');
const VICTIM = uniqueEmail('victim');

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function usersNamed(app: TestApp, email: string): Promise<number> {
  const rows = await app.db.kysely
    .selectFrom('portal_users')
    .select('id')
    .where('email', '=', email)
    .execute();
  return rows.length;
}

describe('CSRF protection', () => {
  it('refuses a sign-up without the form token and creates nothing', async () => {
    t = await createTestApp();
    const browser = new PortalClient(t.app);
    await browser.get('/portal/signup');
    const res = await browser.post('/portal/signup', {
      _csrf: '',
      organisation_name: 'Forged Ltd',
      email: FORGED,
      password: 'a long enough password',
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('This form has expired');
    expect(await usersNamed(t, FORGED)).toBe(0);
  });

  it("refuses a form carrying another browser's token", async () => {
    t = await createTestApp();
    const victim = new PortalClient(t.app);
    await victim.signUp(VICTIM);
    await victim.createKey('first');
    const attacker = new PortalClient(t.app);
    await attacker.get('/portal/login');

    // The attacker's page token is valid for the attacker's CSRF cookie, not for the victim's.
    await victim.get('/portal/keys');
    const res = await victim.post('/portal/keys', { _csrf: attacker.token, name: 'planted', mode: 'live' });
    expect(res.statusCode).toBe(403);
    const keys = await t.app.services.accounts.keys(
      (await t.app.services.portal.users.findByEmail(VICTIM))!.organisation_id,
    );
    expect(keys.map((k) => k.name)).toEqual(['first']);
  });

  it('refuses a revocation and a log-out sent without a token', async () => {
    t = await createTestApp();
    const browser = new PortalClient(t.app);
    await browser.signUp(OWNER);
    const secret = await browser.createKey('keep me', 'live');
    const [key] = await t.app.services.accounts.keys(
      (await t.app.services.portal.users.findByEmail(OWNER))!.organisation_id,
    );
    expect((await browser.post(`/portal/keys/${key.id}/revoke`, { _csrf: 'nope' })).statusCode).toBe(403);
    expect((await t.call(secret, { method: 'GET', url: '/v1/account' })).statusCode).toBe(200);
    expect((await browser.post('/portal/logout', { _csrf: '' })).statusCode).toBe(403);
    expect((await browser.get('/portal/dashboard')).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('issues a new session id at log-in, so an id planted beforehand never reaches the account', async () => {
    t = await createTestApp();
    await new PortalClient(t.app).signUp(VICTIM, 'Victim Ltd');
    // The attacker holds a valid session of their own and plants its id in the victim's browser.
    const attacker = new PortalClient(t.app);
    await attacker.signUp(ATTACKER, 'Attacker Ltd');
    const planted = attacker.cookies.get('wcs_session')!;

    const victim = new PortalClient(t.app);
    victim.cookies.set('wcs_session', planted);
    await victim.get('/portal/dashboard');
    const login = await victim.post('/portal/login', { email: VICTIM, password: 'a long enough password' });
    expect(login.statusCode).toBe(303);
    expect(victim.cookies.get('wcs_session')).toBeDefined();
    expect(victim.cookies.get('wcs_session')).not.toBe(planted);
    expect((await victim.get('/portal/dashboard')).body).toContain('Victim Ltd');

    const res = await attacker.get('/portal/dashboard');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(/^\/portal\/login/);
  });

  it('never accepts a session id the server did not issue', async () => {
    t = await createTestApp();
    const browser = new PortalClient(t.app);
    browser.cookies.set('wcs_session', 'chosen-by-the-client-0123456789abcdef');
    const res = await browser.get('/portal/dashboard');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/portal/login?done=expired');
  });

  it('ends the previous session when the same browser logs in again', async () => {
    t = await createTestApp();
    const browser = new PortalClient(t.app);
    await browser.signUp(OWNER);
    const first = browser.cookies.get('wcs_session')!;
    await browser.get('/portal/dashboard'); // a page with a form, for its token
    const again = await browser.post('/portal/login', { email: OWNER, password: 'a long enough password' });
    expect(again.statusCode).toBe(303);
    expect(browser.cookies.get('wcs_session')).not.toBe(first);

    const replay = new PortalClient(t.app);
    replay.cookies.set('wcs_session', first);
    expect((await replay.get('/portal/dashboard')).statusCode).toBe(303);
  });

  it('sets HttpOnly, SameSite cookies; Secure with the __Host- prefix when served over HTTPS', async () => {
    t = await createTestApp();
    const plain = await new PortalClient(t.app).get('/portal/signup');
    const csrf = plain.cookies.find((c) => c.name === 'wcs_csrf') as Record<string, unknown>;
    expect(csrf).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(csrf.secure).toBeFalsy();
    await t.close();

    t = await createTestApp({ env: { PUBLIC_URL: 'https://wcs.example.org' } });
    const browser = new PortalClient(t.app);
    await browser.get('/portal/signup');
    const res = await browser.post('/portal/signup', {
      organisation_name: 'Secure Ltd',
      email: SECURE,
      password: 'a long enough password',
    });
    const session = res.cookies.find((c) => c.name === '__Host-wcs_session') as Record<string, unknown>;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: true, path: '/' });
    expect(res.cookies.some((c) => c.name === 'wcs_session')).toBe(false);
  });

  it('logs out: the session cookie no longer opens any page', async () => {
    t = await createTestApp();
    const browser = new PortalClient(t.app);
    await browser.signUp(OWNER);
    const token = browser.cookies.get('wcs_session')!;
    await browser.get('/portal/dashboard');
    const out = await browser.post('/portal/logout');
    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toBe('/portal/login?done=logged-out');
    expect(browser.cookies.has('wcs_session')).toBe(false);

    const stale = new PortalClient(t.app);
    stale.cookies.set('wcs_session', token);
    expect((await stale.get('/portal/keys')).headers.location).toBe('/portal/login?done=expired');
  });

  it('expires a session after two idle hours but keeps an active one alive', async () => {
    const clock = new ManualClock('2026-05-04T09:00:00Z');
    t = await createTestApp({ clock });
    const browser = new PortalClient(t.app);
    await browser.signUp(OWNER);
    clock.advance(90 * 60_000);
    expect((await browser.get('/portal/dashboard')).statusCode).toBe(200);
    clock.advance(90 * 60_000); // 3 h after log-in, but only 1.5 h after the last page
    expect((await browser.get('/portal/dashboard')).statusCode).toBe(200);
    clock.advance(2 * 3_600_000 + 1000);
    const res = await browser.get('/portal/dashboard');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/portal/login?done=expired');
  });
});

describe('the portal scope', () => {
  it('leaves /v1 JSON-only: a form-encoded body is refused in the error envelope', async () => {
    t = await createTestApp();
    const { key } = await t.newKey({ mode: 'test' });
    const res = await t.call(key, {
      method: 'POST',
      url: '/v1/verify-carrier',
      payload: 'registration_number=CBDU1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().error.code).toBe('INVALID_REQUEST');
  });

  it('sends security headers, keeps portal routes out of the API reference, and has an HTML 404', async () => {
    t = await createTestApp();
    const page = await t.app.inject({ method: 'GET', url: '/portal/login' });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['cache-control']).toBe('no-store');
    const openapi = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(Object.keys(openapi.paths).filter((p) => p.startsWith('/portal'))).toEqual([]);
    const missing = await t.app.inject({ method: 'GET', url: '/portal/nowhere' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Page not found');
  });

  it('answers a malformed form with a 400 page, never a 500', async () => {
    t = await createTestApp();
    const browser = new PortalClient(t.app);
    await browser.get('/portal/login');
    const repeated = await t.app.inject({
      method: 'POST',
      url: '/portal/login',
      payload: `_csrf=${browser.token}&email=a@b.co&email=c@d.co&password=x`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.body).toContain('We could not read that form');
    const huge = await browser.post('/portal/login', { email: 'x'.repeat(20_000), password: 'y' });
    expect(huge.statusCode).toBe(413);
  });
});
