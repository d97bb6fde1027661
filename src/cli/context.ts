import type { Config } from '../config.ts';
import type { Services } from '../services.ts';

/** Where a command reads its settings and writes its output: the process's, or a test's. */
export interface CliIo {
  env: Record<string, string | undefined>;
  stdout: { write(text: string): unknown; isTTY?: boolean };
  stderr: { write(text: string): unknown; isTTY?: boolean };
  /** What a command reads (`wcs user reset-password --password-stdin`); the process's when absent. */
  stdin?: AsyncIterable<Buffer | string> & { isTTY?: boolean };
}

export const processIo: CliIo = {
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
  // A getter: touching process.stdin opens it, which a command that never reads it should not do.
  get stdin() {
    return process.stdin;
  },
};

/** What every command is given: its output, and the services on the server's database. */
export class CliContext {
  readonly io: CliIo;

  constructor(io: CliIo) {
    this.io = io;
  }

  /** One line on stdout: JSON with --json, else the text. */
  print(json: boolean | undefined, value: unknown, text: string): void {
    this.io.stdout.write(json ? `${JSON.stringify(value)}\n` : `${text}\n`);
  }

  /**
   * Runs an action against the same database (and Redis) the server uses, so the CLI and the portal
   * act on the same organisations and keys. The services are imported here, when a command needs them.
   */
  async withServices<T>(action: (services: Services, config: Config) => Promise<T>): Promise<T> {
    const [
      { createLogger },
      { loadConfig },
      { systemClock },
      { createDb },
      { migrateToLatest },
      { createRedis },
    ] = await Promise.all([
      import('../platform/logger.ts'),
      import('../config.ts'),
      import('../platform/clock.ts'),
      import('../platform/db/database.ts'),
      import('../platform/db/migrate.ts'),
      import('../platform/redis.ts'),
    ]);
    const { createServices } = await import('../services.ts');
    const config = loadConfig(this.io.env);
    // Logs go to stderr, so a Redis warning can never corrupt a command's --json output on stdout.
    const logger = createLogger(
      { ...config, LOG_LEVEL: config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL },
      2,
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
}

/** A user mistake: printed as one line, exit status 1, no stack trace. */
export class CliError extends Error {}
