// Webhooks. Generating test notes while an endpoint subscribed to wtn.created receives every one from
// the in-process worker (the event written in the note's transaction, delivered over loopback, signed);
// then listing events; then how fast one instance drains a backlog of deliveries.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { WebhookReceiver } from '../test/helpers/webhook-receiver.ts';
import type { BenchMeasurement, BenchScenario, BenchTarget } from './scenario.ts';

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

const BACKLOG = 2_000;

/** One instance's worker draining BACKLOG queued deliveries to a receiver on loopback (SQLite file). */
async function drain(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'wcs-bench-hooks-'));
  const config = loadConfig({
    DATABASE_URL: `sqlite:${join(dir, 'hooks.sqlite')}`,
    LOG_LEVEL: 'silent',
    WEBHOOKS_ALLOW_HTTP_LOOPBACK: 'true',
    WEBHOOK_WORKER: 'off',
  });
  const app = await buildApp(config, { logger: pino({ level: 'silent' }) });
  const sink = await new WebhookReceiver().start();
  try {
    const { services } = app;
    const org = await services.accounts.createOrganisation('Benchmark Ltd', 'business');
    const scope = { organisationId: org.id, mode: 'test' as const };
    await services.webhooks.create(scope, { url: sink.url, events: ['*'] });
    const events = Array.from({ length: BACKLOG }, (_, i) => ({
      ...scope,
      type: 'wtn.created',
      data: { n: i },
    }));
    await services.infra.db.kysely
      .transaction()
      .execute((trx) => services.webhooks.sink(trx, events, new Date()));
    const started = performance.now();
    while (sink.received.length < BACKLOG) await services.webhooks.worker.runOnce();
    const seconds = (performance.now() - started) / 1000;
    return `${Math.round(BACKLOG / seconds).toLocaleString('en-GB')} deliveries/s (${BACKLOG} signed POSTs, each attempt recorded, ${seconds.toFixed(1)} s)`;
  } finally {
    await app.close();
    await sink.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

export const measurements: BenchMeasurement[] = [{ name: 'webhook backlog drain', run: drain }];
