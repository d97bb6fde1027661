import type { Logger } from 'pino';
import type { Clock } from '../platform/clock.ts';
import { OutboxWorker } from '../platform/outbox-worker.ts';
import {
  type ClaimedDelivery,
  type DeliveryFinish,
  type DeliveryStore,
  DISABLE_AFTER_MS,
} from './delivery-store.ts';
import { eventView } from './event-view.ts';
import { signatureHeader } from './signature.ts';
import type { UrlPolicy } from './url-safety.ts';
import { type SendResult, sendWebhook } from './webhook-sender.ts';

export interface DeliveryWorkerOptions {
  store: DeliveryStore;
  clock: Clock;
  logger: Logger;
  pollMs: number;
  timeoutMs: number;
  retryBaseMs: number;
  policy: UrlPolicy;
}

const BATCH = 20;
/** Each retry waits four times longer than the one before (30 s, 2 min, 8 min, 32 min, ~2 h, ~8.5 h), up to 12 h. */
const GROWTH = 4;
const MAX_DELAY_MS = 12 * 3_600_000;

/**
 * Delivers events to webhook endpoints: claims due deliveries, signs and POSTs each, records every
 * attempt, and schedules retries with exponential backoff for 3 days. Delivery is at least once: a
 * receiver that answered after our timeout, or an instance that stopped mid-request, means the event is
 * sent again with the same id, which receivers use to ignore repeats (docs/webhooks.md).
 */
export class DeliveryWorker extends OutboxWorker<DeliveryFinish> {
  readonly #o: DeliveryWorkerOptions;

  constructor(options: DeliveryWorkerOptions) {
    super({
      record: (items, now) => options.store.finishBatch(items, now),
      clock: options.clock,
      logger: options.logger,
      pollMs: options.pollMs,
      attempt: 'webhook attempt',
      round: 'webhook delivery',
    });
    this.#o = options;
  }

  /** One round: retry attempts whose worker stopped, then send everything due. */
  override async runOnce(): Promise<void> {
    await this.#recoverExpiredLeases();
    for (;;) {
      const now = this.#o.clock.now();
      const leaseUntil = new Date(now.getTime() + this.#o.timeoutMs + 5_000);
      const claimed = await this.#o.store.claimDue(now, leaseUntil, BATCH);
      await Promise.all(claimed.map((c) => this.#deliver(c)));
      if (claimed.length < BATCH || this.loop.stopped) return;
    }
  }

  async #deliver({ delivery, attempt, endpoint, event }: ClaimedDelivery): Promise<void> {
    const now = this.#o.clock.now();
    const body = JSON.stringify(eventView(event));
    const secrets = [endpoint.secret];
    if (endpoint.previous_secret && endpoint.previous_secret_expires_at! > now.toISOString()) {
      secrets.push(endpoint.previous_secret);
    }
    const headers = {
      'wcs-signature': signatureHeader(secrets, Math.floor(now.getTime() / 1000), body),
      'wcs-event-id': event.id,
      'wcs-event-type': event.type,
    };
    let result: SendResult;
    try {
      result = await sendWebhook(endpoint.url, body, headers, {
        timeoutMs: this.#o.timeoutMs,
        policy: this.#o.policy,
      });
    } catch (error) {
      result = {
        httpStatus: null,
        error: `Sending failed: ${(error as Error).message}`,
        excerpt: null,
        durationMs: 0,
      };
    }
    this.#o.logger.info(
      { delivery: delivery.id, event: event.id, attempt, http: result.httpStatus, error: result.error },
      'webhook delivery attempt',
    );
    await this.results.write({
      deliveryId: delivery.id,
      endpointId: endpoint.id,
      attempt,
      ...result,
      nextAttemptAt: result.error === null ? null : this.#retryAt(attempt, delivery.window_started_at),
    });
  }

  /** When to try again after the `attempt`th failure; null once the 3-day window is over. */
  #retryAt(attempt: number, windowStartedAt: string): string | null {
    const delay = Math.min(MAX_DELAY_MS, this.#o.retryBaseMs * GROWTH ** Math.min(attempt - 1, 12));
    const at = this.#o.clock.now().getTime() + delay * (0.9 + Math.random() * 0.2);
    return at - Date.parse(windowStartedAt) > DISABLE_AFTER_MS ? null : new Date(at).toISOString();
  }

  async #recoverExpiredLeases(): Promise<void> {
    for (const row of await this.#o.store.expiredLeases(this.#o.clock.now())) {
      this.#o.logger.warn({ delivery: row.id, attempt: row.attempts }, 'webhook attempt abandoned');
      await this.results.write({
        deliveryId: row.id,
        endpointId: row.endpoint_id,
        attempt: row.attempts,
        httpStatus: null,
        error: 'The service stopped while this delivery was being sent; it is sent again.',
        excerpt: null,
        durationMs: null,
        nextAttemptAt: this.#retryAt(row.attempts, row.window_started_at),
        judgesEndpoint: false,
      });
    }
  }
}
