import { createHash, randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { addDays, type Clock, londonDate } from '../platform/clock.ts';
import type { Db } from '../platform/db/database.ts';
import { ApiError } from '../platform/errors.ts';
import type { EventSink } from '../platform/events.ts';
import type { IdempotencyClaim } from '../platform/idempotency.ts';
import type {
  CarrierVerification,
  CarrierVerifier,
  ClassificationResult,
  EwcLookup,
  SeasonTicketWatcher,
  WasteClassifier,
} from './dependencies.ts';
import { buildNote, given } from './note-builder.ts';
import { transferOf } from './note-lifecycle.ts';
import {
  type NewSignature,
  type NoteFilters,
  type NoteScope,
  NoteStore,
  type SignOutcome,
  type TransferOutcome,
} from './note-store.ts';
import { NoteWriter } from './note-writer.ts';
import { newReference, parseReference } from './reference.ts';
import { renderNotePdf } from './wtn-pdf.ts';
import type {
  GenerateWtnInput,
  NoteContent,
  Party,
  SignBody,
  SigningLinkBody,
  Transfer,
  TransferBody,
  WasteTransferNote,
} from './wtn-schemas.ts';

const DEFAULT_LINK_HOURS = 48;
/** Notes read per query by an export: one page is about what an export holds in memory. */
export const EXPORT_PAGE_SIZE = 500;
const HOUR_MS = 3_600_000;

/** Where a signature comes from: the client's address as the service saw it. */
export interface SignatureOrigin {
  ip: string | null;
}

/** What a signing link's page shows: the note and the party, or why it cannot be used. */
export type SigningPage =
  | { state: 'open'; note: WasteTransferNote; party: Party; expiresAt: string }
  | { state: 'not_found' }
  | { state: 'expired' | 'used' | 'already_signed' | 'superseded'; note: WasteTransferNote; party: Party };

/** A signature typed (and perhaps drawn) on a signing link's page. */
export interface LinkSignature {
  name: string;
  position: string | null;
  /** A PNG data URL, when the signer drew one. */
  drawing: string | null;
}

/** No such note for this organisation in this mode (another's, or the other mode's, look the same). */
export function noteNotFound(reference: string, mode: NoteScope['mode']): ApiError {
  return new ApiError(
    'WTN_NOT_FOUND',
    `No waste transfer note ${reference} for this organisation in ${mode} mode.`,
  );
}

export function tokenSha256(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The classifier's top three are what a supplied code is cross-checked against. */
const CROSS_CHECK_DEPTH = 3;

/** The note an Idempotency-Key created: the hash of the body it came with and the stored document. */
export interface IdempotentNote {
  requestHash: string;
  reference: string;
  /** The note's stored JSON document: the first response, byte for byte. */
  document: string;
}

/** A page of the list: each note as its stored JSON document. */
export interface WtnPage {
  documents: string[];
  has_more: boolean;
  next_starting_after: string | null;
}

export type ListOptions = Omit<NoteFilters, 'after'> & { limit: number; startingAfter?: string };

/**
 * Waste transfer notes: generated from the register's and the classifier's answers (asked in
 * parallel), committed before they are acknowledged, then read back, listed and printed. Notes are
 * immutable and never deleted (2-year retention, Duty of Care Regulations 1991 reg 3).
 */
export class WtnService {
  readonly #carriers: CarrierVerifier;
  readonly #classifier: WasteClassifier;
  readonly #catalogue: EwcLookup;
  readonly #clock: Clock;
  readonly #store: NoteStore;
  readonly #writer: NoteWriter;
  readonly #registerDeadlineMs?: number;
  readonly #watches?: SeasonTicketWatcher;
  readonly #logger: Logger;

  constructor(options: {
    db: Db;
    clock: Clock;
    logger: Logger;
    carriers: CarrierVerifier;
    classifier: WasteClassifier;
    catalogue: EwcLookup;
    /** WTN_REGISTER_DEADLINE_MS: the carrier check's share of a note's time. */
    registerDeadlineMs?: number;
    /** Where wtn.created, wtn.signed and wtn.superseded are recorded (webhooks). */
    events: EventSink;
    /** Watches the carrier of each note issued under a season ticket. */
    watches?: SeasonTicketWatcher;
  }) {
    this.#carriers = options.carriers;
    this.#watches = options.watches;
    this.#logger = options.logger;
    this.#registerDeadlineMs = options.registerDeadlineMs;
    this.#classifier = options.classifier;
    this.#catalogue = options.catalogue;
    this.#clock = options.clock;
    this.#store = new NoteStore(options.db, options.events);
    this.#writer = new NoteWriter({
      commit: (items, now) => this.#store.commitBatch(items, now),
      clock: options.clock,
      logger: options.logger,
    });
  }

  get catalogue(): EwcLookup {
    return this.#catalogue;
  }

  /**
   * Checks the carrier and classifies the waste at the same time, assembles the note and commits it.
   * Throws ApiError for CARRIER_NOT_FOUND, INVALID_REGISTRATION_NUMBER, EA_REGISTER_UNAVAILABLE,
   * CLASSIFICATION_FAILED and IDEMPOTENCY_KEY_REUSED; nothing is written when it throws. With an
   * idempotency claim, the key is stored in the note's transaction; if a concurrent request with the
   * same key and body committed first, its note is returned with `replayed: true`. The register gets
   * WTN_REGISTER_DEADLINE_MS, less than a lone verify-carrier, and stops being waited for when `signal`
   * aborts (the client went away).
   */
  async generate(
    input: GenerateWtnInput,
    scope: NoteScope,
    idempotency?: IdempotencyClaim,
    signal?: AbortSignal,
  ): Promise<{ document: string; replayed: boolean; reference: string }> {
    checkSeasonTicket(input);
    const supersedes =
      input.supersedes === undefined ? undefined : await this.#corrected(scope, input.supersedes);
    const supplied = given(input.waste.ewc_code);
    const [verification, classification] = await Promise.all([
      input.carrier.auto_verify === false
        ? undefined
        : this.#carriers.verify(
            { registration_number: input.carrier.registration_number.trim() },
            scope.mode,
            { deadlineMs: this.#registerDeadlineMs, signal },
          ),
      input.waste.auto_classify === false ? undefined : this.#classify(input, scope.mode, supplied !== null),
    ]);
    const body = buildNote(input, { verification, classification }, this.#catalogue, {
      mode: scope.mode,
      supersedes,
    });
    if (body.season_ticket && body.waste.is_hazardous) {
      throw new ApiError(
        'SEASON_TICKET_NOT_ALLOWED',
        `${body.waste.ewc_code} is hazardous waste: a season ticket covers only non-hazardous waste, and hazardous waste moves on a consignment note each time.`,
      );
    }
    const createdAt = this.#clock.now();
    const note: NoteContent = {
      reference: newReference(createdAt),
      ...body,
      created_at: createdAt.toISOString(),
    };
    const outcome = await this.#writer.write({ scope, note, idempotency });
    if (outcome.status === 'created') {
      await this.#watchSeasonTicket(scope, note, verification);
      return { document: outcome.document, replayed: false, reference: note.reference };
    }
    if (outcome.status === 'already_superseded') throw await this.#supersededError(scope, supersedes!);
    if (outcome.status === 'no_reference_available') {
      throw new ApiError(
        'SERVICE_UNAVAILABLE',
        "No transfer note reference is free for today's date. Try again.",
      );
    }
    // A concurrent request with the same key won: answer as its replay would.
    const earlier = await this.findIdempotent(scope, idempotency!.key);
    if (earlier?.requestHash === idempotency!.requestHash)
      return { document: earlier.document, replayed: true, reference: earlier.reference };
    throw new ApiError('IDEMPOTENCY_KEY_REUSED');
  }

  /**
   * A season ticket runs for up to a year, so its carrier is watched for that long. The note is already
   * committed: failing to add the watch is logged, never turned into a failed request.
   */
  async #watchSeasonTicket(
    scope: NoteScope,
    note: NoteContent,
    verification: CarrierVerification | undefined,
  ): Promise<void> {
    if (!note.season_ticket || !this.#watches) return;
    try {
      await this.#watches.watchSeasonTicket(scope, {
        registration_number: note.carrier.registration_number,
        note_reference: note.reference,
        valid_until: note.season_ticket.valid_until,
        verification: verification ?? null,
      });
    } catch (error) {
      this.#logger.error(
        { err: error, reference: note.reference },
        'could not watch a season ticket carrier',
      );
    }
  }

  /** The canonical reference of the note a correction supersedes, refused when it cannot be. */
  async #corrected(scope: NoteScope, given: string): Promise<string> {
    const reference = parseReference(given);
    const state = reference && (await this.#store.signingState(scope, reference));
    if (!reference || !state) {
      throw new ApiError(
        'SUPERSEDED_NOTE_NOT_FOUND',
        `supersedes: no transfer note ${given.trim()} for this organisation in ${scope.mode} mode.`,
        [{ field: '/supersedes', issue: 'is not one of your notes in this mode' }],
      );
    }
    if (state.status === 'superseded') throw await this.#supersededError(scope, reference);
    return reference;
  }

  async #supersededError(scope: NoteScope, reference: string): Promise<ApiError> {
    const note = await this.#store.get(scope, reference);
    return new ApiError(
      'NOTE_SUPERSEDED',
      `${reference} has been superseded by ${note?.superseded_by ?? 'a correction'}: use that note.`,
    );
  }

  /** Signs for a party with an API key. */
  async sign(scope: NoteScope, reference: string, body: SignBody, origin: SignatureOrigin): Promise<string> {
    const outcome = await this.#store.sign(scope, reference, body.party, {
      ...this.#signature(body.name, given(body.position)),
      method: 'api',
      ip: origin.ip,
      drawing: null,
    });
    return this.#signed(scope, reference, body.party, outcome);
  }

  #signature(name: string, position: string | null): Pick<NewSignature, 'name' | 'position' | 'signed_at'> {
    return { name: name.trim(), position, signed_at: this.#clock.now().toISOString() };
  }

  async #signed(scope: NoteScope, reference: string, party: Party, outcome: SignOutcome): Promise<string> {
    switch (outcome.status) {
      case 'signed':
        return outcome.document;
      case 'already_signed':
        throw await this.#alreadySigned(scope, reference, party);
      case 'superseded':
        throw await this.#supersededError(scope, reference);
      default:
        throw noteNotFound(reference, scope.mode);
    }
  }

  async #alreadySigned(scope: NoteScope, reference: string, party: Party): Promise<ApiError> {
    const signature = (await this.#store.get(scope, reference))?.signatures[party];
    return new ApiError(
      'ALREADY_SIGNED',
      signature
        ? `The ${party} has already signed ${reference}: ${signature.name}, ${signature.signed_at}. A party signs once.`
        : undefined,
    );
  }

  /**
   * A single-use link for one party to sign without an account. The token is 256 random bits, sent
   * once and kept only as its SHA-256.
   */
  async createSigningLink(
    scope: NoteScope,
    reference: string,
    body: SigningLinkBody,
    baseUrl: string,
  ): Promise<{ url: string; party: Party; expires_at: string }> {
    const state = await this.#store.signingState(scope, reference);
    if (!state) {
      throw noteNotFound(reference, scope.mode);
    }
    if (state.status === 'superseded') throw await this.#supersededError(scope, reference);
    if (state.signedBy.includes(body.party)) throw await this.#alreadySigned(scope, reference, body.party);
    const now = this.#clock.now();
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(
      now.getTime() + (body.expires_in_hours ?? DEFAULT_LINK_HOURS) * HOUR_MS,
    ).toISOString();
    await this.#store.addSigningLink({
      token_sha256: tokenSha256(token),
      reference,
      organisation_id: scope.organisationId,
      mode: scope.mode,
      party: body.party,
      created_at: now.toISOString(),
      expires_at: expiresAt,
      used_at: null,
    });
    return { url: `${baseUrl.replace(/\/+$/, '')}/sign/${token}`, party: body.party, expires_at: expiresAt };
  }

  /** What a signing link opens: the note to sign, or why it cannot be signed. */
  async signingPage(token: string): Promise<SigningPage> {
    const link = await this.#store.signingLink(tokenSha256(token));
    if (!link) return { state: 'not_found' };
    const scope = { organisationId: link.organisation_id, mode: link.mode };
    const note = await this.#store.get(scope, link.reference);
    if (!note) return { state: 'not_found' };
    const party = link.party;
    if (note.signatures[party]) return { state: 'already_signed', note, party };
    if (note.status === 'superseded') return { state: 'superseded', note, party };
    if (link.used_at) return { state: 'used', note, party };
    if (link.expires_at <= this.#clock.now().toISOString()) return { state: 'expired', note, party };
    return { state: 'open', note, party, expiresAt: link.expires_at };
  }

  /** Signs with a link: the link is used up by the signature, in the same transaction, or not at all. */
  async signWithLink(token: string, signature: LinkSignature, origin: SignatureOrigin): Promise<SigningPage> {
    // The store refuses a used, expired, superseded or already-signed link atomically; the page then
    // says which.
    const link = await this.#store.signingLink(tokenSha256(token));
    if (!link) return { state: 'not_found' };
    const linkScope = { organisationId: link.organisation_id, mode: link.mode };
    const outcome = await this.#store.sign(
      linkScope,
      link.reference,
      link.party,
      {
        ...this.#signature(signature.name, signature.position),
        method: 'signing_link',
        ip: origin.ip,
        drawing: signature.drawing,
      },
      { tokenSha256: link.token_sha256, now: this.#clock.now().toISOString() },
    );
    if (outcome.status === 'signed') {
      return { state: 'used', note: JSON.parse(outcome.document) as WasteTransferNote, party: link.party };
    }
    return this.signingPage(token);
  }

  /** Logs one collection under a season ticket. */
  async logTransfer(
    scope: NoteScope,
    reference: string,
    body: TransferBody,
    idempotency?: IdempotencyClaim,
  ): Promise<{ transfer: Transfer; replayed: boolean }> {
    const note = await this.#store.get(scope, reference);
    if (!note) {
      throw noteNotFound(reference, scope.mode);
    }
    if (note.status === 'superseded') throw await this.#supersededError(scope, reference);
    const ticket = note.season_ticket;
    if (!ticket) {
      throw new ApiError(
        'NOT_A_SEASON_TICKET',
        `${reference} is a note for a single transfer: collections can be logged only under a season ticket.`,
      );
    }
    if (body.date < ticket.valid_from || body.date > ticket.valid_until) {
      throw new ApiError(
        'TRANSFER_OUTSIDE_SEASON_TICKET',
        `${body.date} is outside the period ${reference} covers (${ticket.valid_from} to ${ticket.valid_until}). A collection outside it needs its own note.`,
        [{ field: '/date', issue: `must be from ${ticket.valid_from} to ${ticket.valid_until}` }],
      );
    }
    // EA: a registration is expired on its expiry date itself.
    const expiry = note.carrier.expiry_date;
    if (expiry && body.date >= expiry) {
      throw new ApiError(
        'CARRIER_REGISTRATION_EXPIRED',
        `The carrier's registration ${note.carrier.registration_number} expired on ${expiry}, on or before ${body.date}: waste must not be handed to an unregistered carrier. If it has renewed, issue a new note that supersedes ${reference}.`,
        [{ field: '/date', issue: `must be before ${expiry}, when the carrier's registration expired` }],
      );
    }
    const outcome: TransferOutcome = await this.#store.logTransfer(
      scope,
      reference,
      {
        date: body.date,
        time: body.time ?? null,
        quantity_kg: body.quantity_kg,
        vehicle_registration: body.vehicle_registration.trim().toUpperCase().replace(/\s+/g, ' '),
      },
      this.#clock.now(),
      idempotency,
    );
    switch (outcome.status) {
      case 'logged':
        return { transfer: transferOf(outcome.transfer), replayed: false };
      case 'superseded':
        throw await this.#supersededError(scope, reference);
      case 'not_found':
        throw noteNotFound(reference, scope.mode);
      default: {
        const earlier = await this.findIdempotentTransfer(scope, idempotency!.key);
        if (earlier?.requestHash === idempotency!.requestHash) {
          return { transfer: earlier.transfer, replayed: true };
        }
        throw new ApiError('IDEMPOTENCY_KEY_REUSED');
      }
    }
  }

  /** The collection an Idempotency-Key logged in this scope within the last 24 hours. */
  async findIdempotentTransfer(
    scope: NoteScope,
    key: string,
  ): Promise<{ requestHash: string; transfer: Transfer } | undefined> {
    const row = await this.#store.findTransferByKey(scope, key, this.#clock.now());
    return row ? { requestHash: row.request_hash!, transfer: transferOf(row) } : undefined;
  }

  /** Whether a note of this scope exists and anyone has signed it (for refusing edits). */
  signingState(scope: NoteScope, reference: string) {
    return this.#store.signingState(scope, reference);
  }

  /** A cross-check of a supplied code is advice: if the classifier fails, the note goes ahead without it. */
  async #classify(
    input: GenerateWtnInput,
    mode: NoteScope['mode'],
    crossCheckOnly: boolean,
  ): Promise<ClassificationResult | 'failed'> {
    const request = { description: input.waste.description.trim() };
    if (!crossCheckOnly) return this.#classifier.classify(request, CROSS_CHECK_DEPTH, mode);
    try {
      return await this.#classifier.classify(request, CROSS_CHECK_DEPTH, mode);
    } catch {
      return 'failed';
    }
  }

  /** What an Idempotency-Key used in this scope within the last 24 hours produced. */
  async findIdempotent(scope: NoteScope, key: string): Promise<IdempotentNote | undefined> {
    const found = await this.#store.findIdempotencyKey(scope, key, this.#clock.now());
    const document = found && (await this.#store.document(scope, found.reference));
    return document ? { requestHash: found.requestHash, document, reference: found.reference } : undefined;
  }

  /** The note's stored JSON document, exactly as it was first returned. */
  document(scope: NoteScope, reference: string): Promise<string | undefined> {
    return this.#store.document(scope, reference);
  }

  get(scope: NoteScope, reference: string): Promise<WasteTransferNote | undefined> {
    return this.#store.get(scope, reference);
  }

  async list(scope: NoteScope, options: ListOptions): Promise<WtnPage> {
    const { limit, startingAfter, ...filters } = options;
    let after: NoteFilters['after'];
    if (startingAfter !== undefined) {
      const reference = parseReference(startingAfter);
      after = reference === undefined ? undefined : await this.#store.position(scope, reference);
      if (!after) {
        throw new ApiError('INVALID_REQUEST', 'starting_after is not the reference of one of your notes.', [
          { field: 'starting_after', issue: 'is not a note of this organisation and mode' },
        ]);
      }
    }
    const rows = await this.#store.listStored(scope, { ...filters, after }, limit + 1);
    const page = rows.slice(0, limit);
    const has_more = rows.length > limit;
    return {
      documents: page.map((r) => r.document),
      has_more,
      next_starting_after: has_more ? page[page.length - 1].reference : null,
    };
  }

  /**
   * Every note of the scope that matches the filters, in the list's order (newest first), read in keyset
   * pages of `pageSize` so memory stays flat however many there are. The next page is read only when the
   * caller asks for it; notes created after the export began sort before it and are not included.
   */
  async *exportNotes(
    scope: NoteScope,
    filters: Omit<NoteFilters, 'after'>,
    pageSize = EXPORT_PAGE_SIZE,
  ): AsyncGenerator<WasteTransferNote[]> {
    let after: NoteFilters['after'];
    for (;;) {
      const notes = await this.#store.list(scope, { ...filters, after }, pageSize);
      if (notes.length === 0) return;
      yield notes;
      if (notes.length < pageSize) return;
      const last = notes[notes.length - 1];
      after = { createdAt: last.created_at, reference: last.reference };
    }
  }

  async renderPdf(scope: NoteScope, note: WasteTransferNote): Promise<Buffer> {
    const drawings = note.signed === 'unsigned' ? {} : await this.#store.drawings(scope, note.reference);
    return renderNotePdf(note, { drawings, today: londonDate(this.#clock.now()) });
  }

  async start(): Promise<void> {}

  /** Waits for notes being written, so a shutdown never drops one already accepted. */
  stop(): Promise<void> {
    return this.#writer.flush();
  }
}

/** A season ticket covers at most 12 months: valid_until is before the same date a year on. */
function checkSeasonTicket(input: GenerateWtnInput): void {
  const ticket = input.season_ticket;
  if (!ticket) return;
  const issue = (field: string, message: string) =>
    new ApiError('INVALID_REQUEST', `season_ticket: ${message}`, [
      { field: `/season_ticket/${field}`, issue: message },
    ]);
  if (ticket.valid_until < ticket.valid_from) throw issue('valid_until', 'must be on or after valid_from');
  const yearOn = addYears(ticket.valid_from, 1);
  if (ticket.valid_until >= yearOn) {
    throw issue(
      'valid_until',
      `must be at most 12 months after valid_from: ${addDays(yearOn, -1)} at the latest`,
    );
  }
}

function addYears(date: string, years: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const at = new Date(Date.UTC(y + years, m - 1, d));
  // 29 February a year on is 1 March.
  return at.toISOString().slice(0, 10);
}
