import type { Logger } from 'pino';
import type { ConsignmentNote } from '../consignments/consignment-schemas.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/database.ts';
import { ApiError, type ErrorDetail } from '../platform/errors.ts';
import type { EventSink } from '../platform/events.ts';
import { GroupCommit } from '../platform/group-commit.ts';
import type { IdempotencyClaim } from '../platform/idempotency.ts';
import { isIdOf, newTimeOrderedId } from '../platform/ids.ts';
import type { EwcLookup } from '../wtn/dependencies.ts';
import { parseReference } from '../wtn/reference.ts';
import type { WasteTransferNote } from '../wtn/wtn-schemas.ts';
import { fillFromConsignment } from './consignment-fill.ts';
import type { DwtSubmitter } from './dwt-client.ts';
import { DwtSandbox } from './dwt-sandbox.ts';
import { type HazardousLoad, hazardousLoadOf } from './hazardous-loads.ts';
import { fillFromNote } from './note-fill.ts';
import { checkReceipt } from './receipt-rules.ts';
import type { CreateReceiptBody, ListReceiptsQuery, ResolveBody, WasteReceipt } from './receipt-schemas.ts';
import { type CreateOutcome, type NewReceipt, type ReceiptFilters, ReceiptStore } from './receipt-store.ts';
import type { FromNote, ReceiptContent, ReceiptScope, StoredReceiptBody } from './receipt-types.ts';
import { receiptView } from './receipt-view.ts';
import type { SiteService } from './site-service.ts';
import type { Site } from './site-types.ts';
import { londonDayStart, submissionDueBy } from './submission-deadline.ts';
import { SubmissionWorker } from './submission-worker.ts';
import type { WasteReceiptRow } from './tables.ts';

export interface ReceiptServiceOptions {
  db: Db;
  clock: Clock;
  logger: Logger;
  sites: SiteService;
  catalogue: EwcLookup;
  /** Reads a stored transfer note in the caller's scope (the wtn capability's service). */
  note(scope: ReceiptScope, reference: string): Promise<WasteTransferNote | undefined>;
  /** Reads a stored consignment note in the caller's scope (the consignments capability's service). */
  consignmentNote(scope: ReceiptScope, id: string): Promise<ConsignmentNote | undefined>;
  /** DWT itself; undefined when not configured. */
  dwt?: DwtSubmitter;
  worker: { enabled: boolean; pollMs: number; retryBaseMs: number; retryMaxMs: number; timeoutMs: number };
  /** Where submission outcomes are recorded as events (webhooks). */
  events: EventSink;
}

const receiptNotFound = () => new ApiError('RECEIPT_NOT_FOUND');

/**
 * Waste receipts reported to DEFRA's Digital Waste Tracking service: checked as DWT checks them, stored
 * before the client hears of them, then sent by the worker.
 */
export class ReceiptService {
  readonly #o: ReceiptServiceOptions;
  readonly #store: ReceiptStore;
  readonly #writer: GroupCommit<NewReceipt, CreateOutcome>;
  readonly worker: SubmissionWorker;

  constructor(options: ReceiptServiceOptions) {
    this.#o = options;
    this.#store = new ReceiptStore(options.db, options.events);
    this.#writer = new GroupCommit({
      commit: (items) => this.#store.createBatch(items),
      clock: options.clock,
      logger: options.logger,
      what: 'waste receipt',
    });
    const w = options.worker;
    this.worker = new SubmissionWorker({
      store: this.#store,
      live: options.dwt,
      sandbox: new DwtSandbox(options.clock),
      clock: options.clock,
      logger: options.logger,
      pollMs: w.pollMs,
      retryBaseMs: w.retryBaseMs,
      retryMaxMs: w.retryMaxMs,
      // Token request and receipt request, each up to the timeout, plus a margin for a slow database.
      leaseMs: 2 * w.timeoutMs + 5_000,
    });
  }

  start(): void {
    if (this.#o.worker.enabled) this.worker.start();
  }

  stop(): Promise<void> {
    return this.worker.stop();
  }

  async create(
    scope: ReceiptScope,
    body: CreateReceiptBody,
    idempotency?: IdempotencyClaim,
  ): Promise<{ receipt: WasteReceipt; replayed: boolean }> {
    if (scope.mode === 'live' && !this.#o.dwt) throw new ApiError('DWT_NOT_CONFIGURED');
    const site = await this.#o.sites.find(scope, body.site_id);
    if (!site) throw new ApiError('RECEIPT_SITE_UNKNOWN');
    if (site.archived) throw new ApiError('SITE_ARCHIVED');
    const stored = await this.#prepare(scope, body, site);
    const now = this.#o.clock.now();
    const at = now.toISOString();
    const row: WasteReceiptRow = {
      id: newTimeOrderedId('rcpt', 24, now.getTime()),
      organisation_id: scope.organisationId,
      mode: scope.mode,
      site_id: site.id,
      created_at: at,
      updated_at: at,
      ...receivedTimes(stored.content.received_at),
      status: 'pending',
      revision: 1,
      dwt_revision: 0,
      body: JSON.stringify(stored),
      waste_tracking_id: null,
      attempts: 0,
      next_attempt_at: at,
      lease_until: null,
      submitted_at: null,
      outcome: null,
      idempotency_key: null,
      request_hash: null,
    };
    if ((await this.#writer.write({ row, idempotency })) === 'idempotency_key_taken') {
      // A concurrent request with the same key won the race: answer as its replay.
      const earlier = await this.#store.findByIdempotencyKey(scope, idempotency!.key, now);
      if (earlier?.request_hash === idempotency!.requestHash)
        return { receipt: receiptView(earlier, now), replayed: true };
      throw new ApiError('IDEMPOTENCY_KEY_REUSED');
    }
    this.worker.wake();
    return { receipt: receiptView(row, now, stored), replayed: false };
  }

  async findIdempotent(
    scope: ReceiptScope,
    key: string,
  ): Promise<{ requestHash: string; body: string } | undefined> {
    const now = this.#o.clock.now();
    const row = await this.#store.findByIdempotencyKey(scope, key, now);
    return row?.request_hash
      ? { requestHash: row.request_hash, body: JSON.stringify(receiptView(row, now)) }
      : undefined;
  }

  async get(scope: ReceiptScope, id: string): Promise<WasteReceipt> {
    const row = await this.#store.get(scope, id);
    if (!row) throw receiptNotFound();
    return receiptView(row, this.#o.clock.now());
  }

  async list(
    scope: ReceiptScope,
    q: ListReceiptsQuery,
  ): Promise<{ data: WasteReceipt[]; has_more: boolean; next_starting_after: string | null }> {
    const now = this.#o.clock.now();
    const limit = q.limit ?? 20;
    let startingAfter: { createdAt: string; id: string } | undefined;
    if (q.starting_after) {
      const after = await this.#store.get(scope, q.starting_after);
      if (!after) {
        throw new ApiError('INVALID_REQUEST', 'starting_after is not the id of one of your receipts.', [
          { field: 'starting_after', issue: 'is not a receipt of this organisation and mode' },
        ]);
      }
      startingAfter = { createdAt: after.created_at, id: after.id };
    }
    checkListQuery(q);
    const rows = await this.#store.list(scope, {
      limit: limit + 1,
      startingAfter,
      status: q.status,
      siteId: q.site_id,
      receivedFrom: q.received_from && londonDayStart(q.received_from).toISOString(),
      receivedTo: q.received_to && londonDayStart(q.received_to, 1).toISOString(),
      overdue: q.overdue,
      now: now.toISOString(),
    });
    const page = rows.slice(0, limit);
    return {
      data: page.map((r) => receiptView(r, now)),
      has_more: rows.length > limit,
      next_starting_after: rows.length > limit ? page[page.length - 1].id : null,
    };
  }

  /**
   * The site's receipts of hazardous waste received from one London date to another (inclusive), by date
   * received: for the consignee's quarterly return (the consignments capability).
   */
  async hazardousReceivedAtSite(
    scope: ReceiptScope,
    siteId: string,
    from: string,
    to: string,
  ): Promise<HazardousLoad[]> {
    const filters = {
      limit: 500,
      siteId,
      receivedFrom: londonDayStart(from).toISOString(),
      receivedTo: londonDayStart(to, 1).toISOString(),
      now: this.#o.clock.now().toISOString(),
    };
    const loads: HazardousLoad[] = [];
    for (let after: ReceiptFilters['startingAfter']; ; ) {
      const rows = await this.#store.list(scope, { ...filters, startingAfter: after });
      for (const row of rows) {
        const load = hazardousLoadOf(row, this.#o.catalogue);
        if (load) loads.push(load);
      }
      if (rows.length < filters.limit) break;
      after = { createdAt: rows[rows.length - 1].created_at, id: rows[rows.length - 1].id };
    }
    return loads.sort((a, b) => a.received_date.localeCompare(b.received_date) || a.id.localeCompare(b.id));
  }

  /** A correction: the receipt's next revision, sent to DWT as its update (or as the create it still awaits). */
  async correct(scope: ReceiptScope, id: string, body: CreateReceiptBody): Promise<WasteReceipt> {
    const row = await this.#store.get(scope, id);
    if (!row) throw receiptNotFound();
    if (body.site_id !== row.site_id) throw new ApiError('RECEIPT_SITE_CHANGED');
    const site = await this.#o.sites.get(scope, row.site_id);
    const stored = await this.#prepare(scope, body, site);
    const result = await this.#store.correct(
      scope,
      id,
      JSON.stringify(stored),
      receivedTimes(stored.content.received_at),
      this.#o.clock.now(),
    );
    if (result.status === 'not_found') throw receiptNotFound();
    this.worker.wake();
    return receiptView(result.row, this.#o.clock.now());
  }

  /**
   * A person's answer for a receipt whose submission had an unknown outcome: `in_dwt` records the id
   * they found in DWT; `not_in_dwt` sends the receipt again.
   */
  async resolve(scope: ReceiptScope, id: string, body: ResolveBody): Promise<WasteReceipt> {
    const row = await this.#store.get(scope, id);
    if (!row) throw receiptNotFound();
    if (row.status !== 'needs_review') throw new ApiError('RECEIPT_NOT_IN_REVIEW');
    const now = this.#o.clock.now();
    const at = now.toISOString();
    let moved: boolean;
    if (body.outcome === 'in_dwt') {
      if (!body.waste_tracking_id) {
        throw new ApiError('INVALID_REQUEST', 'The body is not valid: see details.', [
          { field: '/waste_tracking_id', issue: 'is required when outcome is in_dwt' },
        ]);
      }
      const attempts = await this.#store.attempts(id);
      const sent = attempts.at(-1)?.revision ?? row.revision;
      moved = await this.#store.transition(
        scope,
        id,
        'needs_review',
        {
          status: row.revision > sent ? 'pending' : 'submitted',
          next_attempt_at: row.revision > sent ? at : null,
          waste_tracking_id: body.waste_tracking_id.toUpperCase(),
          dwt_revision: sent,
          submitted_at: row.submitted_at ?? at,
          outcome: JSON.stringify({ message: 'A person confirmed DWT holds this receipt.' }),
        },
        now,
      );
    } else {
      moved = await this.#store.transition(
        scope,
        id,
        'needs_review',
        {
          status: 'pending',
          next_attempt_at: at,
          outcome: JSON.stringify({
            message: 'A person confirmed DWT does not hold this receipt: sending again.',
          }),
        },
        now,
      );
    }
    if (!moved) throw new ApiError('RECEIPT_NOT_IN_REVIEW');
    this.worker.wake();
    return this.get(scope, id);
  }

  /** The receipt's content filled from its note and checked as DWT would, with the site's details. */
  async #prepare(scope: ReceiptScope, body: CreateReceiptBody, site: Site): Promise<StoredReceiptBody> {
    let content: ReceiptContent;
    let from: FromNote | null = null;
    let fromConsignment: StoredReceiptBody['from_consignment_note'] = null;
    if (body.consignment_note_id !== undefined && body.wtn_reference !== undefined) {
      throw new ApiError('INVALID_REQUEST', 'The body is not valid: see details.', [
        {
          field: '/consignment_note_id',
          issue: 'is not used with wtn_reference: a load moves on one document',
        },
      ]);
    }
    if (body.consignment_note_id !== undefined) {
      const note = await this.#o.consignmentNote(scope, body.consignment_note_id.trim());
      if (!note) throw new ApiError('RECEIPT_CONSIGNMENT_NOTE_NOT_FOUND');
      if (note.consignee.site_id !== null && note.consignee.site_id !== site.id) {
        throw new ApiError('INVALID_REQUEST', 'The body is not valid: see details.', [
          {
            field: '/consignment_note_id',
            issue: `names ${note.consignment_code}, whose waste was consigned to another site (${note.consignee.name})`,
          },
        ]);
      }
      const filled = fillFromConsignment(body, note);
      if ('nothingReceived' in filled) {
        throw new ApiError('INVALID_REQUEST', 'The body is not valid: see details.', [
          {
            field: '/consignment_note_id',
            issue: `names ${note.consignment_code}, whose load was rejected whole at Part E: nothing was received to report`,
          },
        ]);
      }
      content = filled.content;
      fromConsignment = { id: note.id, consignment_code: note.consignment_code, filled: filled.from.filled };
    } else if (body.wtn_reference !== undefined) {
      const reference = parseReference(body.wtn_reference);
      const note = reference ? await this.#o.note(scope, reference) : undefined;
      if (!note) throw new ApiError('RECEIPT_WTN_NOT_FOUND');
      const filled = fillFromNote(body, note, body.wtn_transfer_number);
      if ('missingTransfer' in filled) {
        throw new ApiError('INVALID_REQUEST', 'The body is not valid: see details.', [
          { field: '/wtn_transfer_number', issue: `is not a collection logged under ${note.reference}` },
        ]);
      }
      content = filled.content;
      from = filled.from;
    } else {
      if (body.wtn_transfer_number !== undefined) {
        throw new ApiError('INVALID_REQUEST', 'The body is not valid: see details.', [
          { field: '/wtn_transfer_number', issue: 'is only allowed with wtn_reference' },
        ]);
      }
      const {
        site_id: _s,
        wtn_reference: _w,
        wtn_transfer_number: _t,
        consignment_note_id: _c,
        ...rest
      } = body;
      content = rest;
    }
    const authorisation = content.authorisation_number?.trim().toUpperCase() ?? site.authorisation_numbers[0];
    const { receipt, errors, warnings } = checkReceipt(
      { ...content, authorisation_number: authorisation },
      this.#o.catalogue,
      this.#o.clock.now(),
    );
    if (!site.authorisation_numbers.includes(authorisation)) {
      errors.push({
        field: '/authorisation_number',
        issue: `must be one of the site's: ${site.authorisation_numbers.join(', ')}`,
      });
    }
    if (errors.length > 0)
      throw new ApiError('INVALID_REQUEST', 'The receipt is not valid: see details.', errors);
    receipt.received_at = new Date(receipt.received_at).toISOString();
    const { id, name, address, dwt_api_code, email, phone } = site;
    return {
      content: receipt,
      receiver: { id, name, address, dwt_api_code, email, phone },
      from_wtn: from,
      from_consignment_note: fromConsignment,
      warnings,
    };
  }
}

/** What the schema cannot check of a list query: the order of the date range, the form of the cursor. */
export function checkListQuery(q: ListReceiptsQuery): void {
  const details: ErrorDetail[] = [];
  if (q.received_from && q.received_to && q.received_from > q.received_to) {
    details.push({ field: 'received_from', issue: 'must be on or before received_to' });
  }
  if (q.starting_after !== undefined && !isIdOf('rcpt', q.starting_after)) {
    details.push({ field: 'starting_after', issue: 'is not a receipt id (e.g. rcpt_…)' });
  }
  if (details.length > 0) {
    throw new ApiError('INVALID_REQUEST', 'The query string is not valid: see details.', details);
  }
}

/** The receipt's columns that follow from when the waste arrived: the time, and DWT's deadline. */
function receivedTimes(receivedAt: string): Pick<WasteReceiptRow, 'received_at' | 'due_by'> {
  const at = new Date(receivedAt);
  return { received_at: at.toISOString(), due_by: submissionDueBy(at).dueBy.toISOString() };
}
