import type { LightMyRequestResponse } from 'fastify';
import { addDays, type Clock, londonDate } from '../../src/platform/clock.ts';
import type { Db } from '../../src/platform/db/database.ts';
import { type CarrierApp, carrierApp } from '../carriers/carrier-app.ts';
import { type FakeItemSpec, FakeRegister } from '../carriers/fake-register.ts';

/** An event as stored for delivery, with its data parsed. */
export interface StoredEvent {
  id: string;
  organisation_id: string;
  mode: 'live' | 'test';
  type: string;
  created_at: string;
  data: {
    before: Record<string, unknown> & { id: string; registration: Record<string, unknown> | null };
    after: Record<string, unknown> & { id: string; registration: Record<string, unknown> | null };
    threshold_days?: number;
    changed_fields?: string[];
  };
}

/** The events recorded for one watch, oldest first (read from the outbox the webhooks deliver from). */
export async function eventsFor(db: Db, watchId: string): Promise<StoredEvent[]> {
  const rows = await db.kysely
    .selectFrom('events')
    .selectAll()
    .where('type', 'like', 'carrier.%')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows
    .map((r) => ({ ...r, data: JSON.parse(r.data) }) as StoredEvent)
    .filter((e) => e.data.after.id === watchId);
}

/** A London date `days` from today: the stand-in register's records are dated from the real today. */
export const fromToday = (days: number): string => addDays(londonDate(new Date()), days);

/** An upper-tier registration on the stand-in register. */
export function upper(
  number: string,
  expiresInDays: number,
  extra: Partial<FakeItemSpec> = {},
): FakeItemSpec {
  return {
    number,
    name: 'Watched Haulage Ltd',
    tier: 'Upper',
    expiry: fromToday(expiresInDays),
    postcode: 'TE5 5EE',
    company: '09555555',
    ...extra,
  };
}

export interface WatchApp extends CarrierApp {
  register: FakeRegister;
  /** POST /v1/carrier-watches with the live key (or the key given). */
  watch(body: Record<string, unknown>, key?: string): Promise<LightMyRequestResponse>;
  /** A watch that must be created: its id. */
  watched(number: string): Promise<string>;
  request(
    method: 'GET' | 'PATCH' | 'DELETE',
    path: string,
    body?: object,
    key?: string,
  ): Promise<LightMyRequestResponse>;
}

/**
 * The service with a stand-in register, its scheduled checker off (tests run passes themselves) and
 * checks paced as fast as the setting allows.
 */
export async function watchApp(
  options: { db?: Db; clock?: Clock; env?: Record<string, string> } = {},
): Promise<WatchApp> {
  const register = await new FakeRegister().start();
  const t = await carrierApp({
    register,
    env: { WEBHOOK_WORKER: 'off', WATCH_CHECKS_PER_MINUTE: '6000', ...options.env },
    db: options.db,
    clock: options.clock,
  });
  const watch = (body: Record<string, unknown>, key = t.liveKey) =>
    t.call(key, { method: 'POST', url: '/v1/carrier-watches', payload: body });
  return {
    ...t,
    register,
    watch,
    async watched(number) {
      const res = await watch({ registration_number: number });
      if (res.statusCode !== 201) throw new Error(`expected 201, got ${res.statusCode}: ${res.body}`);
      return res.json().id;
    },
    request(method, path, body, key = t.liveKey) {
      return t.call(key, { method, url: path, ...(body ? { payload: body } : {}) });
    },
    async close() {
      await t.close();
      await register.stop();
    },
  };
}
