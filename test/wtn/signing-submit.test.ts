import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.ts';
import { GIANT_PNG, INFLATION_BOMB_PNG, UNDECODABLE_PNG } from '../helpers/broken-pngs.ts';
import { PNG, signingClient, text } from './signing-client.ts';
import { validBody, type WtnApp, wtnApp } from './wtn-app.ts';

const clock = new ManualClock('2026-03-20T09:15:00.000Z');
let t: WtnApp;
let client: ReturnType<typeof signingClient>;

beforeEach(async () => {
  clock.set('2026-03-20T09:15:00.000Z');
  t = await wtnApp({ clock });
  client = signingClient(t);
});
afterEach(() => t?.close());

describe('signing', () => {
  it('records the signature with method signing_link and the address, and the link works once', async () => {
    const note = await t.note(validBody());
    const path = await client.linkFor(note.reference, 'transferee');
    const res = await client.sign(path, {
      name: '  Dave   Driver ',
      position: 'Driver',
      drawing: PNG,
      confirm: 'yes',
    });
    expect(res.statusCode).toBe(200);
    const page = text(res.body);
    expect(page).toContain('Signed');
    expect(page).toContain(`Transfer note ${note.reference}`);
    expect(page).toContain('Dave Driver, Driver');
    expect(page).toContain('20 March 2026 at 09:15 (UK time)');
    expect(page).toContain(
      'The note is complete when the transferor (the business handing over the waste) has signed too.',
    );

    const signed = await client.noteOf(note.reference);
    expect(signed.signatures.transferee).toEqual({
      name: 'Dave Driver',
      position: 'Driver',
      signed_at: '2026-03-20T09:15:00.000Z',
      method: 'signing_link',
      ip: '127.0.0.1',
      drawn: true,
    });
    expect(signed.signed).toBe('partially_signed');

    // A second submission (a double tap, the back button) is refused and shows who signed.
    const again = await client.sign(path, { name: 'Someone Else', confirm: 'yes' });
    expect(again.statusCode).toBe(409);
    expect(text(again.body)).toContain('This note has already been signed');
    expect(text(again.body)).toContain('Dave Driver');
    expect((await client.noteOf(note.reference)).signatures.transferee?.name).toBe('Dave Driver');
    const reopened = await client.open(path);
    expect(reopened.statusCode).toBe(200);
    expect(text(reopened.body)).toContain('This note has already been signed');
    expect(reopened.body).not.toContain('<form');
  });

  it('records one signature when the form is sent twice at once', async () => {
    const note = await t.note(validBody());
    const path = await client.linkFor(note.reference, 'transferee');
    const answers = await Promise.all([
      client.sign(path, { name: 'First Tap', confirm: 'yes' }),
      client.sign(path, { name: 'Second Tap', confirm: 'yes' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = text(answers.find((a) => a.statusCode === 200)!.body).includes('First Tap')
      ? 'First Tap'
      : 'Second Tap';
    expect((await client.noteOf(note.reference)).signatures.transferee?.name).toBe(winner);
    expect(text(answers.find((a) => a.statusCode === 409)!.body)).toContain(winner);
  });

  it('says both parties have signed, with the content hash, when this signature completes the note', async () => {
    const note = await t.note(validBody());
    const byApi = await t.call(t.testKey, {
      method: 'POST',
      url: `/v1/wtn/${note.reference}/signatures`,
      payload: { party: 'transferor', name: 'Sam Patel' },
    });
    expect(byApi.statusCode).toBe(201);
    clock.advance(3_600_000);
    const res = await client.sign(await client.linkFor(note.reference, 'transferee'), {
      name: 'Dave Driver',
      confirm: 'yes',
    });
    expect(res.statusCode).toBe(200);
    const signed = await client.noteOf(note.reference);
    expect(signed.signed).toBe('signed');
    expect(signed.signatures.transferee).toMatchObject({
      position: null,
      drawn: false,
      method: 'signing_link',
    });
    expect(signed.content_sha256).toMatch(/^[0-9a-f]{64}$/);
    const page = text(res.body);
    expect(page).toContain('Both parties have now signed.');
    expect(page).toContain(signed.content_sha256!);
    expect(page).toContain('20 March 2026 at 10:15 (UK time)');
  });

  it('shows each problem next to its field, keeps what was typed, and signs nothing', async () => {
    const note = await t.note(validBody());
    const path = await client.linkFor(note.reference, 'transferee');
    const cases: [Record<string, string>, string, string][] = [
      [{ name: '   ', confirm: 'yes' }, 'name', 'Enter your full name.'],
      [{ name: 'x'.repeat(201), confirm: 'yes' }, 'name', 'Your name must be 200 characters or fewer.'],
      [
        { name: 'Dave', position: 'p'.repeat(201), confirm: 'yes' },
        'position',
        'Your position must be 200 characters or fewer.',
      ],
      [{ name: 'Dave Driver', position: 'Driver' }, 'confirm', 'Tick the box to confirm the declaration.'],
      [
        { name: 'Dave', drawing: 'data:image/jpeg;base64,/9j/4AAQ', confirm: 'yes' },
        'drawing',
        'Your drawn signature could not be read.',
      ],
      [
        { name: 'Dave', drawing: 'data:image/png;base64,AAAAAAAAAAAAAAAA', confirm: 'yes' },
        'drawing',
        'Your drawn signature could not be read.',
      ],
      // A PNG's signature over pixel data that is not zlib, and a header claiming 60,000 pixels square:
      // each would have stopped the server when the note was printed.
      [
        { name: 'Dave', drawing: UNDECODABLE_PNG, confirm: 'yes' },
        'drawing',
        'Your drawn signature could not be read.',
      ],
      [
        { name: 'Dave', drawing: GIANT_PNG, confirm: 'yes' },
        'drawing',
        'Your drawn signature could not be read.',
      ],
      [
        { name: 'Dave', drawing: INFLATION_BOMB_PNG, confirm: 'yes' },
        'drawing',
        'Your drawn signature could not be read.',
      ],
      [
        { name: 'Dave', drawing: `${PNG}${'A'.repeat(200_000)}`, confirm: 'yes' },
        'drawing',
        'Your drawn signature is too large to keep.',
      ],
    ];
    for (const [fields, field, message] of cases) {
      const res = await client.sign(path, fields);
      expect(res.statusCode, message).toBe(400);
      expect(res.body).toMatch(
        new RegExp(
          `id="${field}-error"><span class="visually-hidden">Error:</span> ${message.replace('.', '\\.')}`,
        ),
      );
      expect(text(res.body)).toContain('There is a problem');
      expect(res.body).toContain('<form');
    }
    const kept = await client.sign(path, { name: 'Dave Driver', position: 'Driver', drawing: PNG });
    expect(kept.body).toContain('value="Dave Driver"');
    expect(kept.body).toContain('value="Driver"');
    expect(kept.body).toContain(`value="${PNG}"`);
    expect((await client.noteOf(note.reference)).signed).toBe('unsigned');
    expect((await client.sign(path, { name: 'Dave Driver', confirm: 'yes' })).statusCode).toBe(200);
  });

  it('refuses a body that is not a form, or too large to be one', async () => {
    const note = await t.note(validBody());
    const path = await client.linkFor(note.reference, 'transferee');
    const json = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Dave', confirm: 'yes' }),
    });
    expect(json.statusCode).toBe(415);
    expect(json.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(text(json.body)).toContain('We could not read that form');
    const huge = await client.sign(path, { name: 'Dave', confirm: 'yes', drawing: 'A'.repeat(400_000) });
    expect(huge.statusCode).toBe(413);
    expect(text(huge.body)).toContain('Your drawn signature was too large to send.');
    expect((await client.noteOf(note.reference)).signed).toBe('unsigned');
  });
});
