import type { Kysely, Transaction } from 'kysely';
import { inList } from '../platform/compiled-once.ts';
import type { Db } from '../platform/db/database.ts';
import { markLeased } from '../platform/db/lease.ts';
import type { Database } from '../platform/db/schema.ts';
import {
  type ClaimedEndpoint,
  type DueEndpoint,
  dueEndpoints,
  endpointRecovered,
  eventsById,
  finishAttempt,
  finishDelivery,
  insertAttempts,
  leaseExpired,
  oldestDue,
} from './delivery-queries.ts';
import { recordEvents } from './event-outbox.ts';
import type { EventRow, WebhookDeliveryRow } from './tables.ts';

/** A delivery taken by one worker, with what it needs to send it. */
export interface ClaimedDelivery {
  delivery: WebhookDeliveryRow;
  attempt: number;
  endpoint: ClaimedEndpoint;
  event: EventRow;
}

/** How much one claim may take. */
export interface ClaimLimits {
  /** Most deliveries to claim: the claimer's free slots. */
  slots: number;
  /** Most requests open to one endpoint at once, counted over every instance. */
  perEndpoint: number;
  /** Most of the claimer's slots one organisation's endpoints may hold. */
  perOrganisation: number;
  /** What the claimer already has in flight, by organisation. */
  inFlightByOrganisation?: ReadonlyMap<string, number>;
  /** Look only at these endpoints (one whose request just ended), not at every endpoint. */
  only?: string[];
}

export interface Claim {
  claimed: ClaimedDelivery[];
  /** Slots are left and another claim may fill them (an organisation's share or the endpoint list ran out). */
  more: boolean;
}

/** How one attempt ended, to be recorded. */
export interface DeliveryFinish {
  deliveryId: string;
  endpointId: string;
  attempt: number;
  httpStatus: number | null;
  error: string | null;
  excerpt: string | null;
  durationMs: number | null;
  /** When to try again; null when it succeeded or its 3-day window is over. */
  nextAttemptAt: string | null;
  /** False when the attempt failed on our side (an instance stopped): the endpoint's health is untouched. */
  judgesEndpoint?: boolean;
}

/** How long an endpoint may fail without one success before it is disabled (Stripe: 3 days). */
export const DISABLE_AFTER_MS = 3 * 24 * 3_600_000;

/**
 * The delivery outbox: claimed by workers in every instance (FOR UPDATE SKIP LOCKED on PostgreSQL, one
 * transaction on SQLite), each attempt recorded before its request is sent and completed after.
 */
export class DeliveryStore {
  readonly #db: Kysely<Database>;
  readonly #lockRows: boolean;
  constructor(db: Db) {
    this.#db = db.kysely;
    this.#lockRows = db.dialect === 'postgres';
  }

  /**
   * Claims due deliveries fairly: endpoints take turns, oldest due first, one delivery each per turn,
   * and an endpoint never has more than `perEndpoint` requests open (counted over every instance). On
   * PostgreSQL each chosen endpoint is locked for the claim (FOR NO KEY UPDATE SKIP LOCKED, which leaves
   * new deliveries' foreign-key checks unblocked), so two instances never claim for one endpoint at once
   * and the cap holds; an endpoint another instance is claiming for is skipped. SQLite runs one
   * transaction at a time.
   */
  async claimDue(now: Date, leaseUntil: Date, limits: ClaimLimits): Promise<Claim> {
    return this.#db.transaction().execute(async (trx) => {
      const at = now.toISOString();
      const candidates = await this.#dueEndpoints(trx, at, limits);
      const endpoints = await this.#lockEndpoints(trx, at, candidates);
      const { chosen, skipped } = await this.#takeTurns(trx, at, endpoints, limits);
      const more = chosen.length < limits.slots && (skipped || candidates.length === limits.slots);
      return { claimed: await this.#lease(trx, chosen, endpoints, at, leaseUntil), more };
    });
  }

  /** Enabled endpoints with a delivery due and room for another request, oldest due delivery first. */
  #dueEndpoints(trx: Transaction<Database>, at: string, limits: ClaimLimits): Promise<DueEndpoint[]> {
    const full = [...(limits.inFlightByOrganisation ?? [])]
      .filter(([, n]) => n >= limits.perOrganisation)
      .map(([org]) => org);
    return dueEndpoints.rows(trx, {
      at,
      full: inList(full),
      only: limits.only && inList(limits.only),
      perEndpoint: limits.perEndpoint,
      slots: limits.slots,
    });
  }

  /**
   * The endpoints this claim may serve, with the requests open to each. On PostgreSQL: those no other
   * instance is claiming for, counted again once locked, so a claim committed meanwhile is seen.
   */
  async #lockEndpoints(trx: Transaction<Database>, at: string, due: DueEndpoint[]): Promise<DueEndpoint[]> {
    if (!this.#lockRows || due.length === 0) return due;
    const locked = await trx
      .selectFrom('webhook_endpoints')
      .select('id')
      .where(
        'id',
        'in',
        due.map((e) => e.id),
      )
      .forNoKeyUpdate()
      .skipLocked()
      .execute();
    if (locked.length === 0) return [];
    const open = await trx
      .selectFrom('webhook_deliveries')
      .select((eb) => ['endpoint_id', eb.fn.countAll<number | string>().as('n')])
      .where(
        'endpoint_id',
        'in',
        locked.map((e) => e.id),
      )
      .where('lease_until', '>=', at)
      .groupBy('endpoint_id')
      .execute();
    return due
      .filter((e) => locked.some((l) => l.id === e.id))
      .map((e) => ({ ...e, in_flight: open.find((o) => o.endpoint_id === e.id)?.n ?? 0 }));
  }

  /** Turn by turn, the first due delivery of every endpoint, then the second, while slots remain. */
  async #takeTurns(
    trx: Transaction<Database>,
    at: string,
    endpoints: DueEndpoint[],
    limits: ClaimLimits,
  ): Promise<{ chosen: WebhookDeliveryRow[]; skipped: boolean }> {
    const room = new Map<string, number>();
    const roomOf = (org: string) =>
      room.get(org) ?? limits.perOrganisation - (limits.inFlightByOrganisation?.get(org) ?? 0);
    const queues = new Map<string, WebhookDeliveryRow[]>();
    const chosen: WebhookDeliveryRow[] = [];
    let skipped = false;
    for (let turn = 0; turn < limits.perEndpoint; turn++) {
      for (const e of endpoints) {
        if (chosen.length >= limits.slots) return { chosen, skipped };
        if (roomOf(e.organisation_id) <= 0) {
          skipped = true;
          continue;
        }
        let queue = queues.get(e.id);
        if (!queue) {
          queue = await this.#oldestDue(trx, e.id, at, limits.perEndpoint - Number(e.in_flight));
          queues.set(e.id, queue);
        }
        if (!queue[turn]) continue;
        chosen.push(queue[turn]);
        room.set(e.organisation_id, roomOf(e.organisation_id) - 1);
      }
    }
    return { chosen, skipped };
  }

  #oldestDue(
    trx: Transaction<Database>,
    endpointId: string,
    at: string,
    limit: number,
  ): Promise<WebhookDeliveryRow[]> {
    if (limit <= 0) return Promise.resolve([]);
    return oldestDue.rows(trx, { endpointId, at, limit, lock: this.#lockRows });
  }

  /** Marks the chosen deliveries as being sent and records each attempt's start. */
  async #lease(
    trx: Transaction<Database>,
    rows: WebhookDeliveryRow[],
    endpoints: DueEndpoint[],
    at: string,
    leaseUntil: Date,
  ): Promise<ClaimedDelivery[]> {
    if (rows.length === 0) return [];
    await markLeased(
      trx,
      'webhook_deliveries',
      rows.map((r) => r.id),
      'delivering',
      leaseUntil,
      at,
    );
    await insertAttempts.insert(
      trx,
      rows.map((r) => ({ delivery_id: r.id, number: r.attempts + 1, started_at: at })),
    );
    const events = await eventsById.rows(trx, inList([...new Set(rows.map((r) => r.event_id))]));
    return rows.map((row) => {
      const { in_flight: _, ...endpoint } = endpoints.find((e) => e.id === row.endpoint_id)!;
      return {
        delivery: { ...row, status: 'delivering', attempts: row.attempts + 1 },
        attempt: row.attempts + 1,
        endpoint,
        event: events.find((e) => e.id === row.event_id)!,
      };
    });
  }

  /**
   * Records how attempts ended, in one transaction. The attempt number fences the write (a redelivery
   * asked for meanwhile is not overwritten). A success clears the endpoint's failing clock; a failure
   * starts it, and an endpoint failing for DISABLE_AFTER_MS is disabled with an event saying so.
   */
  async finishBatch(items: DeliveryFinish[], now: Date): Promise<undefined[]> {
    const at = now.toISOString();
    return this.#db.transaction().execute(async (trx) => {
      for (const f of items) {
        const ok = f.error === null;
        const end = { ...f, at };
        await finishAttempt.execute(trx, end);
        await finishDelivery.execute(trx, {
          ...end,
          status: ok ? 'succeeded' : f.nextAttemptAt ? 'retrying' : 'failed',
          nextAttemptAt: ok ? null : f.nextAttemptAt,
        });
        if (f.judgesEndpoint !== false) await this.#endpointHealth(trx, f.endpointId, ok, now);
      }
      return items.map(() => undefined);
    });
  }

  /** Deliveries whose lease ran out: their instance stopped mid-request. */
  expiredLeases(now: Date): Promise<WebhookDeliveryRow[]> {
    return leaseExpired.rows(this.#db, now.toISOString());
  }

  async #endpointHealth(
    trx: Transaction<Database>,
    endpointId: string,
    ok: boolean,
    now: Date,
  ): Promise<void> {
    const at = now.toISOString();
    if (ok) {
      await endpointRecovered.execute(trx, endpointId);
      return;
    }
    const endpoint = await trx
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('id', '=', endpointId)
      .executeTakeFirst();
    if (endpoint?.status !== 'enabled') return;
    if (endpoint.failing_since === null) {
      await trx
        .updateTable('webhook_endpoints')
        .set({ failing_since: at })
        .where('id', '=', endpointId)
        .execute();
      return;
    }
    if (now.getTime() - Date.parse(endpoint.failing_since) < DISABLE_AFTER_MS) return;
    const reason = `Every delivery since ${endpoint.failing_since} failed; disabled after 3 days without a success.`;
    await trx
      .updateTable('webhook_endpoints')
      .set({ status: 'disabled', disabled_reason: reason, updated_at: at })
      .where('id', '=', endpointId)
      .execute();
    await recordEvents(
      trx,
      [
        {
          organisationId: endpoint.organisation_id,
          mode: endpoint.mode,
          type: 'webhook_endpoint.disabled',
          data: {
            endpoint: { id: endpoint.id, url: endpoint.url, status: 'disabled', disabled_reason: reason },
          },
        },
      ],
      now,
    );
  }
}
