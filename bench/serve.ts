// One scenario's service in a process of its own (bench/run.ts starts one per scenario): each is then
// measured in a fresh process, not after the heap, threads and timers earlier scenarios left behind,
// which slowed the later scenarios of a run by up to 15%. Arguments: the scenario's exact name and the
// directory for its SQLite file. Prints `{ url, requests }` as one JSON line once prepared, and closes
// the service and exits when its parent closes stdin (so it never outlives a benchmark that was killed).
import { loadModules, service, targetOf } from './harness.ts';

// stdout carries the one JSON line; anything a scenario prints goes to stderr, beside the parent's output.
console.log = console.error;
const [name, dir] = process.argv.slice(2);
const { scenarios } = await loadModules();
const scenario = scenarios.find((s) => s.name === name);
if (!scenario) throw new Error(`no bench scenario named "${name}"`);
const { app, url } = await service(scenario.env ?? {}, dir);
const prepared = await scenario.prepare(targetOf(app, url));
process.stdout.write(
  `${JSON.stringify({ url, requests: Array.isArray(prepared) ? prepared : [prepared] })}\n`,
);
process.stdin.on('end', async () => {
  await app.close();
  process.exit(0);
});
process.stdin.resume();
