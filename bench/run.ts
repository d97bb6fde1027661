// `npm run bench`: every scenario in bench/*.ts measured with autocannon on loopback against the real
// service (SQLite file, durable writes), next to a bare Fastify route measured in the same run, and
// reported as a ratio to it: these machines are shared and noisy, so only ratios are comparable.
//
//   npm run bench                 all scenarios and measurements
//   npm run bench -- classify     only those whose name contains "classify"
//   npm run bench -- 'wtn (live)|consignment'   those containing either
//   npm run bench -- --runs 3 wtn  three whole runs, then each figure's median
//   BENCH_SECONDS=10 npm run bench
//
// Each scenario's service runs in a process of its own (bench/serve.ts), so no scenario is measured on a
// heap or threads an earlier one left behind.
//
// Each ratio is printed against the bare route measured before the scenarios and again after them
// (they differ by up to 40% on a quiet machine): a noisy run shows as two ratios far apart. The bare
// route's lines say how busy the server was: on a 2-core machine the load generator, not the server,
// often sets the bare figure (60-80% busy), and then every ratio of the run moves with the client.
//
// A slow route also pays for waking the load generator, which the bare route does not: on loopback the
// server's write delivers the response itself and wakes the reader if it sleeps, and against a slow
// route the generator sleeps between responses. Measured with `perf record -g -p <server pid>`
// (sock_def_readable, inclusive): 0.25 µs a request on the bare route, about 5 µs on a bare route that
// spins for 100 µs, about 16 µs (a sixth of its time) on MCP tools/call. Group commit answers several
// requests in one turn, so the durable paths pay it less often.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import {
  CONNECTIONS,
  type LoadResult,
  listen,
  load,
  loadModules,
  SECONDS,
  serviceProcess,
} from './harness.ts';
import type { BenchMeasurement, BenchScenario } from './scenario.ts';

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const RUNS = runsAt === -1 ? 1 : Math.max(1, Number(args[runsAt + 1]) || 1);
const filter = args.filter((a, i) => a !== '--runs' && (runsAt === -1 || i !== runsAt + 1))[0];

/**
 * The bare route, with how busy its event loop was: well under 100% means the load generator, not the
 * server, set the figure (on a 2-core machine it often does), so every ratio of the run moves with it.
 */
async function bare(): Promise<LoadResult & { busy: number }> {
  const app = Fastify();
  app.get('/bare', async () => ({ ok: true }));
  const url = await listen(app);
  await load(url, [{ method: 'GET', path: '/bare' }]); // warm-up
  const loop = performance.eventLoopUtilization();
  const result = await load(url, [{ method: 'GET', path: '/bare' }]);
  const busy = performance.eventLoopUtilization(loop).utilization;
  await app.close();
  return { ...result, busy };
}

const busyText = (b: { busy: number }) => `  server busy ${Math.round(b.busy * 100)}%`;

const fmt = (n: number) => Math.round(n).toLocaleString('en-GB');

/** One run's figures: the two bare measurements, then each scenario's throughput and latency. */
interface RunFigures {
  bareBefore: number;
  bareAfter: number;
  scenarios: Map<string, { rps: number; p50: number; p99: number }>;
  /** Printed lines of measurements that are not throughputs. */
  measured: Map<string, string>;
}

async function runOnce(
  scenarios: BenchScenario[],
  measurements: BenchMeasurement[],
  dir: string,
): Promise<RunFigures> {
  const baseline = await bare();
  console.log(
    `bare Fastify route              ${fmt(baseline.rps).padStart(8)} req/s  p99 ${baseline.p99} ms${busyText(baseline)}`,
  );
  const figures: RunFigures = {
    bareBefore: baseline.rps,
    bareAfter: 0,
    scenarios: new Map(),
    measured: new Map(),
  };
  const rps = new Map<string, number>();
  for (const scenario of scenarios) {
    const { url, requests, close } = await serviceProcess(scenario.name, dir);
    try {
      await load(url, requests); // warm-up: JIT, caches
      const r = await load(url, requests);
      const bad = r.non2xx + r.errors + r.timeouts;
      const line = `${scenario.name.padEnd(32)} ${fmt(r.rps).padStart(8)} req/s  ratio ${(r.rps / baseline.rps).toFixed(2)}  p50 ${r.p50} ms  p99 ${r.p99} ms${bad ? `  (${bad} non-2xx/errors of ${r.total})` : ''}`;
      console.log(line);
      rps.set(scenario.name, r.rps);
      figures.scenarios.set(scenario.name, { rps: r.rps, p50: r.p50, p99: r.p99 });
      const perItem = scenario.perItem;
      if (perItem) {
        const single = rps.get(perItem.comparedWith);
        const items = r.rps * perItem.items;
        const ratio = single ? `  ratio to "${perItem.comparedWith}" ${(items / single).toFixed(1)}` : '';
        console.log(`${''.padEnd(32)} ${fmt(items).padStart(8)} ${perItem.unit}/s${ratio}`);
      }
    } finally {
      await close();
    }
  }
  for (const m of measurements) {
    const text = await m.run();
    figures.measured.set(m.name, text);
    console.log(`${m.name.padEnd(32)} ${text}`);
  }
  const after = await bare();
  figures.bareAfter = after.rps;
  console.log(
    `bare Fastify route (again)      ${fmt(after.rps).padStart(8)} req/s  p99 ${after.p99} ms${busyText(after)}`,
  );
  return figures;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Every scenario's ratio against both bare measurements of its run; with several runs, the medians. */
function summary(runs: RunFigures[]): void {
  const names = [...runs[0].scenarios.keys()];
  if (names.length === 0) return;
  const heading = runs.length > 1 ? `median of ${runs.length} runs` : 'ratios to both bare measurements';
  console.log(`\n${heading}:`);
  const before = median(runs.map((r) => r.bareBefore));
  const after = median(runs.map((r) => r.bareAfter));
  console.log(
    `${'bare Fastify route'.padEnd(32)} ${fmt(before).padStart(8)} req/s before, ${fmt(after)} after`,
  );
  for (const name of names) {
    const of = (pick: (f: { rps: number; p50: number; p99: number }) => number) =>
      median(runs.map((r) => pick(r.scenarios.get(name)!)));
    // Each run's ratio against its own bare routes, then the median of those ratios.
    const ratioBefore = median(runs.map((r) => r.scenarios.get(name)!.rps / r.bareBefore));
    const ratioAfter = median(runs.map((r) => r.scenarios.get(name)!.rps / r.bareAfter));
    const spread =
      runs.length > 1
        ? `  (ratios ${runs.map((r) => (r.scenarios.get(name)!.rps / r.bareBefore).toFixed(2)).join(', ')})`
        : '';
    console.log(
      `${name.padEnd(32)} ${fmt(of((f) => f.rps)).padStart(8)} req/s  ratio ${ratioBefore.toFixed(2)} (after: ${ratioAfter.toFixed(2)})  p50 ${of((f) => f.p50)} ms  p99 ${of((f) => f.p99)} ms${spread}`,
    );
  }
}

async function main(): Promise<void> {
  const { scenarios, measurements } = await loadModules(filter);
  const dir = mkdtempSync(join(tmpdir(), 'wcs-bench-'));
  console.log(`node ${process.version}, ${SECONDS}s per run, ${CONNECTIONS} connections, ${RUNS} run(s)\n`);
  const runs: RunFigures[] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      if (RUNS > 1) console.log(`run ${i + 1} of ${RUNS}`);
      runs.push(await runOnce(scenarios, measurements, dir));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  summary(runs);
}

await main();
