// For bench/profile.ts --sql: every SQLite statement the service prepares is counted and timed, by
// wall clock (a COMMIT's or a checkpoint's time is mostly its fsync) and by CPU, so a scenario's
// database work per request shows statement by statement. It wraps better-sqlite3's prepare, so the
// service's own database code (src/platform/db) runs unchanged.
import SqliteDatabase from 'better-sqlite3';

interface Timing {
  runs: number;
  wallMs: number;
  cpuMs: number;
  /** Runs that held the event loop over SLOW_MS (a checkpoint's fsyncs, a large write). */
  slow: number;
  slowMs: number;
}

const SLOW_MS = 2;

let timings = new Map<string, Timing>();

const original = SqliteDatabase.prototype.prepare;
const label = (sql: string) =>
  sql
    .replace(/\s+/g, ' ')
    .replace(/(\(\?(, \?)*\)(, )?)+/g, '(?…)')
    .slice(0, 150);

function timed<T>(key: string, run: () => T): T {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  try {
    return run();
  } finally {
    const used = process.cpuUsage(cpu);
    const t = timings.get(key) ?? { runs: 0, wallMs: 0, cpuMs: 0, slow: 0, slowMs: 0 };
    const ms = performance.now() - wall;
    t.runs++;
    t.wallMs += ms;
    if (ms > SLOW_MS) {
      t.slow++;
      t.slowMs += ms;
    }
    t.cpuMs += (used.user + used.system) / 1000;
    timings.set(key, t);
  }
}

/** Starts timing every statement prepared from now on (call before the service opens its database). */
export function timeStatements(): void {
  SqliteDatabase.prototype.prepare = function prepare(this: SqliteDatabase.Database, sql: string) {
    const statement = original.call(this, sql) as SqliteDatabase.Statement;
    const key = label(sql);
    const run = statement.run.bind(statement);
    const all = statement.all.bind(statement);
    const get = statement.get.bind(statement);
    return Object.assign(statement, {
      run: (...a: unknown[]) => timed(key, () => run(...a)),
      all: (...a: unknown[]) => timed(key, () => all(...a)),
      get: (...a: unknown[]) => timed(key, () => get(...a)),
    });
  } as typeof original;
}

export function resetStatementTimings(): void {
  timings = new Map();
}

/** Statements by total wall time, with runs, wall and CPU µs per request. */
export function statementReport(requests: number, top = 25): string {
  const rows = [...timings.entries()].sort((a, b) => b[1].wallMs - a[1].wallMs);
  const wall = rows.reduce((s, [, t]) => s + t.wallMs, 0);
  const cpu = rows.reduce((s, [, t]) => s + t.cpuMs, 0);
  const perRequest = (ms: number) => ((1000 * ms) / requests).toFixed(1).padStart(7);
  return [
    `database: ${perRequest(wall)} µs/req wall, ${perRequest(cpu)} µs/req CPU in statements`,
    `     wall µs/req   CPU µs/req  runs/req  runs over ${SLOW_MS} ms (their ms)`,
    ...rows
      .slice(0, top)
      .map(
        ([sql, t]) =>
          `  ${perRequest(t.wallMs)}  ${perRequest(t.cpuMs)}  ${(t.runs / requests).toFixed(3).padStart(8)}  ${String(t.slow).padStart(5)} (${t.slowMs.toFixed(0).padStart(5)})  ${sql}`,
      ),
  ].join('\n');
}
