import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.ts';
import type { WasteTransferNote } from '../../src/wtn/wtn-schemas.ts';
import { bodyWith, validBody, type WtnApp, wtnApp } from './wtn-app.ts';

const clock = new ManualClock('2026-03-20T09:15:00.000Z');
let t: WtnApp;
let mine: WasteTransferNote;
let mineLive: WasteTransferNote;
let theirs: WasteTransferNote;
beforeAll(async () => {
  t = await wtnApp({ clock });
  mine = await t.note(validBody());
  mineLive = await t.note(bodyWith('carrier', { auto_verify: false }), t.liveKey);
  theirs = await t.note(validBody(), t.otherOrgKey);
});
afterAll(async () => {
  await t.close();
});

interface Page {
  data: WasteTransferNote[];
  has_more: boolean;
  next_starting_after: string | null;
}
const list = async (query: string, key = t.testKey): Promise<Page> => {
  const response = await t.get(`/v1/wtn${query}`, key);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Page;
};

describe('GET /v1/wtn/{reference}', () => {
  it('answers the note to its own organisation and mode, and 404 WTN_NOT_FOUND to anyone else', async () => {
    expect((await t.get(`/v1/wtn/${mine.reference}`)).json()).toEqual(mine);
    expect((await t.get(`/v1/wtn/${mine.reference.toLowerCase()}`)).json()).toEqual(mine);
    for (const [reference, key] of [
      [mine.reference, t.otherOrgKey], // another organisation
      [mine.reference, t.liveKey], // the other mode of the same organisation
      [mineLive.reference, t.testKey],
      [theirs.reference, t.testKey],
      ['WTN-2026-0320-ZZZZ', t.testKey], // well-formed, unknown
      ['not-a-reference', t.testKey],
      ['WTN-2026-0320-A', t.testKey],
    ] as const) {
      for (const path of [
        `/v1/wtn/${encodeURIComponent(reference)}`,
        `/v1/wtn/${encodeURIComponent(reference)}/pdf`,
      ]) {
        const response = await t.get(path, key);
        expect(response.statusCode, `${path} with ${key.slice(0, 9)}`).toBe(404);
        expect(response.json().error.code).toBe('WTN_NOT_FOUND');
      }
    }
  });

  it('has no way to change or delete a note, and says how to correct one', async () => {
    for (const method of ['DELETE', 'PUT', 'PATCH'] as const) {
      const response = await t.call(t.testKey, { method, url: `/v1/wtn/${mine.reference}` });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.code).toBe('NOTE_IMMUTABLE');
      expect(response.json().error.message).toContain(`"supersedes": "${mine.reference}"`);
    }
    expect((await t.get(`/v1/wtn/${mine.reference}`)).json()).toEqual(mine);
  });
});

describe('GET /v1/wtn', () => {
  it("lists only the organisation's notes of the key's mode", async () => {
    expect((await list('')).data.map((n) => n.reference)).toEqual([mine.reference]);
    expect((await list('', t.liveKey)).data.map((n) => n.reference)).toEqual([mineLive.reference]);
    expect((await list('', t.otherOrgKey)).data.map((n) => n.reference)).toEqual([theirs.reference]);
  });

  it('pages newest first with no gaps or repeats, while notes are still being created', async () => {
    const app = await wtnApp({ clock });
    try {
      const created: WasteTransferNote[] = [];
      for (let i = 0; i < 45; i++) {
        clock.advance(i % 4 === 0 ? 0 : 1000); // some notes share a creation time
        created.push(await app.note(bodyWith('waste', { quantity_kg: i + 1 })));
      }
      const seen: string[] = [];
      let cursor = '';
      let pages = 0;
      for (;;) {
        const response = await app.get(`/v1/wtn?limit=10${cursor ? `&starting_after=${cursor}` : ''}`);
        const page = response.json() as Page;
        seen.push(...page.data.map((n) => n.reference));
        pages++;
        // A note created mid-way must not shift the pages being read.
        if (pages === 2) await app.note(validBody());
        if (!page.has_more) {
          expect(page.next_starting_after).toBeNull();
          break;
        }
        cursor = page.next_starting_after!;
        expect(cursor).toBe(page.data[page.data.length - 1].reference);
      }
      const newestFirst = [...created].sort((a, b) =>
        a.created_at === b.created_at
          ? b.reference.localeCompare(a.reference)
          : b.created_at.localeCompare(a.created_at),
      );
      expect(seen).toEqual(newestFirst.map((n) => n.reference));
      expect(pages).toBe(5);
    } finally {
      await app.close();
    }
  });

  it('filters by transfer date range, carrier number, EWC code and compliance', async () => {
    const app = await wtnApp({ clock });
    try {
      const a = await app.note(validBody({ transfer_date: '2026-03-01' }));
      clock.advance(1000);
      const b = await app.note({
        ...bodyWith('carrier', { registration_number: 'CBDU100003' }),
        transfer_date: '2026-03-10',
      });
      clock.advance(1000);
      const c = await app.note({
        ...bodyWith('waste', { ewc_code: '20 03 01' }),
        transfer_date: '2026-03-20',
      });
      const refs = async (query: string) =>
        (await app.get(`/v1/wtn${query}`)).json().data.map((n: WasteTransferNote) => n.reference);
      expect(await refs('?transfer_date_from=2026-03-10')).toEqual([c.reference, b.reference]);
      expect(await refs('?transfer_date_to=2026-03-10')).toEqual([b.reference, a.reference]);
      expect(await refs('?transfer_date_from=2026-03-05&transfer_date_to=2026-03-15')).toEqual([b.reference]);
      expect(await refs('?transfer_date_from=2026-03-20&transfer_date_to=2026-03-20')).toEqual([c.reference]);
      expect(await refs('?carrier_registration_number=cbdu%20100003')).toEqual([b.reference]);
      expect(await refs('?ewc_code=200301')).toEqual([c.reference]);
      expect(await refs('?ewc_code=20%2003%2001')).toEqual([c.reference]);
      expect(await refs('?is_compliant=false')).toEqual([b.reference]);
      expect(await refs('?is_compliant=true&ewc_code=17%2008%2002')).toEqual([a.reference]);
    } finally {
      await app.close();
    }
  });

  it.each([
    ['?limit=0', 'limit'],
    ['?limit=101', 'limit'],
    ['?limit=ten', 'limit'],
    ['?transfer_date_from=2026-02-30', 'transfer_date_from'],
    ['?transfer_date_from=2026-03-10&transfer_date_to=2026-03-01', 'transfer_date_from'],
    ['?ewc_code=plaster', 'ewc_code'],
    ['?is_compliant=maybe', 'is_compliant'],
    ['?colour=red', 'colour'],
    ['?starting_after=WTN-2026-0320-ZZZZ', 'starting_after'],
    ['?starting_after=WTN-2026-1323-ZZZZ', 'starting_after'],
  ])('refuses %s naming %s', async (query, field) => {
    const response = await t.get(`/v1/wtn${query}`);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.code).toBe('INVALID_REQUEST');
    expect(response.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it("refuses another organisation's note as a cursor", async () => {
    const response = await t.get(`/v1/wtn?starting_after=${theirs.reference}`);
    expect(response.statusCode).toBe(400);
  });
});
