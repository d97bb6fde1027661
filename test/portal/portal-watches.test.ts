import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { PortalClient, problem, uniqueEmail } from './portal-client.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function signedIn(app: TestApp, organisation = 'Acme Waste Ltd') {
  const email = uniqueEmail('owner');
  const browser = new PortalClient(app.app);
  await browser.signUp(email, organisation);
  const user = await app.app.services.portal.users.findByEmail(email);
  await browser.get('/portal/webhooks');
  return { browser, organisationId: user!.organisation_id };
}

/** The watches section of the page. */
const watchesOf = (body: string) => body.slice(body.indexOf('id="watches"'));

describe('carrier watches in the portal', () => {
  it('watches a carrier, shows its name, status and expiry from the register, and stops watching it', async () => {
    t = await createTestApp();
    const { browser, organisationId } = await signedIn(t);
    const added = await browser.post('/portal/webhooks/watches', {
      watch_mode: 'test',
      registration_number: 'cbdu 100002',
      label: 'Skips for the Poole depot',
    });
    expect(added.statusCode).toBe(303);
    const page = watchesOf((await browser.get(added.headers.location as string)).body);
    expect(page).toContain('CBDU100002');
    expect(page).toContain('Skips for the Poole depot');
    expect(page).toContain('Sandbox Skips Limited');
    expect(page).toContain('Expiring soon');
    expect(page).toMatch(/\(in 45 days\)/);

    const [watch] = (await t.app.services.monitoring.list({ organisationId, mode: 'test' }, {})).data;
    const removed = await browser.post(`/portal/webhooks/watches/${watch.id}/delete`);
    expect(removed.statusCode).toBe(303);
    expect(watchesOf((await browser.get('/portal/webhooks')).body)).not.toContain('CBDU100002');
    expect((await t.app.services.monitoring.list({ organisationId, mode: 'test' }, {})).data).toEqual([]);
  });

  it('explains a wrong number, a repeat and a missing mode beside the field, keeping what was typed', async () => {
    t = await createTestApp();
    const { browser } = await signedIn(t);
    const wrong = await browser.post('/portal/webhooks/watches', {
      watch_mode: 'test',
      registration_number: 'NOT-A-NUMBER',
      label: 'kept label',
    });
    expect(wrong.statusCode).toBe(400);
    expect(problem(wrong.body)).toMatch(/registration number/i);
    expect(wrong.body).toContain('value="NOT-A-NUMBER"');
    expect(wrong.body).toContain('value="kept label"');

    await browser.post('/portal/webhooks/watches', { watch_mode: 'test', registration_number: 'CBDU100001' });
    const again = await browser.post('/portal/webhooks/watches', {
      watch_mode: 'test',
      registration_number: 'CBDU100001',
    });
    expect(again.statusCode).toBe(400);
    expect(problem(again.body)).toMatch(/already watched/i);

    const noMode = await browser.post('/portal/webhooks/watches', { registration_number: 'CBDU100001' });
    expect(noMode.statusCode).toBe(400);
    expect(problem(noMode.body)).toBe('Choose live or test.');
  });

  it('never lets another organisation stop a watch, and refuses a form without its token', async () => {
    t = await createTestApp();
    const owner = await signedIn(t);
    await owner.browser.post('/portal/webhooks/watches', {
      watch_mode: 'test',
      registration_number: 'CBDU100001',
    });
    const [watch] = (
      await t.app.services.monitoring.list({ organisationId: owner.organisationId, mode: 'test' }, {})
    ).data;
    const other = await signedIn(t, 'Other Ltd');
    expect((await other.browser.post(`/portal/webhooks/watches/${watch.id}/delete`)).statusCode).toBe(404);
    const forged = await t.app.inject({
      method: 'POST',
      url: `/portal/webhooks/watches/${watch.id}/delete`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: [...owner.browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      payload: '',
    });
    expect(forged.statusCode).toBe(403);
    const still = await t.app.services.monitoring.list(
      { organisationId: owner.organisationId, mode: 'test' },
      {},
    );
    expect(still.data).toHaveLength(1);
  });
});
