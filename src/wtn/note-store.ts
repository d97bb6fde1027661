import type { Kysely, Transaction } from 'kysely';
import type { KeyMode } from '../accounts/api-key-format.ts';
import type { Db } from '../platform/db/database.ts';
import type { Database } from '../platform/db/schema.ts';
import type { IdempotencyClaim } from '../platform/idempotency.ts';
import { newReference } from './reference.ts';
import type { WtnNoteRow } from './tables.ts';
import type { WasteTransferNote } from './wtn-schemas.ts';

/** Whose notes: every read and write is confined to one organisation and one mode (live or test). */
export interface NoteScope {
  organisationId: string;
  mode: KeyMode;
}

export interface NewNote {
  scope: NoteScope;
  /** Its reference may be redrawn by the writer if another note already has it. */
  note: WasteTransferNote;
  idempotency?: IdempotencyClaim;
}

/** A note as stored: its reference and its JSON document, returned to clients byte for byte. */
export interface StoredNote {
  reference: string;
  document: string;
}

export type WriteOutcome =
  | { status: 'created'; note: WasteTransferNote; document: string }
  /** Another request with the same Idempotency-Key got there first (in this batch or another). */
  | { status: 'idempotency_key_taken' }
  /** Every redraw of the reference collided: the day's references are nearly all taken. */
  | { status: 'no_reference_available' };

export interface NoteFilters {
  transferDateFrom?: string;
  transferDateTo?: string;
  carrierRegistrationNumber?: string;
  ewcCode?: string;
  isCompliant?: boolean;
  /** Notes strictly after this position in the newest-first order. */
  after?: { createdAt: string; reference: string };
}

const REFERENCE_DRAWS = 8;
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** How carrier numbers are compared in filters: upper case, no spaces or hyphens (as the register). */
export function carrierKey(number: string): string {
  return number.toUpperCase().replace(/[\s-]+/g, '');
}

function toRow({ scope, note }: NewNote): WtnNoteRow {
  return {
    reference: note.reference,
    organisation_id: scope.organisationId,
    mode: scope.mode,
    created_at: note.created_at,
    transfer_date: note.transfer_date,
    carrier_registration_number: carrierKey(note.carrier.registration_number),
    ewc_code: note.waste.ewc_code,
    is_compliant: note.compliance.is_compliant ? 1 : 0,
    document: JSON.stringify(note),
  };
}

/** Transfer notes in the database: immutable rows, written in batches, read within one scope. */
export class NoteStore {
  readonly #db: Kysely<Database>;

  constructor(db: Db) {
    this.#db = db.kysely;
  }

  /**
   * Writes a batch of notes in one transaction: one durable commit for all of them (group commit).
   * Either the whole batch commits or it throws and none is written.
   */
  async commitBatch(items: NewNote[], now: Date): Promise<WriteOutcome[]> {
    return this.#db.transaction().execute(async (trx) => {
      const outcomes: (WriteOutcome | undefined)[] = new Array(items.length);
      const claimed = new Map<NewNote, string>();
      for (const [i, item] of items.entries()) {
        if (!item.idempotency) continue;
        if (await claimIdempotencyKey(trx, item, now)) claimed.set(item, item.note.reference);
        else outcomes[i] = { status: 'idempotency_key_taken' };
      }
      const pending = items.filter((_, i) => outcomes[i] === undefined);
      const written = await insertWithFreshReferences(trx, pending);
      for (const [item, reference] of claimed) {
        if (written.has(item) && item.note.reference !== reference) await repointKey(trx, item);
      }
      return items.map(
        (item, i) =>
          outcomes[i] ??
          (written.has(item)
            ? { status: 'created', note: item.note, document: written.get(item)! }
            : { status: 'no_reference_available' }),
      );
    });
  }

  /** The stored document of a note of this scope. */
  async document(scope: NoteScope, reference: string): Promise<string | undefined> {
    const row = await this.#db
      .selectFrom('wtn_notes')
      .select('document')
      .where('reference', '=', reference)
      .where('organisation_id', '=', scope.organisationId)
      .where('mode', '=', scope.mode)
      .executeTakeFirst();
    return row?.document;
  }

  async get(scope: NoteScope, reference: string): Promise<WasteTransferNote | undefined> {
    const document = await this.document(scope, reference);
    return document === undefined ? undefined : (JSON.parse(document) as WasteTransferNote);
  }

  /** The list position of a note of this scope (for `starting_after`). */
  async position(
    scope: NoteScope,
    reference: string,
  ): Promise<{ createdAt: string; reference: string } | undefined> {
    const row = await this.#db
      .selectFrom('wtn_notes')
      .select(['created_at', 'reference'])
      .where('reference', '=', reference)
      .where('organisation_id', '=', scope.organisationId)
      .where('mode', '=', scope.mode)
      .executeTakeFirst();
    return row ? { createdAt: row.created_at, reference: row.reference } : undefined;
  }

  async list(scope: NoteScope, filters: NoteFilters, limit: number): Promise<WasteTransferNote[]> {
    const stored = await this.listStored(scope, filters, limit);
    return stored.map((s) => JSON.parse(s.document) as WasteTransferNote);
  }

  /** Newest first, ties broken by reference, so pages never overlap or skip. */
  async listStored(scope: NoteScope, filters: NoteFilters, limit: number): Promise<StoredNote[]> {
    let query = this.#db
      .selectFrom('wtn_notes')
      .select(['reference', 'document'])
      .where('organisation_id', '=', scope.organisationId)
      .where('mode', '=', scope.mode);
    if (filters.transferDateFrom) query = query.where('transfer_date', '>=', filters.transferDateFrom);
    if (filters.transferDateTo) query = query.where('transfer_date', '<=', filters.transferDateTo);
    if (filters.carrierRegistrationNumber) {
      query = query.where('carrier_registration_number', '=', carrierKey(filters.carrierRegistrationNumber));
    }
    if (filters.ewcCode) query = query.where('ewc_code', '=', filters.ewcCode);
    if (filters.isCompliant !== undefined)
      query = query.where('is_compliant', '=', filters.isCompliant ? 1 : 0);
    const after = filters.after;
    if (after) {
      query = query.where((eb) =>
        eb.or([
          eb('created_at', '<', after.createdAt),
          eb.and([eb('created_at', '=', after.createdAt), eb('reference', '<', after.reference)]),
        ]),
      );
    }
    return query.orderBy('created_at', 'desc').orderBy('reference', 'desc').limit(limit).execute();
  }

  /** The note an Idempotency-Key created within the last 24 hours, with the body hash it was sent with. */
  async findIdempotencyKey(
    scope: NoteScope,
    key: string,
    now: Date,
  ): Promise<{ requestHash: string; reference: string } | undefined> {
    const row = await this.#db
      .selectFrom('wtn_idempotency_keys')
      .select(['request_hash', 'reference'])
      .where('organisation_id', '=', scope.organisationId)
      .where('mode', '=', scope.mode)
      .where('idempotency_key', '=', key)
      .where('created_at', '>', new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS).toISOString())
      .executeTakeFirst();
    return row ? { requestHash: row.request_hash, reference: row.reference } : undefined;
  }
}

/**
 * Takes the key for this note, or takes it over when its last use is older than 24 hours. False when
 * a live claim exists: on PostgreSQL a concurrent claim waits for the other transaction to finish.
 */
async function claimIdempotencyKey(trx: Transaction<Database>, item: NewNote, now: Date): Promise<boolean> {
  const { key, requestHash } = item.idempotency!;
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS).toISOString();
  const rows = await trx
    .insertInto('wtn_idempotency_keys')
    .values({
      organisation_id: item.scope.organisationId,
      mode: item.scope.mode,
      idempotency_key: key,
      request_hash: requestHash,
      reference: item.note.reference,
      created_at: now.toISOString(),
    })
    .onConflict((oc) =>
      oc
        .columns(['organisation_id', 'mode', 'idempotency_key'])
        .doUpdateSet((eb) => ({
          request_hash: eb.ref('excluded.request_hash'),
          reference: eb.ref('excluded.reference'),
          created_at: eb.ref('excluded.created_at'),
        }))
        .where('wtn_idempotency_keys.created_at', '<=', cutoff),
    )
    .returning('idempotency_key')
    .execute();
  return rows.length === 1;
}

async function repointKey(trx: Transaction<Database>, item: NewNote): Promise<void> {
  await trx
    .updateTable('wtn_idempotency_keys')
    .set({ reference: item.note.reference })
    .where('organisation_id', '=', item.scope.organisationId)
    .where('mode', '=', item.scope.mode)
    .where('idempotency_key', '=', item.idempotency!.key)
    .execute();
}

/**
 * Inserts the notes, redrawing the reference of any that collides with an existing note (the unique
 * primary key decides, across all organisations) or with another in the batch. Returns the document
 * written for each note that was.
 */
async function insertWithFreshReferences(
  trx: Transaction<Database>,
  items: NewNote[],
): Promise<Map<NewNote, string>> {
  const written = new Map<NewNote, string>();
  let remaining = items;
  for (let draw = 0; draw < REFERENCE_DRAWS && remaining.length > 0; draw++) {
    if (draw > 0) for (const item of remaining) redraw(item);
    const rows = new Map<string, { item: NewNote; row: WtnNoteRow }>();
    for (const item of remaining) {
      while (rows.has(item.note.reference)) redraw(item);
      rows.set(item.note.reference, { item, row: toRow(item) });
    }
    const inserted = await trx
      .insertInto('wtn_notes')
      .values([...rows.values()].map((r) => r.row))
      .onConflict((oc) => oc.column('reference').doNothing())
      .returning('reference')
      .execute();
    for (const { reference } of inserted) {
      const { item, row } = rows.get(reference)!;
      written.set(item, row.document);
    }
    remaining = remaining.filter((item) => !written.has(item));
  }
  return written;
}

function redraw(item: NewNote): void {
  item.note.reference = newReference(new Date(item.note.created_at));
}
