// Hazardous waste consignment notes: create (Parts A and B checked against the List of Wastes, the
// producer's next code drawn in the write's transaction, a durable SQLite write per note grouped into
// shared commits, an outbox event), then read one back. Compare create with generate-wtn in the same
// run: creating a consignment note should cost no more than a transfer note.
import type { BenchRequest, BenchScenario, BenchTarget } from './scenario.ts';

const PRODUCERS = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golfer', 'Hotels'];

function createBody(producer: string, i: number): string {
  return JSON.stringify({
    producer: {
      name: `${producer} Motor Services Ltd`,
      address: 'Unit 4, Mill Lane, Poole',
      postcode: 'BH15 2AB',
      sic_code: '45200',
      contact: 'Sam Patel',
    },
    consignee: {
      name: 'Southern Oil Recovery Ltd',
      address: 'Wharf Road, Southampton',
      postcode: 'SO14 3TJ',
      permit_number: 'EPR/AB1234CD',
    },
    carrier: { registration_number: 'CBDU100001' },
    process: 'Servicing of cars and light vans',
    lines: [
      {
        ewc_code: '13 02 05*',
        description: 'Waste engine oil drained from vehicles',
        quantity_kg: 180 + i,
        physical_form: 'liquid',
        components: [{ name: 'Mineral base oil', concentration: 95, unit: 'percent' }],
        hazard_codes: ['HP5', 'HP14'],
        container: { type: 'drum', number: 1, size_litres: 205 },
      },
    ],
  });
}

function createRequests(key: string): BenchRequest[] {
  return PRODUCERS.map((p, i) => ({
    method: 'POST',
    path: '/v1/consignment-notes',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: createBody(p, i),
  }));
}

const liveKey = (target: BenchTarget) => target.newKey({ mode: 'live' });

export const scenarios: BenchScenario[] = [
  {
    name: 'POST /v1/consignment-notes (live)',
    async prepare(target) {
      return createRequests(await liveKey(target));
    },
  },
  {
    name: 'GET /v1/consignment-notes/{id}',
    async prepare(target) {
      const key = await liveKey(target);
      const [request] = createRequests(key);
      const response = await target.app.inject({ ...request, payload: request.body });
      if (response.statusCode !== 201)
        throw new Error(`seeding failed: ${response.statusCode} ${response.body}`);
      const { id } = response.json() as { id: string };
      return {
        method: 'GET',
        path: `/v1/consignment-notes/${id}`,
        headers: { authorization: `Bearer ${key}` },
      };
    },
  },
];
