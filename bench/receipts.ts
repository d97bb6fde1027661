// Waste receipts for DWT. POST: the receipt checked as DWT checks it and written durably (SQLite file)
// while the in-process worker submits earlier ones to the sandbox (test key) at the same time; then
// reading one receipt back.
import type { BenchScenario, BenchTarget } from './scenario.ts';

async function site(target: BenchTarget, key: string): Promise<string> {
  const res = await target.app.inject({
    method: 'POST',
    url: '/v1/sites',
    headers: { authorization: `Bearer ${key}` },
    payload: {
      name: 'Bench Transfer Station',
      address: { full_address: '1 Quarry Lane, Testtown', postcode: 'TC1 2AB' },
      authorisation_numbers: ['EPR/AB1234CD'],
      dwt_api_code: '1f83215e-4b90-4785-9ab2-2614839aa2e9',
    },
  });
  if (res.statusCode !== 201) throw new Error(`site: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: string }).id;
}

const receipt = (siteId: string) =>
  JSON.stringify({
    site_id: siteId,
    received_at: '2026-11-23T09:15:00Z',
    carrier: {
      registration_number: 'CBDU123456',
      organisation_name: 'Acme Skips Ltd',
      means_of_transport: 'road',
      vehicle_registration: 'AB12 CDE',
    },
    waste_items: [
      {
        ewc_codes: ['17 09 04'],
        description: 'Mixed construction and demolition waste',
        physical_form: 'mixed',
        number_of_containers: 1,
        container_type: 'SKI',
        weight: { amount: 2.4, unit: 'tonnes', is_estimate: false },
        contains_pops: false,
        contains_hazardous: false,
        disposal_or_recovery_codes: [
          { code: 'R5', weight: { amount: 2.4, unit: 'tonnes', is_estimate: true } },
        ],
      },
    ],
  });

export const scenarios: BenchScenario[] = [
  {
    name: 'POST /v1/waste-receipts (test)',
    async prepare(target) {
      const key = await target.newKey({ mode: 'test' });
      const siteId = await site(target, key);
      return {
        method: 'POST',
        path: '/v1/waste-receipts',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: receipt(siteId),
      };
    },
  },
  {
    name: 'GET /v1/waste-receipts/{id}',
    async prepare(target) {
      const key = await target.newKey({ mode: 'test' });
      const siteId = await site(target, key);
      const res = await target.app.inject({
        method: 'POST',
        url: '/v1/waste-receipts',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        payload: receipt(siteId),
      });
      const { id } = res.json() as { id: string };
      return { method: 'GET', path: `/v1/waste-receipts/${id}`, headers: { authorization: `Bearer ${key}` } };
    },
  },
];
