import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import type { LimitStore } from '../../src/limits/limit-store.ts';
import { MemoryLimitStore } from '../../src/limits/memory-store.ts';
import { RedisLimitStore } from '../../src/limits/redis-store.ts';

const redisUrl = process.env.REDIS_URL;
const redis = redisUrl ? new Redis(redisUrl) : undefined;
afterAll(() => redis?.disconnect());

// The same behaviour is asked of both stores; the Redis one only where the run has a Redis.
const stores: Array<[string, () => LimitStore]> = [['memory', () => new MemoryLimitStore()]];
if (redis) stores.push(['redis', () => new RedisLimitStore(redis)]);

const T0 = Date.parse('2026-05-05T08:00:00Z');
const newKeyId = () => `key_${randomBytes(8).toString('hex')}`;

describe.each(stores)('%s store', (_name, makeStore) => {
  it('admits `limit` requests in any 60 s and frees a slot exactly 60 s after each', async () => {
    const store = makeStore();
    const keyId = newKeyId();
    const hit = (ms: number) => store.hit(keyId, 3, T0 + ms, '2026-05');
    expect((await hit(0)).window).toEqual({ allowed: true, count: 1, nextSlotAtMs: T0 + 60_000 });
    await hit(10_000);
    expect((await hit(20_000)).window).toMatchObject({ allowed: true, count: 3 });
    expect((await hit(59_999)).window).toEqual({ allowed: false, count: 3, nextSlotAtMs: T0 + 60_000 });
    expect((await hit(60_000)).window).toEqual({ allowed: true, count: 3, nextSlotAtMs: T0 + 70_000 });
    expect((await hit(60_001)).window.allowed).toBe(false);
    // Refused requests take no slot: after the window empties, a full allowance again.
    for (const ms of [140_000, 140_001, 140_002]) expect((await hit(ms)).window.allowed).toBe(true);
  });

  it('after a plan lowers the limit, waits until enough old requests have left', async () => {
    const store = makeStore();
    const keyId = newKeyId();
    for (let i = 0; i < 5; i++) await store.hit(keyId, 10, T0 + i * 1_000, '2026-05');
    const lowered = await store.hit(keyId, 2, T0 + 5_000, '2026-05');
    expect(lowered.window.allowed).toBe(false);
    // The two newest of the five (at 3 s and 4 s) are what the new limit counts.
    expect(lowered.window.nextSlotAtMs).toBe(T0 + 63_000);
    expect((await store.hit(keyId, 2, T0 + 63_000, '2026-05')).window.allowed).toBe(true);
  });

  it('reserves monthly calls only once seeded, never past the limit, and gives released ones back', async () => {
    const store = makeStore();
    const keyId = newKeyId();
    expect(await store.reserve(keyId, '2026-05', 5)).toEqual({ status: 'unseeded' });
    expect((await store.hit(keyId, 10, T0, '2026-05')).monthlyUsed).toBeUndefined();
    expect(await store.seed(keyId, '2026-05', 86_400_000, 3)).toBe(3);
    expect(await store.seed(keyId, '2026-05', 86_400_000, 0)).toBe(3); // a second seed never resets
    expect(await store.reserve(keyId, '2026-05', 5)).toMatchObject({ status: 'reserved', used: 4 });
    expect(await store.reserve(keyId, '2026-05', 5)).toMatchObject({ status: 'reserved', used: 5 });
    expect(await store.reserve(keyId, '2026-05', 5)).toEqual({ status: 'exhausted', used: 5 });
    expect(await store.release(keyId, '2026-05')).toBe(4);
    expect((await store.hit(keyId, 10, T0, '2026-05')).monthlyUsed).toBe(4);
    // Each cycle has its own counter.
    expect(await store.reserve(keyId, '2026-06', 5)).toEqual({ status: 'unseeded' });
  });

  it('holds a monthly call in the same step as the window when asked, only for an admitted request', async () => {
    const store = makeStore();
    const keyId = newKeyId();
    const unseeded = await store.hit(keyId, 2, T0, '2026-05', 5);
    expect(unseeded.reserve).toEqual({ status: 'unseeded' });
    await store.seed(keyId, '2026-05', 86_400_000, 4);
    const held = await store.hit(keyId, 2, T0 + 1, '2026-05', 5);
    expect(held.reserve).toMatchObject({ status: 'reserved', used: 5 });
    expect(held.monthlyUsed).toBe(5);
    const refusedByWindow = await store.hit(keyId, 2, T0 + 2, '2026-05', 5);
    expect(refusedByWindow.window.allowed).toBe(false);
    expect(refusedByWindow.reserve).toBeUndefined();
    const spent = await store.hit(keyId, 2, T0 + 60_000, '2026-05', 5);
    expect(spent.reserve).toEqual({ status: 'exhausted', used: 5 });
  });

  it('lets exactly the remaining calls through when they race', async () => {
    const store = makeStore();
    const keyId = newKeyId();
    await store.seed(keyId, '2026-05', 86_400_000, 90);
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, () => store.reserve(keyId, '2026-05', 100)),
    );
    expect(outcomes.filter((o) => o.status === 'reserved')).toHaveLength(10);
  });
});

describe('memory store bounds', () => {
  it('keeps a counter with calls in flight even when evicted, so none is lost', async () => {
    const store = new MemoryLimitStore({ maxQuotaEntries: 2 });
    await store.seed('key_a', '2026-05', 1, 7);
    expect(await store.reserve('key_a', '2026-05', 100)).toMatchObject({ used: 8 });
    await store.seed('key_b', '2026-05', 1, 0);
    await store.seed('key_c', '2026-05', 1, 0); // evicts key_a, which has a call in flight
    expect(await store.reserve('key_a', '2026-05', 100)).toMatchObject({ status: 'reserved', used: 9 });
    await store.commit('key_a', '2026-05');
    await store.commit('key_a', '2026-05');
    // Settled: it may go now, and is read again from the database next time.
    expect(await store.reserve('key_a', '2026-05', 100)).toEqual({ status: 'unseeded' });
  });
});
