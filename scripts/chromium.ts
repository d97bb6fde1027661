import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Debian's chromium package (CHROMIUM=/path to use another); .ci/run installs it when missing. */
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

/** Quiet, headless, and nothing fetched from the network on its own account. */
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

/** The one way this project starts a browser: the screenshots script and the browser tests. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}
