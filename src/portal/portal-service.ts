import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { AccountService } from '../accounts/account-service.ts';
import { authContextFor } from '../accounts/account-service.ts';
import type { PlanName } from '../accounts/plans.ts';
import type { ApiKeyRow, OrganisationRow, PlanChangeRow } from '../accounts/tables.ts';
import type { Config } from '../config.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/database.ts';
import type { ServiceAddress } from '../platform/service-address.ts';
import type { FieldErrors, SignUpForm } from './forms.ts';
import { LoginThrottle } from './login-throttle.ts';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './password.ts';
import { PasswordRecovery } from './password-recovery.ts';
import { DatabaseSessionStore, RedisSessionStore } from './session-store.ts';
import { PortalSessions } from './sessions.ts';
import type { PortalUserRow } from './tables.ts';
import { TrustedDevices } from './trusted-devices.ts';
import type { KeyUsage, UsageReader } from './usage.ts';
import { PortalUserStore } from './user-store.ts';

/** Plans a customer may move between in the portal; enterprise is agreed with us, not self-served. */
export const SELF_SERVE_PLANS = ['free', 'starter', 'professional', 'business'] as const satisfies PlanName[];
export type SelfServePlan = (typeof SELF_SERVE_PLANS)[number];

export type LogInResult =
  | { ok: true; user: PortalUserRow }
  | { ok: false; reason: 'INVALID' }
  | { ok: false; reason: 'THROTTLED'; retryAfterMs: number; scope: 'account' | 'network' };

/** Where a log-in attempt comes from: the client's network and the device cookie it presented. */
export interface LogInClient {
  network: string;
  deviceToken?: string;
}

export type PlanChangeResult =
  | { ok: true; change: PlanChangeRow | null }
  | { ok: false; reason: 'NOT_SELF_SERVE' | 'MANAGED_BY_AGREEMENT' };

export interface KeyWithUsage {
  key: ApiKeyRow;
  /** undefined when usage cannot be read (the limits service is absent or failed). */
  usage?: KeyUsage;
}

export interface PortalServiceOptions {
  config: Config;
  /** Where reset links point. */
  address: ServiceAddress;
  db: Db;
  clock: Clock;
  logger: Logger;
  redis?: Redis;
  accounts: AccountService;
  usage?: UsageReader;
}

/** Sign-up, log-in, sessions, plan changes and the usage the portal shows, over the accounts capability. */
export class PortalService {
  readonly users: PortalUserStore;
  readonly sessions: PortalSessions;
  /** Browsers that have logged in to an account (the device cookie). */
  readonly devices: TrustedDevices;
  /** Password reset by email, and the operator's reset. */
  readonly recovery: PasswordRecovery;
  readonly #throttle: LoginThrottle;
  readonly #options: PortalServiceOptions;

  constructor(options: PortalServiceOptions) {
    const { config, address, db, clock, logger, redis } = options;
    this.#options = options;
    this.users = new PortalUserStore(db, clock);
    this.sessions = new PortalSessions(
      redis ? new RedisSessionStore(redis) : new DatabaseSessionStore(db),
      clock,
    );
    this.devices = new TrustedDevices(db, clock);
    this.#throttle = new LoginThrottle({ clock, logger, redis });
    this.recovery = new PasswordRecovery({
      config,
      address,
      db,
      clock,
      logger,
      users: this.users,
      devices: this.devices,
      throttle: this.#throttle,
      organisationName: async (id) => (await this.organisation(id))?.name,
    });
  }

  /** Creates the organisation on the free plan and its owner; the email must not be taken. */
  async signUp(
    form: SignUpForm,
  ): Promise<{ ok: true; user: PortalUserRow } | { ok: false; errors: FieldErrors }> {
    const taken = {
      ok: false as const,
      errors: { email: 'An account with this email already exists. Log in instead.' },
    };
    if (await this.users.findByEmail(form.email)) return taken;
    const passwordHash = await hashPassword(form.password);
    const organisation = await this.#options.accounts.createOrganisation(form.organisationName, 'free');
    // Two sign-ups racing for one email: the unique index lets one through; the other's organisation
    // is left without users or keys, which nothing can reach.
    const user = await this.users.insert({
      organisationId: organisation.id,
      email: form.email,
      passwordHash,
      role: 'owner',
    });
    return user ? { ok: true, user } : taken;
  }

  /**
   * Checks the throttle, then the password; the same answer whether the email or the password was
   * wrong. A browser with a valid device cookie for this account is judged on its own failures; any
   * other client on the email's and its network's (docs/decisions.md, "Portal log-in: a per-network
   * limit, device cookies and atomic counting").
   */
  async logIn(email: string, password: string, client: LogInClient): Promise<LogInResult> {
    // Both looked up whatever the email: how long this takes must not say whether an account exists.
    const [user, device] = await Promise.all([
      this.users.findByEmail(email),
      this.devices.find(client.deviceToken),
    ]);
    const trusted = user !== undefined && device?.user_id === user.id;
    const attempt = await this.#throttle.begin(
      trusted ? { trustedDevice: device.id_hash } : { email, network: client.network },
    );
    if (!attempt.allowed)
      return { ok: false, reason: 'THROTTLED', retryAfterMs: attempt.retryAfterMs, scope: attempt.scope };
    const valid = user
      ? await verifyPassword(user.password_hash, password)
      : await verifyAgainstDecoy(password);
    if (!user || !valid) return { ok: false, reason: 'INVALID' };
    await attempt.succeeded();
    await this.users.recordLogin(user.id);
    return { ok: true, user };
  }

  async stop(): Promise<void> {
    await this.recovery.stop();
  }

  async organisation(id: string): Promise<OrganisationRow | undefined> {
    return this.#options.accounts.organisation(id);
  }

  async keys(organisationId: string): Promise<ApiKeyRow[]> {
    return this.#options.accounts.keys(organisationId);
  }

  /** One of this organisation's keys, or undefined: another organisation's key id finds nothing. */
  async key(organisationId: string, keyId: string): Promise<ApiKeyRow | undefined> {
    const key = await this.#options.accounts.key(keyId);
    return key?.organisation_id === organisationId ? key : undefined;
  }

  /** Active keys, live first, with this cycle's usage as the limits service reports it. */
  async usage(organisation: OrganisationRow): Promise<KeyWithUsage[]> {
    const active = (await this.keys(organisation.id)).filter((k) => !k.revoked_at);
    const keys = [...active.filter((k) => k.mode === 'live'), ...active.filter((k) => k.mode === 'test')];
    const reader = this.#options.usage;
    if (!reader || keys.length === 0) return keys.map((key) => ({ key }));
    try {
      const usage = await reader.usageOfKeys(keys.map((key) => authContextFor(organisation, key)));
      return keys.map((key, i) => ({ key, usage: usage[i] }));
    } catch (err) {
      this.#options.logger.warn({ err, keyIds: keys.map((k) => k.id) }, 'portal: could not read usage');
      return keys.map((key) => ({ key }));
    }
  }

  get usageAvailable(): boolean {
    return this.#options.usage !== undefined;
  }

  /** Moves the organisation to a self-serve plan and records who did it and when. */
  async changePlan(user: PortalUserRow, plan: string): Promise<PlanChangeResult> {
    if (!(SELF_SERVE_PLANS as readonly string[]).includes(plan))
      return { ok: false, reason: 'NOT_SELF_SERVE' };
    const organisation = await this.organisation(user.organisation_id);
    if (!organisation) throw new Error(`organisation ${user.organisation_id} of user ${user.id} is missing`);
    if (organisation.plan === 'enterprise') return { ok: false, reason: 'MANAGED_BY_AGREEMENT' };
    const { change } = await this.#options.accounts.changePlan(organisation.id, plan, {
      changedBy: `portal user ${user.id}`,
    });
    return { ok: true, change };
  }

  async planChanges(organisationId: string): Promise<PlanChangeRow[]> {
    return this.#options.accounts.planChanges(organisationId);
  }
}
