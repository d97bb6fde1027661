import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { inject } from 'vitest';
import { launchChromium } from '../../scripts/chromium.ts';
import { databaseUrl, withPgClient } from './postgres-server.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';

export interface BrowserRig {
  server: ServerProcess;
  /** The server's database, for `runCli` (making an organisation and a key, say). */
  databaseUrl: string;
  browser: Browser;
  /** Closes the browser contexts the test file opened; the server and the browser go on to the next. */
  close(): Promise<void>;
}

interface Rig {
  server: ServerProcess;
  databaseUrl: string;
  browser: Browser;
  /** Stops the server and removes its database at once (the worker is ending). */
  dispose(): void;
}

let shared: Promise<Rig> | undefined;

/**
 * A real server process and a headless Chromium to drive it, shared by the browser test files a worker
 * runs: starting them took each file seconds of a loaded machine's time (the server's start-up alone is
 * four seconds of CPU). Every file works in browser contexts of its own, closed when it ends, and in
 * organisations, users and keys of its own (unique emails), so no file sees what another did; nothing
 * needs the server fresh. A server or browser that has gone (a crash) is started again for the next file.
 */
export async function browserAgainstServer(): Promise<BrowserRig> {
  let rig = await shared?.catch(() => undefined);
  if (!rig || rig.server.child.exitCode !== null || !rig.browser.isConnected()) {
    rig?.dispose();
    rig?.browser.close().catch(() => {});
    shared = startRig();
    shared.catch(() => {
      shared = undefined;
    });
    rig = await shared;
  }
  const { server, browser } = rig;
  return {
    server,
    databaseUrl: rig.databaseUrl,
    browser,
    async close() {
      await Promise.all(browser.contexts().map((context) => context.close()));
    },
  };
}

async function startRig(): Promise<Rig> {
  const database = await rigDatabase();
  // The browser and the server start side by side; a missing Chromium is what is reported.
  const [launched, started] = await Promise.allSettled([
    launchChromium(),
    startServerProcess({ DATABASE_URL: database.url }),
  ]);
  if (launched.status === 'rejected' || started.status === 'rejected') {
    if (launched.status === 'fulfilled') await launched.value.close();
    if (started.status === 'fulfilled') await started.value.stop();
    database.dispose();
    throw launched.status === 'rejected' ? launched.reason : (started as PromiseRejectedResult).reason;
  }
  const browser = launched.value;
  const server = started.value;
  const dispose = () => {
    process.off('exit', dispose);
    process.off('SIGTERM', onTerm);
    server.child.kill('SIGKILL');
    database.dispose();
  };
  // Vitest ends a worker with SIGTERM: the server goes with it (Chromium ends with its pipe, and with
  // Playwright's own exit handler).
  const onTerm = () => {
    dispose();
    try {
      process.exit(143);
    } catch {
      // Stopped in the middle of a file, when Vitest refuses process.exit: its SIGKILL follows.
    }
  };
  process.once('exit', dispose);
  process.once('SIGTERM', onTerm);
  return { server, databaseUrl: database.url, browser, dispose };
}

/**
 * The shared server's database, which outlives any one test file: a temp SQLite file, or on PostgreSQL
 * a database of the run's own (its name starts with the run's prefix, so test/global-setup.ts drops it
 * with the others after the run).
 */
async function rigDatabase(): Promise<{ url: string; dispose(): void }> {
  const base = process.env.DATABASE_URL;
  if (base?.startsWith('postgres')) {
    const run = inject('postgresRun');
    if (!run) throw new Error('DATABASE_URL is PostgreSQL but test/global-setup.ts did not prepare the run');
    const name = `${run.prefix}_b${randomBytes(3).toString('hex')}`;
    await withPgClient(base, (c) => c.query(`CREATE DATABASE "${name}" TEMPLATE template0`));
    return { url: databaseUrl(base, name), dispose: () => {} };
  }
  const dir = mkdtempSync(join(tmpdir(), 'wcs-e2e-'));
  return {
    url: `sqlite:${join(dir, 'wcs.sqlite')}`,
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}
