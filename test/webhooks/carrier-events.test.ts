import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.ts';
import { createDb, type Db } from '../../src/platform/db/database.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { runCli, sharedDatabaseUrl } from '../helpers/server-process.ts';
import { WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { fromToday, upper, type WatchApp, watchApp } from '../monitoring/watch-app.ts';
import { verifies } from './verify-signature.ts';

// End to end: a stand-in register and a receiver on 127.0.0.1; watches created by one instance (its clock
// 175 days back, so the watch's baseline is far from expiry), passes run by `wcs carriers check-watched`,
// and deliveries sent by a second instance sharing the database.
let watches: WatchApp;
let deliverer: TestApp;
let receiver: WebhookReceiver;
let db: Db;
let shared: Awaited<ReturnType<typeof sharedDatabaseUrl>>;
let env: Record<string, string>;
let secret: string;

beforeAll(async () => {
  shared = await sharedDatabaseUrl();
  db = createDb(shared.url);
  receiver = await new WebhookReceiver().start();
  watches = await watchApp({ db, clock: new ManualClock(`${fromToday(-175)}T12:00:00Z`) });
  deliverer = await createTestApp({
    db,
    env: { WEBHOOKS_ALLOW_HTTP_LOOPBACK: 'true', WEBHOOK_POLL_MS: '20', WATCH_INTERVAL: 'off' },
  });
  env = {
    DATABASE_URL: shared.url,
    REDIS_URL: '',
    EA_REGISTER_URL: watches.register.url,
    EA_REGISTER_TIMEOUT_MS: '5000',
    WATCH_CHECKS_PER_MINUTE: '6000',
    LOG_LEVEL: 'silent',
  };
  const endpoint = await deliverer.call(watches.liveKey, {
    method: 'POST',
    url: '/v1/webhook-endpoints',
    payload: { url: receiver.url, events: ['carrier.expiring_soon', 'carrier.removed', 'carrier.expired'] },
  });
  expect(endpoint.statusCode).toBe(201);
  secret = endpoint.json().secret;
});
afterAll(async () => {
  await deliverer?.close();
  await watches?.close();
  await receiver?.stop();
  await db?.close();
  await shared?.dispose();
});

const pass = () => runCli(['carriers', 'check-watched'], env);
const settle = () => new Promise((r) => setTimeout(r, 300));

describe('carrier events reach a webhook endpoint', () => {
  it('a record moving within 30 days of expiry, then disappearing: expiring_soon, then removed, once each', async () => {
    watches.register.add(upper('CBDU400001', 25));
    const id = await watches.watched('CBDU400001');
    await pass();
    const [soon] = await receiver.waitFor(1);
    expect(soon.json.type).toBe('carrier.expiring_soon');
    expect(soon.json.livemode).toBe(true);
    expect(soon.json.data).toMatchObject({ threshold_days: 30, after: { id, status: 'expiring_soon' } });
    expect(verifies(soon.headers['wcs-signature'], soon.body, secret)).toBe(true);

    watches.register.items.delete('CBDU400001');
    await pass();
    const hooks = await receiver.waitFor(2);
    expect(hooks[1].json.type).toBe('carrier.removed');
    expect(hooks[1].json.data).toMatchObject({
      before: { status: 'expiring_soon' },
      after: { status: 'not_found' },
    });
    expect(verifies(hooks[1].headers['wcs-signature'], hooks[1].body, secret)).toBe(true);

    await pass();
    await settle();
    expect(receiver.received.map((r) => r.json.type)).toEqual(['carrier.expiring_soon', 'carrier.removed']);
  });

  it('a register outage during a pass produces no event', async () => {
    receiver.reset();
    watches.register.add(upper('CBDU400002', 400));
    await watches.watched('CBDU400002');
    watches.register.items.delete('CBDU400002');
    watches.register.fail('http500');
    try {
      await pass();
    } finally {
      watches.register.fail('none');
    }
    await settle();
    expect(receiver.received).toEqual([]);
    const events = (
      await deliverer.call(watches.liveKey, { method: 'GET', url: '/v1/events?type=carrier.removed' })
    ).json();
    expect(events.data).toHaveLength(1);
  });
});
