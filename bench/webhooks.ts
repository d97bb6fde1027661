// Webhooks. Generating test notes while an endpoint subscribed to wtn.created receives every one from
// the in-process worker (the event written in the note's transaction, delivered over loopback, signed);
// then listing events; then how fast one instance drains a backlog of deliveries, and how long one
// organisation's deliveries wait while another's receivers hang.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import pino from 'pino';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { WebhookReceiver } from '../test/helpers/webhook-receiver.ts';
import type { BenchMeasurement, BenchScenario, BenchTarget } from './scenario.ts';

/**
 * The receiver the first scenario delivers to, in its own process (receiver.ts): only the
 * delivery path is the service's work. Started on first use; its pipes are unref'd, as the other
 * modules' stand-ins are, so `npm run bench` exits once it has printed its figures (and the receiver,
 * its stdin closed, with it).
 */
let receiverUrl: Promise<string> | undefined;
function remoteReceiver(): Promise<string> {
  receiverUrl ??= (async () => {
    const child = spawn(process.execPath, [join(import.meta.dirname, 'receiver.ts')], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
    child.unref();
    (child.stdin as unknown as Socket).unref();
    (child.stdout as unknown as Socket).unref();
    return line;
  })();
  return receiverUrl;
}

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
    payload: { url: await remoteReceiver(), events: ['wtn.created'] },
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

const HANGING = 16;
const A_EVENTS = 40;

/**
 * Issue 27, item 4: organisation B's 16 endpoints never answer (each request held to the 10 s timeout)
 * while organisation A's one fast endpoint is sent 40 events: how long A waits for all 40, against A
 * alone on a fresh instance. Fair delivery keeps the two close; a worker that waited for its slowest
 * delivery made A wait for B's timeouts.
 */
async function hang(): Promise<string> {
  const alone = await deliveriesToA(0);
  const beside = await deliveriesToA(HANGING);
  return `${beside.toFixed(2)} s for A's ${A_EVENTS} deliveries beside B's ${HANGING} hanging endpoints (alone: ${alone.toFixed(2)} s; timeout 10 s)`;
}

async function deliveriesToA(hanging: number): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), 'wcs-bench-hang-'));
  const config = loadConfig({
    DATABASE_URL: `sqlite:${join(dir, 'hooks.sqlite')}`,
    LOG_LEVEL: 'silent',
    WEBHOOKS_ALLOW_HTTP_LOOPBACK: 'true',
    WEBHOOK_TIMEOUT_MS: '10000',
  });
  const app = await buildApp(config, { logger: pino({ level: 'silent' }) });
  const fast = await new WebhookReceiver().start();
  const slow = await Promise.all(Array.from({ length: hanging }, () => new WebhookReceiver().start()));
  try {
    const { accounts, webhooks, infra } = app.services;
    const b = {
      organisationId: (await accounts.createOrganisation('Slow Ltd', 'business')).id,
      mode: 'test' as const,
    };
    for (const receiver of slow) {
      receiver.hang = true;
      await webhooks.create(b, { url: receiver.url, events: ['*'] });
    }
    // Two events each, so every one of B's endpoints has a request open and one queued behind it.
    const events = [0, 1].map((n) => ({ ...b, type: 'wtn.created', data: { n } }));
    if (hanging > 0) {
      await infra.db.kysely.transaction().execute((trx) => webhooks.sink(trx, events, new Date()));
      while (slow.every((r) => r.received.length === 0)) await new Promise((r) => setTimeout(r, 5));
    }
    const a = {
      organisationId: (await accounts.createOrganisation('Fast Ltd', 'business')).id,
      mode: 'test' as const,
    };
    const endpoint = await webhooks.create(a, { url: fast.url, events: ['*'] });
    const started = performance.now();
    for (let i = 0; i < A_EVENTS; i++) await webhooks.sendTest(a, endpoint.id);
    await fast.waitFor(A_EVENTS, 60_000);
    return (performance.now() - started) / 1000;
  } finally {
    // Closing B's receivers ends its open requests, so the instance stops at once.
    await Promise.all(slow.map((r) => r.stop()));
    await app.close();
    await fast.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

export const measurements: BenchMeasurement[] = [
  { name: 'webhook backlog drain', run: drain },
  { name: "webhooks: A's 40 deliveries while B's 16 endpoints hang", run: hang },
];
