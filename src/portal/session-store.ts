import type { Redis } from 'ioredis';
import { CompiledOnce } from '../platform/compiled-once.ts';
import type { Db } from '../platform/db/database.ts';
import type { PortalSessionRow } from './tables.ts';

/** Where signed-in sessions live: the database, or Redis when REDIS_URL is set. Keyed by the id's hash. */
export interface SessionStore {
  create(row: PortalSessionRow): Promise<void>;
  /** The session if it exists and has not expired at `now` (ISO 8601 UTC). */
  get(idHash: string, now: string): Promise<PortalSessionRow | undefined>;
  extend(idHash: string, expiresAt: string, now: string): Promise<void>;
  delete(idHash: string): Promise<void>;
}

/** Every signed-in page reads its session: the query is built once (platform/compiled-once.ts). */
const liveSession = new CompiledOnce({
  parameters: (a: { idHash: string; now: string }) => [a.idHash, a.now],
  build: (db, a) =>
    db
      .selectFrom('portal_sessions')
      .selectAll()
      .where('id_hash', '=', a.idHash)
      .where('expires_at', '>', a.now),
});

export class DatabaseSessionStore implements SessionStore {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  async create(row: PortalSessionRow): Promise<void> {
    // Expired rows are swept here, at log-in, rather than by a timer: the index on expires_at keeps it cheap.
    await this.#db.kysely.deleteFrom('portal_sessions').where('expires_at', '<=', row.created_at).execute();
    await this.#db.kysely.insertInto('portal_sessions').values(row).execute();
  }

  async get(idHash: string, now: string): Promise<PortalSessionRow | undefined> {
    return liveSession.first(this.#db.kysely, { idHash, now });
  }

  async extend(idHash: string, expiresAt: string, _now: string): Promise<void> {
    await this.#db.kysely
      .updateTable('portal_sessions')
      .set({ expires_at: expiresAt })
      .where('id_hash', '=', idHash)
      .execute();
  }

  async delete(idHash: string): Promise<void> {
    await this.#db.kysely.deleteFrom('portal_sessions').where('id_hash', '=', idHash).execute();
  }
}

const PREFIX = 'wcs:portal:session:';

/** Sessions shared by every instance; Redis expires them itself. */
export class RedisSessionStore implements SessionStore {
  readonly #redis: Redis;

  constructor(redis: Redis) {
    this.#redis = redis;
  }

  async create(row: PortalSessionRow): Promise<void> {
    await this.#redis.set(
      PREFIX + row.id_hash,
      JSON.stringify(row),
      'PX',
      ttl(row.created_at, row.expires_at),
    );
  }

  async get(idHash: string, now: string): Promise<PortalSessionRow | undefined> {
    const raw = await this.#redis.get(PREFIX + idHash);
    if (raw === null) return undefined;
    const row = JSON.parse(raw) as PortalSessionRow;
    return row.expires_at > now ? row : undefined;
  }

  async extend(idHash: string, expiresAt: string, now: string): Promise<void> {
    const raw = await this.#redis.get(PREFIX + idHash);
    if (raw === null) return;
    const row = { ...(JSON.parse(raw) as PortalSessionRow), expires_at: expiresAt };
    // XX: never resurrect a session that was deleted (logged out) between the read and this write.
    await this.#redis.set(PREFIX + idHash, JSON.stringify(row), 'PX', ttl(now, expiresAt), 'XX');
  }

  async delete(idHash: string): Promise<void> {
    await this.#redis.del(PREFIX + idHash);
  }
}

function ttl(from: string, to: string): number {
  return Math.max(1, Date.parse(to) - Date.parse(from));
}
