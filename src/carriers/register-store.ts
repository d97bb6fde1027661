import { CompiledQuery, type Insertable, type Selectable } from 'kysely';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/database.ts';
import { nameKey, postcodeKey, type RegisterRecord } from './register-record.ts';
import type { CarrierRegisterImportRow, CarrierRegistrationRow } from './tables.ts';

/** A registration as we last saw it, with when and how. */
export interface StoredRegistration {
  record: RegisterRecord;
  lastSeenAt: string;
  lastSeenVia: 'api' | 'import';
  mirrorSeq: number | null;
}

/** Rows per INSERT: 17 columns x 1000 stays under SQLite's 32,766 and PostgreSQL's 65,535 parameters. */
const ROWS_PER_STATEMENT = 1000;

/**
 * Every registration the service has seen (history) and the imported register (the mirror): a row is
 * in the mirror when its mirror_seq is at least the newest complete import's seq, so rows from an
 * import under way count alongside the previous one until it completes and replaces it.
 */
export class CarrierRegisterStore {
  readonly #db: Db;
  readonly #clock: Clock;
  /** SQL of full-size import chunks, compiled once (see #upsert). */
  readonly #statements = new Map<string, string>();

  constructor(db: Db, clock: Clock) {
    this.#db = db;
    this.#clock = clock;
  }

  /** Records history from an API answer; leaves mirror membership alone. */
  async remember(records: RegisterRecord[]): Promise<void> {
    if (records.length === 0) return;
    await this.#upsert(this.#db.kysely, records, 'api', null);
  }

  async find(number: string): Promise<StoredRegistration | undefined> {
    const row = await this.#db.kysely
      .selectFrom('carrier_registrations')
      .selectAll()
      .where('registration_number', '=', number)
      .executeTakeFirst();
    return row && toStored(row);
  }

  /** The import the mirror currently reflects. */
  async currentImport(): Promise<CarrierRegisterImportRow | undefined> {
    return this.#db.kysely
      .selectFrom('carrier_register_imports')
      .selectAll()
      .where('status', '=', 'complete')
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async findInMirror(number: string, seq: number): Promise<RegisterRecord | undefined> {
    const row = await this.#db.kysely
      .selectFrom('carrier_registrations')
      .selectAll()
      .where('registration_number', '=', number)
      .where('mirror_seq', '>=', seq)
      .executeTakeFirst();
    return row && toRecord(row);
  }

  /** Whole-word phrase match on the folded name (name_key is stored padded with spaces). */
  async searchMirrorByName(name: string, seq: number, limit: number): Promise<RegisterRecord[]> {
    const key = nameKey(name);
    if (!key) return [];
    const rows = await this.#db.kysely
      .selectFrom('carrier_registrations')
      .selectAll()
      .where('name_key', 'like', `% ${key} %`)
      .where('mirror_seq', '>=', seq)
      .orderBy('registration_number')
      .limit(limit)
      .execute();
    return rows.map(toRecord);
  }

  async searchMirrorByPostcode(postcode: string, seq: number, limit: number): Promise<RegisterRecord[]> {
    const rows = await this.#db.kysely
      .selectFrom('carrier_registrations')
      .selectAll()
      .where('postcode_key', '=', postcodeKey(postcode))
      .where('mirror_seq', '>=', seq)
      .orderBy('registration_number')
      .limit(limit)
      .execute();
    return rows.map(toRecord);
  }

  async beginImport(fileName: string, publishedOn: string): Promise<number> {
    return this.#db.kysely.transaction().execute(async (trx) => {
      const last = await trx
        .selectFrom('carrier_register_imports')
        .select((eb) => eb.fn.max('seq').as('seq'))
        .executeTakeFirst();
      const seq = Number(last?.seq ?? 0) + 1;
      await trx
        .insertInto('carrier_register_imports')
        .values({
          seq,
          file_name: fileName.slice(0, 500),
          published_on: publishedOn,
          started_at: this.#clock.now().toISOString(),
          completed_at: null,
          status: 'running',
          rows_imported: 0,
          rows_rejected: 0,
        })
        .execute();
      return seq;
    });
  }

  /** One batch of an import in one transaction, so a crash leaves whole batches or none. */
  async importBatch(records: RegisterRecord[], seq: number): Promise<void> {
    await this.#db.kysely.transaction().execute(async (trx) => {
      for (let i = 0; i < records.length; i += ROWS_PER_STATEMENT) {
        await this.#upsert(trx, records.slice(i, i + ROWS_PER_STATEMENT), 'import', seq);
      }
    });
  }

  async finishImport(
    seq: number,
    outcome: { status: 'complete' | 'failed'; rowsImported: number; rowsRejected: number },
  ): Promise<void> {
    await this.#db.kysely
      .updateTable('carrier_register_imports')
      .set({
        status: outcome.status,
        rows_imported: outcome.rowsImported,
        rows_rejected: outcome.rowsRejected,
        completed_at: this.#clock.now().toISOString(),
      })
      .where('seq', '=', seq)
      .execute();
  }

  async #upsert(
    executor: Db['kysely'],
    records: RegisterRecord[],
    via: 'api' | 'import',
    seq: number | null,
  ): Promise<void> {
    const now = this.#clock.now().toISOString();
    // PostgreSQL refuses to update one row twice in a statement: the last occurrence of a number wins.
    const unique = new Map(records.map((r) => [r.registration_number, r]));
    const rows = [...unique.values()].map((r) => toRow(r, now, via, seq));
    const parameters = rows.flatMap((row) => COLUMNS.map((c) => row[c]));
    // Building a 1000-row INSERT costs Kysely more than SQLite spends running it, and every full chunk
    // of an import has the same SQL: compile it once, then run it with each chunk's parameters.
    const shape = `${via}:${rows.length}`;
    const known = this.#statements.get(shape);
    if (known) {
      await executor.executeQuery(CompiledQuery.raw(known, parameters));
      return;
    }
    const compiled = executor
      .insertInto('carrier_registrations')
      .values(rows)
      .onConflict((oc) =>
        oc.column('registration_number').doUpdateSet((eb) => {
          const set: Record<string, unknown> = {};
          for (const column of REFRESHED) set[column] = eb.ref(`excluded.${column}`);
          if (via === 'import') set.mirror_seq = eb.ref('excluded.mirror_seq');
          return set;
        }),
      )
      .compile();
    const reusable =
      rows.length === ROWS_PER_STATEMENT &&
      compiled.parameters.length === parameters.length &&
      compiled.parameters.every((p, i) => p === parameters[i]);
    if (reusable) this.#statements.set(shape, compiled.sql);
    await executor.executeQuery(compiled);
  }
}

/** Insert column order: toRow builds its keys in this order, so parameters line up with compiled SQL. */
const COLUMNS = [
  'registration_number',
  'business_name',
  'name_key',
  'company_number',
  'tier',
  'registration_type',
  'applicant_type',
  'registration_date',
  'expiry_date',
  'postcode',
  'postcode_key',
  'address',
  'first_seen_at',
  'last_seen_at',
  'last_seen_via',
  'mirror_seq',
] as const satisfies readonly (keyof CarrierRegistrationRow)[];

/**
 * Columns refreshed from a newer sighting: all but the key, first_seen_at (stays as first written) and
 * mirror_seq (set only by imports).
 */
const REFRESHED = COLUMNS.filter(
  (c) => c !== 'registration_number' && c !== 'first_seen_at' && c !== 'mirror_seq',
);

type InsertRow = Required<Insertable<CarrierRegistrationRow>>;

function toRow(r: RegisterRecord, now: string, via: 'api' | 'import', seq: number | null): InsertRow {
  return {
    registration_number: r.registration_number,
    business_name: r.business_name,
    name_key: ` ${nameKey(r.business_name)} `,
    company_number: r.company_number,
    tier: r.tier,
    registration_type: r.registration_type,
    applicant_type: r.applicant_type,
    registration_date: r.registration_date,
    expiry_date: r.expiry_date,
    postcode: r.postcode,
    postcode_key: r.postcode ? postcodeKey(r.postcode) : null,
    address: r.address,
    first_seen_at: now,
    last_seen_at: now,
    last_seen_via: via,
    mirror_seq: seq,
  };
}

function toRecord(row: Selectable<CarrierRegistrationRow>): RegisterRecord {
  return {
    registration_number: row.registration_number,
    business_name: row.business_name,
    company_number: row.company_number,
    tier: row.tier,
    registration_type: row.registration_type,
    applicant_type: row.applicant_type,
    registration_date: row.registration_date,
    expiry_date: row.expiry_date,
    postcode: row.postcode,
    address: row.address,
  };
}

function toStored(row: Selectable<CarrierRegistrationRow>): StoredRegistration {
  return {
    record: toRecord(row),
    lastSeenAt: row.last_seen_at,
    lastSeenVia: row.last_seen_via,
    mirrorSeq: row.mirror_seq === null ? null : Number(row.mirror_seq),
  };
}
