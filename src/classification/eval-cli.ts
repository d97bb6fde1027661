// `npm run eval`: evaluates a classification engine on the development and held-out sets.
// Usage: node src/classification/eval-cli.ts [--engine local|llm] [--json] [--misses N] [--set dev|held-out|all]
import { Command } from 'commander';
import { getCatalogue } from './catalogue.ts';
import { createLocalEngine } from './engine/index.ts';
import { type EvalReport, formatReport, loadEvalSet, runEval } from './eval.ts';

const program = new Command()
  .name('eval')
  .description('Evaluate waste classification on the labelled sets in data/eval/')
  .option('--engine <engine>', 'local or llm', 'local')
  .option('--json', 'print the report as JSON')
  .option('--misses <n>', 'how many worst misses to list', '15')
  .option('--set <set>', 'dev, held-out or all', 'all');
program.parse();
const opts = program.opts<{ engine: string; json?: boolean; misses: string; set: string }>();

if (opts.engine === 'llm') {
  // The LLM engine calls a model over the network, so its run is asynchronous (llm/eval-llm.ts).
  const { runLlmEvalCommand } = await import('./llm/eval-llm.ts');
  process.exit(await runLlmEvalCommand(opts));
}
if (opts.engine !== 'local') {
  console.error(`Unknown engine "${opts.engine}": use local or llm.`);
  process.exit(2);
}

const catalogue = getCatalogue();
const engine = createLocalEngine({ catalogue });
const sets = opts.set === 'all' ? (['dev', 'held-out'] as const) : ([opts.set] as Array<'dev' | 'held-out'>);
const reports: EvalReport[] = sets.map((name) =>
  runEval(engine, loadEvalSet(name), name, (c) => catalogue.has(c)),
);

if (opts.json) {
  console.log(JSON.stringify({ engine: opts.engine, model_version: engine.version, reports }, null, 2));
} else {
  console.log(`engine: ${opts.engine}   model_version: ${engine.version}`);
  for (const r of reports) console.log(`\n${formatReport(r, Number(opts.misses))}`);
}
