import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsignmentNote } from '../../src/consignments/consignment-schemas.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import { garageBody, oilLine, PART_C, PART_D, partE } from '../consignments/consignment-app.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { readPdf } from '../wtn/pdf-text.ts';
import { PortalClient, problem, uniqueEmail } from './portal-client.ts';

const clock = new ManualClock('2026-11-02T09:00:00Z');
let t: TestApp;
let manager: { client: PortalClient; orgId: string; email: string };
let other: { client: PortalClient; orgId: string; email: string };
const notes: Record<string, ConsignmentNote> = {};

async function signedIn(organisation: string) {
  const email = uniqueEmail('yard');
  const client = new PortalClient(t.app);
  await client.signUp(email, organisation);
  const user = await t.app.services.portal.users.findByEmail(email);
  return { client, orgId: user!.organisation_id, email };
}

/** A note made by the service POST /v1/consignment-notes uses, in test mode (the sandbox register). */
async function note(orgId: string, body: Record<string, unknown>): Promise<ConsignmentNote> {
  const scope = { organisationId: orgId, mode: 'test' as const };
  return (await t.app.services.consignments.create(scope, body as never)).note;
}

/** The codes the list shows, in its order. */
function listed(body: string): string[] {
  return [...body.matchAll(/<th scope="row" data-label="Code"><span><a href="[^"]*"[^>]*>([^<]+)</g)].map(
    (m) => m[1],
  );
}

/** What a signature through the API records of its key (these notes are signed through the service). */
const byKey = (organisationId: string) => ({
  organisation: { id: organisationId, name: null },
  api_key: { id: 'key_portal0test0000000', prefix: 'wcs_test_Port…', name: 'Portal test' },
  signing_link: null,
});

beforeAll(async () => {
  t = await createTestApp({ clock, env: { EA_REGISTER_URL: 'http://127.0.0.1:9/unused' } });
  manager = await signedIn('Garage Services Ltd');
  await manager.client.createKey('Workshop tablet', 'test');
  notes.first = await note(manager.orgId, garageBody());
  clock.set('2026-11-10T09:00:00Z');
  notes.second = await note(
    manager.orgId,
    garageBody({ lines: [oilLine(), oilLine({ ewc_code: '16 06 01*', description: 'Lead batteries' })] }),
  );
  notes.second = await t.app.services.consignments.sign(
    { organisationId: manager.orgId, mode: 'test' },
    notes.second.id,
    PART_C as never,
    { ip: '192.0.2.1', method: 'api', authentication: byKey(manager.orgId) },
  );
  other = await signedIn('Other Garage Ltd');
  notes.theirs = await note(other.orgId, garageBody({ process: 'Their own process' }));
  // A week on, the sessions begun on the 2nd have ended: log in again, as a returning user would.
  await manager.client.logIn(manager.email);
});
afterAll(() => t.close());

describe('the Consignment notes list', () => {
  it("opens on a test-only user's test notes, newest first, never another organisation's", async () => {
    const page = await manager.client.get('/portal/consignments');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<a href="/portal/consignments" aria-current="page">Consignment notes</a>');
    expect(page.body).toContain(
      '<a href="/portal/consignments?mode=test" aria-current="page">Test notes</a>',
    );
    expect(listed(page.body)).toEqual([notes.second.consignment_code, notes.first.consignment_code]);
    expect(page.body).toContain('Collected (Part C)');
    expect(page.body).toContain('<code class="ewc">16 06 01*</code>');
    expect(page.body).not.toContain(notes.theirs.id);
  });

  it.each([
    ['status=collected', () => [notes.second]],
    ['status=awaiting_collection', () => [notes.first]],
    ['status=received', () => []],
    ['consignment_code=', () => [notes.second, notes.first]],
    ['created_from=2026-11-05', () => [notes.second]],
    ['created_to=2026-11-05', () => [notes.first]],
  ])('filters by %s as GET /v1/consignment-notes does', async (query, expected) => {
    const page = await manager.client.get(`/portal/consignments?mode=test&${query}`);
    expect(page.statusCode).toBe(200);
    expect(listed(page.body)).toEqual(expected().map((n) => n.consignment_code));
  });

  it('filters by consignment code, written in lower case', async () => {
    const code = notes.first.consignment_code;
    const page = await manager.client.get(
      `/portal/consignments?mode=test&consignment_code=${encodeURIComponent(code.toLowerCase())}`,
    );
    expect(listed(page.body)).toEqual([code]);
  });

  it.each([
    [
      'consignment_code=GARAGE',
      'consignment_code',
      'Enter a consignment code like GARAGE/00001, or leave it blank',
    ],
    ['created_from=2026-11-31', 'created_from', 'Enter the start date as a real date, like 2026-04-01'],
    [
      'created_from=2026-11-20&created_to=2026-11-01',
      'created_to',
      'The end date must be the same as or after the start date',
    ],
  ])('says what is wrong with %s, next to its field, and lists nothing', async (query, field, message) => {
    const page = await manager.client.get(`/portal/consignments?mode=test&${query}`);
    expect(page.statusCode).toBe(400);
    expect(problem(page.body)).toBe(message);
    expect(page.body).toContain(`href="#${field}"`);
    expect(listed(page.body)).toEqual([]);
  });
});

describe('one consignment note', () => {
  it('shows Parts A to E: the producer, the lines with their codes, who signed and what is to come', async () => {
    const page = await manager.client.get(`/portal/consignments/${notes.second.id}?mode=test`);
    expect(page.statusCode).toBe(200);
    for (const text of [
      notes.second.consignment_code,
      'Garage Services Ltd',
      'Southern Oil Recovery Ltd',
      '<code class="ewc">13 02 05*</code>',
      '<code class="ewc">16 06 01*</code>',
      'HP5, HP14',
      'Alex Driver',
      'AB12 CDE',
      // The register check in the PDF's words: a test note's is the sandbox's, not a real check.
      'Sandbox test data (registered): not a real register check.',
      'The consignor signs when the carrier takes the waste.',
    ]) {
      expect(page.body).toContain(text);
    }
  });

  it("shows Part E of a round with the consignee's count of the collection", async () => {
    const scope = { organisationId: manager.orgId, mode: 'test' as const };
    const round = await note(manager.orgId, garageBody({ multiple_collection: { round_number: 'R12' } }));
    for (const part of [PART_C, PART_D, { ...partE(), consignments_in_collection: 3 }]) {
      await t.app.services.consignments.sign(scope, round.id, part as never, {
        ip: '192.0.2.1',
        method: 'api',
        authentication: byKey(manager.orgId),
      });
    }
    const page = await manager.client.get(`/portal/consignments/${round.id}?mode=test`);
    expect(page.body).toContain('The collection the vehicle brought was formed of 3 consignments.');
    // Part E's certificate as the form has it: the time, the vehicle, the permit; and the key that signed.
    expect(page.body).toMatch(/<p>Received .{1,120}? at \d\d:\d\d\. The collection/);
    expect(page.body).toContain('<dt>Vehicle</dt><dd>AB12 CDE</dd>');
    expect(page.body).toContain('<dt>Permit certified</dt><dd>EPR/AB1234CD</dd>');
    expect(page.body).toMatch(/Signed through the API with key /);
  });

  it('serves the same PDF the API serves', async () => {
    const pdf = await manager.client.get(`/portal/consignments/${notes.first.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { key } = await t.newKey({ mode: 'test', orgId: manager.orgId });
    const api = await t.call(key, { method: 'GET', url: `/v1/consignment-notes/${notes.first.id}/pdf` });
    expect(api.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toBe(api.headers['content-disposition']);
    const [mine, theirs] = await Promise.all([readPdf(pdf.rawPayload), readPdf(api.rawPayload)]);
    expect(mine.text).toBe(theirs.text);
  });

  it("answers 404 for another organisation's note and its PDF", async () => {
    for (const path of [
      `/portal/consignments/${notes.theirs.id}`,
      `/portal/consignments/${notes.theirs.id}/pdf?mode=test`,
      '/portal/consignments/cn_nothing',
    ]) {
      const res = await manager.client.get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.body).toContain('Consignment note not found');
      expect(res.body).not.toContain('Their own process');
    }
  });
});
