import pino from 'pino';
import { createLogger } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { systemClock } from '../platform/clock.ts';
import { createDb } from '../platform/db/database.ts';
import { migrateToLatest } from '../platform/db/migrate.ts';
import { createRedis } from '../platform/redis.ts';
import { createServices, type Services } from '../services.ts';

/**
 * Runs a CLI action against the same database (and Redis) the server uses, so the CLI and the portal act
 * on the same organisations and keys.
 */
export async function withServices<T>(
  action: (services: Services, config: Config) => Promise<T>,
): Promise<T> {
  const config = loadConfig();
  // Logs go to stderr, so a Redis warning can never corrupt a command's --json output on stdout.
  const logger = createLogger(
    { ...config, LOG_LEVEL: config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL },
    pino.destination(2),
  );
  const db = createDb(config.DATABASE_URL);
  const redis = config.REDIS_URL ? createRedis(config.REDIS_URL, logger) : undefined;
  try {
    await migrateToLatest(db);
    const services = createServices({ config, db, clock: systemClock, logger, redis });
    return await action(services, config);
  } finally {
    redis?.disconnect();
    await db.close();
  }
}

/** A user mistake: printed as one line, exit status 1, no stack trace. */
export class CliError extends Error {}
