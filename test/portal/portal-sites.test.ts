import { afterEach, describe, expect, it } from 'vitest';
import type { Site } from '../../src/receipts/site-types.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { PortalClient, problem, uniqueEmail } from './portal-client.ts';

/** DEFRA's published dummy API code for its test environment (docs/dwt.md). */
const API_CODE = '1f83215e-4b90-4785-9ab2-2614839aa2e9';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const SITE = {
  mode: 'live',
  name: 'Testtown Transfer Station',
  full_address: '1 Quarry Lane\nTesttown',
  postcode: 'tc12ab',
  authorisation_numbers: 'EPR/AB1234CD, wml123456\nWPPC 12/34',
  dwt_api_code: API_CODE,
  email: 'gate@testtown.co.uk',
  phone: '',
};

async function signedIn(app: TestApp, organisation = 'Acme Waste Ltd') {
  const email = uniqueEmail('owner');
  const browser = new PortalClient(app.app);
  await browser.signUp(email, organisation);
  const user = await app.app.services.portal.users.findByEmail(email);
  return { browser, organisationId: user!.organisation_id };
}

async function addSite(browser: PortalClient, form: Record<string, string> = {}) {
  await browser.get('/portal/sites');
  return browser.post('/portal/sites', { ...SITE, ...form });
}

async function sitesOf(app: TestApp, organisationId: string): Promise<Site[]> {
  const scope = (mode: 'live' | 'test') => ({ organisationId, mode });
  const sites = app.app.services.sites;
  return [...(await sites.list(scope('live'), true)), ...(await sites.list(scope('test'), true))];
}

/** One mode's section of the page: its heading to the next section. */
function section(body: string, mode: 'live' | 'test'): string {
  const start = body.indexOf(`id="${mode}-sites"`);
  return body.slice(start, body.indexOf('</section>', start));
}

/** The form field holding the input or textarea `name`: its label, hint, error and control. */
function field(body: string, name: string): string {
  const control = body.search(new RegExp(`<(input|textarea) id="${name}"`));
  const start = body.lastIndexOf('<div class="field', control);
  return body.slice(start, body.indexOf('</div>', control));
}

describe('receiving sites in the portal', () => {
  it('adds a site and lists it under its mode, the same site the API returns', async () => {
    t = await createTestApp();
    const { browser } = await signedIn(t);
    const added = await addSite(browser);
    expect(added.statusCode).toBe(303);
    expect(added.headers.location).toBe('/portal/sites?done=site-added');

    const page = await browser.get(added.headers.location as string);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Site added.');
    const live = section(page.body, 'live');
    expect(live).toContain('Testtown Transfer Station');
    expect(live).toContain('1 Quarry Lane, Testtown<br>TC1 2AB');
    expect(live).toContain('<li>EPR/AB1234CD</li><li>WML123456</li><li>WPPC 12/34</li>');
    expect(live).toContain(API_CODE);
    expect(live).toContain('gate@testtown.co.uk');
    expect(live).toContain('Active');
    expect(section(page.body, 'test')).toContain('No test sites yet.');

    const key = await browser.createKey('ERP', 'live');
    const api = await t.call(key, { method: 'GET', url: '/v1/sites' });
    const [site] = (api.json() as { data: Site[] }).data;
    expect(site).toMatchObject({
      name: 'Testtown Transfer Station',
      address: { full_address: '1 Quarry Lane, Testtown', postcode: 'TC1 2AB' },
      authorisation_numbers: ['EPR/AB1234CD', 'WML123456', 'WPPC 12/34'],
      dwt_api_code: API_CODE,
      email: 'gate@testtown.co.uk',
      archived: false,
    });
    expect(site).not.toHaveProperty('phone');
    expect(live).toContain(site.id); // the id receipts name
  });

  it('is linked from the portal navigation', async () => {
    t = await createTestApp();
    const { browser } = await signedIn(t);
    expect((await browser.get('/portal/dashboard')).body).toContain('<a href="/portal/sites">Sites</a>');
    expect((await browser.get('/portal/sites')).body).toContain(
      '<a href="/portal/sites" aria-current="page">Sites</a>',
    );
  });

  it('shows a permit number DWT would refuse next to its field, keeps the input and stores nothing', async () => {
    t = await createTestApp();
    const { browser, organisationId } = await signedIn(t);
    const permits = 'EPR/AB1234CD\nNOT-A-PERMIT';
    const res = await addSite(browser, { authorisation_numbers: permits });
    expect(res.statusCode).toBe(400);
    const message =
      'Permit number “NOT-A-PERMIT” is not in a format DWT accepts. Enter it as written on the permit, for example EPR/AB1234CD or WML123456.';
    expect(problem(res.body)).toBe(message);
    const permitField = field(res.body, 'authorisation_numbers');
    expect(permitField).toContain(`<span class="visually-hidden">Error:</span> ${message}`);
    expect(permitField).toContain('aria-invalid="true"');
    expect(permitField).toContain(`>${permits}</textarea>`);
    expect(field(res.body, 'name')).toContain('value="Testtown Transfer Station"');
    expect(field(res.body, 'dwt_api_code')).toContain(`value="${API_CODE}"`);
    expect(res.body).toMatch(/id="site-mode-live" name="mode" value="live" checked/);
    expect(await sitesOf(t, organisationId)).toEqual([]);
  });

  it('names every field the form cannot send, in words, and stores nothing', async () => {
    t = await createTestApp();
    const { browser, organisationId } = await signedIn(t);
    const res = await addSite(browser, {
      mode: '',
      name: '  ',
      dwt_api_code: 'ABC-123',
      email: 'not an email',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Choose live or test.');
    expect(field(res.body, 'name')).toContain('Enter the site’s name.');
    expect(field(res.body, 'dwt_api_code')).toContain(
      `Enter the DWT API code exactly as DEFRA issued it, like ${API_CODE}.`,
    );
    expect(field(res.body, 'email')).toContain('Enter an email address like name@example.com.');
    expect(field(res.body, 'email')).toContain('value="not an email"');
    expect(await sitesOf(t, organisationId)).toEqual([]);
  });

  it('shows the postcode DWT would refuse next to the postcode', async () => {
    t = await createTestApp();
    const { browser, organisationId } = await signedIn(t);
    const res = await addSite(browser, { postcode: 'D02 X285' });
    expect(res.statusCode).toBe(400);
    expect(field(res.body, 'postcode')).toContain('Postcode must be a UK postcode such as TC1 2AB.');
    expect(field(res.body, 'postcode')).toContain('value="D02 X285"');
    expect(await sitesOf(t, organisationId)).toEqual([]);
  });

  it('archives a site: marked archived, no longer offered to the API, kept', async () => {
    t = await createTestApp();
    const { browser, organisationId } = await signedIn(t);
    await addSite(browser, { mode: 'test' });
    const [site] = await sitesOf(t, organisationId);
    const before = await browser.get('/portal/sites');
    expect(section(before.body, 'test')).toContain(`action="/portal/sites/${site.id}/archive"`);
    expect(section(before.body, 'test')).toContain('Archive<span class="visually-hidden"> Testtown');

    const done = await browser.post(`/portal/sites/${site.id}/archive`);
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/portal/sites?done=site-archived');
    const after = await browser.get('/portal/sites?done=site-archived');
    expect(after.body).toContain('Site archived.');
    const test = section(after.body, 'test');
    expect(test).toContain('Testtown Transfer Station');
    expect(test).toContain('Archived');
    expect(test).not.toContain('/archive"');

    const key = await browser.createKey('Staging', 'test');
    const listed = await t.call(key, { method: 'GET', url: '/v1/sites' });
    expect((listed.json() as { data: Site[] }).data).toEqual([]);
    const kept = await t.call(key, { method: 'GET', url: `/v1/sites/${site.id}` });
    expect(kept.json()).toMatchObject({ id: site.id, archived: true });
  });

  it('refuses an archive sent without the form token', async () => {
    t = await createTestApp();
    const { browser, organisationId } = await signedIn(t);
    await addSite(browser);
    const [site] = await sitesOf(t, organisationId);
    const res = await browser.post(`/portal/sites/${site.id}/archive`, { _csrf: 'forged' });
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('This form has expired');
    expect((await sitesOf(t, organisationId))[0].archived).toBe(false);
  });

  it("never shows or archives another organisation's site", async () => {
    t = await createTestApp();
    const owner = await signedIn(t, 'Acme Waste Ltd');
    await addSite(owner.browser);
    const [site] = await sitesOf(t, owner.organisationId);

    const other = await signedIn(t, 'Other Skips Ltd');
    const page = await other.browser.get('/portal/sites');
    expect(page.body).not.toContain('Testtown Transfer Station');
    expect(page.body).not.toContain(site.id);
    const res = await other.browser.post(`/portal/sites/${site.id}/archive`);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Site not found');
    expect((await sitesOf(t, owner.organisationId))[0].archived).toBe(false);
  });

  it('sends a signed-out visitor to log in, and stores nothing they post', async () => {
    t = await createTestApp();
    const browser = new PortalClient(t.app);
    const page = await browser.get('/portal/sites');
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe('/portal/login');
    await browser.get('/portal/login'); // a form token, as a real page would have given
    const post = await browser.post('/portal/sites', SITE);
    expect(post.statusCode).toBe(303);
    expect(post.headers.location).toBe('/portal/login');
    const rows = await t.db.kysely.selectFrom('receiving_sites').select('id').execute();
    expect(rows).toEqual([]);
  });

  it('shows a site name containing markup as text', async () => {
    t = await createTestApp();
    const { browser } = await signedIn(t);
    await addSite(browser, { name: '<img src=x onerror=alert(1)>' });
    const page = await browser.get('/portal/sites');
    expect(page.body).not.toContain('<img src=x');
    expect(section(page.body, 'live')).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
