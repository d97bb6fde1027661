import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/platform/db/database.ts';
import { freshDatabase } from '../helpers/database.ts';
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
  db = await freshDatabase();
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
