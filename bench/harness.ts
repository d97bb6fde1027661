// What bench/run.ts and bench/profile.ts share: the load generator in its own process, the service
// under test on loopback (SQLite file, durable writes) and the keys scenarios ask for.
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { BenchMeasurement, BenchRequest, BenchScenario, BenchTarget } from './scenario.ts';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const UNLIMITED = { monthly: 1_000_000_000, perMinute: 100_000_000 };

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  total: number;
}

/** Repeats `requests` against `url` for `seconds` from a separate process (autocannon in bench/load.ts). */
export async function load(url: string, requests: BenchRequest[], seconds = SECONDS): Promise<LoadResult> {
  const options = {
    url,
    connections: CONNECTIONS,
    duration: seconds,
    // `[<id>]` in a body becomes a fresh random id per request (for uncached scenarios).
    idReplacement: true,
    requests: requests.map((r) => ({ method: r.method, path: r.path, headers: r.headers, body: r.body })),
  };
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [join(import.meta.dirname, 'load.ts'), JSON.stringify(options)],
    { maxBuffer: 1 << 20 },
  );
  return JSON.parse(stdout) as LoadResult;
}

export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return `http://127.0.0.1:${port}`;
}

/** The whole service on a fresh SQLite file in `dir`, listening on loopback. */
export async function service(
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

/**
 * A scenario's service, prepared, in a process of its own (bench/serve.ts): its URL, the requests to
 * repeat, and `close`, which stops the service and waits for the process to end.
 */
export async function serviceProcess(
  name: string,
  dir: string,
): Promise<{ url: string; requests: BenchRequest[]; close(): Promise<void> }> {
  const child = spawn(process.execPath, [join(import.meta.dirname, 'serve.ts'), name, dir], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit');
  const line = await Promise.race([
    once(createInterface({ input: child.stdout }), 'line').then(([l]) => l as string),
    exited.then(([code]) => {
      throw new Error(`the service of "${name}" exited (${code}) before it was ready`);
    }),
  ]);
  let ready: { url: string; requests: BenchRequest[] };
  try {
    ready = JSON.parse(line);
  } catch {
    child.kill();
    throw new Error(`the service of "${name}" printed ${JSON.stringify(line.slice(0, 200))}, not its URL`);
  }
  const { url, requests } = ready;
  return {
    url,
    requests,
    async close() {
      child.stdin.end();
      await exited;
    },
  };
}

/** What a scenario's prepare() is given: the running app, its URL, and keys made through its services. */
export function targetOf(app: FastifyInstance, url: string): BenchTarget {
  return {
    url,
    app,
    async newKey({ mode = 'live', plan = 'enterprise' } = {}) {
      const org = await app.services.accounts.createOrganisation('Benchmark Ltd', plan);
      // Enterprise keys get limits the load cannot reach, so every request is admitted and counted.
      if (plan === 'enterprise') {
        await app.services.accounts.changePlan(org.id, 'enterprise', { ...UNLIMITED, changedBy: 'bench' });
      }
      return (await app.services.accounts.createKey(org.id, mode, 'bench')).key;
    },
  };
}

/** The harness's own files; every other bench/*.ts is a module of scenarios and measurements. */
const HARNESS_FILES = [
  'run.ts',
  'load.ts',
  'receiver.ts',
  'scenario.ts',
  'harness.ts',
  'serve.ts',
  'profile.ts',
  'profile-report.ts',
  'sql-timing.ts',
];

/** The scenarios and measurements whose names contain `filter`, or one of `a|b`'s parts (all without). */
export async function loadModules(
  filter?: string,
): Promise<{ scenarios: BenchScenario[]; measurements: BenchMeasurement[] }> {
  const files = readdirSync(import.meta.dirname).filter(
    (f) => f.endsWith('.ts') && !HARNESS_FILES.includes(f),
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
