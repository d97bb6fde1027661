// Webhooks. Generating test notes while an endpoint subscribed to wtn.created receives every one from
// the in-process worker (the event written in the note's transaction, delivered over loopback, signed);
// then listing events.
import { WebhookReceiver } from '../test/helpers/webhook-receiver.ts';
import type { BenchScenario, BenchTarget } from './scenario.ts';

const receiver = await new WebhookReceiver().start();
// The receiver records nothing in a benchmark: only the delivery path is measured.
receiver.received.push = () => 0;

const NOTE = JSON.stringify({
  producer: {
    name: 'Bench Producer Ltd',
    address: '45 High Street, Bournemouth, BH1 2AA',
    sic_code: '43320',
  },
  carrier: { registration_number: 'CBDU100001' },
  waste: {
    description: 'Broken plasterboard',
    ewc_code: '17 08 02',
    quantity_kg: 250,
    container_type: 'skip',
  },
  destination: {
    name: 'South Coast Recycling Ltd',
    address: 'Poole, BH15 1NF',
    permit_number: 'EPR/AB1234CD',
  },
  transfer_date: '2026-03-25',
});

async function subscribedKey(target: BenchTarget): Promise<string> {
  const key = await target.newKey({ mode: 'test' });
  const res = await target.app.inject({
    method: 'POST',
    url: '/v1/webhook-endpoints',
    headers: { authorization: `Bearer ${key}` },
    payload: { url: receiver.url, events: ['wtn.created'] },
  });
  if (res.statusCode !== 201) throw new Error(`endpoint: ${res.statusCode} ${res.body}`);
  return key;
}

const env = { WEBHOOKS_ALLOW_HTTP_LOOPBACK: 'true' };

export const scenarios: BenchScenario[] = [
  {
    name: 'POST /v1/generate-wtn + webhook',
    env,
    async prepare(target) {
      const key = await subscribedKey(target);
      return {
        method: 'POST',
        path: '/v1/generate-wtn',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: NOTE,
      };
    },
  },
  {
    name: 'GET /v1/events',
    env,
    async prepare(target) {
      const key = await subscribedKey(target);
      for (let i = 0; i < 50; i++) {
        await target.app.inject({
          method: 'POST',
          url: '/v1/generate-wtn',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          payload: NOTE,
        });
      }
      return { method: 'GET', path: '/v1/events?limit=20', headers: { authorization: `Bearer ${key}` } };
    },
  },
];
