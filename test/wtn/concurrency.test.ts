import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_PATTERN } from '../../src/wtn/reference.ts';
import type { WasteTransferNote } from '../../src/wtn/wtn-schemas.ts';
import { bodyWith, type WtnApp, wtnApp } from './wtn-app.ts';

let t: WtnApp;
beforeAll(async () => {
  t = await wtnApp({ unlimited: true });
});
afterAll(async () => {
  await t.close();
});

describe('notes created concurrently', () => {
  it('each get a unique, well-formed reference, are all stored, and each is readable by its owner', async () => {
    const keys = [t.testKey, t.otherOrgKey, t.liveKey];
    // Test keys verify against the sandbox; the live key records the carrier unverified (no register here).
    const requests = Array.from({ length: 300 }, (_, i) => ({
      key: keys[i % keys.length],
      body: bodyWith('carrier', { auto_verify: keys[i % keys.length] !== t.liveKey }),
      quantity: i + 1,
    }));
    const responses = await Promise.all(
      requests.map((r) =>
        t.generate({ ...r.body, waste: { ...(r.body.waste as object), quantity_kg: r.quantity } }, r.key),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(300).fill(201));
    const notes = responses.map((r) => r.json() as WasteTransferNote);
    for (const n of notes) expect(n.reference).toMatch(REFERENCE_PATTERN);
    expect(new Set(notes.map((n) => n.reference)).size).toBe(300);
    expect(await t.storedNotes()).toBe(300);
    for (const [i, n] of notes.entries()) {
      const read = await t.get(`/v1/wtn/${n.reference}`, requests[i].key);
      expect(read.json()).toEqual(n);
      expect(n.waste.quantity_kg).toBe(requests[i].quantity);
    }
  });
});
