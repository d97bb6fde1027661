import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import type { Kysely, Transaction } from 'kysely';
import type { KeyMode } from '../accounts/api-key-format.ts';
import type { Db } from '../platform/db/database.ts';
import type { Database } from '../platform/db/schema.ts';
import type { EventSink, NewEvent } from '../platform/events.ts';
import type { IdempotencyClaim } from '../platform/idempotency.ts';
import { formatCode, LAST_NUMBER } from './consignment-code.ts';
import type {
  ConsignmentContent,
  ConsignmentNote,
  ConsignmentStatus,
  Part,
  PartC,
  PartD,
  PartE,
} from './consignment-schemas.ts';
import type { ConsignmentNoteRow, ConsignmentPartRow, ConsignmentSigningLinkRow } from './tables.ts';

/** Whose notes: every read and write is confined to one organisation and one mode. */
export interface ConsignmentScope {
  organisationId: string;
  mode: KeyMode;
}

/** A note about to be written: its code is generated in the write's transaction unless given. */
export interface NewConsignment {
  scope: ConsignmentScope;
  /** The content with `consignment_code` empty when it is to be generated. */
  content: ConsignmentContent;
  codePrefix: string;
  /** The round of a multiple collection: its collection number is the round's next. */
  roundNumber: string | null;
  siteId: string | null;
  idempotency?: IdempotencyClaim;
}

export type CreateOutcome =
  | { status: 'created'; note: ConsignmentNote; document: string }
  | { status: 'code_in_use'; code: string }
  | { status: 'codes_exhausted'; prefix: string }
  | { status: 'idempotency_key_taken' };

export type SignedPart = PartC | PartD | PartE;

export interface NewPart {
  part: Part;
  document: SignedPart;
  ip: string | null;
  drawing: string | null;
  /** The note's status once this part is signed. */
  status: ConsignmentStatus;
  receivedDate?: string;
}

export type SignOutcome =
  | { status: 'signed'; note: ConsignmentNote }
  | { status: 'not_found' }
  | { status: 'already_signed' }
  | { status: 'out_of_order'; missing: Part }
  | { status: 'link_used' };

export interface ListFilters {
  status?: ConsignmentStatus;
  consignmentCode?: string;
  createdFrom?: string;
  createdTo?: string;
  after?: { createdAt: string; id: string };
}

/**
 * What an id of ours can be. Anything else is no note, answered without a query: PostgreSQL cannot
 * even compare text holding a NUL byte.
 */
export const isConsignmentId = (id: string): boolean => /^cn_[A-Za-z0-9]{1,40}$/.test(id);

export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
const PREVIOUS: Record<Part, Part | null> = { C: null, D: 'C', E: 'D' };

/** The fields a content hash leaves out: the links added later, and the hash itself. */
const UNHASHED = ['further_notes', 'content_sha256'] as const;

/**
 * SHA-256 (hex) of the note's canonical JSON (RFC 8785) without the fields that may change after E. A
 * part signed before its authentication was recorded has none (the field is absent, not null), so
 * notes hashed before then still verify by the same recipe.
 */
export function consignmentSha256(note: ConsignmentNote): string {
  const hashed: Record<string, unknown> = { ...note };
  for (const field of UNHASHED) delete hashed[field];
  return createHash('sha256').update(canonicalize(hashed)!, 'utf8').digest('hex');
}

type NoteSummary = Pick<ConsignmentNoteRow, 'id' | 'document' | 'status' | 'content_sha256'>;

/**
 * The counter of a multiple collection's round: one sequence per round, whatever premises each
 * collection is from (reg 38: 1, 2, 3... through the round).
 */
const roundCounter = (round: string) => `round:${round}`;

/** Consignment notes in the database: content written once, parts appended in legal order. */
export class ConsignmentStore {
  readonly #db: Kysely<Database>;
  readonly #lockRows: boolean;
  readonly #events: EventSink;

  constructor(db: Db, events: EventSink) {
    this.#db = db.kysely;
    this.#lockRows = db.dialect === 'postgres';
    this.#events = events;
  }

  /** Writes a batch of notes in one transaction (group commit): all of them or none. */
  createBatch(items: NewConsignment[], now: Date): Promise<CreateOutcome[]> {
    return this.#db.transaction().execute(async (trx) => {
      const outcomes: CreateOutcome[] = [];
      const events: NewEvent[] = [];
      for (const item of items) {
        const outcome = await this.#create(trx, item, now);
        outcomes.push(outcome);
        if (outcome.status === 'created') {
          events.push({
            ...item.scope,
            type: 'consignment_note.created',
            data: { consignment_note: outcome.note },
          });
        }
      }
      await this.#events(trx, events, now);
      return outcomes;
    });
  }

  async #create(trx: Transaction<Database>, item: NewConsignment, now: Date): Promise<CreateOutcome> {
    const { scope, content } = item;
    if (item.idempotency) {
      const cutoff = new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS).toISOString();
      const earlier = await this.#inScope(trx, scope)
        .select(['id', 'created_at'])
        .where('idempotency_key', '=', item.idempotency.key)
        .executeTakeFirst();
      if (earlier && earlier.created_at > cutoff) return { status: 'idempotency_key_taken' };
      // A key last used more than 24 hours ago may be used again.
      if (earlier) {
        await trx
          .updateTable('consignment_notes')
          .set({ idempotency_key: null })
          .where('id', '=', earlier.id)
          .execute();
      }
    }
    const generate = content.consignment_code === '';
    let multiple: ConsignmentContent['multiple_collection'] = null;
    // Another instance may take a code (or the key) between our look and our insert: the unique
    // constraints decide, and a generated code then moves on to the producer's next number.
    for (;;) {
      let code = content.consignment_code;
      if (generate) {
        const generated = await this.#nextFreeCode(trx, scope, item.codePrefix);
        if (!generated) return { status: 'codes_exhausted', prefix: item.codePrefix };
        code = generated;
      } else if (await this.#codeTaken(trx, scope, code)) {
        return { status: 'code_in_use', code };
      }
      // The collection number is drawn once the code is secured, so a refused note leaves no gap in the round.
      if (item.roundNumber !== null && multiple === null) {
        const collection = await this.#next(trx, scope, roundCounter(item.roundNumber));
        multiple = { round_number: item.roundNumber, collection_number: collection };
      }
      const note: ConsignmentContent = { ...content, consignment_code: code, multiple_collection: multiple };
      const document = JSON.stringify(note);
      const inserted = await trx
        .insertInto('consignment_notes')
        .values({
          id: note.id,
          organisation_id: scope.organisationId,
          mode: scope.mode,
          created_at: note.created_at,
          consignment_code: code,
          code_prefix: item.codePrefix,
          status: 'awaiting_collection',
          site_id: item.siteId,
          received_date: null,
          rejected_from: note.rejected_from?.id ?? null,
          document,
          content_sha256: null,
          idempotency_key: item.idempotency?.key ?? null,
          request_hash: item.idempotency?.requestHash ?? null,
        })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) {
        if (item.idempotency && (await this.#keyTaken(trx, scope, item.idempotency.key))) {
          await this.#giveBackCollection(trx, scope, multiple);
          return { status: 'idempotency_key_taken' };
        }
        if (!generate) {
          await this.#giveBackCollection(trx, scope, multiple);
          return { status: 'code_in_use', code };
        }
        continue;
      }
      const composed = compose(
        { id: note.id, document, status: 'awaiting_collection', content_sha256: null },
        [],
        [],
      );
      return { status: 'created', note: composed, document: JSON.stringify(composed) };
    }
  }

  async #keyTaken(trx: Transaction<Database>, scope: ConsignmentScope, key: string): Promise<boolean> {
    const row = await this.#inScope(trx, scope)
      .select('id')
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The producer's next code that nobody has used (a code given by hand may have taken a number). */
  async #nextFreeCode(trx: Transaction<Database>, scope: ConsignmentScope, prefix: string) {
    for (;;) {
      const number = await this.#next(trx, scope, `code:${prefix}`);
      if (number > LAST_NUMBER) return null;
      const code = formatCode(prefix, number);
      if (!(await this.#codeTaken(trx, scope, code))) return code;
    }
  }

  async #codeTaken(trx: Transaction<Database>, scope: ConsignmentScope, code: string): Promise<boolean> {
    const row = await this.#inScope(trx, scope)
      .select('id')
      .where('consignment_code', '=', code)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * A collection number drawn for a note that was then refused goes back: the counter row is locked by
   * this transaction since the draw, so no one has drawn after it.
   */
  async #giveBackCollection(
    trx: Transaction<Database>,
    scope: ConsignmentScope,
    multiple: ConsignmentContent['multiple_collection'],
  ): Promise<void> {
    if (!multiple) return;
    await trx
      .updateTable('consignment_sequences')
      .set({ last_number: multiple.collection_number - 1 })
      .where('organisation_id', '=', scope.organisationId)
      .where('mode', '=', scope.mode)
      .where('name', '=', roundCounter(multiple.round_number))
      .where('last_number', '=', multiple.collection_number)
      .execute();
  }

  /** Increments a counter and returns its new value; the row stays locked until the transaction ends. */
  async #next(trx: Transaction<Database>, scope: ConsignmentScope, name: string): Promise<number> {
    const row = await trx
      .insertInto('consignment_sequences')
      .values({ organisation_id: scope.organisationId, mode: scope.mode, name, last_number: 1 })
      .onConflict((oc) =>
        oc
          .columns(['organisation_id', 'mode', 'name'])
          .doUpdateSet((eb) => ({ last_number: eb('consignment_sequences.last_number', '+', 1) })),
      )
      .returning('last_number')
      .executeTakeFirstOrThrow();
    return Number(row.last_number);
  }

  #inScope(db: Kysely<Database>, scope: ConsignmentScope) {
    return db
      .selectFrom('consignment_notes')
      .where('organisation_id', '=', scope.organisationId)
      .where('mode', '=', scope.mode);
  }

  /** The note an Idempotency-Key created in this scope within the last 24 hours. */
  async findByIdempotencyKey(
    scope: ConsignmentScope,
    key: string,
    now: Date,
  ): Promise<{ requestHash: string; note: ConsignmentNote } | undefined> {
    const cutoff = new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS).toISOString();
    const row = await this.#inScope(this.#db, scope)
      .select(['id', 'request_hash', 'created_at'])
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
    if (!row?.request_hash || row.created_at <= cutoff) return undefined;
    const note = await this.get(scope, row.id);
    return note && { requestHash: row.request_hash, note };
  }

  async get(scope: ConsignmentScope, id: string): Promise<ConsignmentNote | undefined> {
    if (!isConsignmentId(id)) return undefined;
    const row = await this.#inScope(this.#db, scope)
      .select(['id', 'document', 'status', 'content_sha256'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row && (await this.#composeAll(this.#db, [row]))[0];
  }

  /** A drawn signature (PNG data URL) per part of a note of this scope, for printing. */
  async drawings(scope: ConsignmentScope, id: string): Promise<Partial<Record<Part, string>>> {
    const rows = await this.#db
      .selectFrom('consignment_parts')
      .innerJoin('consignment_notes', 'consignment_notes.id', 'consignment_parts.note_id')
      .select(['consignment_parts.part', 'consignment_parts.drawing'])
      .where('consignment_parts.note_id', '=', id)
      .where('consignment_notes.organisation_id', '=', scope.organisationId)
      .where('consignment_notes.mode', '=', scope.mode)
      .where('consignment_parts.drawing', 'is not', null)
      .execute();
    return Object.fromEntries(rows.map((r) => [r.part, r.drawing!]));
  }

  /** Newest first, ties broken by id, so pages never overlap or skip. */
  async list(scope: ConsignmentScope, filters: ListFilters, limit: number): Promise<ConsignmentNote[]> {
    let query = this.#inScope(this.#db, scope).select(['id', 'document', 'status', 'content_sha256']);
    if (filters.status) query = query.where('status', '=', filters.status);
    if (filters.consignmentCode) query = query.where('consignment_code', '=', filters.consignmentCode);
    if (filters.createdFrom) query = query.where('created_at', '>=', filters.createdFrom);
    if (filters.createdTo) query = query.where('created_at', '<', filters.createdTo);
    const after = filters.after;
    if (after) {
      query = query.where((eb) =>
        eb.or([
          eb('created_at', '<', after.createdAt),
          eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)]),
        ]),
      );
    }
    const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    return this.#composeAll(this.#db, rows);
  }

  async position(
    scope: ConsignmentScope,
    id: string,
  ): Promise<{ createdAt: string; id: string } | undefined> {
    if (!isConsignmentId(id)) return undefined;
    const row = await this.#inScope(this.#db, scope)
      .select(['created_at', 'id'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row && { createdAt: row.created_at, id: row.id };
  }

  /** Notes whose Part E was signed at a site between two dates (inclusive), for its return. */
  async receivedAtSite(scope: ConsignmentScope, siteId: string, from: string, to: string) {
    const rows = await this.#inScope(this.#db, scope)
      .select(['id', 'document', 'status', 'content_sha256'])
      .where('site_id', '=', siteId)
      .where('received_date', '>=', from)
      .where('received_date', '<=', to)
      .orderBy('received_date')
      .orderBy('consignment_code')
      .execute();
    return this.#composeAll(this.#db, rows);
  }

  /** Each note's JSON with its signed parts and further notes, read for all the rows at once. */
  async #composeAll(db: Kysely<Database>, rows: NoteSummary[]): Promise<ConsignmentNote[]> {
    if (rows.length === 0) return [];
    const touched = rows.filter((r) => r.status !== 'awaiting_collection').map((r) => r.id);
    const rejected = rows
      .filter((r) => r.status === 'rejected' || r.status === 'partially_rejected')
      .map((r) => r.id);
    const parts =
      touched.length === 0
        ? []
        : await db.selectFrom('consignment_parts').selectAll().where('note_id', 'in', touched).execute();
    const further =
      rejected.length === 0
        ? []
        : await db
            .selectFrom('consignment_notes')
            .select(['id', 'consignment_code', 'rejected_from'])
            .where('rejected_from', 'in', rejected)
            .orderBy('created_at')
            .execute();
    return rows.map((r) =>
      compose(
        r,
        parts.filter((p) => p.note_id === r.id),
        further.filter((f) => f.rejected_from === r.id),
      ),
    );
  }

  /**
   * Adds one part, in legal order, once. The note's row is locked (PostgreSQL) so two signatures at the
   * same moment are judged one after the other; Part E records the content hash.
   */
  async sign(
    scope: ConsignmentScope,
    id: string,
    part: NewPart,
    link?: { tokenSha256: string; now: string },
  ): Promise<SignOutcome> {
    return this.#db
      .transaction()
      .execute((trx) => this.#sign(trx, scope, id, part, link))
      .catch((error: unknown) => {
        if (error instanceof Refused) return error.outcome;
        throw error;
      });
  }

  async #sign(
    trx: Transaction<Database>,
    scope: ConsignmentScope,
    id: string,
    part: NewPart,
    link: { tokenSha256: string; now: string } | undefined,
  ): Promise<SignOutcome> {
    if (link) {
      const used = await trx
        .updateTable('consignment_signing_links')
        .set({ used_at: link.now })
        .where('token_sha256', '=', link.tokenSha256)
        .where('used_at', 'is', null)
        .where('expires_at', '>', link.now)
        .returning('note_id')
        .executeTakeFirst();
      if (!used) throw new Refused({ status: 'link_used' });
    }
    let query = this.#inScope(trx, scope)
      .select(['id', 'document', 'status', 'content_sha256'])
      .where('id', '=', id);
    if (this.#lockRows) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    if (!row) throw new Refused({ status: 'not_found' });
    const existing = await trx
      .selectFrom('consignment_parts')
      .selectAll()
      .where('note_id', '=', id)
      .execute();
    if (existing.some((p) => p.part === part.part)) throw new Refused({ status: 'already_signed' });
    const previous = PREVIOUS[part.part];
    if (previous && !existing.some((p) => p.part === previous)) {
      throw new Refused({ status: 'out_of_order', missing: previous });
    }
    const partRow: ConsignmentPartRow = {
      note_id: id,
      part: part.part,
      signed_at: part.document.signed_at,
      document: JSON.stringify(part.document),
      ip: part.ip,
      drawing: part.drawing,
    };
    await trx.insertInto('consignment_parts').values(partRow).execute();
    const parts = [...existing, partRow];
    const summary: NoteSummary = { ...row, status: part.status, content_sha256: null };
    let note = compose(summary, parts, []);
    if (part.part === 'E') {
      summary.content_sha256 = consignmentSha256(note);
      note = { ...note, content_sha256: summary.content_sha256 };
    }
    await trx
      .updateTable('consignment_notes')
      .set({
        status: part.status,
        content_sha256: summary.content_sha256,
        ...(part.receivedDate ? { received_date: part.receivedDate } : {}),
      })
      .where('id', '=', id)
      .execute();
    await this.#events(trx, signingEvents(scope, part, note), new Date(part.document.signed_at));
    return { status: 'signed', note };
  }

  async addSigningLink(link: ConsignmentSigningLinkRow): Promise<void> {
    await this.#db.insertInto('consignment_signing_links').values(link).execute();
  }

  signingLink(tokenSha256: string): Promise<ConsignmentSigningLinkRow | undefined> {
    return this.#db
      .selectFrom('consignment_signing_links')
      .selectAll()
      .where('token_sha256', '=', tokenSha256)
      .executeTakeFirst();
  }
}

/** consignment_note.signed for every part; at Part E, .received or .rejected as well. */
function signingEvents(scope: ConsignmentScope, part: NewPart, note: ConsignmentNote): NewEvent[] {
  const events: NewEvent[] = [
    { ...scope, type: 'consignment_note.signed', data: { part: part.part, consignment_note: note } },
  ];
  if (part.part === 'E') {
    const type = note.status === 'received' ? 'consignment_note.received' : 'consignment_note.rejected';
    events.push({ ...scope, type, data: { consignment_note: note } });
  }
  return events;
}

function compose(
  row: NoteSummary,
  parts: ConsignmentPartRow[],
  further: { id: string; consignment_code: string }[],
): ConsignmentNote {
  const content = JSON.parse(row.document) as ConsignmentContent;
  const partOf = <T extends SignedPart>(name: Part) => {
    const found = parts.find((p) => p.part === name);
    if (!found) return null;
    // A part signed before authentication was recorded has none: absent, never a guess.
    return JSON.parse(found.document) as T;
  };
  return {
    ...content,
    status: row.status as ConsignmentStatus,
    parts: { C: partOf<PartC>('C'), D: partOf<PartD>('D'), E: partOf<PartE>('E') },
    further_notes: further.map((f) => ({ id: f.id, consignment_code: f.consignment_code })),
    content_sha256: row.content_sha256,
  };
}

class Refused extends Error {
  readonly outcome: SignOutcome;
  constructor(outcome: SignOutcome) {
    super(outcome.status);
    this.outcome = outcome;
  }
}
