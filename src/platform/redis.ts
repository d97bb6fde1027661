import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { onFirstUse } from './first-use.ts';

/** Loaded only when Redis is configured: the embedded default never pays for the client's modules. */
const ioredis = onFirstUse<typeof import('ioredis')>('ioredis');

/**
 * One Redis connection per process. Commands fail fast while Redis is down (no offline queue that
 * would hold requests hostage); callers fall back to in-process behaviour and the fault is logged.
 */
export function createRedis(url: string, logger: Logger): Redis {
  const { Redis: Client } = ioredis();
  const redis = new Client(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    lazyConnect: false,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  let down = false;
  redis.on('error', (err) => {
    if (!down) logger.warn({ err }, 'redis unavailable; falling back to in-process stores');
    down = true;
  });
  redis.on('ready', () => {
    if (down) logger.info('redis reconnected');
    down = false;
  });
  return redis;
}
