import type { Clock } from '../platform/clock.ts';
import { CompiledOnce } from '../platform/compiled-once.ts';
import type { Db } from '../platform/db/database.ts';
import { newId } from '../platform/ids.ts';
import type { KeyMode } from './api-key-format.ts';
import type { PlanName } from './plans.ts';
import type { ApiKeyRow, OrganisationRow, PlanChangeRow } from './tables.ts';

/** Read on every signed-in page and key check: built once (platform/compiled-once.ts). */
const organisationById = new CompiledOnce({
  parameters: (id: string) => [id],
  build: (db, id) => db.selectFrom('organisations').selectAll().where('id', '=', id),
});

// `in (?)`, not `= ?`: SQLite (3.54) recompiles a statement with `col = ?` and an ORDER BY every time it
// runs, some 40 µs here; `in` with one value has the same plan without that (issue 28).
const keysOf = new CompiledOnce({
  shape: (a: { organisationId: string; mode?: KeyMode }) => (a.mode ? 1 : 0),
  parameters: (a) => [a.organisationId, ...(a.mode ? [a.mode] : [])],
  build: (db, a) => {
    let query = db.selectFrom('api_keys').selectAll().where('organisation_id', 'in', [a.organisationId]);
    if (a.mode) query = query.where('mode', 'in', [a.mode]);
    return query.orderBy('created_at', 'desc').orderBy('id', 'desc');
  },
});

/** Organisations and API keys in the database. Only the hash of a key is ever written. */
export class AccountStore {
  readonly #db: Db;
  readonly #clock: Clock;

  constructor(db: Db, clock: Clock) {
    this.#db = db;
    this.#clock = clock;
  }

  async createOrganisation(input: { name: string; plan: PlanName }): Promise<OrganisationRow> {
    const now = this.#clock.now().toISOString();
    const row: OrganisationRow = {
      id: newId('org'),
      name: input.name,
      plan: input.plan,
      monthly_limit: null,
      per_minute_limit: null,
      plan_changed_at: now,
      created_at: now,
    };
    await this.#db.kysely.insertInto('organisations').values(row).execute();
    return row;
  }

  /** The oldest `limit` organisations. */
  async firstOrganisations(limit: number): Promise<OrganisationRow[]> {
    return this.#db.kysely
      .selectFrom('organisations')
      .selectAll()
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  async getOrganisation(id: string): Promise<OrganisationRow | undefined> {
    return organisationById.first(this.#db.kysely, id);
  }

  /**
   * Moves an organisation to a plan and records the change, in one transaction. Undefined when the
   * organisation does not exist.
   */
  async changePlan(
    id: string,
    plan: PlanName,
    custom: { monthly?: number; perMinute?: number },
    changedBy: string,
  ): Promise<{ organisation: OrganisationRow; change: PlanChangeRow } | undefined> {
    const enterprise = plan === 'enterprise';
    const now = this.#clock.now().toISOString();
    return this.#db.kysely.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('organisations')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!before) return undefined;
      const figures = {
        monthly_limit: enterprise ? (custom.monthly ?? null) : null,
        per_minute_limit: enterprise ? (custom.perMinute ?? null) : null,
      };
      await trx
        .updateTable('organisations')
        .set({ plan, ...figures, plan_changed_at: now })
        .where('id', '=', id)
        .execute();
      const change: PlanChangeRow = {
        id: newId('plc'),
        organisation_id: id,
        from_plan: before.plan,
        to_plan: plan,
        ...figures,
        changed_by: changedBy,
        changed_at: now,
      };
      await trx.insertInto('organisation_plan_changes').values(change).execute();
      return { organisation: { ...before, plan, ...figures, plan_changed_at: now }, change };
    });
  }

  /** The latest plan changes of an organisation, newest first. */
  async planChanges(organisationId: string, limit = 10): Promise<PlanChangeRow[]> {
    return this.#db.kysely
      .selectFrom('organisation_plan_changes')
      .selectAll()
      .where('organisation_id', '=', organisationId)
      .orderBy('changed_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  async insertKey(row: Omit<ApiKeyRow, 'last_used_at' | 'revoked_at'>): Promise<void> {
    await this.#db.kysely
      .insertInto('api_keys')
      .values({ ...row, last_used_at: null, revoked_at: null })
      .execute();
  }

  /** The key with this hash and its organisation, revoked or not (the caller decides). */
  async findKeyByHash(hash: string): Promise<{ key: ApiKeyRow; organisation: OrganisationRow } | undefined> {
    const key = await this.#db.kysely
      .selectFrom('api_keys')
      .selectAll()
      .where('hash', '=', hash)
      .executeTakeFirst();
    if (!key) return undefined;
    const organisation = await this.getOrganisation(key.organisation_id);
    return organisation ? { key, organisation } : undefined;
  }

  async getKey(id: string): Promise<ApiKeyRow | undefined> {
    return this.#db.kysely.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async listKeys(organisationId: string, mode?: KeyMode): Promise<ApiKeyRow[]> {
    return keysOf.rows(this.#db.kysely, { organisationId, mode });
  }

  /** Marks the key revoked (idempotent: the first revocation time stands). */
  async revokeKey(id: string): Promise<ApiKeyRow | undefined> {
    await this.#db.kysely
      .updateTable('api_keys')
      .set({ revoked_at: this.#clock.now().toISOString() })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
    return this.getKey(id);
  }

  async touchKey(id: string, at: Date): Promise<void> {
    await this.#db.kysely
      .updateTable('api_keys')
      .set({ last_used_at: at.toISOString() })
      .where('id', '=', id)
      .execute();
  }
}
