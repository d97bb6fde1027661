import type { Logger } from 'pino';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/database.ts';
import { ApiError } from '../platform/errors.ts';
import type { IdempotencyClaim } from '../platform/idempotency.ts';
import type { CarrierVerifier, ClassificationResult, EwcLookup, WasteClassifier } from './dependencies.ts';
import { buildNote, given } from './note-builder.ts';
import { type NoteFilters, type NoteScope, NoteStore } from './note-store.ts';
import { NoteWriter } from './note-writer.ts';
import { newReference } from './reference.ts';
import { renderNotePdf } from './wtn-pdf.ts';
import type { GenerateWtnInput, WasteTransferNote } from './wtn-schemas.ts';

/** The classifier's top three are what a supplied code is cross-checked against. */
const CROSS_CHECK_DEPTH = 3;

/** The note an Idempotency-Key created: the hash of the body it came with and the stored document. */
export interface IdempotentNote {
  requestHash: string;
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

  constructor(options: {
    db: Db;
    clock: Clock;
    logger: Logger;
    carriers: CarrierVerifier;
    classifier: WasteClassifier;
    catalogue: EwcLookup;
    /** WTN_REGISTER_DEADLINE_MS: the carrier check's share of a note's time. */
    registerDeadlineMs?: number;
  }) {
    this.#carriers = options.carriers;
    this.#registerDeadlineMs = options.registerDeadlineMs;
    this.#classifier = options.classifier;
    this.#catalogue = options.catalogue;
    this.#clock = options.clock;
    this.#store = new NoteStore(options.db);
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
  ): Promise<{ document: string; replayed: boolean }> {
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
    const body = buildNote(input, { verification, classification }, this.#catalogue);
    const createdAt = this.#clock.now();
    const note: WasteTransferNote = {
      reference: newReference(createdAt),
      ...body,
      created_at: createdAt.toISOString(),
    };
    const outcome = await this.#writer.write({ scope, note, idempotency });
    if (outcome.status === 'created') return { document: outcome.document, replayed: false };
    if (outcome.status === 'no_reference_available') {
      throw new ApiError(
        'SERVICE_UNAVAILABLE',
        "No transfer note reference is free for today's date. Try again.",
      );
    }
    // A concurrent request with the same key won: answer as its replay would.
    const earlier = await this.findIdempotent(scope, idempotency!.key);
    if (earlier?.requestHash === idempotency!.requestHash)
      return { document: earlier.document, replayed: true };
    throw new ApiError('IDEMPOTENCY_KEY_REUSED');
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
    return document ? { requestHash: found.requestHash, document } : undefined;
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
      after = await this.#store.position(scope, startingAfter.trim().toUpperCase());
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

  renderPdf(note: WasteTransferNote): Promise<Buffer> {
    return renderNotePdf(note);
  }

  async start(): Promise<void> {}

  /** Waits for notes being written, so a shutdown never drops one already accepted. */
  stop(): Promise<void> {
    return this.#writer.flush();
  }
}
