// `npm run eval`: evaluates a classification engine on the labelled sets in data/eval/ (dev, held-out
// and the blind batches that joined after being scored once), or on any file (--file: a new blind batch,
// scored once before anyone reads its misses), and reports the knowledge coverage.
// Usage: node src/classification/eval-cli.ts [--engine local|llm] [--json] [--misses N]
//          [--set NAME|all] [--file PATH] [--reliability FILE.svg] [--coverage]
import { writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { Command } from 'commander';
import { getCatalogue } from './catalogue.ts';
import { coverageReport, formatCoverage } from './coverage.ts';
import { createLocalEngine } from './engine/index.ts';
import {
  classifyAll,
  type EvalOutcome,
  type EvalReport,
  evalSetNames,
  formatReport,
  loadEvalFile,
  loadEvalSet,
  summarise,
} from './eval.ts';
import { reliabilityBins, reliabilitySvg } from './reliability.ts';

const program = new Command()
  .name('eval')
  .description('Evaluate waste classification on the labelled sets in data/eval/')
  .option('--engine <engine>', 'local or llm', 'local')
  .option('--json', 'print the report as JSON')
  .option('--misses <n>', 'how many worst misses to list', '15')
  .option('--set <set>', 'a set of data/eval/ (dev, held-out, blind-1...) or all', 'all')
  .option('--file <path>', 'evaluate this JSON-lines file instead of the sets in data/eval/')
  .option(
    '--reliability <svg>',
    'draw the reliability diagram of every set but dev (trained on) to this file',
  )
  .option('--coverage', 'report how much of the List of Wastes the knowledge and corpus cover');
program.parse();
const opts = program.opts<{
  engine: string;
  json?: boolean;
  misses: string;
  set: string;
  file?: string;
  reliability?: string;
  coverage?: boolean;
}>();

const catalogue = getCatalogue();
if (opts.coverage) {
  const report = coverageReport(catalogue);
  console.log(opts.json ? JSON.stringify(report, null, 2) : formatCoverage(report));
  process.exit(0);
}

if (opts.engine === 'llm') {
  // The LLM engine calls a model over the network, so its run is asynchronous (llm/eval-llm.ts).
  const { runLlmEvalCommand } = await import('./llm/eval-llm.ts');
  process.exit(await runLlmEvalCommand(opts));
}
if (opts.engine !== 'local') {
  console.error(`Unknown engine "${opts.engine}": use local or llm.`);
  process.exit(2);
}

const engine = createLocalEngine({ catalogue });
const sets: Array<{ name: string; items: ReturnType<typeof loadEvalSet> }> = opts.file
  ? [{ name: basename(opts.file, '.jsonl'), items: loadEvalFile(opts.file) }]
  : (opts.set === 'all' ? evalSetNames() : [opts.set]).map((name) => ({ name, items: loadEvalSet(name) }));
const outcomes = new Map<string, EvalOutcome[]>(sets.map((s) => [s.name, classifyAll(engine, s.items)]));
const reports: EvalReport[] = sets.map((s) =>
  summarise(outcomes.get(s.name) ?? [], s.name, (c) => catalogue.has(c)),
);

if (opts.reliability) {
  const unseen = [...outcomes].filter(([name]) => name !== 'dev');
  const all = unseen.flatMap(([, o]) => o);
  const title = `Reliability of the top answer: ${unseen.map(([n]) => n).join(', ')} (${all.length} descriptions)`;
  writeFileSync(opts.reliability, reliabilitySvg(reliabilityBins(all), title));
}

if (opts.json) {
  console.log(JSON.stringify({ engine: opts.engine, model_version: engine.version, reports }, null, 2));
} else {
  console.log(`engine: ${opts.engine}   model_version: ${engine.version}`);
  for (const r of reports) console.log(`\n${formatReport(r, Number(opts.misses))}`);
  if (opts.reliability) console.log(`\nreliability diagram written to ${opts.reliability}`);
}
