import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.ts';
import { signingClient } from './signing-client.ts';
import { validBody, type WtnApp, wtnApp } from './wtn-app.ts';

// One rule for the names and positions printed on a transfer note (src/platform/person-name.ts): the API
// and the signing link refuse the same names, each in its own words.
const clock = new ManualClock('2026-03-20T09:15:00.000Z');
let t: WtnApp;
let client: ReturnType<typeof signingClient>;

beforeAll(async () => {
  t = await wtnApp({ clock, unlimited: true });
  client = signingClient(t);
});
afterAll(() => t.close());

const ACCENTED = 'Zoë Ó Briain-Łukasz';

interface Refused {
  what: string;
  name: string;
  position?: string;
  field: 'name' | 'position';
  /** The API's `details` issue. */
  issue: string;
  /** What the page says beside the field. */
  message: string;
}

const REFUSED: Refused[] = [
  {
    what: 'a blank name',
    name: ' ',
    field: 'name',
    issue: 'must not be blank',
    message: 'Enter your full name.',
  },
  {
    what: 'a name of zero-width characters only',
    name: '\u200b\u200d\ufeff',
    field: 'name',
    issue: 'must not be blank',
    message: 'Enter your full name.',
  },
  {
    what: 'a control character in the name',
    name: 'Sam\u0007 Patel',
    field: 'name',
    issue: 'must not contain control characters',
    message: 'Your name must not contain control characters.',
  },
  {
    what: 'a C1 control character in the name',
    name: 'Sam Patel\u009b',
    field: 'name',
    issue: 'must not contain control characters',
    message: 'Your name must not contain control characters.',
  },
  {
    what: 'a right-to-left override in the name',
    name: 'Sam \u202eletaP',
    field: 'name',
    issue: 'must not contain text-direction control characters',
    message: 'Your name must not contain text-direction control characters.',
  },
  {
    what: 'a right-to-left override in the position',
    name: 'Sam Patel',
    position: '\u202erevirD',
    field: 'position',
    issue: 'must not contain text-direction control characters',
    message: 'Your position must not contain text-direction control characters.',
  },
  {
    what: 'a position of zero-width characters only',
    name: 'Sam Patel',
    position: '\u200b',
    field: 'position',
    issue: 'must not be blank',
    message: 'Your position must not be blank.',
  },
];

const sign = (reference: string, payload: object) =>
  t.call(t.testKey, { method: 'POST', url: `/v1/wtn/${reference}/signatures`, payload });

describe('signing with the API', () => {
  it('refuses each name the rule refuses: 400 INVALID_REQUEST naming the field, nothing signed', async () => {
    const note = await t.note(validBody());
    for (const { what, name, position, field, issue } of REFUSED) {
      const response = await sign(note.reference, { party: 'transferor', name, position });
      expect(response.statusCode, what).toBe(400);
      expect(response.json().error, what).toMatchObject({
        code: 'INVALID_REQUEST',
        details: [{ field: `/${field}`, issue }],
      });
    }
    expect((await client.noteOf(note.reference)).signed).toBe('unsigned');
  });

  it('reports the name with the schema’s own problems, all at once', async () => {
    const note = await t.note(validBody());
    const response = await sign(note.reference, { party: 'carrier', name: '\u200b', extra: 1 });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual(
      expect.arrayContaining([
        { field: '/name', issue: 'must not be blank' },
        { field: '/party', issue: expect.any(String) },
        { field: '/extra', issue: 'is not a recognised field' },
      ]),
    );
  });

  it('signs an accented name as written, trimmed; a blank position is not given', async () => {
    const note = await t.note(validBody());
    const response = await sign(note.reference, {
      party: 'transferor',
      name: ` ${ACCENTED} `,
      position: '  ',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().signatures.transferor).toMatchObject({ name: ACCENTED, position: null });
  });
});

describe('signing with a link', () => {
  it('refuses the same names beside their field, and signs nothing', async () => {
    const note = await t.note(validBody());
    const path = await client.linkFor(note.reference, 'transferee');
    for (const { what, name, position, field, message } of REFUSED) {
      const response = await client.sign(path, { name, position: position ?? '', confirm: 'yes' });
      expect(response.statusCode, what).toBe(400);
      expect(response.body, what).toContain(
        `id="${field}-error"><span class="visually-hidden">Error:</span> ${message}`,
      );
    }
    expect((await client.noteOf(note.reference)).signed).toBe('unsigned');
  });

  it('signs the accented name the API signs', async () => {
    const note = await t.note(validBody());
    const path = await client.linkFor(note.reference, 'transferee');
    const response = await client.sign(path, { name: ACCENTED, position: 'Driver', confirm: 'yes' });
    expect(response.statusCode).toBe(200);
    expect((await client.noteOf(note.reference)).signatures.transferee).toMatchObject({
      name: ACCENTED,
      position: 'Driver',
      method: 'signing_link',
    });
  });
});
