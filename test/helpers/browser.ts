import type { Browser } from 'playwright-core';
import { launchChromium } from '../../scripts/chromium.ts';
import { type ServerProcess, sharedDatabaseUrl, startServerProcess } from './server-process.ts';

export interface BrowserRig {
  server: ServerProcess;
  /** The server's database, for `runCli` (making an organisation and a key, say). */
  databaseUrl: string;
  browser: Browser;
  close(): Promise<void>;
}

/** A real server process on its own database, and a headless Chromium to drive it. */
export async function browserAgainstServer(): Promise<BrowserRig> {
  // The browser first: a missing Chromium is reported before any server is started.
  const browser = await launchChromium();
  const database = await sharedDatabaseUrl();
  const server = await startServerProcess({ DATABASE_URL: database.url });
  return {
    server,
    databaseUrl: database.url,
    browser,
    async close() {
      await browser.close();
      await server.stop();
      await database.dispose();
    },
  };
}
