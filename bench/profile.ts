// Where one scenario's requests spend the server's time: runs the scenario's load (as bench/run.ts does,
// warm-up first) and reports the server process's CPU and event-loop time per request, then, with
// --profile, a V8 CPU profile of the measured run read by self and inclusive time.
//
//   node bench/profile.ts 'generate-wtn (live)'            µs of CPU and of event loop per request
//   node bench/profile.ts 'generate-wtn (live)' --profile  and where they went (profile kept in /tmp)
//   node bench/profile.ts 'generate-wtn (live)' --sql      and its SQL statements' runs and time
//   node bench/profile.ts 'generate-wtn (live)' --io       and its write calls and bytes (Linux)
//   node bench/profile.ts 'generate-wtn (live)' --repeat 5 five measurements: least and median
//   node bench/profile.ts 'generate-wtn (live)' --keep     and keeps the SQLite file the load wrote (its
//                                                          schema, sizes and query plans, with sqlite3)
//   BENCH_SECONDS=10 node bench/profile.ts classify --profile --top 40
//
// CPU per request is process.cpuUsage() over the measured run divided by the requests answered; it
// leaves out time blocked in a synchronous fsync, which the event-loop figure (busy time per request)
// includes. A bare Fastify route is measured the same way first, for scale.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import Fastify, { type FastifyInstance } from 'fastify';
import { type LoadResult, listen, load, loadModules, SECONDS, service, targetOf } from './harness.ts';
import { type CpuProfile, report } from './profile-report.ts';
import type { BenchRequest } from './scenario.ts';
import { resetStatementTimings, statementReport, timeStatements } from './sql-timing.ts';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
};
const profiling = args.includes('--profile');
const timingSql = args.includes('--sql');
const countingIo = args.includes('--io') && existsSync('/proc/self/io');
const keeping = args.includes('--keep');
const top = Number(option('--top') ?? 25);
const repeat = Math.max(1, Number(option('--repeat') ?? 1));
const filter = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.match(/^--(top|repeat)$/));

interface Measured {
  result: LoadResult;
  cpuUs: number;
  loopUs: number;
  profile?: CpuProfile;
  /** The process's writes over the run (with --io): write calls, bytes given them, bytes sent to storage. */
  io?: { calls: number; bytes: number; stored: number };
}

/** The process's write counters from /proc/self/io (every thread: SQLite's WAL and checkpoint writes too). */
function writeCounters(): { calls: number; bytes: number; stored: number } {
  const text = readFileSync('/proc/self/io', 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}: (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
  return { calls: field('syscw'), bytes: field('wchar'), stored: field('write_bytes') };
}

async function measure(url: string, requests: BenchRequest[], withProfile: boolean): Promise<Measured> {
  const session = new Session();
  if (withProfile) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
  }
  const io = countingIo ? writeCounters() : undefined;
  const cpu = process.cpuUsage();
  const loop = performance.eventLoopUtilization();
  const result = await load(url, requests);
  const used = process.cpuUsage(cpu);
  const ioAfter = io ? writeCounters() : undefined;
  const busy = performance.eventLoopUtilization(loop);
  let profile: CpuProfile | undefined;
  if (withProfile) {
    profile = ((await session.post('Profiler.stop')) as unknown as { profile: CpuProfile }).profile;
    session.disconnect();
  }
  const n = Math.max(1, result.total);
  return {
    result,
    cpuUs: (used.user + used.system) / n,
    loopUs: (busy.active * 1000) / n,
    profile,
    io:
      io && ioAfter
        ? {
            calls: (ioAfter.calls - io.calls) / n,
            bytes: (ioAfter.bytes - io.bytes) / n,
            stored: (ioAfter.stored - io.stored) / n,
          }
        : undefined,
  };
}

const line = (name: string, m: Measured) =>
  `${name.padEnd(40)} ${Math.round(m.result.rps).toLocaleString('en-GB').padStart(7)} req/s  ${m.cpuUs.toFixed(0).padStart(5)} µs CPU/req  ${m.loopUs.toFixed(0).padStart(5)} µs loop/req  p50 ${m.result.p50} ms${m.result.non2xx + m.result.errors ? `  (${m.result.non2xx + m.result.errors} non-2xx/errors of ${m.result.total})` : ''}`;

/** Several measurements of one scenario: the least and the median CPU and loop time per request. */
function spread(runs: Measured[]): string {
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  const cpu = sorted(runs.map((r) => r.cpuUs));
  const loop = sorted(runs.map((r) => r.loopUs));
  const mid = runs.length >> 1;
  return `${''.padEnd(40)} least ${cpu[0].toFixed(0)} µs CPU/req (median ${cpu[mid].toFixed(0)}), least ${loop[0].toFixed(0)} µs loop/req (median ${loop[mid].toFixed(0)})`;
}

async function bare(): Promise<void> {
  const app: FastifyInstance = Fastify();
  app.get('/bare', async () => ({ ok: true }));
  const url = await listen(app);
  const request: BenchRequest[] = [{ method: 'GET', path: '/bare' }];
  await load(url, request);
  console.log(line('bare Fastify route', await measure(url, request, false)));
  await app.close();
}

async function main(): Promise<void> {
  if (timingSql) timeStatements();
  const { scenarios } = await loadModules(filter);
  const dir = mkdtempSync(join(tmpdir(), 'wcs-profile-'));
  console.log(`node ${process.version}, ${SECONDS}s per measurement\n`);
  try {
    await bare();
    for (const scenario of scenarios) {
      const { app, url } = await service(scenario.env ?? {}, dir);
      try {
        const prepared = await scenario.prepare(targetOf(app, url));
        const requests = Array.isArray(prepared) ? prepared : [prepared];
        await load(url, requests); // warm-up: JIT, caches
        const runs: Measured[] = [];
        for (let i = 0; i < repeat; i++) {
          resetStatementTimings();
          runs.push(await measure(url, requests, profiling && i === repeat - 1));
          if (repeat > 1) console.log(line(`  run ${i + 1}`, runs[i]));
        }
        const m = runs[runs.length - 1];
        console.log(line(scenario.name, m));
        if (repeat > 1) console.log(spread(runs));
        if (timingSql) console.log(`${statementReport(m.result.total, top)}\n`);
        // Socket writes count too (one response a request); a WAL commit writes each page it changed.
        if (m.io)
          console.log(
            `writes: ${m.io.calls.toFixed(1)} calls/req, ${(m.io.bytes / 1024).toFixed(1)} KiB/req given to write calls, ${(m.io.stored / 1024).toFixed(1)} KiB/req sent to storage\n`,
          );
        if (m.profile) {
          const file = join(tmpdir(), `wcs-${scenario.name.replace(/[^A-Za-z0-9]+/g, '-')}.cpuprofile`);
          writeFileSync(file, JSON.stringify(m.profile));
          console.log(`profile: ${file}\n${report(m.profile, top, m.result.total)}\n`);
        }
      } finally {
        await app.close();
      }
    }
  } finally {
    if (keeping) console.log(`database kept in ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

await main();
