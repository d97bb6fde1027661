// Carrier verification: a cached number look-up (EA API source) and a mirror look-up, as ratios to a
// bare Fastify route, and the register import's speed on a generated 300,000-row export.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importRegisterExport } from '../src/carriers/register-import.ts';
import { CarrierRegisterStore } from '../src/carriers/register-store.ts';
import { londonDate, systemClock } from '../src/platform/clock.ts';
import { createDb } from '../src/platform/db/database.ts';
import { migrateToLatest } from '../src/platform/db/migrate.ts';
import { generateExport } from '../test/carriers/export-fixture.ts';
import { FakeRegister } from '../test/carriers/fake-register.ts';
import type { BenchMeasurement, BenchScenario, BenchTarget } from './scenario.ts';

const IMPORT_ROWS = 300_000;
const MIRROR_ROWS = 20_000;

// The EA register stands in on loopback for the whole run; unref'd so it never holds the process open.
const register = (await new FakeRegister().start()).unref();
register.add({ number: 'CBDU970001', name: 'Bench Haulage Limited', tier: 'Upper', expiry: '2099-01-01' });
const BATCH = Array.from({ length: 100 }, (_, i) => `CBDU97${String(1000 + i).padStart(4, '0')}`);
for (const number of BATCH)
  register.add({ number, name: 'Bench Batch Limited', tier: 'Upper', expiry: '2099-01-01' });

/** A key whose rate limit and quota the load cannot reach, so the figure is the look-up, not a 429. */
async function unlimitedKey(
  target: BenchTarget,
  mode: 'live' | 'test' = 'live',
): Promise<Record<string, string>> {
  return { authorization: `Bearer ${await target.newKey({ mode })}` };
}

export const scenarios: BenchScenario[] = [
  {
    // A test key: the sandbox, and no usage ledger write, so this is the route's own cost.
    name: 'verify-carrier sandbox (test key)',
    async prepare(target) {
      const headers = await unlimitedKey(target, 'test');
      return { method: 'GET', path: '/v1/verify-carrier?registration_number=CBDU100001', headers };
    },
  },
  {
    name: 'verify-carrier cached number',
    env: { EA_REGISTER_URL: register.url, REGISTER_SOURCE: 'api' },
    async prepare(target) {
      const headers = await unlimitedKey(target);
      const path = '/v1/verify-carrier?registration_number=CBDU970001';
      const warm = await fetch(target.url + path, { headers });
      if (!warm.ok) throw new Error(`warm-up failed: ${warm.status} ${await warm.text()}`);
      return { method: 'GET', path, headers };
    },
  },
  {
    // 100 cached numbers per request, compared per number with the cached single check above.
    name: 'verify-carrier batch of 100',
    env: { EA_REGISTER_URL: register.url, REGISTER_SOURCE: 'api' },
    perItem: { items: BATCH.length, unit: 'numbers', comparedWith: 'verify-carrier cached number' },
    async prepare(target) {
      const headers = { ...(await unlimitedKey(target)), 'content-type': 'application/json' };
      const request = {
        method: 'POST' as const,
        path: '/v1/verify-carrier/batch',
        headers,
        body: JSON.stringify({ registration_numbers: BATCH }),
      };
      const warm = await fetch(target.url + request.path, request);
      if (!warm.ok) throw new Error(`warm-up failed: ${warm.status} ${await warm.text()}`);
      return request;
    },
  },
  {
    name: 'verify-carrier mirror number',
    env: { REGISTER_SOURCE: 'mirror' },
    async prepare(target) {
      const headers = await unlimitedKey(target);
      const dir = await mkdtemp(join(tmpdir(), 'wcs-bench-mirror-'));
      try {
        const file = join(dir, 'export.csv');
        await generateExport(file, MIRROR_ROWS);
        await target.app.services.carriers.importExport(file, { publishedOn: londonDate(new Date()) });
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
      // Different upper-tier rows on each request (every 7th generated row is lower tier, CBDL).
      return [1, 4_001, 9_002, 14_003, 19_004].map((i) => ({
        method: 'POST' as const,
        path: '/v1/verify-carrier',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ registration_number: `CBDU${300000 + i}` }),
      }));
    },
  },
];

export const measurements: BenchMeasurement[] = [
  {
    name: `register import (${IMPORT_ROWS.toLocaleString('en-GB')} rows)`,
    async run() {
      const dir = await mkdtemp(join(tmpdir(), 'wcs-bench-import-'));
      const db = createDb(`sqlite:${join(dir, 'import.sqlite')}`);
      try {
        const file = join(dir, 'export.csv');
        await generateExport(file, IMPORT_ROWS);
        await migrateToLatest(db);
        const store = new CarrierRegisterStore(db, systemClock);
        const started = performance.now();
        const summary = await importRegisterExport(store, file, { publishedOn: londonDate(new Date()) });
        const seconds = (performance.now() - started) / 1000;
        if (summary.rowsImported !== IMPORT_ROWS) throw new Error(`imported ${summary.rowsImported} rows`);
        const rate = Math.round(IMPORT_ROWS / seconds).toLocaleString('en-GB');
        return `${rate} rows/s (${seconds.toFixed(1)} s, SQLite file, durable commits)`;
      } finally {
        await db.close();
        await rm(dir, { recursive: true, force: true });
      }
    },
  },
];
