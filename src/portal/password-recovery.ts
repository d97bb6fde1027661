import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/database.ts';
import type { ServiceAddress, ServiceBase } from '../platform/service-address.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { createMailer, type Mailer } from './mailer.ts';
import { hashPassword } from './password.ts';
import { PasswordResetStore, type ResetIssuer } from './password-resets.ts';
import { passwordProblem } from './password-strength.ts';
import type { PortalUserRow } from './tables.ts';
import type { TrustedDevices } from './trusted-devices.ts';
import type { PortalUserStore } from './user-store.ts';
import { resetEmail } from './views/reset-email.ts';

export interface PasswordRecoveryOptions {
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'PUBLIC_URL'>;
  /** Where links point: PUBLIC_URL, else where the server listens. */
  address: ServiceAddress;
  db: Db;
  clock: Clock;
  logger: Logger;
  users: PortalUserStore;
  devices: TrustedDevices;
  throttle: LoginThrottle;
  organisationName(id: string): Promise<string | undefined>;
}

export type RequestResult =
  | { ok: true }
  | { ok: false; reason: 'UNAVAILABLE' }
  | { ok: false; reason: 'THROTTLED'; retryAfterMs: number };

export type NewPasswordResult =
  | { ok: true; user: PortalUserRow }
  | { ok: false; reason: 'EXPIRED' | 'NO_USER' }
  /** `email`: the account's, for the form shown again. */
  | { ok: false; reason: 'WEAK'; message: string; email: string };

/**
 * The ways back into an account: a reset link by email (when SMTP_URL is set), a link or a new
 * password set by the operator. Every new password is strength-checked, ends every session, stops
 * every browser being trusted and forgives the email's failed log-ins.
 */
export class PasswordRecovery {
  readonly #options: PasswordRecoveryOptions;
  readonly #resets: PasswordResetStore;
  readonly #mailer?: Mailer;
  readonly #pending = new Set<Promise<void>>();

  constructor(options: PasswordRecoveryOptions) {
    this.#options = options;
    this.#resets = new PasswordResetStore(options.db, options.clock);
    this.#mailer = createMailer(options.config, options.logger);
  }

  /** Whether the portal can send reset links by email. */
  get byEmail(): boolean {
    return this.#mailer !== undefined;
  }

  /**
   * "Forgot your password?": the answer is the same whether or not the email has an account. The
   * account is looked up, the link issued and the email sent after the answer, so neither the answer
   * nor its timing says which emails exist. The link's token lives only in that email, so a crash
   * before it is sent loses nothing the user cannot ask for again.
   */
  async request(email: string, network: string): Promise<RequestResult> {
    const mailer = this.#mailer;
    if (!mailer) return { ok: false, reason: 'UNAVAILABLE' };
    const admitted = await this.#options.throttle.resetRequest(email, network);
    if (!admitted.allowed && admitted.scope === 'network')
      return { ok: false, reason: 'THROTTLED', retryAfterMs: admitted.retryAfterMs };
    if (admitted.allowed) this.#inBackground(() => this.#sendLink(mailer, email));
    return { ok: true };
  }

  /** The account a reset link opens, or undefined when the link is unknown, used or expired. */
  async target(token: string): Promise<{ user: PortalUserRow; organisationName?: string } | undefined> {
    const user = await this.#resets.userFor(token);
    if (!user) return undefined;
    return { user, organisationName: await this.#options.organisationName(user.organisation_id) };
  }

  /** Uses a reset link to set a new password. */
  async complete(token: string, password: string): Promise<NewPasswordResult> {
    const target = await this.target(token);
    if (!target) return { ok: false, reason: 'EXPIRED' };
    const weak = passwordProblem(password, {
      email: target.user.email,
      organisationName: target.organisationName,
    });
    if (weak) return { ok: false, reason: 'WEAK', message: weak, email: target.user.email };
    const user = await this.#resets.complete(token, await hashPassword(password));
    if (!user) return { ok: false, reason: 'EXPIRED' };
    await this.#afterNewPassword(user);
    return { ok: true, user };
  }

  /** The operator sets a password (`wcs user reset-password --password-stdin`). */
  async setPassword(email: string, password: string): Promise<NewPasswordResult> {
    const found = await this.#options.users.findByEmail(email);
    if (!found) return { ok: false, reason: 'NO_USER' };
    const weak = passwordProblem(password, {
      email: found.email,
      organisationName: await this.#options.organisationName(found.organisation_id),
    });
    if (weak) return { ok: false, reason: 'WEAK', message: weak, email: found.email };
    const user = await this.#options.users.replacePassword(found.id, await hashPassword(password));
    if (!user) return { ok: false, reason: 'NO_USER' };
    await this.#afterNewPassword(user);
    return { ok: true, user };
  }

  /** A one-time link the operator passes on (`wcs user reset-password --link`). */
  async issueLink(
    email: string,
    issuedBy: ResetIssuer = 'operator',
  ): Promise<
    { ok: true; link: string; expiresAt: string; base: ServiceBase } | { ok: false; reason: 'NO_USER' }
  > {
    const user = await this.#options.users.findByEmail(email);
    if (!user) return { ok: false, reason: 'NO_USER' };
    const { token, expiresAt } = await this.#resets.issue(user.id, issuedBy);
    // Reset links are built from PUBLIC_URL, never from a request's Host header, which an attacker
    // could set to their own server to receive the token (reset-link poisoning). The configuration
    // requires PUBLIC_URL with SMTP_URL; only the operator's link falls back to where the server listens.
    const base = await this.#options.address.base();
    return { ok: true, link: `${base.url}/portal/reset/${token}`, expiresAt, base };
  }

  /** Waits for emails being sent, then closes the mail connection. */
  async stop(): Promise<void> {
    while (this.#pending.size > 0) await Promise.allSettled([...this.#pending]);
    this.#mailer?.close();
  }

  async #sendLink(mailer: Mailer, email: string): Promise<void> {
    const issued = await this.issueLink(email, 'email');
    if (!issued.ok) return;
    await mailer.send(resetEmail(email, issued.link));
  }

  async #afterNewPassword(user: PortalUserRow): Promise<void> {
    await this.#options.devices.forgetUser(user.id);
    await this.#options.throttle.forgive(user.email);
  }

  #inBackground(work: () => Promise<void>): void {
    const job: Promise<void> = work()
      .catch((err) => this.#options.logger.error({ err }, 'portal: password-reset email not sent'))
      .finally(() => this.#pending.delete(job));
    this.#pending.add(job);
  }
}
