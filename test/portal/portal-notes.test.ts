import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.ts';
import type { WtnService } from '../../src/wtn/wtn-service.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { PortalClient, problem, uniqueEmail } from './portal-client.ts';

let t: TestApp;
let browser: PortalClient;
let organisationId: string;
const made: Record<string, string> = {};
// Notes made within one millisecond would tie on their creation time, and the export's newest-first
// order would then fall to their random references: each note is made a second after the last.
const clock = new ManualClock('2026-04-20T09:00:00Z');

/** A note recorded for an organisation in a mode, through the same service the API uses. */
async function note(orgId: string, mode: 'live' | 'test', transferDate: string, description: string) {
  const wtn: WtnService = t.app.services.wtn;
  const { document } = await wtn.generate(
    {
      producer: { name: 'ABC Office Fit-out Ltd', address: '45 High Street, Bournemouth, BH1 2AA' },
      carrier: { registration_number: 'CBDU100001', auto_verify: false },
      waste: { description, ewc_code: '17 08 02', auto_classify: false },
      destination: { name: 'South Coast Recycling Ltd', address: 'Industrial Estate, Poole, BH15 1NF' },
      transfer_date: transferDate,
    },
    { organisationId: orgId, mode },
  );
  clock.advance(1_000);
  return JSON.parse(document).reference as string;
}

async function signedIn(organisation: string) {
  const email = uniqueEmail('owner');
  const client = new PortalClient(t.app);
  await client.signUp(email, organisation);
  const user = await t.app.services.portal.users.findByEmail(email);
  return { client, organisationId: user!.organisation_id };
}

beforeAll(async () => {
  t = await createTestApp({ clock, env: { EA_REGISTER_URL: 'http://127.0.0.1:9/unused' } });
  ({ client: browser, organisationId } = await signedIn('Acme Waste Ltd'));
  made.liveMarch = await note(organisationId, 'live', '2026-03-10', 'Plasterboard, March');
  made.liveApril = await note(organisationId, 'live', '2026-04-02', '=1+2 April');
  made.testMarch = await note(organisationId, 'test', '2026-03-12', 'Sandbox plasterboard');
  const other = await signedIn('Other Waste Ltd');
  made.otherMarch = await note(other.organisationId, 'live', '2026-03-11', 'Their plasterboard');
});
afterAll(() => t.close());

function rowsOf(body: string): Record<string, string>[] {
  return parse(body, { bom: true, columns: true });
}

describe('exporting transfer notes from the portal', () => {
  it('offers a form on the Transfer notes page, linked from the navigation', async () => {
    const page = await browser.get('/portal/notes');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<a href="/portal/notes" aria-current="page">Transfer notes</a>');
    expect(page.body).toContain('Export transfer notes as CSV');
    expect(page.body).toMatch(/<form method="get" action="\/portal\/notes\.csv"/);
    for (const name of ['from', 'to'])
      expect(page.body).toMatch(new RegExp(`<input id="${name}" name="${name}" type="date"`));
    expect(page.body).toMatch(/id="mode-live" name="mode" value="live" checked/);
  });

  it("downloads the organisation's notes of one mode for a date range", async () => {
    const res = await browser.get('/portal/notes.csv?from=2026-03-01&to=2026-03-31&mode=live');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="transfer-notes-2026-03-01-2026-03-31.csv"',
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.startsWith('\uFEFFreference,mode,')).toBe(true);
    expect(rowsOf(res.body).map((r) => [r.reference, r.mode])).toEqual([[made.liveMarch, 'live']]);

    const all = await browser.get('/portal/notes.csv?from=&to=&mode=live');
    expect(all.headers['content-disposition']).toBe('attachment; filename="transfer-notes-start-latest.csv"');
    const rows = rowsOf(all.body);
    expect(rows.map((r) => r.reference)).toEqual([made.liveApril, made.liveMarch]);
    expect(rows[0].waste_description).toBe("'=1+2 April");

    const test = await browser.get('/portal/notes.csv?from=2026-03-01&to=2026-03-31&mode=test');
    expect(test.headers['content-disposition']).toBe(
      'attachment; filename="transfer-notes-test-2026-03-01-2026-03-31.csv"',
    );
    expect(rowsOf(test.body).map((r) => [r.reference, r.mode])).toEqual([[made.testMarch, 'test']]);
  });

  it("never shows another organisation's notes", async () => {
    const other = await signedIn('Third Waste Ltd');
    const res = await other.client.get('/portal/notes.csv?mode=live');
    expect(res.statusCode).toBe(200);
    expect(rowsOf(res.body)).toEqual([]);
    const mine = await browser.get('/portal/notes.csv?mode=live');
    expect(mine.body).not.toContain(made.otherMarch);
  });

  it.each([
    ['from=2026-02-30&to=&mode=live', 'from', 'Enter the start date as a real date, like 2026-04-01'],
    ['from=&to=31/03/2026&mode=live', 'to', 'Enter the end date as a real date, like 2026-04-30'],
    [
      'from=2026-04-01&to=2026-03-01&mode=live',
      'to',
      'The end date must be the same as or after the start date',
    ],
    ['from=2026-03-01&to=2026-03-31', 'mode', 'Choose live or test notes'],
  ])('shows the problem next to its field for %s, and sends no file', async (query, field, message) => {
    const res = await browser.get(`/portal/notes.csv?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(problem(res.body)).toBe(message);
    expect(res.body).toContain(`href="#${field}"`);
    // What was typed comes back, ready to correct.
    const from = new URLSearchParams(query).get('from');
    if (from) expect(res.body).toContain(`value="${from}"`);
  });

  it('sends anyone not signed in to log in, with no file', async () => {
    const stranger = new PortalClient(t.app);
    for (const path of ['/portal/notes', '/portal/notes.csv?mode=live']) {
      const res = await stranger.get(path);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/portal/login');
      expect(res.body).not.toContain(made.liveMarch);
    }
  });
});
