import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.ts';
import type { WasteReceipt } from '../../src/receipts/receipt-schemas.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { receiptBody, siteBody } from '../receipts/receipt-app.ts';
import { PortalClient, problem, uniqueEmail } from './portal-client.ts';

/** Wednesday 25 November 2026, 10:00 in London: a receipt of Monday 23rd is due tonight. */
const NOW = '2026-11-25T10:00:00Z';

let t: TestApp;
let manager: { client: PortalClient; orgId: string; key: string };
let other: { client: PortalClient; orgId: string; key: string };
const made: Record<string, WasteReceipt> = {};

async function signedIn(organisation: string) {
  const email = uniqueEmail('site-manager');
  const client = new PortalClient(t.app);
  await client.signUp(email, organisation);
  const user = await t.app.services.portal.users.findByEmail(email);
  const orgId = user!.organisation_id;
  // A test key as the API sees it: receipts go to the DWT sandbox.
  const { key } = await t.newKey({ mode: 'test', orgId });
  return { client, orgId, key };
}

/** A receipt made through POST /v1/waste-receipts, once the worker has settled it in `status`. */
async function receipt(
  who: { key: string; orgId: string },
  siteId: string,
  receivedAt: string,
  yourReference: string,
  status: WasteReceipt['status'],
): Promise<WasteReceipt> {
  const body = receiptBody(siteId, { received_at: receivedAt, your_reference: yourReference });
  const res = await t.call(who.key, { method: 'POST', url: '/v1/waste-receipts', payload: body });
  if (res.statusCode !== 202) throw new Error(`receipt: ${res.statusCode} ${res.body}`);
  return settled(who, res.json().id, status);
}

async function settled(who: { orgId: string }, id: string, status: string): Promise<WasteReceipt> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const now = await current(who, id);
    if (now.status === status) return now;
    if (Date.now() > deadline) throw new Error(`receipt ${id} stayed ${now.status}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function site(who: { key: string }): Promise<string> {
  const res = await t.call(who.key, { method: 'POST', url: '/v1/sites', payload: siteBody() });
  return res.json().id;
}

/** One section of the page (its card), by id. */
function section(body: string, id: string): string {
  const start = body.indexOf(`<section class="card" aria-labelledby="${id}-title" id="${id}">`);
  return start < 0 ? '' : body.slice(start, body.indexOf('</section>', start));
}

/** The receipt as GET /v1/waste-receipts/{id} returns it (its service, so no key's rate limit applies). */
const current = (who: { orgId: string }, id: string) =>
  t.app.services.receipts.get({ organisationId: who.orgId, mode: 'test' }, id);

beforeAll(async () => {
  t = await createTestApp({
    clock: new ManualClock(NOW),
    env: { DWT_POLL_MS: '20', DWT_RETRY_BASE_MS: '50' },
  });
  manager = await signedIn('Testtown Transfer Ltd');
  const siteId = await site(manager);
  made.review = await receipt(manager, siteId, '2026-11-24T08:00:00Z', 'DWT-UNKNOWN', 'needs_review');
  made.again = await receipt(manager, siteId, '2026-11-24T08:30:00Z', 'DWT-UNKNOWN', 'needs_review');
  made.overdue = await receipt(manager, siteId, '2026-11-18T09:00:00Z', 'DWT-REJECT', 'rejected');
  made.dueSoon = await receipt(manager, siteId, '2026-11-23T09:15:00Z', 'DWT-REJECT', 'rejected');
  made.done = await receipt(manager, siteId, '2026-11-24T09:00:00Z', 'WB-000777', 'submitted');
  other = await signedIn('Other Yard Ltd');
  made.theirs = await receipt(
    other,
    await site(other),
    '2026-11-24T08:00:00Z',
    'DWT-UNKNOWN',
    'needs_review',
  );
});
afterAll(() => t.close());

describe('the Receipts page', () => {
  it('lists receipts waiting for review, overdue and due within a day, in the mode of the keys', async () => {
    const page = await manager.client.get('/portal/receipts');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<a href="/portal/receipts" aria-current="page">Receipts</a>');
    expect(page.body).toContain('<a href="/portal/receipts?mode=test" aria-current="page">Test receipts</a>');
    const review = section(page.body, 'review');
    expect(review).toContain(made.review.id);
    expect(review).toContain(made.again.id);
    expect(review).not.toContain(made.overdue.id);
    expect(review).toContain(`action="/portal/receipts/${made.review.id}/resolve"`);
    const overdue = section(page.body, 'overdue');
    expect(overdue).toContain(made.overdue.id);
    expect(overdue).toContain('Overdue');
    expect(overdue).toContain('/waste_items/0/ewc_codes/0');
    expect(overdue).not.toContain(made.dueSoon.id);
    const dueSoon = section(page.body, 'due-soon');
    expect(dueSoon).toContain(made.dueSoon.id);
    expect(dueSoon).toContain('Due within 24 hours');
    expect(dueSoon).not.toContain(made.review.id);
    // In DWT already, or another organisation's: not listed.
    expect(page.body).not.toContain(made.done.id);
    expect(page.body).not.toContain(made.theirs.id);
  });

  it('shows the live lists empty, each saying so', async () => {
    const page = await manager.client.get('/portal/receipts?mode=live');
    expect(page.statusCode).toBe(200);
    expect(section(page.body, 'review')).toContain('No live receipts are waiting for review.');
    expect(section(page.body, 'overdue')).toContain('No live receipts are overdue.');
    expect(section(page.body, 'due-soon')).toContain('No live receipts are due within 24 hours.');
  });
});

describe('resolving a receipt in the portal', () => {
  it.each<[Record<string, string>, string, string]>([
    [
      { outcome: 'in_dwt', waste_tracking_id: '26-ABC' },
      'waste_tracking_id',
      'A waste tracking id is 6 to 16 letters or digits, like 26HRA0B2.',
    ],
    [
      { outcome: 'in_dwt', waste_tracking_id: '  ' },
      'waste_tracking_id',
      'Enter the waste tracking id you found in DWT, like 26HRA0B2.',
    ],
    [{ waste_tracking_id: '26ABC123' }, 'outcome', 'Choose whether DWT holds this receipt.'],
    [{ outcome: 'maybe' }, 'outcome', 'Choose whether DWT holds this receipt.'],
  ])('refuses %j with a clear error beside the field, changing nothing', async (form, field, message) => {
    const id = made.review.id;
    await manager.client.get('/portal/receipts');
    const res = await manager.client.post(`/portal/receipts/${id}/resolve`, { mode: 'test', ...form });
    expect(res.statusCode).toBe(400);
    expect(problem(res.body)).toBe(message);
    expect(res.body).toContain(`href="#resolve-${id}-${field}"`);
    expect(res.body).toMatch(/<div class="error-summary" role="alert"/);
    // What was typed comes back, ready to correct.
    if (form.waste_tracking_id?.trim()) expect(res.body).toContain(`value="${form.waste_tracking_id}"`);
    const after = await current(manager, id);
    expect(after.status).toBe('needs_review');
    expect(after.submission.attempts).toBe(made.review.submission.attempts);
  });

  it('refuses a form without its CSRF token, changing nothing', async () => {
    const res = await manager.client.post(`/portal/receipts/${made.review.id}/resolve`, {
      mode: 'test',
      outcome: 'not_in_dwt',
      _csrf: 'forged',
    });
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('This form has expired');
    expect((await current(manager, made.review.id)).status).toBe('needs_review');
  });

  it("answers 404 for another organisation's receipt, changing nothing", async () => {
    await manager.client.get('/portal/receipts');
    for (const mode of ['test', 'live', '']) {
      const res = await manager.client.post(`/portal/receipts/${made.theirs.id}/resolve`, {
        mode,
        outcome: 'not_in_dwt',
      });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('Receipt not found');
    }
    expect((await current(other, made.theirs.id)).status).toBe('needs_review');
  });

  it('records the waste tracking id found in DWT, as the API’s resolve does', async () => {
    const id = made.review.id;
    await manager.client.get('/portal/receipts');
    const res = await manager.client.post(`/portal/receipts/${id}/resolve`, {
      mode: 'test',
      outcome: 'in_dwt',
      waste_tracking_id: ' 26abc123 ',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/portal/receipts?mode=test&done=receipt-in-dwt');
    const after = await current(manager, id);
    expect(after).toMatchObject({ status: 'submitted', waste_tracking_id: '26ABC123' });
    expect(after.submission.message).toBe('A person confirmed DWT holds this receipt.');
    const page = await manager.client.get(res.headers.location as string);
    expect(page.body).toContain('Receipt resolved: recorded as held by DWT');
    expect(page.body).not.toContain(id);
  });

  it('sends a receipt DWT does not hold again', async () => {
    const id = made.again.id;
    await manager.client.get('/portal/receipts');
    const res = await manager.client.post(`/portal/receipts/${id}/resolve`, {
      mode: 'test',
      outcome: 'not_in_dwt',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/portal/receipts?mode=test&done=receipt-resend');
    // Sent again: the sandbox still cannot answer for DWT-UNKNOWN, so it is back for review, tried twice.
    const deadline = Date.now() + 10_000;
    let after = await current(manager, id);
    while (after.submission.attempts < 2 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      after = await current(manager, id);
    }
    expect(after.submission.attempts).toBe(2);
  });

  it('says a receipt resolved meanwhile is no longer waiting, changing nothing', async () => {
    const id = made.review.id;
    await manager.client.get('/portal/receipts');
    const res = await manager.client.post(`/portal/receipts/${id}/resolve`, {
      mode: 'test',
      outcome: 'not_in_dwt',
    });
    expect(res.statusCode).toBe(409);
    expect(problem(res.body)).toBe(
      'This receipt is no longer waiting for review (it is now submitted). Nothing was changed.',
    );
    expect(await current(manager, id)).toMatchObject({ status: 'submitted', waste_tracking_id: '26ABC123' });
  });
});

describe('many receipts waiting for review', () => {
  it('pages them 20 at a time, and shows a refused form with its receipt even beyond the first page', async () => {
    const busy = await signedIn('Busy Transfer Ltd');
    const siteId = await site(busy);
    const ids: string[] = [];
    for (let i = 0; i < 21; i++) {
      const body = receiptBody(siteId, {
        received_at: '2026-11-24T08:00:00Z',
        your_reference: 'DWT-UNKNOWN',
      });
      const res = await t.call(busy.key, { method: 'POST', url: '/v1/waste-receipts', payload: body });
      ids.push(res.json().id);
    }
    for (const id of ids) await settled(busy, id, 'needs_review');
    const order = (
      await t.app.services.receipts.list(
        { organisationId: busy.orgId, mode: 'test' },
        { status: 'needs_review', limit: 100 },
      )
    ).data.map((r) => r.id);
    const first = await busy.client.get('/portal/receipts');
    const shown = (body: string) =>
      order.filter((id) => section(body, 'review').includes(`id="receipt-${id}"`));
    expect(shown(first.body)).toEqual(order.slice(0, 20));
    const next = /<a href="([^"]+)" rel="next">More waiting for review<\/a>/.exec(first.body)?.[1];
    expect(next).toBe(`/portal/receipts?mode=test&amp;review_after=${order[19]}#review`);
    const second = await busy.client.get(next!.replaceAll('&amp;', '&'));
    expect(shown(second.body)).toEqual([order[20]]);

    const last = order[20];
    const refused = await busy.client.post(`/portal/receipts/${last}/resolve`, { mode: 'test' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(`id="resolve-${last}-outcome"`);
    expect(refused.body).toContain(`href="#resolve-${last}-outcome"`);
  });
});
