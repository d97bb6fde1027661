import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyRow } from '../../src/accounts/tables.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import { defaultMode } from '../../src/portal/viewed-mode.ts';
import type { WasteTransferNote } from '../../src/wtn/wtn-schemas.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { readPdf } from '../wtn/pdf-text.ts';
import { PortalClient, problem, uniqueEmail } from './portal-client.ts';

let t: TestApp;
/** Moved on a second after each note, so "newest first" never meets two notes made in one millisecond. */
const clock = new ManualClock(Date.now());

/** A note recorded for an organisation, through the service POST /v1/generate-wtn uses. */
async function note(
  orgId: string,
  mode: 'live' | 'test',
  transferDate: string,
  description: string,
  more: Record<string, unknown> = {},
): Promise<WasteTransferNote> {
  const { document } = await t.app.services.wtn.generate(
    {
      producer: { name: 'ABC Office Fit-out Ltd', address: '45 High Street, Bournemouth, BH1 2AA' },
      carrier: { registration_number: 'CBDU100001', auto_verify: false },
      waste: { description, ewc_code: '17 08 02', auto_classify: false, quantity_kg: 1250 },
      destination: { name: 'South Coast Recycling Ltd', address: 'Industrial Estate, Poole, BH15 1NF' },
      transfer_date: transferDate,
      ...more,
    },
    { organisationId: orgId, mode },
  );
  clock.advance(1000);
  return JSON.parse(document);
}

async function signedIn(organisation: string) {
  const email = uniqueEmail('manager');
  const client = new PortalClient(t.app);
  await client.signUp(email, organisation);
  const user = await t.app.services.portal.users.findByEmail(email);
  return { client, orgId: user!.organisation_id };
}

/** The references the list shows, in its order. */
function listed(body: string): string[] {
  return [
    ...body.matchAll(/<th scope="row" data-label="Reference"><span><a href="[^"]*"[^>]*>(WTN-[^<]+)</g),
  ].map((m) => m[1]);
}

async function signingLinks(reference: string): Promise<number> {
  const rows = await t.db.kysely
    .selectFrom('wtn_signing_links')
    .select('token_sha256')
    .where('reference', '=', reference)
    .execute();
  return rows.length;
}

let owner: { client: PortalClient; orgId: string };
let tester: { client: PortalClient; orgId: string };
const notes: Record<string, WasteTransferNote> = {};

beforeAll(async () => {
  t = await createTestApp({ clock, env: { EA_REGISTER_URL: 'http://127.0.0.1:9/unused' } });
  owner = await signedIn('Acme Waste Ltd');
  await owner.client.createKey('Production', 'live');
  notes.march = await note(owner.orgId, 'live', '2026-03-10', 'Plasterboard offcuts');
  notes.april = await note(owner.orgId, 'live', '2026-04-02', 'Mixed packaging');
  notes.correction = await note(owner.orgId, 'live', '2026-04-03', 'Mixed packaging, weighed', {
    supersedes: notes.april.reference,
  });
  await t.app.services.wtn.sign(
    { organisationId: owner.orgId, mode: 'live' },
    notes.march.reference,
    { party: 'transferor', name: 'Priya Shah', position: 'Site manager' },
    { ip: '192.0.2.1' },
  );
  tester = await signedIn('Harbour Skips Ltd');
  await tester.client.createKey('Phone', 'test');
  notes.test = await note(tester.orgId, 'test', '2026-11-20', 'Soil and stones from a garden');
});
afterAll(() => t.close());

describe('the Transfer notes list', () => {
  it("opens a test-only user's list on their test notes, with the export set to test", async () => {
    const page = await tester.client.get('/portal/notes');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<a href="/portal/notes?mode=test" aria-current="page">Test notes</a>');
    expect(listed(page.body)).toEqual([notes.test.reference]);
    expect(page.body).toContain('Soil and stones from a garden');
    expect(page.body).toMatch(/id="mode-test" name="mode" value="test" checked/);
    const live = await tester.client.get('/portal/notes?mode=live');
    expect(listed(live.body)).toEqual([]);
    expect(live.body).toContain('No live transfer notes yet.');
  });

  it('lists an organisation with a live key on live, newest first, never another organisation’s', async () => {
    const page = await owner.client.get('/portal/notes');
    expect(listed(page.body)).toEqual([
      notes.correction.reference,
      notes.april.reference,
      notes.march.reference,
    ]);
    expect(page.body).not.toContain(notes.test.reference);
    // Each row says what a person scanning the list needs: the code, who, signed or not, the checks.
    expect(page.body).toContain('<code class="ewc">17 08 02</code>');
    expect(page.body).toContain('Signed by one party');
    expect(page.body).toContain('Superseded');
  });

  it.each([
    ['status=superseded', () => [notes.april.reference]],
    ['status=complete', () => [notes.correction.reference, notes.march.reference]],
    ['signed=partially_signed', () => [notes.march.reference]],
    ['signed=unsigned&status=complete', () => [notes.correction.reference]],
    ['transfer_date_from=2026-04-01&transfer_date_to=2026-04-02', () => [notes.april.reference]],
    ['transfer_date_to=2026-03-31', () => [notes.march.reference]],
  ])('filters by %s as GET /v1/wtn does', async (query, expected) => {
    const page = await owner.client.get(`/portal/notes?mode=live&${query}`);
    expect(page.statusCode).toBe(200);
    expect(listed(page.body)).toEqual(expected());
    // The filter keeps what was chosen, and the export starts from the same dates.
    for (const [name, value] of new URLSearchParams(query)) {
      if (name.startsWith('transfer_date'))
        expect(page.body).toContain(`name="${name}" type="date" value="${value}"`);
      else expect(page.body).toContain(`<option value="${value}" selected>`);
    }
  });

  it('says what is wrong with a date filter, next to it, and lists nothing', async () => {
    const page = await owner.client.get(
      '/portal/notes?mode=live&transfer_date_from=2026-04-30&transfer_date_to=2026-04-01',
    );
    expect(page.statusCode).toBe(400);
    expect(problem(page.body)).toBe('The end date must be the same as or after the start date');
    expect(page.body).toContain('href="#transfer_date_to"');
    expect(listed(page.body)).toEqual([]);
    const unreal = await owner.client.get('/portal/notes?transfer_date_from=2026-02-30');
    expect(problem(unreal.body)).toBe('Enter the start date as a real date, like 2026-04-01');
  });

  it('pages with a cursor as the API does, and starts again from the newest on a stale cursor', async () => {
    const many = await signedIn('Busy Yard Ltd');
    for (let i = 0; i < 27; i++) await note(many.orgId, 'live', '2026-05-01', `Load ${i}`);
    // The API's order (newest first, ties by reference), as GET /v1/wtn pages it.
    const all = await t.app.services.wtn.list({ organisationId: many.orgId, mode: 'live' }, { limit: 100 });
    const made = all.documents.map((d) => JSON.parse(d).reference as string);
    expect(made).toHaveLength(27);
    const first = await many.client.get('/portal/notes?mode=live');
    expect(listed(first.body)).toEqual(made.slice(0, 25));
    const next = /<a href="([^"]+)" rel="next">Older notes<\/a>/.exec(first.body)?.[1];
    expect(next).toBe(`/portal/notes?mode=live&amp;starting_after=${made[24]}`);
    const second = await many.client.get(next!.replaceAll('&amp;', '&'));
    expect(listed(second.body)).toEqual(made.slice(25));
    expect(second.body).toContain('>Newest notes</a>');
    expect(second.body).not.toContain('rel="next"');
    const stale = await many.client.get(`/portal/notes?mode=live&starting_after=${notes.march.reference}`);
    expect(listed(stale.body)).toEqual(made.slice(0, 25));
  });

  it('opens on the mode of the keys: one mode, or the key used last; live without keys', () => {
    const key = (mode: 'live' | 'test', last_used_at: string | null, revoked_at: string | null = null) =>
      ({ mode, last_used_at, revoked_at }) as ApiKeyRow;
    expect(defaultMode([])).toBe('live');
    expect(defaultMode([key('test', null)])).toBe('test');
    expect(defaultMode([key('live', null), key('test', null)])).toBe('live');
    expect(defaultMode([key('live', '2026-11-01T09:00:00Z'), key('test', '2026-11-02T09:00:00Z')])).toBe(
      'test',
    );
    expect(defaultMode([key('live', '2026-11-03T09:00:00Z'), key('test', '2026-11-02T09:00:00Z')])).toBe(
      'live',
    );
    // A revoked key no longer speaks for the organisation, unless every key is revoked.
    const revoked = '2026-11-05T09:00:00Z';
    expect(defaultMode([key('live', null), key('test', '2026-11-04T09:00:00Z', revoked)])).toBe('live');
    expect(defaultMode([key('test', '2026-11-04T09:00:00Z', revoked)])).toBe('test');
  });
});

describe('one transfer note', () => {
  it('shows its parties, waste with the EWC code, flags and warnings, signatures and status', async () => {
    const page = await owner.client.get(`/portal/notes/${notes.march.reference}?mode=live`);
    expect(page.statusCode).toBe(200);
    const body = page.body;
    expect(body).toContain(
      `<title>Transfer note ${notes.march.reference} · Waste Compliance Service</title>`,
    );
    for (const text of [
      'ABC Office Fit-out Ltd',
      'CBDU100001',
      'South Coast Recycling Ltd',
      '<code class="ewc">17 08 02</code>',
      'Plasterboard offcuts',
      '1,250 kg',
      'Priya Shah</strong>, Site manager',
      'Signed by one party',
    ]) {
      expect(body).toContain(text);
    }
    const { flags, warnings } = notes.march.compliance;
    expect(flags.length + warnings.length).toBeGreaterThan(0);
    for (const issue of [...flags, ...warnings]) expect(body).toContain(`>${issue.code}</code>`);
    // The transferor has signed; only the transferee is offered a link.
    expect(body).not.toContain('Create a signing link for the transferor');
    expect(body).toContain('Create a signing link for the transferee');
  });

  it('marks a superseded note and links to its correction, offering no signing link', async () => {
    const page = await owner.client.get(`/portal/notes/${notes.april.reference}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      `corrected by <a href="/portal/notes/${notes.correction.reference}?mode=live">`,
    );
    expect(page.body).not.toContain('Create a signing link');
  });

  it('shows what an integration sent as text, never as markup', async () => {
    const hostile = '<img src=x onerror="alert(1)">';
    const made = await note(owner.orgId, 'live', '2026-04-05', hostile, {
      producer: { name: hostile, address: '45 High Street, Bournemouth, BH1 2AA' },
    });
    for (const path of ['/portal/notes?mode=live', `/portal/notes/${made.reference}`]) {
      const page = await owner.client.get(path);
      expect(page.body).not.toContain(hostile);
      expect(page.body).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    }
  });

  it('finds a test note without being told its mode', async () => {
    const page = await tester.client.get(`/portal/notes/${notes.test.reference.toLowerCase()}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<span class="badge badge--test">Test</span>');
  });

  it('serves the same PDF the API serves, with the session and no key', async () => {
    const pdf = await tester.client.get(`/portal/notes/${notes.test.reference}/pdf?mode=test`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`inline; filename="${notes.test.reference}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { key } = await t.newKey({ mode: 'test', orgId: tester.orgId });
    const api = await t.call(key, { method: 'GET', url: `/v1/wtn/${notes.test.reference}/pdf` });
    expect(api.statusCode).toBe(200);
    const [mine, theirs] = await Promise.all([readPdf(pdf.rawPayload), readPdf(api.rawPayload)]);
    expect(mine.text).toBe(theirs.text);
    expect(mine.text).toContain(notes.test.reference);
  });

  it("answers 404 for another organisation's note, its PDF and a link for it, creating nothing", async () => {
    const theirs = notes.test.reference;
    for (const path of [`/portal/notes/${theirs}`, `/portal/notes/${theirs}/pdf`, '/portal/notes/WTN-NOPE']) {
      const res = await owner.client.get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.body).toContain('Note not found');
      expect(res.body).not.toContain('Soil and stones');
    }
    await owner.client.get('/portal/notes');
    const post = await owner.client.post(`/portal/notes/${theirs}/signing-links`, {
      party: 'transferor',
      mode: 'test',
    });
    expect(post.statusCode).toBe(404);
    expect(await signingLinks(theirs)).toBe(0);
  });

  it('sends anyone not signed in to log in', async () => {
    const stranger = new PortalClient(t.app);
    for (const path of [
      `/portal/notes/${notes.march.reference}`,
      `/portal/notes/${notes.march.reference}/pdf`,
    ]) {
      const res = await stranger.get(path);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/portal/login');
    }
  });
});

describe('a signing link from the portal', () => {
  it('is made by the signing-link service for the party that has not signed, and shown once', async () => {
    const reference = notes.test.reference;
    await tester.client.get(`/portal/notes/${reference}`);
    const res = await tester.client.post(`/portal/notes/${reference}/signing-links`, {
      party: 'transferee',
      mode: 'test',
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const url = /id="link-url"[^>]*value="([^"]+)"/.exec(res.body)?.[1];
    expect(url).toMatch(/^http:\/\/localhost(:80)?\/sign\/[A-Za-z0-9_-]{43}$/);
    expect(res.body).toContain('Signing link for the transferee');
    expect(res.body).toContain('data-copy-target="link-url"');
    expect(await signingLinks(reference)).toBe(1);
    // The link opens the signing page for the transferee, as the API's link does.
    const signing = await t.app.inject({ method: 'GET', url: new URL(url!).pathname });
    expect(signing.statusCode).toBe(200);
    expect(signing.body).toContain(reference);
    // Shown once: the note's page does not show it again.
    const again = await tester.client.get(`/portal/notes/${reference}`);
    expect(again.body).not.toContain(url);
  });

  it('refuses a link for a party that has signed, saying so, and makes none', async () => {
    const reference = notes.march.reference;
    await owner.client.get(`/portal/notes/${reference}`);
    const res = await owner.client.post(`/portal/notes/${reference}/signing-links`, {
      party: 'transferor',
      mode: 'live',
    });
    expect(res.statusCode).toBe(409);
    expect(problem(res.body)).toBe('The transferor has already signed this note: a party signs once.');
    expect(await signingLinks(reference)).toBe(0);
  });

  it('refuses a party that is neither, and a form without its CSRF token, making nothing', async () => {
    const reference = notes.correction.reference;
    await owner.client.get(`/portal/notes/${reference}`);
    const odd = await owner.client.post(`/portal/notes/${reference}/signing-links`, { party: 'driver' });
    expect(odd.statusCode).toBe(400);
    expect(problem(odd.body)).toBe('Choose the party the link is for: the transferor or the transferee.');
    const forged = await owner.client.post(`/portal/notes/${reference}/signing-links`, {
      party: 'transferor',
      _csrf: 'forged',
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.body).toContain('This form has expired');
    expect(await signingLinks(reference)).toBe(0);
  });
});
