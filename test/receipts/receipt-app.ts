import type { LightMyRequestResponse } from 'fastify';
import type { WasteReceipt } from '../../src/receipts/receipt-schemas.ts';
import type { Site } from '../../src/receipts/site-types.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

export interface ReceiptApp extends TestApp {
  testKey: string;
  liveKey: string;
  otherOrgKey: string;
  post(
    path: string,
    body: unknown,
    key?: string,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  get(path: string, key?: string): Promise<LightMyRequestResponse>;
  site(key?: string, overrides?: Record<string, unknown>): Promise<Site>;
  /** Polls the receipt until its status is one of `statuses` (the worker runs in the background). */
  settle(id: string, statuses: string[], key?: string): Promise<WasteReceipt>;
  /** Polls the receipt until `done` holds for it. */
  settleWhere(id: string, done: (receipt: WasteReceipt) => boolean, key?: string): Promise<WasteReceipt>;
}

export const siteBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Testtown Transfer Station',
  address: { full_address: '1 Quarry Lane, Testtown', postcode: 'tc1 2ab' },
  authorisation_numbers: ['EPR/AB1234CD', 'WML123456'],
  dwt_api_code: '1f83215e-4b90-4785-9ab2-2614839aa2e9',
  ...overrides,
});

/** A complete, non-hazardous receipt with every field DWT requires. */
export function receiptBody(
  siteId: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    site_id: siteId,
    received_at: '2026-11-23T09:15:00Z',
    your_reference: 'WB-000123',
    carrier: {
      registration_number: 'CBDU123456',
      organisation_name: 'Acme Skips Ltd',
      address: { full_address: '2 Depot Road, Testtown', postcode: 'TC2 3CD' },
      means_of_transport: 'road',
      vehicle_registration: 'ab12 cde',
    },
    waste_items: [wasteItem()],
    ...overrides,
  };
}

export function wasteItem(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ewc_codes: ['17 09 04'],
    description: 'Mixed construction and demolition waste',
    physical_form: 'mixed',
    number_of_containers: 1,
    container_type: 'SKI',
    weight: { amount: 2.4, unit: 'tonnes', is_estimate: false },
    contains_pops: false,
    contains_hazardous: false,
    disposal_or_recovery_codes: [{ code: 'R5', weight: { amount: 2.4, unit: 'tonnes', is_estimate: true } }],
    ...overrides,
  };
}

export async function receiptApp(options: { env?: Record<string, string> } = {}): Promise<ReceiptApp> {
  const t = await createTestApp({ env: { DWT_POLL_MS: '20', DWT_RETRY_BASE_MS: '50', ...options.env } });
  const test = await t.newKey({ mode: 'test' });
  const live = await t.newKey({ mode: 'live', orgId: test.orgId });
  const other = await t.newKey({ mode: 'test' });
  const post = (path: string, body: unknown, key = test.key, headers: Record<string, string> = {}) =>
    t.call(key, { method: 'POST', url: path, payload: body as object, headers });
  const get = (path: string, key = test.key) => t.call(key, { method: 'GET', url: path });
  async function settleWhere(
    id: string,
    done: (r: WasteReceipt) => boolean,
    key = test.key,
  ): Promise<WasteReceipt> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const res = await get(`/v1/waste-receipts/${id}`, key);
      const receipt = res.json() as WasteReceipt;
      if (done(receipt)) return receipt;
      if (Date.now() > deadline) throw new Error(`receipt ${id} stayed ${receipt.status}: ${res.body}`);
      // Not faster: the key's 120 requests a minute must last through a DWT that takes its whole timeout.
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    ...t,
    testKey: test.key,
    liveKey: live.key,
    otherOrgKey: other.key,
    post,
    get,
    async site(key = test.key, overrides = {}) {
      const res = await post('/v1/sites', siteBody(overrides), key);
      if (res.statusCode !== 201) throw new Error(`site: ${res.statusCode} ${res.body}`);
      return res.json();
    },
    settle: (id, statuses, key = test.key) => settleWhere(id, (r) => statuses.includes(r.status), key),
    settleWhere,
  };
}
