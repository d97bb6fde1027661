import type { AddressInfo } from 'node:net';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { type Config, loadConfig } from './config.ts';
import { createLogger } from './platform/logger.ts';
import { listeningUrl } from './platform/service-address.ts';

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

  const address = app.server.address() as AddressInfo;
  const listening = listeningUrl(address);
  // The CLI (another process on the same database) builds its links from this when PUBLIC_URL is unset.
  await app.services.address
    .recordListening(listening)
    .catch((err: unknown) => logger.warn({ err }, 'could not record the address the server listens on'));
  logger.info(
    { database: app.services.infra.db.location, redis: Boolean(config.REDIS_URL) },
    startUpLine(address, listening, config.PUBLIC_URL),
  );
}

/**
 * "listening on http://127.0.0.1:8080: the portal at …/portal, the API reference at …/docs", with the
 * addresses people use: PUBLIC_URL when set, else where the server really listens (PORT=0 included).
 */
export function startUpLine(address: AddressInfo, listening: string, publicUrl?: string): string {
  const bound = `${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  const base = (publicUrl ?? listening).replace(/\/+$/, '');
  const at =
    base === listening && listening.endsWith(`//${bound}`) ? base : `http://${bound}, reached at ${base}`;
  return `Waste Compliance Service listening on ${at}: the portal at ${base}/portal, the API reference at ${base}/docs`;
}
