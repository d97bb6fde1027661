import type { LightMyRequestResponse } from 'fastify';
import type { ConsignmentNote } from '../../src/consignments/consignment-schemas.ts';
import type { Clock } from '../../src/platform/clock.ts';
import type { Site } from '../../src/receipts/site-types.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

export interface ConsignmentApp extends TestApp {
  /** A test key (sandbox register) and a live key of one organisation; a test key of another. */
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
  /** POST /v1/consignment-notes that must answer 201. */
  create(body: unknown, key?: string): Promise<ConsignmentNote>;
  /** POST /v1/consignment-notes/{id}/signatures that must answer 201. */
  sign(id: string, body: unknown, key?: string): Promise<ConsignmentNote>;
  site(key?: string): Promise<Site>;
  /** Rows in consignment_notes, across every organisation. */
  stored(): Promise<number>;
}

/** A garage's waste engine oil: a complete note for the sandbox's valid carrier. */
export function garageBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    producer: {
      name: 'Garage Services Ltd',
      address: 'Unit 4, Mill Lane, Poole',
      postcode: 'bh15 2ab',
      sic_code: '45200',
      contact: 'Sam Patel',
      phone: '01202 123456',
      email: 'office@garage-services.example',
    },
    consignee: {
      name: 'Southern Oil Recovery Ltd',
      address: 'Wharf Road, Southampton',
      postcode: 'SO14 3TJ',
      permit_number: 'EPR/AB1234CD',
    },
    carrier: { registration_number: 'CBDU100001' },
    process: 'Servicing of cars and light vans',
    lines: [oilLine()],
    ...overrides,
  };
}

export function oilLine(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ewc_code: '13 02 05*',
    description: 'Waste engine oil drained from vehicles',
    quantity_kg: 180,
    physical_form: 'liquid',
    colour: 'black',
    components: [
      { name: 'Mineral base oil', concentration: 95, unit: 'percent' },
      { name: 'Water', concentration: 5, unit: 'percent' },
    ],
    hazard_codes: ['HP5', 'HP14'],
    container: { type: 'drum', number: 1, size_litres: 205 },
    transport: {
      un_number: 'UN3082',
      proper_shipping_name: 'Environmentally hazardous substance, liquid, n.o.s. (mineral oil)',
      un_class: '9',
      packing_group: 'III',
    },
    ...overrides,
  };
}

export const PART_C = { part: 'C', name: 'Alex Driver', vehicle_registration: 'ab12 cde' };
export const PART_D = { part: 'D', name: 'Sam Patel', position: 'Workshop manager' };
export const partE = (
  lines: Record<string, unknown>[] = [
    { line: 1, quantity_received_kg: 176, accepted: true, operation: 'R9' },
  ],
) => ({
  part: 'E',
  name: 'Jo Weighbridge',
  lines,
});

export async function consignmentApp(
  options: { clock?: Clock; env?: Record<string, string> } = {},
): Promise<ConsignmentApp> {
  const t = await createTestApp({
    clock: options.clock,
    env: { EA_REGISTER_URL: 'http://127.0.0.1:9/unused', EA_REGISTER_TIMEOUT_MS: '5000', ...options.env },
  });
  const test = await t.newKey({ mode: 'test' });
  const live = await t.newKey({ mode: 'live', orgId: test.orgId });
  const other = await t.newKey({ mode: 'test' });
  for (const org of [test.orgId, other.orgId]) {
    await t.app.services.accounts.changePlan(org, 'enterprise', {
      monthly: 1_000_000,
      perMinute: 1_000_000,
      changedBy: 'test',
    });
  }
  const post = (path: string, body: unknown, key = test.key, headers: Record<string, string> = {}) =>
    t.call(key, { method: 'POST', url: path, payload: body as object, headers });
  const get = (path: string, key = test.key) => t.call(key, { method: 'GET', url: path });
  const expect201 = (response: LightMyRequestResponse) => {
    if (response.statusCode !== 201)
      throw new Error(`expected 201, got ${response.statusCode}: ${response.body}`);
    return response.json();
  };
  return {
    ...t,
    testKey: test.key,
    liveKey: live.key,
    otherOrgKey: other.key,
    post,
    get,
    create: async (body, key) => expect201(await post('/v1/consignment-notes', body, key)),
    sign: async (id, body, key) => expect201(await post(`/v1/consignment-notes/${id}/signatures`, body, key)),
    site: async (key = test.key) =>
      expect201(
        await post(
          '/v1/sites',
          {
            name: 'Southern Oil Recovery Ltd',
            address: { full_address: 'Wharf Road, Southampton', postcode: 'SO14 3TJ' },
            authorisation_numbers: ['EPR/AB1234CD'],
            dwt_api_code: '1f83215e-4b90-4785-9ab2-2614839aa2e9',
          },
          key,
        ),
      ),
    stored: async () =>
      Number(
        (
          await t.db.kysely
            .selectFrom('consignment_notes')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
  };
}
