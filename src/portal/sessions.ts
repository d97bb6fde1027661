import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../platform/clock.ts';
import type { SessionStore } from './session-store.ts';
import type { PortalSessionRow, PortalUserRow } from './tables.ts';

/**
 * Session lifetimes from OWASP's Session Management Cheat Sheet: an idle timeout of two hours and an
 * absolute one of twelve, after which the user logs in again.
 */
export const SESSION_IDLE_MS = 2 * 3_600_000;
export const SESSION_ABSOLUTE_MS = 12 * 3_600_000;
/** The idle expiry is pushed forward at most this often, not written on every page view. */
const EXTEND_EVERY_MS = 5 * 60_000;

/** Opaque session ids: 256 random bits in the cookie, only their SHA-256 in storage. */
export class PortalSessions {
  readonly #store: SessionStore;
  readonly #clock: Clock;

  constructor(store: SessionStore, clock: Clock) {
    this.#store = store;
    this.#clock = clock;
  }

  /** A brand-new session id for this user: called at every log-in, so no id chosen before it survives. */
  async start(user: PortalUserRow): Promise<{ token: string; session: PortalSessionRow }> {
    const token = randomBytes(32).toString('base64url');
    const now = this.#clock.now().getTime();
    const session: PortalSessionRow = {
      id_hash: hashToken(token),
      user_id: user.id,
      organisation_id: user.organisation_id,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + SESSION_IDLE_MS).toISOString(),
      absolute_expires_at: new Date(now + SESSION_ABSOLUTE_MS).toISOString(),
      credential_version: user.credential_version,
    };
    await this.#store.create(session);
    return { token, session };
  }

  /** The live session behind a cookie value, its idle expiry renewed; undefined when unknown or expired. */
  async resume(token: string | undefined): Promise<PortalSessionRow | undefined> {
    if (!token || token.length > 100) return undefined;
    const now = this.#clock.now();
    const nowIso = now.toISOString();
    const session = await this.#store.get(hashToken(token), nowIso);
    if (!session) return undefined;
    if (session.absolute_expires_at <= nowIso) {
      await this.#store.delete(session.id_hash);
      return undefined;
    }
    const renewed = new Date(
      Math.min(now.getTime() + SESSION_IDLE_MS, Date.parse(session.absolute_expires_at)),
    );
    if (renewed.getTime() - Date.parse(session.expires_at) >= EXTEND_EVERY_MS) {
      await this.#store.extend(session.id_hash, renewed.toISOString(), nowIso);
      return { ...session, expires_at: renewed.toISOString() };
    }
    return session;
  }

  async end(token: string | undefined): Promise<void> {
    if (token) await this.#store.delete(hashToken(token));
  }
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
