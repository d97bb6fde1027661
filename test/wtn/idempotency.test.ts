import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.ts';
import { bodyWith, validBody, type WtnApp, wtnApp } from './wtn-app.ts';

const clock = new ManualClock('2026-03-20T09:15:00.000Z');
let t: WtnApp;
beforeEach(async () => {
  clock.set('2026-03-20T09:15:00.000Z');
  t = await wtnApp({ clock });
});
afterEach(async () => {
  await t.close();
});

const withKey = (key: string) => ({ 'idempotency-key': key });

describe('Idempotency-Key on POST /v1/generate-wtn', () => {
  it('a body nested thousands deep is a 400 in the envelope, never a 500, and creates nothing', async () => {
    const deep = `{"producer":${'['.repeat(4000)}${']'.repeat(4000)}}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/generate-wtn',
      headers: {
        authorization: `Bearer ${t.testKey}`,
        'content-type': 'application/json',
        ...withKey('deep'),
      },
      payload: deep,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'INVALID_REQUEST',
      request_id: res.headers['request-id'],
    });
    expect(await t.storedNotes()).toBe(0);
  });

  it('the same key and body returns the first note, 201, and creates nothing', async () => {
    const first = await t.generate(validBody(), t.testKey, withKey('retry-1'));
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    clock.advance(60_000);
    // Same JSON value, keys in another order.
    const body = validBody();
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const again = await t.generate(reordered, t.testKey, withKey('retry-1'));
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await t.storedNotes()).toBe(1);
  });

  it('the same key with a different body is 422 IDEMPOTENCY_KEY_REUSED and creates nothing', async () => {
    await t.generate(validBody(), t.testKey, withKey('k'));
    const other = await t.generate(bodyWith('waste', { quantity_kg: 2501 }), t.testKey, withKey('k'));
    expect(other.statusCode).toBe(422);
    expect(other.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    // An invalid body is refused for what is wrong with it, before the key is looked at.
    const invalid = await t.generate({}, t.testKey, withKey('k'));
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.code).toBe('INVALID_REQUEST');
    expect(await t.storedNotes()).toBe(1);
  });

  it('keys belong to one organisation and one mode', async () => {
    const body = bodyWith('carrier', { auto_verify: false });
    const mine = (await t.generate(body, t.testKey, withKey('shared'))).json();
    const theirs = (await t.generate(body, t.otherOrgKey, withKey('shared'))).json();
    const live = (await t.generate(body, t.liveKey, withKey('shared'))).json();
    expect(new Set([mine.reference, theirs.reference, live.reference]).size).toBe(3);
    expect(await t.storedNotes()).toBe(3);
  });

  it('a key is remembered for 24 hours, then starts afresh', async () => {
    const first = (await t.generate(validBody(), t.testKey, withKey('daily'))).json();
    clock.advance(24 * 3600_000 - 1);
    expect((await t.generate(validBody(), t.testKey, withKey('daily'))).json().reference).toBe(
      first.reference,
    );
    clock.advance(1);
    const fresh = await t.generate(bodyWith('waste', { quantity_kg: 1 }), t.testKey, withKey('daily'));
    expect(fresh.statusCode).toBe(201);
    expect(fresh.json().reference).not.toBe(first.reference);
    expect(await t.storedNotes()).toBe(2);
  });

  it('a request that failed is not remembered: the retry runs again', async () => {
    const down = await t.generate(
      bodyWith('carrier', { registration_number: 'CBDU100503' }),
      t.testKey,
      withKey('flaky'),
    );
    expect(down.statusCode).toBe(503);
    const retry = await t.generate(validBody(), t.testKey, withKey('flaky'));
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
  });

  it('concurrent requests with one key create one note; the others get it as a replay', async () => {
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => t.generate(validBody(), t.testKey, withKey('race'))),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
    expect(new Set(responses.map((r) => r.json().reference)).size).toBe(1);
    expect(responses.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(11);
    expect(await t.storedNotes()).toBe(1);
  });

  it('concurrent requests with one key and different bodies: one note, the rest 422', async () => {
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.generate(bodyWith('waste', { quantity_kg: i + 1 }), t.testKey, withKey('mixed')),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 422)).toHaveLength(5);
    expect(await t.storedNotes()).toBe(1);
  });

  it('a replay does not spend monthly quota', async () => {
    const used = async () => (await t.get('/v1/usage', t.liveKey)).json().used as number;
    const body = bodyWith('carrier', { auto_verify: false });
    expect((await t.generate(body, t.liveKey, withKey('quota'))).statusCode).toBe(201);
    expect(await used()).toBe(1);
    for (let i = 0; i < 3; i++) {
      const replay = await t.generate(body, t.liveKey, withKey('quota'));
      expect(replay.headers['idempotent-replayed']).toBe('true');
    }
    expect(await used()).toBe(1);
    // A different key is a new call, and is counted.
    expect((await t.generate(body, t.liveKey, withKey('quota-2'))).statusCode).toBe(201);
    expect(await used()).toBe(2);
  });

  it('an empty, over-long or repeated key is refused', async () => {
    // ['a', 'b']: the header sent twice, which Node joins into one value, "a, b".
    for (const key of ['', ' ', 'k'.repeat(256), ['a', 'b']]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/v1/generate-wtn',
        headers: { authorization: `Bearer ${t.testKey}`, 'idempotency-key': key },
        payload: validBody(),
      });
      expect(response.statusCode, JSON.stringify(key)).toBe(400);
      expect(response.json().error.details).toEqual([
        { field: 'Idempotency-Key', issue: 'must be 1 to 255 characters' },
      ]);
    }
    expect(await t.storedNotes()).toBe(0);
  });
});
