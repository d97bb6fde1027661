import { connect, createServer, type Server, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/platform/db/database.ts';
import { migratedDatabase } from '../helpers/database.ts';
import { type LimitedApp, limitedApp } from './limited-app.ts';

let db: Db | undefined;
let t: LimitedApp | undefined;
let fake: Server | undefined;
const sockets = new Set<Socket>();

afterEach(async () => {
  await t?.close();
  await db?.close();
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => (fake ? fake.close(resolve) : resolve(undefined)));
  t = undefined;
  db = undefined;
  fake = undefined;
});

/** A port on 127.0.0.1 with nothing listening: Redis is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A Redis that accepts connections and answers the client's ready check, then never answers another
 * command: Redis is hung (the case a fail-fast client cannot see).
 */
async function hungRedis(): Promise<number> {
  fake = createServer((socket) => {
    sockets.add(socket);
    socket.on('data', (data) => {
      if (/INFO/i.test(data.toString())) {
        const info = '# Server\r\nredis_version:7.0.0\r\nloading:0\r\n';
        socket.write(`$${Buffer.byteLength(info)}\r\n${info}\r\n`);
      }
    });
  });
  await new Promise<void>((resolve) => fake?.listen(0, '127.0.0.1', resolve));
  return (fake.address() as { port: number }).port;
}

async function appOn(redisUrl: string) {
  const lines: string[] = [];
  db = await migratedDatabase();
  t = await limitedApp(db, undefined, { redisUrl, log: { write: (line) => lines.push(line) } });
  return { t, lines };
}

describe('when Redis is unreachable', () => {
  it.each([
    ['down', async () => `redis://127.0.0.1:${await closedPort()}`],
    ['hung', async () => `redis://127.0.0.1:${await hungRedis()}`],
  ])('(%s) keeps answering, enforces the limits on this instance, and logs it', async (_kind, url) => {
    const { t, lines } = await appOn(await url());
    const { key } = await t.newKey('free');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await t.call(key, { url: '/v1/billable' })).statusCode);
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
    const usage = await t.call(key, { url: '/v1/free' });
    expect(usage.statusCode).toBe(429);
    expect(usage.headers['x-monthly-remaining']).toBe('40');
    expect(lines.some((l) => l.includes('rate limits and quotas fall back to this instance alone'))).toBe(
      true,
    );
  });
});

/** A TCP proxy to the real Redis that the test can cut and restore: Redis goes away and comes back. */
async function cuttableRedis(
  target: URL,
): Promise<{ url: string; cut(): Promise<void>; restore(): Promise<void> }> {
  const open = new Set<Socket>();
  const start = (port = 0) => {
    const server = createServer((client) => {
      const upstream = connect(Number(target.port || 6379), target.hostname);
      for (const s of [client, upstream]) {
        open.add(s);
        s.on('error', () => {});
        s.on('close', () => open.delete(s));
      }
      client.pipe(upstream).pipe(client);
    });
    fake = server;
    return new Promise<number>((resolve) =>
      server.listen(port, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
    );
  };
  const port = await start();
  return {
    // The same database number as REDIS_URL's (`/7`), which the test reads directly.
    url: `redis://127.0.0.1:${port}${target.pathname}`,
    async cut() {
      const closed = new Promise((resolve) => fake?.close(resolve));
      for (const s of open) s.destroy();
      await closed;
      fake = undefined;
    },
    async restore() {
      await start(port);
    },
  };
}

async function until(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(!process.env.REDIS_URL)('when Redis comes back after an outage', () => {
  it("re-seeds the counters this instance changed meanwhile from the database, so Redis's copy is right", async () => {
    const proxy = await cuttableRedis(new URL(process.env.REDIS_URL ?? ''));
    const { t, lines } = await appOn(proxy.url);
    const redis = new Redis(process.env.REDIS_URL ?? '');
    const { key, keyId } = await t.newKey('enterprise', { monthly: 100, perMinute: 100 });
    const counter = `wcs:limits:{${keyId}}:month:${new Date().toISOString().slice(0, 7)}`;
    const billable = async () => (await t.call(key, { url: '/v1/billable' })).statusCode;
    for (let i = 0; i < 2; i++) expect(await billable()).toBe(200);
    expect(await redis.get(counter)).toBe('2');

    await proxy.cut();
    for (let i = 0; i < 3; i++) expect(await billable()).toBe(200); // answered on this instance alone
    expect(await redis.get(counter)).toBe('2'); // Redis never saw those three
    await proxy.restore();
    // Free calls until one reaches Redis again and the breaker closes; then the stale counter goes.
    await until(async () => {
      await t.call(key, { url: '/v1/free' });
      return lines.some((l) => l.includes('shared across instances again'));
    });
    await until(async () => (await redis.get(counter)) === null);

    const after = await t.call(key, { url: '/v1/billable' });
    expect(after.statusCode).toBe(200);
    expect(after.headers['x-monthly-remaining']).toBe('94'); // 6 calls made, 6 counted
    expect(await redis.get(counter)).toBe('6');
    redis.disconnect();
  });
});
