import type { Logger } from 'pino';
import type { Clock } from '../platform/clock.ts';
import { isDatabaseUnreachable } from '../platform/db/database.ts';
import { OutboxWorker } from '../platform/outbox-worker.ts';
import type { DwtOutcome, DwtSubmitter } from './dwt-client.ts';
import { dwtPayload, ourDetails } from './dwt-payload.ts';
import type { AttemptFinish, ClaimedReceipt, FinishedAttempt, ReceiptStore } from './receipt-store.ts';
import type { StoredReceiptBody } from './receipt-types.ts';
import type { StoredOutcome } from './receipt-view.ts';
import type { Mode, WasteReceiptRow } from './tables.ts';

export interface WorkerOptions {
  store: ReceiptStore;
  /** DWT itself; undefined when the service is not connected (live receipts then wait). */
  live?: DwtSubmitter;
  sandbox: DwtSubmitter;
  clock: Clock;
  logger: Logger;
  pollMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  /** How long one attempt may take before another instance may conclude its worker died. */
  leaseMs: number;
}

const BATCH = 10;

/**
 * Sends stored receipts to DWT (or, for test keys, the sandbox) and records what became of each. Every
 * instance runs one; they share the work through the database (ReceiptStore.claimDue). A create is sent
 * again only when DWT certainly did not record it; when that cannot be known the receipt waits in
 * `needs_review` for a person (docs/decisions.md). An update is DWT's PUT, which is safe to repeat.
 */
export class SubmissionWorker extends OutboxWorker<FinishedAttempt> {
  readonly #o: WorkerOptions;

  constructor(options: WorkerOptions) {
    super({
      record: (items, now) => options.store.finishBatch(items, now),
      clock: options.clock,
      logger: options.logger,
      pollMs: options.pollMs,
      attempt: 'receipt attempt',
      round: 'receipt submission',
    });
    this.#o = options;
  }

  /** One round: settle attempts whose worker died, then send everything due. */
  override async runOnce(): Promise<void> {
    await this.#recoverExpiredLeases();
    const modes: Mode[] = this.#o.live ? ['live', 'test'] : ['test'];
    for (;;) {
      const now = this.#o.clock.now();
      const leaseUntil = new Date(now.getTime() + this.#o.leaseMs);
      const claimed = await this.#o.store.claimDue(now, leaseUntil, BATCH, modes);
      await Promise.all(claimed.map((c) => this.#submit(c, leaseUntil.getTime())));
      if (claimed.length < BATCH || this.loop.stopped) return;
    }
  }

  async #submit({ row, attempt, operation }: ClaimedReceipt, leaseUntil: number): Promise<void> {
    const body = JSON.parse(row.body) as StoredReceiptBody;
    const payload = dwtPayload(row.id, body.content, body.receiver);
    const dwt = row.mode === 'live' ? this.#o.live : this.#o.sandbox;
    let outcome: DwtOutcome;
    try {
      outcome = !dwt
        ? { result: 'retry', status: null, message: 'This service is not connected to DWT.' }
        : operation === 'create'
          ? await dwt.create(payload)
          : await dwt.update(row.waste_tracking_id!, payload);
    } catch (error) {
      outcome = { result: 'unknown', status: null, message: `Sending failed: ${(error as Error).message}` };
    }
    const done = this.#conclude(row, operation, outcome);
    this.#o.logger.info(
      {
        receipt: row.id,
        attempt,
        operation,
        result: outcome.result,
        status: done.status,
        http: outcome.status,
      },
      'receipt submission attempt',
    );
    await this.#record({ id: row.id, attempt, sentRevision: row.revision, done }, leaseUntil);
  }

  /**
   * Records what DWT answered. While the database is unreachable the answer is kept and recording is
   * tried again, until the receipt's lease would end: a receipt DWT accepted is then `submitted`, not
   * left for a person to review because the database was briefly away.
   */
  async #record(finish: Parameters<typeof this.results.write>[0], leaseUntil: number): Promise<void> {
    for (let wait = 250; ; wait = Math.min(wait * 2, 4_000)) {
      try {
        return await this.results.write(finish);
      } catch (error) {
        if (!isDatabaseUnreachable(error) || this.#o.clock.now().getTime() + wait >= leaseUntil) throw error;
        this.#o.logger.warn(
          { receipt: finish.id, retry_in_ms: wait },
          "database unreachable; keeping DWT's answer to record it",
        );
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  #conclude(row: WasteReceiptRow, operation: 'create' | 'update', outcome: DwtOutcome): AttemptFinish {
    const out = (o: StoredOutcome) => JSON.stringify(o);
    const base = { result: outcome.result, httpStatus: outcome.status };
    switch (outcome.result) {
      case 'accepted':
        if (operation === 'create' && !outcome.wasteTrackingId) {
          return {
            ...base,
            result: 'unknown',
            status: 'needs_review',
            nextAttemptAt: null,
            outcome: out({ message: 'DWT accepted the receipt but returned no waste tracking id.' }),
          };
        }
        return {
          ...base,
          status: 'submitted',
          nextAttemptAt: null,
          wasteTrackingId: outcome.wasteTrackingId,
          dwtRevision: row.revision,
          outcome: out({
            message:
              operation === 'create' ? 'DWT recorded the receipt.' : `DWT recorded revision ${row.revision}.`,
            warnings: outcome.warnings,
          }),
        };
      case 'rejected':
        return {
          ...base,
          status: 'rejected',
          nextAttemptAt: null,
          outcome: out({
            message: `${outcome.message} Correct the receipt (PUT) to send it again.`,
            errors: ourDetails(outcome.errors),
          }),
        };
      case 'retry':
        return {
          ...base,
          status: 'retrying',
          nextAttemptAt: this.#retryAt(row.attempts),
          outcome: out(outcome),
        };
      case 'unknown':
        // DWT's PUT replaces the movement, so an update whose answer was lost is simply sent again.
        if (operation === 'update') {
          return {
            ...base,
            status: 'retrying',
            nextAttemptAt: this.#retryAt(row.attempts),
            outcome: out(outcome),
          };
        }
        return {
          ...base,
          status: 'needs_review',
          nextAttemptAt: null,
          outcome: out({
            message: `${outcome.message} DWT may or may not have recorded it, so it is not sent again until someone checks (see docs/dwt.md).`,
          }),
        };
    }
  }

  #retryAt(attempts: number): string {
    const { retryBaseMs, retryMaxMs } = this.#o;
    const delay = Math.min(retryMaxMs, retryBaseMs * 2 ** Math.min(attempts - 1, 20));
    const jittered = delay * (0.8 + Math.random() * 0.4);
    return new Date(this.#o.clock.now().getTime() + jittered).toISOString();
  }

  /** A receipt still `submitting` after its lease: its instance stopped mid-request. */
  async #recoverExpiredLeases(): Promise<void> {
    const now = this.#o.clock.now();
    for (const row of await this.#o.store.expiredLeases(now)) {
      const operation = row.waste_tracking_id ? 'update' : 'create';
      const done = this.#conclude(row, operation, {
        result: 'unknown',
        status: null,
        message: 'The service stopped while this receipt was being sent.',
      });
      this.#o.logger.warn(
        { receipt: row.id, attempt: row.attempts, status: done.status },
        'receipt attempt abandoned',
      );
      await this.results.write({ id: row.id, attempt: row.attempts, sentRevision: row.revision, done });
    }
  }
}
