import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import { HIERARCHY_DECLARATION } from '../../src/wtn/declarations.ts';
import type { WasteTransferNote } from '../../src/wtn/wtn-schemas.ts';
import { migratedDatabase } from '../helpers/database.ts';
import { signingClient, text } from './signing-client.ts';
import { bodyWith, validBody, type WtnApp, wtnApp } from './wtn-app.ts';

const clock = new ManualClock('2026-03-20T09:15:00.000Z');
let t: WtnApp;
let client: ReturnType<typeof signingClient>;

beforeEach(async () => {
  clock.set('2026-03-20T09:15:00.000Z');
  t = await wtnApp({ clock });
  client = signingClient(t);
});
afterEach(() => t?.close());

describe('opening a signing link', () => {
  it('shows the note in plain English, who signs as what, and the declaration, on a locked-down page', async () => {
    const note = await t.note(bodyWith('waste', { ewc_code: '17 06 05*', description: 'Asbestos sheets' }));
    expect(note.compliance.flags.length).toBeGreaterThan(0);
    const res = await client.open(await client.linkFor(note.reference, 'transferee'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-frame-options']).toBe('DENY');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    // No inline script or style: every script has a src, and there is no <style> or style attribute.
    expect(res.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(res.body).not.toMatch(/<style|\sstyle=/);

    const page = text(res.body);
    expect(page).toContain('TEST NOTE');
    expect(page).toContain(`Sign transfer note ${note.reference}`);
    expect(page).toContain('You are signing as the transferee (the carrier)');
    for (const fact of [
      note.producer.name,
      note.producer.address,
      note.carrier.business_name!,
      note.carrier.address!,
      'Asbestos sheets',
      '17 06 05 construction materials containing asbestos',
      note.waste.ewc_description!,
      'Yes: hazardous waste',
      '2,500 kg in skip',
      'Wednesday 25 March 2026',
      '10:30 (UK time)',
      note.transfer_place!,
      note.destination.name,
      note.destination.address,
      'EPR/AB1234CD',
      'I confirm that I have received the waste described on this note.',
      'I confirm the declaration',
    ]) {
      expect(page).toContain(fact);
    }
    for (const issue of [...note.compliance.flags, ...note.compliance.warnings]) {
      expect(page).toContain(issue.message);
    }
    expect(page).not.toContain(HIERARCHY_DECLARATION);
    // Link valid for 48 hours: until 22 March, 09:15 GMT.
    expect(page).toContain('This link works once and until 22 March 2026 at 09:15.');
  });

  it('asks the transferor to confirm the waste hierarchy and the note, and shows no TEST banner on a live note', async () => {
    // Not checked with the register (unreachable here): a live note all the same.
    const note = await t.note(
      bodyWith('carrier', { auto_verify: false, address: '2 Depot Road, Poole, BH15 2AA' }),
      t.liveKey,
    );
    const page = text(
      (await client.open(await client.linkFor(note.reference, 'transferor', { key: t.liveKey }))).body,
    );
    expect(page).toContain('You are signing as the transferor (the business handing over the waste)');
    expect(page).toContain(HIERARCHY_DECLARATION);
    expect(page).toContain('I confirm that the information on this note is correct.');
    expect(page).not.toContain('TEST NOTE');
  });

  it('escapes what the note says, so no text from a note becomes markup', async () => {
    const note = await t.note(bodyWith('producer', { name: '<script>alert(1)</script> Ltd' }));
    const res = await client.open(await client.linkFor(note.reference, 'transferee'));
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Ltd');
    expect(res.body).not.toContain('<script>alert(1)');
  });

  it('answers 404 for a token that is unknown, malformed or followed by more path', async () => {
    for (const path of [
      `/sign/${'A'.repeat(43)}`,
      '/sign/short',
      `/sign/${'A'.repeat(42)}!`,
      `/sign/${'A'.repeat(43)}/more`,
    ]) {
      const res = await client.open(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(text(res.body)).toContain('This signing link is not valid');
      expect((await client.sign(path, { name: 'A', confirm: 'yes' })).statusCode).toBe(404);
    }
  });
});

describe('a link that can no longer be used', () => {
  it('has expired: 410, ask the sender for a new link, and a signature is refused', async () => {
    const note = await t.note(validBody());
    const path = await client.linkFor(note.reference, 'transferee', { expires_in_hours: 1 });
    clock.advance(3_600_000 - 1);
    expect((await client.open(path)).statusCode).toBe(200);
    clock.advance(1);
    const res = await client.open(path);
    expect(res.statusCode).toBe(410);
    expect(text(res.body)).toContain('This signing link has expired');
    expect(text(res.body)).toContain('Ask the person who sent it to you for a new link.');
    expect((await client.sign(path, { name: 'Dave Driver', confirm: 'yes' })).statusCode).toBe(410);
    expect((await client.noteOf(note.reference)).signed).toBe('unsigned');
  });

  it('is for a party that has since signed with the API: shows who signed and when', async () => {
    const note = await t.note(validBody());
    const path = await client.linkFor(note.reference, 'transferee');
    clock.advance(60_000);
    await t.call(t.testKey, {
      method: 'POST',
      url: `/v1/wtn/${note.reference}/signatures`,
      payload: { party: 'transferee', name: 'Office Clerk', position: 'Transport manager' },
    });
    const res = await client.open(path);
    expect(res.statusCode).toBe(200);
    const page = text(res.body);
    expect(page).toContain('This note has already been signed');
    expect(page).toContain('Office Clerk, Transport manager');
    expect(page).toContain('20 March 2026 at 09:16 (UK time)');
  });

  it('is for a note that a correction superseded: 410 naming the note that replaced it', async () => {
    const note = await t.note(validBody());
    const path = await client.linkFor(note.reference, 'transferor');
    const correction = await t.note(validBody({ supersedes: note.reference }));
    const res = await client.open(path);
    expect(res.statusCode).toBe(410);
    const page = text(res.body);
    expect(page).toContain('This note has been replaced');
    expect(page).toContain(`was corrected by note ${correction.reference}`);
    expect((await client.sign(path, { name: 'Sam Patel', confirm: 'yes' })).statusCode).toBe(410);
    expect((await client.noteOf(note.reference)).signatures.transferor).toBeNull();
  });
});

describe('the page and its logs', () => {
  it('serves its stylesheet and scripts itself, signature_pad included', async () => {
    const note = await t.note(validBody());
    const body = (await client.open(await client.linkFor(note.reference, 'transferee'))).body;
    const urls = [...body.matchAll(/(?:href|src)="(\/sign\/assets\/[^"]+)"/g)].map((m) => m[1]);
    // The stylesheet, signature_pad and the page's script; the icon is the service's favicon.
    expect(urls).toHaveLength(3);
    for (const url of urls) {
      const res = await client.open(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control']).toContain('immutable');
      expect(res.headers['content-type']).toMatch(/^text\/(css|javascript); charset=utf-8$/);
    }
    const pad = await client.open(urls.find((u) => u.includes('signature_pad'))!);
    expect(pad.body).toContain('Signature Pad v5');
    expect(pad.body).not.toContain('sourceMappingURL');
  });

  it('never writes a token to the log, and a fault is a page with a reference, not a stack trace', async () => {
    const lines: string[] = [];
    const db = await migratedDatabase();
    const config = loadConfig({ REDIS_URL: process.env.REDIS_URL, LOG_LEVEL: 'info' });
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const app = await buildApp(config, { db, logger });
    try {
      const org = await app.services.accounts.createOrganisation('Log Test Ltd', 'business');
      const { key } = await app.services.accounts.createKey(org.id, 'test', 'test');
      const auth = { authorization: `Bearer ${key}` };
      const created = await app.inject({
        method: 'POST',
        url: '/v1/generate-wtn',
        headers: auth,
        payload: validBody(),
      });
      const reference = (created.json() as WasteTransferNote).reference;
      const link = await app.inject({
        method: 'POST',
        url: `/v1/wtn/${reference}/signing-links`,
        headers: auth,
        payload: { party: 'transferee' },
      });
      const path = new URL((link.json() as { url: string }).url).pathname;
      const token = path.split('/').at(-1)!;
      await app.inject({ method: 'GET', url: path });
      await app.inject({ method: 'GET', url: `${path}/more?x=1` });
      // Paths no signing route answers (another case, a trailing slash) are logged without it too.
      await app.inject({ method: 'GET', url: path.toUpperCase().replace(token.toUpperCase(), token) });
      await app.inject({ method: 'GET', url: `${path}/` });
      await app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'name=Dave&confirm=yes',
      });
      // The database goes away: the page says to try again, with a reference, and nothing internal.
      await db.close();
      const fault = await app.inject({ method: 'GET', url: `/sign/${'B'.repeat(43)}` });
      expect(fault.statusCode).toBe(503);
      expect(text(fault.body)).toContain('We could not do that just now');
      expect(fault.body).toContain(String(fault.headers['request-id']));
      expect(fault.body).not.toMatch(/at .*\.ts:\d+|Error:|sqlite|pool/i);
      // A malformed token is refused without the database.
      expect((await app.inject({ method: 'GET', url: '/sign/not-a-token' })).statusCode).toBe(404);

      const log = lines.join('');
      expect(log).toContain('"url":"/sign/[token]"');
      expect(log).toContain('"url":"/sign/[token]?x=1"');
      expect(log).not.toContain(token);
    } finally {
      await app.close();
    }
  });
});
