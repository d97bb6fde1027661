import closeWithGrace from 'close-with-grace';
import { buildApp, createLogger } from './app.ts';
import { type Config, loadConfig } from './config.ts';

/** A start-up failure the operator can fix from its message alone (no stack trace needed). */
export class StartError extends Error {
  override name = 'StartError';
}

/** The only place that reads the environment and listens. */
export async function startServer(config: Config = loadConfig()): Promise<void> {
  const logger = createLogger(config);
  const app = await buildApp(config, { logger });

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    await app.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL') {
      const why =
        code === 'EADDRINUSE'
          ? 'is already in use (another server is running there?)'
          : code === 'EACCES'
            ? 'needs privileges this user does not have'
            : 'is not an address of this machine';
      throw new StartError(
        `Cannot listen on ${config.HOST}:${config.PORT}: the port ${why}. Set PORT (and HOST) to a free one, e.g. PORT=8081 npm start.`,
      );
    }
    throw error;
  }
  // Only once listening (a failed start must exit non-zero, not be taken for a shutdown).
  // SIGTERM/SIGINT: stop accepting, let requests in flight finish (up to the grace period), then close
  // the database and Redis through the app's onClose hooks.
  closeWithGrace({ delay: config.SHUTDOWN_GRACE_MS, logger }, async ({ signal, err }) => {
    if (err) logger.error({ err }, 'shutting down after an unexpected error');
    else logger.info({ signal }, 'shutting down');
    await app.close();
  });

  logger.info(
    { database: app.services.infra.db.location, redis: Boolean(config.REDIS_URL) },
    `Waste Compliance Service listening on http://${config.HOST}:${config.PORT} (API reference at /docs)`,
  );
}
