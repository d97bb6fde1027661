import { randomBytes } from 'node:crypto';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/database.ts';
import type { PortalPasswordResetRow, PortalUserRow } from './tables.ts';
import { hashToken } from './trusted-devices.ts';

/** A reset link works once, within an hour (OWASP Forgot Password Cheat Sheet: short-lived, single use). */
export const RESET_LINK_TTL_MS = 3_600_000;

export type ResetIssuer = 'email' | 'operator';

/**
 * Password-reset tokens: 256 random bits in the link, only their SHA-256 in the database, so a copy of
 * the table opens no account.
 */
export class PasswordResetStore {
  readonly #db: Db;
  readonly #clock: Clock;

  constructor(db: Db, clock: Clock) {
    this.#db = db;
    this.#clock = clock;
  }

  /** A new token for this user; the token itself is returned once and never stored. */
  async issue(userId: string, issuedBy: ResetIssuer): Promise<{ token: string; expiresAt: string }> {
    const now = this.#clock.now();
    const token = randomBytes(32).toString('base64url');
    const row: PortalPasswordResetRow = {
      token_hash: hashToken(token),
      user_id: userId,
      issued_by: issuedBy,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + RESET_LINK_TTL_MS).toISOString(),
      used_at: null,
    };
    // Links long past their hour are swept here, as sessions are at log-in.
    const dayAgo = new Date(now.getTime() - 86_400_000).toISOString();
    await this.#db.kysely.deleteFrom('portal_password_resets').where('expires_at', '<=', dayAgo).execute();
    await this.#db.kysely.insertInto('portal_password_resets').values(row).execute();
    return { token, expiresAt: row.expires_at };
  }

  /** The user a token may still reset, or undefined when it is unknown, used or expired. */
  async userFor(token: string): Promise<PortalUserRow | undefined> {
    if (!isTokenShaped(token)) return undefined;
    return this.#db.kysely
      .selectFrom('portal_password_resets as r')
      .innerJoin('portal_users as u', 'u.id', 'r.user_id')
      .selectAll('u')
      .where('r.token_hash', '=', hashToken(token))
      .where('r.used_at', 'is', null)
      .where('r.expires_at', '>', this.#clock.now().toISOString())
      .executeTakeFirst();
  }

  /**
   * Uses the token and replaces the password in one transaction: the token is spent only if it was
   * still unused (two tabs racing get one success), the user's credential version goes up (every
   * session started before ends) and the user's other links stop working. Undefined when the token
   * could no longer be used.
   */
  async complete(token: string, passwordHash: string): Promise<PortalUserRow | undefined> {
    if (!isTokenShaped(token)) return undefined;
    const now = this.#clock.now().toISOString();
    return this.#db.kysely.transaction().execute(async (trx) => {
      const spent = await trx
        .updateTable('portal_password_resets')
        .set({ used_at: now })
        .where('token_hash', '=', hashToken(token))
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('user_id')
        .executeTakeFirst();
      if (!spent) return undefined;
      await trx
        .updateTable('portal_password_resets')
        .set({ used_at: now })
        .where('user_id', '=', spent.user_id)
        .where('used_at', 'is', null)
        .execute();
      return trx
        .updateTable('portal_users')
        .set((eb) => ({ password_hash: passwordHash, credential_version: eb('credential_version', '+', 1) }))
        .where('id', '=', spent.user_id)
        .returningAll()
        .executeTakeFirst();
    });
  }
}

/** Tokens are 43 base64url characters; anything else is not looked up. */
function isTokenShaped(token: string): boolean {
  return /^[\w-]{43}$/.test(token);
}
