import type { Clock } from '../platform/clock.ts';
import { CompiledOnce } from '../platform/compiled-once.ts';
import type { Db } from '../platform/db/database.ts';
import { newId } from '../platform/ids.ts';
import type { PortalUserRow } from './tables.ts';

/** Every signed-in page reads its user: the query is built once (platform/compiled-once.ts). */
const userById = new CompiledOnce({
  parameters: (id: string) => [id],
  build: (db, id) => db.selectFrom('portal_users').selectAll().where('id', '=', id),
});

/** Portal users and the record of plan changes, in the database. */
export class PortalUserStore {
  readonly #db: Db;
  readonly #clock: Clock;

  constructor(db: Db, clock: Clock) {
    this.#db = db;
    this.#clock = clock;
  }

  async findByEmail(email: string): Promise<PortalUserRow | undefined> {
    return this.#db.kysely
      .selectFrom('portal_users')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirst();
  }

  async get(id: string): Promise<PortalUserRow | undefined> {
    return userById.first(this.#db.kysely, id);
  }

  /** Inserts the user; returns undefined when the email is already taken (the unique index decides). */
  async insert(input: {
    organisationId: string;
    email: string;
    passwordHash: string;
    role: string;
  }): Promise<PortalUserRow | undefined> {
    const row: PortalUserRow = {
      id: newId('usr'),
      organisation_id: input.organisationId,
      email: input.email,
      password_hash: input.passwordHash,
      role: input.role,
      created_at: this.#clock.now().toISOString(),
      last_login_at: null,
      credential_version: 0,
    };
    try {
      await this.#db.kysely.insertInto('portal_users').values(row).execute();
      return row;
    } catch (error) {
      if (await this.findByEmail(input.email)) return undefined;
      throw error;
    }
  }

  /** A new password; the credential version goes up, so every session started before it ends. */
  async replacePassword(id: string, passwordHash: string): Promise<PortalUserRow | undefined> {
    return this.#db.kysely
      .updateTable('portal_users')
      .set((eb) => ({ password_hash: passwordHash, credential_version: eb('credential_version', '+', 1) }))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  async recordLogin(id: string): Promise<void> {
    await this.#db.kysely
      .updateTable('portal_users')
      .set({ last_login_at: this.#clock.now().toISOString() })
      .where('id', '=', id)
      .execute();
  }
}
