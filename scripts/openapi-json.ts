import pino from 'pino';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';

/**
 * The OpenAPI document the service serves at /openapi.json, built in-process on an in-memory SQLite
 * database. Only the given settings are read, not the environment's: the document must not depend on
 * where it is built (the OpenAPI lint and the SDK's generated types both start from it).
 */
export async function openApiDocument(): Promise<string> {
  const config = loadConfig({ DATABASE_URL: 'sqlite::memory:', LOG_LEVEL: 'silent' });
  const app = await buildApp(config, { logger: pino({ level: 'silent' }) });
  try {
    const res = await app.inject({ method: 'GET', url: '/openapi.json' });
    if (res.statusCode !== 200) throw new Error(`/openapi.json answered ${res.statusCode}`);
    return res.body;
  } finally {
    await app.close();
  }
}
