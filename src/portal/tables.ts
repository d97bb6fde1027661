/** This capability's tables, as Kysely sees them (see src/platform/db/schema.ts). */

/** A person who signs in to the portal; every user belongs to exactly one organisation. */
export interface PortalUserRow {
  id: string;
  organisation_id: string;
  /** Lower-cased and trimmed: the identity used at log-in. */
  email: string;
  /** argon2id PHC string (parameters and salt included). */
  password_hash: string;
  /** `owner` for the person who signed the organisation up. */
  role: string;
  created_at: string;
  last_login_at: string | null;
  /** Raised whenever the password is replaced (reset or operator); sessions of an older version are void. */
  credential_version: number;
}

/**
 * A signed-in browser. The row is keyed by the SHA-256 of the cookie value, so a copy of the table
 * cannot be replayed as a cookie.
 */
export interface PortalSessionRow {
  id_hash: string;
  user_id: string;
  organisation_id: string;
  created_at: string;
  /** Idle expiry, pushed forward as the session is used, never past `absolute_expires_at`. */
  expires_at: string;
  absolute_expires_at: string;
  /** The user's credential version at log-in (absent in sessions Redis kept from before it existed). */
  credential_version: number;
}

/**
 * A browser this user has logged in from (OWASP's "device cookie"): keyed, like sessions, by the SHA-256
 * of the cookie value. Its attempts are throttled on their own count, not the email's shared one.
 */
export interface PortalTrustedDeviceRow {
  id_hash: string;
  user_id: string;
  created_at: string;
  last_login_at: string;
  expires_at: string;
}

/** A single-use password-reset link; only the SHA-256 of its token is stored. */
export interface PortalPasswordResetRow {
  token_hash: string;
  user_id: string;
  /** `email` (asked for on the portal) or `operator` (`wcs user reset-password --link`). */
  issued_by: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface PortalTables {
  portal_users: PortalUserRow;
  portal_sessions: PortalSessionRow;
  portal_trusted_devices: PortalTrustedDeviceRow;
  portal_password_resets: PortalPasswordResetRow;
}
