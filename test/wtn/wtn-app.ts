import type { LightMyRequestResponse } from 'fastify';
import type { Clock } from '../../src/platform/clock.ts';
import type { WasteTransferNote } from '../../src/wtn/wtn-schemas.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

export interface WtnApp extends TestApp {
  /** A test key (sandbox register) and a live key of one organisation; a test key of another. */
  testKey: string;
  liveKey: string;
  otherOrgKey: string;
  generate(body: unknown, key?: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** POST /v1/generate-wtn that must answer 201. */
  note(body: unknown, key?: string): Promise<WasteTransferNote>;
  get(path: string, key?: string): Promise<LightMyRequestResponse>;
  /** Rows in wtn_notes, across every organisation. */
  storedNotes(): Promise<number>;
}

/** A body that makes a complete, compliant note with the sandbox's valid carrier. */
export function validBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    producer: {
      name: 'ABC Office Fit-out Ltd',
      address: '45 High Street, Bournemouth, BH1 2AA',
      sic_code: '43320',
    },
    carrier: { registration_number: 'CBDU100001' },
    waste: {
      description: 'Broken plasterboard offcuts',
      ewc_code: '17 08 02',
      auto_classify: false,
      quantity_kg: 2500,
      container_type: 'skip',
    },
    destination: {
      name: 'South Coast Recycling Ltd',
      address: 'Industrial Estate, Poole, BH15 1NF',
      permit_number: 'EPR/AB1234CD',
    },
    transfer_date: '2026-03-25',
    transfer_time: '10:30',
    transfer_place: '45 High Street, Bournemouth, BH1 2AA',
    ...overrides,
  };
}

/** `validBody()` with one section's fields replaced or added. */
export function bodyWith(
  section: 'producer' | 'carrier' | 'waste' | 'destination',
  fields: Record<string, unknown>,
) {
  const body = validBody();
  return { ...body, [section]: { ...(body[section] as object), ...fields } };
}

export async function wtnApp(
  options: { clock?: Clock; env?: Record<string, string>; unlimited?: boolean } = {},
): Promise<WtnApp> {
  const t = await createTestApp({
    clock: options.clock,
    env: { EA_REGISTER_URL: 'http://127.0.0.1:9/unused', EA_REGISTER_TIMEOUT_MS: '5000', ...options.env },
  });
  const test = await t.newKey({ mode: 'test' });
  const live = await t.newKey({ mode: 'live', orgId: test.orgId });
  const other = await t.newKey({ mode: 'test' });
  if (options.unlimited) {
    // An enterprise agreement no test reaches, for tests that make hundreds of calls.
    for (const org of [test.orgId, other.orgId]) {
      await t.app.services.accounts.changePlan(org, 'enterprise', {
        monthly: 1_000_000,
        perMinute: 1_000_000,
        changedBy: 'test',
      });
    }
  }
  const generate = (body: unknown, key = test.key, headers: Record<string, string> = {}) =>
    t.call(key, { method: 'POST', url: '/v1/generate-wtn', payload: body as object, headers });
  return {
    ...t,
    testKey: test.key,
    liveKey: live.key,
    otherOrgKey: other.key,
    generate,
    async note(body, key) {
      const response = await generate(body, key);
      if (response.statusCode !== 201)
        throw new Error(`expected 201, got ${response.statusCode}: ${response.body}`);
      return response.json() as WasteTransferNote;
    },
    get: (path, key = test.key) => t.call(key, { method: 'GET', url: path }),
    async storedNotes() {
      const row = await t.db.kysely
        .selectFrom('wtn_notes')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
