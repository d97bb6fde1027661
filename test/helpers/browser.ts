import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { type ServerProcess, sharedDatabaseUrl, startServerProcess } from './server-process.ts';

/** Debian's chromium package; .ci/run installs it when missing. */
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface BrowserRig {
  server: ServerProcess;
  browser: Browser;
  close(): Promise<void>;
}

/** A real server process on its own database, and a headless Chromium to drive it. */
export async function browserAgainstServer(): Promise<BrowserRig> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);
  const database = await sharedDatabaseUrl();
  const server = await startServerProcess({ DATABASE_URL: database.url });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  return {
    server,
    browser,
    async close() {
      await browser.close();
      await server.stop();
      await database.dispose();
    },
  };
}
