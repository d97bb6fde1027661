import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/database.ts';
import type { PortalTrustedDeviceRow } from './tables.ts';

/** A browser stays trusted for 90 days after its last successful log-in. */
export const DEVICE_TRUST_MS = 90 * 86_400_000;

/**
 * OWASP's device cookie (Authentication Cheat Sheet, "Login Throttling"; the "Slow Down Online
 * Guessing Attacks with Device Cookies" design): a browser that has logged in to an account gets a
 * random token, and its later attempts at that account are throttled on their own count, so an
 * attacker who fails on purpose cannot lock the owner out of a browser the owner has used before.
 * Like session ids, only the token's SHA-256 is stored, in the database so every instance sees it.
 */
export class TrustedDevices {
  readonly #db: Db;
  readonly #clock: Clock;

  constructor(db: Db, clock: Clock) {
    this.#db = db;
    this.#clock = clock;
  }

  /** The device behind a cookie value while it is trusted; the caller checks it is the account's. */
  async find(token: string | undefined): Promise<PortalTrustedDeviceRow | undefined> {
    if (!token || token.length > 100) return undefined;
    return this.#db.kysely
      .selectFrom('portal_trusted_devices')
      .selectAll()
      .where('id_hash', '=', hashToken(token))
      .where('expires_at', '>', this.#clock.now().toISOString())
      .executeTakeFirst();
  }

  /**
   * After a successful log-in: a new token for this browser, replacing the one it presented (if that was
   * this user's), so a copied cookie stops working once the owner logs in again.
   */
  async remember(userId: string, previous: string | undefined): Promise<{ token: string; maxAgeMs: number }> {
    const now = this.#clock.now();
    const nowIso = now.toISOString();
    const token = randomBytes(32).toString('base64url');
    const presented = await this.find(previous);
    const prior = presented?.user_id === userId ? presented : undefined;
    await this.#db.kysely.transaction().execute(async (trx) => {
      // Expired rows are swept here, as sessions are at log-in.
      await trx.deleteFrom('portal_trusted_devices').where('expires_at', '<=', nowIso).execute();
      if (prior)
        await trx.deleteFrom('portal_trusted_devices').where('id_hash', '=', prior.id_hash).execute();
      await trx
        .insertInto('portal_trusted_devices')
        .values({
          id_hash: hashToken(token),
          user_id: userId,
          created_at: prior?.created_at ?? nowIso,
          last_login_at: nowIso,
          expires_at: new Date(now.getTime() + DEVICE_TRUST_MS).toISOString(),
        })
        .execute();
    });
    return { token, maxAgeMs: DEVICE_TRUST_MS };
  }

  /** No browser stays trusted for this user (after a password reset). */
  async forgetUser(userId: string): Promise<void> {
    await this.#db.kysely.deleteFrom('portal_trusted_devices').where('user_id', '=', userId).execute();
  }
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
