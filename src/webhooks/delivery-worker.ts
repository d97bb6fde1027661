import type { Logger } from 'pino';
import type { KeyMode } from '../accounts/api-key-format.ts';
import type { Clock } from '../platform/clock.ts';
import { OutboxWorker } from '../platform/outbox-worker.ts';
import {
  type ClaimedDelivery,
  type DeliveryFinish,
  type DeliveryStore,
  DISABLE_AFTER_MS,
} from './delivery-store.ts';
import { eventJson } from './event-view.ts';
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
  /** Which URLs an endpoint of each mode may be sent to, checked again on every attempt. */
  policyFor(mode: KeyMode): UrlPolicy;
}

/**
 * Fair delivery (docs/webhooks.md). A receiver that hangs holds each request open until the timeout;
 * these bounds keep such requests from taking the slots other receivers need. At most PER_ENDPOINT
 * requests are open to one endpoint, over every instance.
 */
export const PER_ENDPOINT = 2;
/** At most this many of one instance's slots go to one organisation's endpoints. */
export const PER_ORGANISATION = 8;
/** Requests one instance has open at once: eight organisations' full shares. */
export const MAX_IN_FLIGHT = 64;
/** Each retry waits four times longer than the one before (30 s, 2 min, 8 min, 32 min, ~2 h, ~8.5 h), up to 12 h. */
const GROWTH = 4;
const MAX_DELAY_MS = 12 * 3_600_000;

/**
 * Delivers events to webhook endpoints: claims due deliveries, signs and POSTs each, records every
 * attempt, and schedules retries with exponential backoff for 3 days. Delivery is at least once: a
 * receiver that answered after our timeout, or an instance that stopped mid-request, means the event is
 * sent again with the same id, which receivers use to ignore repeats (docs/webhooks.md).
 *
 * Deliveries run side by side and end independently, and the slot one frees is filled at once, so a
 * slow receiver delays only its own deliveries. A round (a poll, or news of a queued event) claims with
 * endpoints taking turns (DeliveryStore.claimDue). When a delivery ends with slots to spare, every
 * other endpoint with work due already had its turn, so only that endpoint is looked at again; when the
 * instance or the organisation was full, everyone is.
 */
export class DeliveryWorker extends OutboxWorker<DeliveryFinish> {
  readonly #o: DeliveryWorkerOptions;
  readonly #inFlight = new Set<Promise<void>>();
  readonly #byOrganisation = new Map<string, number>();
  /** This instance's requests open to each endpoint. */
  readonly #byEndpoint = new Map<string, number>();
  /** What the running claim should look at next: every endpoint, or these. */
  #wantAll = false;
  readonly #wanted = new Set<string>();
  #claiming = false;
  #claims: Promise<void> = Promise.resolve();
  #stopping = false;

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

  /** Sends everything due now, refilling slots as deliveries end, and returns once none is in flight. */
  override async runOnce(): Promise<void> {
    await this.round();
    await this.#idle();
  }

  /** The poll loop's round: retry attempts whose worker stopped, fill the free slots, and return. */
  protected override async round(): Promise<void> {
    await this.#recoverExpiredLeases();
    await this.#fill();
  }

  override start(): void {
    this.#stopping = false;
    super.start();
  }

  /**
   * Deliveries were queued for these endpoints: claim for them now rather than at the next poll. An
   * endpoint this instance already has PER_ENDPOINT requests open to can take no more until one ends,
   * and each that ends claims for its endpoint again, so it is left out: under a steady stream of
   * events to a busy endpoint, a claim per event would find nothing each time.
   */
  queued(endpointIds: readonly string[]): void {
    if (this.loop.stopped || this.#stopping) return;
    for (const id of endpointIds) {
      if (!this.#hasRoom(id)) continue;
      this.#fill(id).catch((error: unknown) =>
        this.#o.logger.error({ err: error }, 'webhook delivery claim failed'),
      );
    }
  }

  /** Stops claiming and waits for the deliveries in flight, so their attempts are recorded. */
  override async stop(): Promise<void> {
    this.#stopping = true;
    await super.stop();
    await this.#idle();
  }

  /** Whether this instance has fewer than PER_ENDPOINT requests open to the endpoint. */
  #hasRoom(endpointId: string): boolean {
    return (this.#byEndpoint.get(endpointId) ?? 0) < PER_ENDPOINT;
  }

  /** Waits until no delivery is in flight and no claim runs (a failed claim was logged by its caller). */
  async #idle(): Promise<void> {
    while (this.#inFlight.size > 0 || this.#claiming) {
      const claims = this.#claiming ? [this.#claims.catch(() => undefined)] : [];
      await Promise.race([...this.#inFlight, ...claims]);
    }
  }

  /** Claims into the free slots for every endpoint, or only `endpointId`; joins a claim that runs. */
  #fill(endpointId?: string): Promise<void> {
    if (endpointId === undefined) this.#wantAll = true;
    else this.#wanted.add(endpointId);
    if (!this.#claiming) this.#claims = this.#claimWhileWanted();
    return this.#claims;
  }

  async #claimWhileWanted(): Promise<void> {
    // Set and cleared in this function's own turns, so a #fill never finds a claim that has finished.
    this.#claiming = true;
    try {
      while ((this.#wantAll || this.#wanted.size > 0) && !this.#stopping) {
        // An endpoint the last claim filled to PER_ENDPOINT takes no more until one of its requests ends.
        const only = this.#wantAll ? undefined : [...this.#wanted].filter((id) => this.#hasRoom(id));
        this.#wantAll = false;
        this.#wanted.clear();
        if (only?.length !== 0) await this.#claim(only);
      }
    } finally {
      this.#claiming = false;
    }
  }

  async #claim(only: string[] | undefined): Promise<void> {
    for (;;) {
      const slots = MAX_IN_FLIGHT - this.#inFlight.size;
      if (slots <= 0) return;
      const now = this.#o.clock.now();
      const { claimed, more } = await this.#o.store.claimDue(
        now,
        new Date(now.getTime() + this.#o.timeoutMs + 5_000),
        {
          slots,
          perEndpoint: PER_ENDPOINT,
          perOrganisation: PER_ORGANISATION,
          inFlightByOrganisation: this.#byOrganisation,
          only,
        },
      );
      for (const c of claimed) this.#start(c);
      if (!more || claimed.length === 0) return;
    }
  }

  #start(claimed: ClaimedDelivery): void {
    const { id: endpointId, organisation_id: org } = claimed.endpoint;
    this.#byOrganisation.set(org, (this.#byOrganisation.get(org) ?? 0) + 1);
    this.#byEndpoint.set(endpointId, (this.#byEndpoint.get(endpointId) ?? 0) + 1);
    const running: Promise<void> = this.#deliver(claimed)
      .catch((error: unknown) =>
        // Its lease runs out and a later round records the attempt as lost and retries it.
        this.#o.logger.error({ err: error, delivery: claimed.delivery.id }, 'webhook attempt not recorded'),
      )
      .then(() => {
        const wasFull =
          this.#inFlight.size >= MAX_IN_FLIGHT || this.#byOrganisation.get(org)! >= PER_ORGANISATION;
        this.#inFlight.delete(running);
        countDown(this.#byOrganisation, org);
        countDown(this.#byEndpoint, endpointId);
        if (this.#stopping) return;
        this.#fill(wasFull ? undefined : endpointId).catch((error: unknown) =>
          this.#o.logger.error({ err: error }, 'webhook delivery claim failed'),
        );
      });
    this.#inFlight.add(running);
  }

  async #deliver({ delivery, attempt, endpoint, event }: ClaimedDelivery): Promise<void> {
    const now = this.#o.clock.now();
    const body = eventJson(event);
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
        policy: this.#o.policyFor(endpoint.mode),
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

/** One fewer of `key`'s open requests; none left removes it. */
function countDown(counts: Map<string, number>, key: string): void {
  const left = counts.get(key)! - 1;
  if (left > 0) counts.set(key, left);
  else counts.delete(key);
}
