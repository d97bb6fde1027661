// `npm run bench`: every scenario in bench/*.ts measured with autocannon on loopback against the real
// service (SQLite file, durable writes), next to a bare Fastify route measured in the same run, and
// reported as a ratio to it: these machines are shared and noisy, so only ratios are comparable.
//
//   npm run bench                 all scenarios and measurements
//   npm run bench -- classify     only those whose name contains "classify"
//   npm run bench -- 'wtn (live)|consignment'   those containing either
//   BENCH_SECONDS=10 npm run bench
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { BenchMeasurement, BenchRequest, BenchScenario, BenchTarget } from './scenario.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const filter = process.argv[2];
const UNLIMITED = { monthly: 1_000_000_000, perMinute: 100_000_000 };

interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  total: number;
}

async function load(url: string, requests: BenchRequest[]): Promise<LoadResult> {
  const options = {
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    // `[<id>]` in a body becomes a fresh random id per request (for uncached scenarios).
    idReplacement: true,
    requests: requests.map((r) => ({ method: r.method, path: r.path, headers: r.headers, body: r.body })),
  };
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [join(import.meta.dirname, 'load.ts'), JSON.stringify(options)],
    {
      maxBuffer: 1 << 20,
    },
  );
  return JSON.parse(stdout) as LoadResult;
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return `http://127.0.0.1:${port}`;
}

async function bare(): Promise<LoadResult> {
  const app = Fastify();
  app.get('/bare', async () => ({ ok: true }));
  const url = await listen(app);
  await load(url, [{ method: 'GET', path: '/bare' }]); // warm-up
  const result = await load(url, [{ method: 'GET', path: '/bare' }]);
  await app.close();
  return result;
}

async function service(
  env: Record<string, string>,
  dir: string,
): Promise<{ app: FastifyInstance; url: string }> {
  const config = loadConfig({
    DATABASE_URL: `sqlite:${join(dir, `bench-${Date.now()}.sqlite`)}`,
    LOG_LEVEL: 'silent',
    ...env,
  });
  const app = await buildApp(config, { logger: pino({ level: 'silent' }) });
  return { app, url: await listen(app) };
}

async function loadModules(): Promise<{ scenarios: BenchScenario[]; measurements: BenchMeasurement[] }> {
  const files = readdirSync(import.meta.dirname).filter(
    (f) => f.endsWith('.ts') && !['run.ts', 'load.ts', 'scenario.ts'].includes(f),
  );
  const scenarios: BenchScenario[] = [];
  const measurements: BenchMeasurement[] = [];
  for (const file of files.sort()) {
    const mod = (await import(join(import.meta.dirname, file))) as {
      scenarios?: BenchScenario[];
      measurements?: BenchMeasurement[];
    };
    scenarios.push(...(mod.scenarios ?? []));
    measurements.push(...(mod.measurements ?? []));
  }
  // `a|b` keeps the scenarios whose name contains a or b (to compare two in one run).
  const keep = (name: string) => !filter || filter.split('|').some((part) => name.includes(part));
  return {
    scenarios: scenarios.filter((s) => keep(s.name)),
    measurements: measurements.filter((m) => keep(m.name)),
  };
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-GB');

async function main(): Promise<void> {
  const { scenarios, measurements } = await loadModules();
  const dir = mkdtempSync(join(tmpdir(), 'wcs-bench-'));
  console.log(`node ${process.version}, ${SECONDS}s per run, ${CONNECTIONS} connections\n`);
  const baseline = await bare();
  console.log(
    `bare Fastify route              ${fmt(baseline.rps).padStart(8)} req/s  p99 ${baseline.p99} ms`,
  );
  const rps = new Map<string, number>();
  try {
    for (const scenario of scenarios) {
      const { app, url } = await service(scenario.env ?? {}, dir);
      try {
        const target: BenchTarget = {
          url,
          app,
          async newKey({ mode = 'live', plan = 'enterprise' } = {}) {
            const org = await app.services.accounts.createOrganisation('Benchmark Ltd', plan);
            // Enterprise keys get limits the load cannot reach, so every request is admitted and counted.
            if (plan === 'enterprise') {
              await app.services.accounts.changePlan(org.id, 'enterprise', {
                ...UNLIMITED,
                changedBy: 'bench',
              });
            }
            return (await app.services.accounts.createKey(org.id, mode, 'bench')).key;
          },
        };
        const prepared = await scenario.prepare(target);
        const requests = Array.isArray(prepared) ? prepared : [prepared];
        await load(url, requests); // warm-up: JIT, caches
        const r = await load(url, requests);
        const bad = r.non2xx + r.errors + r.timeouts;
        const line = `${scenario.name.padEnd(32)} ${fmt(r.rps).padStart(8)} req/s  ratio ${(r.rps / baseline.rps).toFixed(2)}  p50 ${r.p50} ms  p99 ${r.p99} ms${bad ? `  (${bad} non-2xx/errors of ${r.total})` : ''}`;
        console.log(line);
        rps.set(scenario.name, r.rps);
        const perItem = scenario.perItem;
        if (perItem) {
          const single = rps.get(perItem.comparedWith);
          const items = r.rps * perItem.items;
          const ratio = single ? `  ratio to "${perItem.comparedWith}" ${(items / single).toFixed(1)}` : '';
          console.log(`${''.padEnd(32)} ${fmt(items).padStart(8)} ${perItem.unit}/s${ratio}`);
        }
      } finally {
        await app.close();
      }
    }
    for (const m of measurements) console.log(`${m.name.padEnd(32)} ${await m.run()}`);
    const after = await bare();
    console.log(`bare Fastify route (again)      ${fmt(after.rps).padStart(8)} req/s  p99 ${after.p99} ms`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
