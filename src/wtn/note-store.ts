import type { Insertable, Kysely, Transaction } from 'kysely';
import type { KeyMode } from '../accounts/api-key-format.ts';
import type { Db } from '../platform/db/database.ts';
import { MultiRowInsert } from '../platform/db/multi-row-insert.ts';
import type { Database } from '../platform/db/schema.ts';
import type { EventSink, NewEvent } from '../platform/events.ts';
import type { IdempotencyClaim } from '../platform/idempotency.ts';
import { contentSha256, type LifecycleSummary, noteJson, withLifecycle } from './note-lifecycle.ts';
import { newReference } from './reference.ts';
import type { WtnNoteRow, WtnSignatureRow, WtnSigningLinkRow, WtnTransferRow } from './tables.ts';
import type { NoteContent, Party, WasteTransferNote } from './wtn-schemas.ts';

/** Whose notes: every read and write is confined to one organisation and one mode (live or test). */
export interface NoteScope {
  organisationId: string;
  mode: KeyMode;
}

export interface NewNote {
  scope: NoteScope;
  /** Its reference may be redrawn by the writer if another note already has it. */
  note: NoteContent;
  idempotency?: IdempotencyClaim;
}

/** A note as stored: its reference and its JSON document with its lifecycle, as the API returns it. */
export interface StoredNote {
  reference: string;
  document: string;
}

export type WriteOutcome =
  | { status: 'created'; note: NoteContent; document: string }
  /** Another request with the same Idempotency-Key got there first (in this batch or another). */
  | { status: 'idempotency_key_taken' }
  /** The note it corrects was superseded by another first (in this batch or another). */
  | { status: 'already_superseded' }
  /** Every redraw of the reference collided: the day's references are nearly all taken. */
  | { status: 'no_reference_available' };

export interface NoteFilters {
  transferDateFrom?: string;
  transferDateTo?: string;
  carrierRegistrationNumber?: string;
  ewcCode?: string;
  isCompliant?: boolean;
  status?: 'complete' | 'superseded';
  signed?: 'unsigned' | 'partially_signed' | 'signed';
  /** Notes strictly after this position in the newest-first order. */
  after?: { createdAt: string; reference: string };
}

const REFERENCE_DRAWS = 8;
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** How carrier numbers are compared in filters: upper case, no spaces or hyphens (as the register). */
export function carrierKey(number: string): string {
  return number.toUpperCase().replace(/[\s-]+/g, '');
}

/** A signature about to be recorded. */
export type NewSignature = Omit<WtnSignatureRow, 'reference' | 'party'>;

export type SignOutcome =
  | { status: 'signed'; document: string }
  | { status: 'not_found' }
  | { status: 'superseded' }
  | { status: 'already_signed' }
  /** Signing with a link that was used or expired in the meantime. */
  | { status: 'link_used' };

export type NewTransfer = Pick<WtnTransferRow, 'date' | 'time' | 'quantity_kg' | 'vehicle_registration'>;

export type TransferOutcome =
  | { status: 'logged'; transfer: WtnTransferRow }
  | { status: 'not_found' }
  | { status: 'superseded' }
  | { status: 'idempotency_key_taken' };

const SUMMARY_COLUMNS = ['status', 'superseded_by', 'signed', 'content_sha256', 'transfer_count'] as const;
type SummaryRow = Pick<WtnNoteRow, 'reference' | 'document'> & LifecycleSummary;

/** The columns a new note is written with (the lifecycle columns take their defaults). */
const NEW_NOTE_COLUMNS = [
  'reference',
  'organisation_id',
  'mode',
  'created_at',
  'transfer_date',
  'carrier_registration_number',
  'ewc_code',
  'is_compliant',
  'document',
] as const satisfies readonly (keyof WtnNoteRow)[];
type NewNoteRow = Pick<Insertable<WtnNoteRow>, (typeof NEW_NOTE_COLUMNS)[number]>;

function toRow({ scope, note }: NewNote): NewNoteRow {
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
  /** PostgreSQL locks a note's row while its lifecycle changes; SQLite runs one writer at a time. */
  readonly #lockRows: boolean;

  /** Records wtn.created, wtn.signed and wtn.superseded in the transaction that makes them true. */
  readonly #events: EventSink;

  /** A batch's notes in one statement; a reference another note holds is skipped, and redrawn. */
  readonly #insertNotes = new MultiRowInsert<NewNoteRow, { reference: string }>(
    NEW_NOTE_COLUMNS,
    (db, rows) =>
      db
        .insertInto('wtn_notes')
        .values(rows)
        .onConflict((oc) => oc.column('reference').doNothing())
        .returning('reference'),
  );

  constructor(db: Db, events: EventSink) {
    this.#db = db.kysely;
    this.#lockRows = db.dialect === 'postgres';
    this.#events = events;
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
      const superseding = new Map<NewNote, string>();
      for (const [i, item] of items.entries()) {
        if (outcomes[i] !== undefined || item.note.supersedes === null) continue;
        if (await claimSupersession(trx, item)) superseding.set(item, item.note.reference);
        else outcomes[i] = { status: 'already_superseded' };
      }
      const pending = items.filter((_, i) => outcomes[i] === undefined);
      const written = await insertWithFreshReferences(trx, pending, this.#insertNotes);
      for (const [item, reference] of claimed) {
        if (written.has(item) && item.note.reference !== reference) await repointKey(trx, item);
      }
      for (const [item, reference] of superseding) {
        if (!written.has(item)) await releaseSupersession(trx, item, reference);
        else if (item.note.reference !== reference) await repointSupersession(trx, item, reference);
      }
      const results: WriteOutcome[] = items.map(
        (item, i) =>
          outcomes[i] ??
          (written.has(item)
            ? { status: 'created', note: item.note, document: noteJson(written.get(item)!) }
            : { status: 'no_reference_available' }),
      );
      await this.#events(trx, await this.#creationEvents(trx, items, results), now);
      return results;
    });
  }

  /** wtn.created for each note written, and wtn.superseded for each note a written one corrects. */
  async #creationEvents(
    trx: Transaction<Database>,
    items: NewNote[],
    results: WriteOutcome[],
  ): Promise<NewEvent[]> {
    const events: NewEvent[] = [];
    for (const [i, item] of items.entries()) {
      const result = results[i];
      if (result.status !== 'created') continue;
      const scope = { organisationId: item.scope.organisationId, mode: item.scope.mode };
      events.push({ ...scope, type: 'wtn.created', dataJson: `{"note":${result.document}}` });
      if (item.note.supersedes === null) continue;
      const old = await this.#summary(trx, item.scope, item.note.supersedes);
      if (!old) continue;
      const [document] = await this.#compose(trx, [old]);
      events.push({
        ...scope,
        type: 'wtn.superseded',
        data: { note: JSON.parse(document), superseded_by: item.note.reference },
      });
    }
    return events;
  }

  /** A note of this scope as the API returns it: its content with its lifecycle. */
  async document(scope: NoteScope, reference: string): Promise<string | undefined> {
    const row = await this.#summary(this.#db, scope, reference);
    return row && (await this.#compose(this.#db, [row]))[0];
  }

  async get(scope: NoteScope, reference: string): Promise<WasteTransferNote | undefined> {
    const document = await this.document(scope, reference);
    return document === undefined ? undefined : (JSON.parse(document) as WasteTransferNote);
  }

  /** A drawn signature (PNG data URL) of a note of this scope, for printing. */
  async drawings(scope: NoteScope, reference: string): Promise<Partial<Record<Party, string>>> {
    const rows = await this.#db
      .selectFrom('wtn_signatures')
      .innerJoin('wtn_notes', 'wtn_notes.reference', 'wtn_signatures.reference')
      .select(['wtn_signatures.party', 'wtn_signatures.drawing'])
      .where('wtn_signatures.reference', '=', reference)
      .where('wtn_notes.organisation_id', '=', scope.organisationId)
      .where('wtn_notes.mode', '=', scope.mode)
      .where('wtn_signatures.drawing', 'is not', null)
      .execute();
    return Object.fromEntries(rows.map((r) => [r.party, r.drawing!]));
  }

  async #summary(
    db: Kysely<Database>,
    scope: NoteScope,
    reference: string,
    lock = false,
  ): Promise<SummaryRow | undefined> {
    let query = db
      .selectFrom('wtn_notes')
      .select(['reference', 'document', ...SUMMARY_COLUMNS])
      .where('reference', '=', reference)
      .where('organisation_id', '=', scope.organisationId)
      .where('mode', '=', scope.mode);
    if (lock && this.#lockRows) query = query.forUpdate();
    return query.executeTakeFirst();
  }

  /** Each note's JSON, reading signatures and collections only for the notes that have them. */
  async #compose(db: Kysely<Database>, rows: SummaryRow[]): Promise<string[]> {
    const signed = rows.filter((r) => r.signed !== 'unsigned').map((r) => r.reference);
    const withTransfers = rows.filter((r) => Number(r.transfer_count) > 0).map((r) => r.reference);
    const signatures =
      signed.length === 0
        ? []
        : await db.selectFrom('wtn_signatures').selectAll().where('reference', 'in', signed).execute();
    const transfers = withTransfers.length === 0 ? [] : await this.#transfersOf(db, withTransfers);
    return rows.map((r) =>
      noteJson(
        r.document,
        { ...r, transfer_count: Number(r.transfer_count) },
        signatures.filter((s) => s.reference === r.reference),
        transfers.filter((t) => t.reference === r.reference),
      ),
    );
  }

  #transfersOf(db: Kysely<Database>, references: string[]): Promise<WtnTransferRow[]> {
    return db
      .selectFrom('wtn_transfers')
      .selectAll()
      .where('reference', 'in', references)
      .orderBy('reference')
      .orderBy('number')
      .execute();
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
      .select(['reference', 'document', ...SUMMARY_COLUMNS])
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
    if (filters.status) query = query.where('status', '=', filters.status);
    if (filters.signed) query = query.where('signed', '=', filters.signed);
    const after = filters.after;
    if (after) {
      query = query.where((eb) =>
        eb.or([
          eb('created_at', '<', after.createdAt),
          eb.and([eb('created_at', '=', after.createdAt), eb('reference', '<', after.reference)]),
        ]),
      );
    }
    const rows = await query
      .orderBy('created_at', 'desc')
      .orderBy('reference', 'desc')
      .limit(limit)
      .execute();
    const documents = await this.#compose(this.#db, rows);
    return rows.map((r, i) => ({ reference: r.reference, document: documents[i] }));
  }

  /**
   * Records one party's signature, once. The note's row is locked (PostgreSQL) so two parties signing
   * at the same moment both count; the second signature records the content hash.
   */
  async sign(
    scope: NoteScope,
    reference: string,
    party: Party,
    signature: NewSignature,
    link?: { tokenSha256: string; now: string },
  ): Promise<SignOutcome> {
    // A refusal rolls the transaction back, so a link is used up only by the signature it made.
    return this.#db
      .transaction()
      .execute(async (trx) => this.#sign(trx, scope, reference, party, signature, link))
      .catch((error: unknown) => {
        if (error instanceof Refused) return error.outcome;
        throw error;
      });
  }

  async #sign(
    trx: Transaction<Database>,
    scope: NoteScope,
    reference: string,
    party: Party,
    signature: NewSignature,
    link: { tokenSha256: string; now: string } | undefined,
  ): Promise<SignOutcome> {
    if (link) {
      const used = await trx
        .updateTable('wtn_signing_links')
        .set({ used_at: link.now })
        .where('token_sha256', '=', link.tokenSha256)
        .where('used_at', 'is', null)
        .where('expires_at', '>', link.now)
        .returning('reference')
        .executeTakeFirst();
      if (!used) throw new Refused({ status: 'link_used' });
    }
    const row = await this.#summary(trx, scope, reference, true);
    if (!row) throw new Refused({ status: 'not_found' });
    if (row.status === 'superseded') throw new Refused({ status: 'superseded' });
    const inserted = await trx
      .insertInto('wtn_signatures')
      .values({ reference, party, ...signature })
      .onConflict((oc) => oc.columns(['reference', 'party']).doNothing())
      .returning('party')
      .executeTakeFirst();
    if (!inserted) throw new Refused({ status: 'already_signed' });
    const signatures = await trx
      .selectFrom('wtn_signatures')
      .selectAll()
      .where('reference', '=', reference)
      .execute();
    const summary: LifecycleSummary = {
      ...row,
      transfer_count: Number(row.transfer_count),
      signed: signatures.length === 2 ? 'signed' : 'partially_signed',
    };
    if (summary.signed === 'signed') {
      summary.content_sha256 = contentSha256(
        withLifecycle(JSON.parse(row.document), summary, signatures, []),
      );
    }
    await trx
      .updateTable('wtn_notes')
      .set({ signed: summary.signed, content_sha256: summary.content_sha256 })
      .where('reference', '=', reference)
      .execute();
    const transfers = summary.transfer_count > 0 ? await this.#transfersOf(trx, [reference]) : [];
    const document = noteJson(row.document, summary, signatures, transfers);
    await this.#events(
      trx,
      [{ ...scope, type: 'wtn.signed', data: { party, note: JSON.parse(document) } }],
      new Date(signature.signed_at),
    );
    return { status: 'signed', document };
  }

  /** The parties that have signed a note of this scope, with its status; undefined when not found. */
  async signingState(
    scope: NoteScope,
    reference: string,
  ): Promise<{ status: LifecycleSummary['status']; signedBy: Party[] } | undefined> {
    const row = await this.#db
      .selectFrom('wtn_notes')
      .select('status')
      .where('reference', '=', reference)
      .where('organisation_id', '=', scope.organisationId)
      .where('mode', '=', scope.mode)
      .executeTakeFirst();
    if (!row) return undefined;
    const parties = await this.#db
      .selectFrom('wtn_signatures')
      .select('party')
      .where('reference', '=', reference)
      .execute();
    return { status: row.status, signedBy: parties.map((p) => p.party) };
  }

  async addSigningLink(link: WtnSigningLinkRow): Promise<void> {
    await this.#db.insertInto('wtn_signing_links').values(link).execute();
  }

  async signingLink(tokenSha256: string): Promise<WtnSigningLinkRow | undefined> {
    return this.#db
      .selectFrom('wtn_signing_links')
      .selectAll()
      .where('token_sha256', '=', tokenSha256)
      .executeTakeFirst();
  }

  /**
   * Logs a collection under a season ticket as the next number. The service has judged the dates
   * against the note's content, which never changes; here only the note's status can stop it.
   */
  async logTransfer(
    scope: NoteScope,
    reference: string,
    transfer: NewTransfer,
    now: Date,
    idempotency?: IdempotencyClaim,
  ): Promise<TransferOutcome> {
    return this.#db.transaction().execute(async (trx) => {
      const row = await this.#summary(trx, scope, reference, true);
      if (!row) return { status: 'not_found' };
      if (row.status === 'superseded') return { status: 'superseded' };
      const cutoff = new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS).toISOString();
      if (idempotency) {
        // A key last used more than 24 hours ago may be used again.
        await trx
          .updateTable('wtn_transfers')
          .set({ idempotency_key: null })
          .where('organisation_id', '=', scope.organisationId)
          .where('mode', '=', scope.mode)
          .where('idempotency_key', '=', idempotency.key)
          .where('logged_at', '<=', cutoff)
          .execute();
      }
      const number = Number(row.transfer_count) + 1;
      const values: WtnTransferRow = {
        reference,
        number,
        ...transfer,
        logged_at: now.toISOString(),
        organisation_id: scope.organisationId,
        mode: scope.mode,
        idempotency_key: idempotency?.key ?? null,
        request_hash: idempotency?.requestHash ?? null,
      };
      const inserted = await trx
        .insertInto('wtn_transfers')
        .values(values)
        .onConflict((oc) => oc.columns(['organisation_id', 'mode', 'idempotency_key']).doNothing())
        .returning('number')
        .executeTakeFirst();
      if (!inserted) return { status: 'idempotency_key_taken' };
      await trx
        .updateTable('wtn_notes')
        .set({ transfer_count: number })
        .where('reference', '=', reference)
        .execute();
      return { status: 'logged', transfer: values };
    });
  }

  /** The collection an Idempotency-Key logged in this scope within the last 24 hours. */
  async findTransferByKey(scope: NoteScope, key: string, now: Date): Promise<WtnTransferRow | undefined> {
    return this.#db
      .selectFrom('wtn_transfers')
      .selectAll()
      .where('organisation_id', '=', scope.organisationId)
      .where('mode', '=', scope.mode)
      .where('idempotency_key', '=', key)
      .where('logged_at', '>', new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS).toISOString())
      .executeTakeFirst();
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

/** Marks the corrected note superseded by this one; false when another note superseded it first. */
async function claimSupersession(trx: Transaction<Database>, item: NewNote): Promise<boolean> {
  const result = await trx
    .updateTable('wtn_notes')
    .set({ status: 'superseded', superseded_by: item.note.reference })
    .where('reference', '=', item.note.supersedes!)
    .where('organisation_id', '=', item.scope.organisationId)
    .where('mode', '=', item.scope.mode)
    .where('superseded_by', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

async function repointSupersession(trx: Transaction<Database>, item: NewNote, drawn: string): Promise<void> {
  await trx
    .updateTable('wtn_notes')
    .set({ superseded_by: item.note.reference })
    .where('reference', '=', item.note.supersedes!)
    .where('superseded_by', '=', drawn)
    .execute();
}

async function releaseSupersession(trx: Transaction<Database>, item: NewNote, drawn: string): Promise<void> {
  await trx
    .updateTable('wtn_notes')
    .set({ status: 'complete', superseded_by: null })
    .where('reference', '=', item.note.supersedes!)
    .where('superseded_by', '=', drawn)
    .execute();
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
  insert: MultiRowInsert<NewNoteRow, { reference: string }>,
): Promise<Map<NewNote, string>> {
  const written = new Map<NewNote, string>();
  let remaining = items;
  for (let draw = 0; draw < REFERENCE_DRAWS && remaining.length > 0; draw++) {
    if (draw > 0) for (const item of remaining) redraw(item);
    const rows = new Map<string, { item: NewNote; row: NewNoteRow }>();
    for (const item of remaining) {
      while (rows.has(item.note.reference)) redraw(item);
      rows.set(item.note.reference, { item, row: toRow(item) });
    }
    const inserted = await insert.insert(
      trx,
      [...rows.values()].map((r) => r.row),
    );
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

/** Carries a refused signature out of its transaction, which is then rolled back. */
class Refused extends Error {
  readonly outcome: SignOutcome;
  constructor(outcome: SignOutcome) {
    super(outcome.status);
    this.outcome = outcome;
  }
}
