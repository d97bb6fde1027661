import closeWithGrace from 'close-with-grace';
import { buildApp, createLogger } from './app.ts';
import { type Config, loadConfig } from './config.ts';

/** The only place that reads the environment and listens. */
export async function startServer(config: Config = loadConfig()): Promise<void> {
  const logger = createLogger(config);
  const app = await buildApp(config, { logger });

  // SIGTERM/SIGINT: stop accepting, let requests in flight finish (up to the grace period), then close
  // the database and Redis through the app's onClose hooks.
  closeWithGrace({ delay: config.SHUTDOWN_GRACE_MS, logger }, async ({ signal, err }) => {
    if (err) logger.error({ err }, 'shutting down after an unexpected error');
    else logger.info({ signal }, 'shutting down');
    await app.close();
  });

  await app.listen({ port: config.PORT, host: config.HOST });
  logger.info(
    { database: app.services.infra.db.location, redis: Boolean(config.REDIS_URL) },
    `Waste Compliance Service listening on http://${config.HOST}:${config.PORT} (API reference at /docs)`,
  );
}
