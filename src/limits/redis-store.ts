import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { HitOutcome, LimitStore, ReserveOutcome } from './limit-store.ts';
import { WINDOW_MS } from './limit-store.ts';

/**
 * One Lua script per check-and-count, so instances sharing this Redis share each limit exactly (the
 * model is fastify-rate-limit's RedisStore, with a sorted set per key for a true sliding window instead
 * of a fixed one). Times come from the caller's clock so tests can move time.
 */
const HIT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
local allowed = 0
if count < tonumber(ARGV[3]) then
  redis.call('ZADD', KEYS[1], now, ARGV[4])
  redis.call('PEXPIRE', KEYS[1], window)
  count = count + 1
  allowed = 1
end
-- The oldest entry that keeps the window full (after a plan lowered the limit, not the oldest of all).
local oldest = tostring(now)
if count > 0 then
  local index = math.max(0, count - tonumber(ARGV[3]))
  oldest = redis.call('ZRANGE', KEYS[1], index, index, 'WITHSCORES')[2]
end
local used = redis.call('GET', KEYS[2])
-- An admitted billable request reserves its monthly call here too: reserved 1, exhausted 0, unseeded -1.
local reserved = -2
if allowed == 1 and ARGV[5] ~= '' then
  if not used then
    reserved = -1
  elseif tonumber(used) >= tonumber(ARGV[5]) then
    reserved = 0
  else
    used = redis.call('INCR', KEYS[2])
    reserved = 1
  end
end
return {allowed, count, oldest, used, reserved}
`;

const SEED = `
redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2])
return tonumber(redis.call('GET', KEYS[1]))
`;

const RESERVE = `
local used = redis.call('GET', KEYS[1])
if not used then return {-1, 0} end
used = tonumber(used)
if used + tonumber(ARGV[2]) > tonumber(ARGV[1]) then return {0, used} end
return {1, redis.call('INCRBY', KEYS[1], ARGV[2])}
`;

const RELEASE = `
local used = redis.call('GET', KEYS[1])
if not used then return -1 end
used = tonumber(used)
if used <= 0 then return 0 end
return redis.call('DECRBY', KEYS[1], math.min(used, tonumber(ARGV[1])))
`;

/** A monthly counter outlives its cycle by a day so a call reserved at 23:59:59 on the 31st can settle. */
const QUOTA_GRACE_MS = 86_400_000;

interface LimitCommands {
  wcsLimitHit(
    window: string,
    quota: string,
    now: number,
    windowMs: number,
    limit: number,
    member: string,
    monthlyLimit: number | '',
  ): Promise<[number, number, string, string | number | null, number]>;
  wcsLimitSeed(quota: string, committed: number, ttlMs: number): Promise<number>;
  wcsLimitReserve(quota: string, limit: number, calls: number): Promise<[number, number]>;
  wcsLimitRelease(quota: string, calls: number): Promise<number>;
}

/** Counters shared by every instance on one Redis. The database stays the record of counted calls. */
export class RedisLimitStore implements LimitStore {
  readonly name = 'redis';
  readonly #redis: Redis & LimitCommands;
  /** Makes window members unique across instances that admit requests in the same millisecond. */
  readonly #instance = randomBytes(6).toString('hex');
  #sequence = 0;

  constructor(redis: Redis) {
    for (const [name, lua] of [
      ['wcsLimitHit', HIT],
      ['wcsLimitSeed', SEED],
      ['wcsLimitReserve', RESERVE],
      ['wcsLimitRelease', RELEASE],
    ] as const) {
      if (!(name in redis)) redis.defineCommand(name, { numberOfKeys: name === 'wcsLimitHit' ? 2 : 1, lua });
    }
    this.#redis = redis as Redis & LimitCommands;
  }

  async hit(
    keyId: string,
    perMinute: number,
    nowMs: number,
    cycleId: string,
    monthlyLimit?: number,
  ): Promise<HitOutcome> {
    this.#sequence = (this.#sequence + 1) % 1_000_000_000;
    const member = `${nowMs}:${this.#instance}:${this.#sequence}`;
    const [allowed, count, oldest, used, reserved] = await this.#redis.wcsLimitHit(
      windowKey(keyId),
      quotaKey(keyId, cycleId),
      nowMs,
      WINDOW_MS,
      perMinute,
      member,
      monthlyLimit ?? '',
    );
    const monthlyUsed = used === null ? undefined : Number(used);
    const outcome: HitOutcome = {
      window: { allowed: allowed === 1, count, nextSlotAtMs: Number(oldest) + WINDOW_MS },
      monthlyUsed,
    };
    if (reserved === 1) outcome.reserve = { status: 'reserved', used: Number(used), via: this };
    else if (reserved === 0) outcome.reserve = { status: 'exhausted', used: Number(used) };
    else if (reserved === -1) outcome.reserve = { status: 'unseeded' };
    return outcome;
  }

  async seed(keyId: string, cycleId: string, cycleLeftMs: number, committed: number): Promise<number> {
    return this.#redis.wcsLimitSeed(
      quotaKey(keyId, cycleId),
      committed,
      Math.max(1, cycleLeftMs) + QUOTA_GRACE_MS,
    );
  }

  async reserve(keyId: string, cycleId: string, limit: number, calls = 1): Promise<ReserveOutcome> {
    const [status, used] = await this.#redis.wcsLimitReserve(quotaKey(keyId, cycleId), limit, calls);
    if (status === -1) return { status: 'unseeded' };
    return status === 1 ? { status: 'reserved', used, via: this } : { status: 'exhausted', used };
  }

  async commit(): Promise<void> {
    // The counter already holds the call; the database row written before this is the record.
  }

  async release(keyId: string, cycleId: string, calls = 1): Promise<number | undefined> {
    const used = await this.#redis.wcsLimitRelease(quotaKey(keyId, cycleId), calls);
    return used < 0 ? undefined : used;
  }

  /** Drops monthly counters so they are seeded again from the database (after a Redis outage). */
  async forget(quotaKeys: Iterable<{ keyId: string; cycleId: string }>): Promise<void> {
    const keys = [...quotaKeys].map((k) => quotaKey(k.keyId, k.cycleId));
    for (let i = 0; i < keys.length; i += 500) await this.#redis.del(...keys.slice(i, i + 500));
  }
}

// The {keyId} hash tag keeps a key's window and counters in one Redis Cluster slot, as one script needs.
function windowKey(keyId: string): string {
  return `wcs:limits:{${keyId}}:window`;
}

function quotaKey(keyId: string, cycleId: string): string {
  return `wcs:limits:{${keyId}}:month:${cycleId}`;
}
