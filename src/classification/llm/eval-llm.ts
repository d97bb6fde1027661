// `npm run eval -- --engine llm`: the labelled sets through the LLM engine, reported with the same
// figures as the local engine (eval.ts), plus what only a model call has: how many answers came from the
// model and how many fell back, why, and the tokens spent. Model calls run a few at a time; the figures
// are computed by the shared summary over the answers, and latency is the real time of each call.
import { ConfigError, loadConfig } from '../../config.ts';
import { getCatalogue } from '../catalogue.ts';
import { createLocalEngine } from '../engine/index.ts';
import {
  type EvalItem,
  type EvalOutcome,
  type EvalReport,
  formatReport,
  loadEvalSet,
  summarise,
} from '../eval.ts';
import { llmEngineFromConfig } from './from-config.ts';
import type { LlmEngine, LlmEngineResult, LlmOutcome } from './llm-engine.ts';

export interface LlmEvalReport extends EvalReport {
  outcomes: Partial<Record<LlmOutcome, number>>;
  failures: Record<string, number>;
  tokens: { prompt: number; completion: number; calls_with_usage: number };
}

const DEFAULT_CONCURRENCY = 4;

export async function runLlmEval(
  engine: LlmEngine,
  items: EvalItem[],
  set: string,
  isKnownCode: (code: string) => boolean,
  concurrency = DEFAULT_CONCURRENCY,
): Promise<LlmEvalReport> {
  // One call per item (a model call costs money, so no warm-up or repeats): its real time is the latency.
  const outcomes: EvalOutcome[] = new Array(items.length);
  const answers: LlmEngineResult[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      const started = performance.now();
      answers[i] = await engine.classify(items[i]);
      outcomes[i] = { item: items[i], ranking: answers[i].ranking, ms: performance.now() - started };
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));

  const counts: LlmEvalReport['outcomes'] = {};
  const failures: Record<string, number> = {};
  const tokens = { prompt: 0, completion: 0, calls_with_usage: 0 };
  for (const a of answers) {
    counts[a.outcome] = (counts[a.outcome] ?? 0) + 1;
    if (a.failure) failures[a.failure.reason] = (failures[a.failure.reason] ?? 0) + 1;
    if (a.usage) {
      tokens.prompt += a.usage.prompt_tokens;
      tokens.completion += a.usage.completion_tokens;
      tokens.calls_with_usage++;
    }
  }
  return { ...summarise(outcomes, set, isKnownCode), outcomes: counts, failures, tokens };
}

export function formatLlmReport(report: LlmEvalReport, missLimit: number): string {
  const outcomes = Object.entries(report.outcomes).map(([k, v]) => `${k} ${v}`);
  const failures = Object.entries(report.failures).map(([k, v]) => `${k} ${v}`);
  const perCall = (n: number) =>
    report.tokens.calls_with_usage ? Math.round(n / report.tokens.calls_with_usage) : 0;
  return [
    // The shared report describes the local engine's repeated timing; here each item is one model call.
    formatReport(report, missLimit).replace(/\(median of 3 runs[^)]*\)/, '(one model call per item)'),
    `answers: ${outcomes.join(', ')}${failures.length ? ` (fell back on: ${failures.join(', ')})` : ''}`,
    `tokens: ${report.tokens.prompt} prompt + ${report.tokens.completion} completion over ${report.tokens.calls_with_usage} calls (${perCall(report.tokens.prompt)} + ${perCall(report.tokens.completion)} per call)`,
  ].join('\n');
}

export interface LlmEvalOptions {
  set: string;
  json?: boolean;
  misses: string;
}

/** The eval command's `--engine llm` branch; reads LLM_* from the environment. Returns the exit code. */
export async function runLlmEvalCommand(opts: LlmEvalOptions): Promise<number> {
  const catalogue = getCatalogue();
  const local = createLocalEngine({ catalogue });
  let engine: LlmEngine | undefined;
  try {
    const config = loadConfig(process.env);
    engine = llmEngineFromConfig({ ...config, CLASSIFIER_ENGINE: 'llm' }, { catalogue, local });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(
      `${error.message}\nSet LLM_BASE_URL and LLM_MODEL (and LLM_API_KEY if the endpoint needs one).`,
    );
    return 2;
  }
  if (!engine) return 2;
  const sets =
    opts.set === 'all' ? (['dev', 'held-out'] as const) : ([opts.set] as Array<'dev' | 'held-out'>);
  const reports: LlmEvalReport[] = [];
  for (const name of sets) {
    reports.push(await runLlmEval(engine, loadEvalSet(name), name, (c) => catalogue.has(c)));
  }
  if (opts.json) {
    console.log(JSON.stringify({ engine: 'llm', model_version: engine.version, reports }, null, 2));
  } else {
    console.log(`engine: llm   model_version: ${engine.version}`);
    for (const r of reports) console.log(`\n${formatLlmReport(r, Number(opts.misses))}`);
  }
  return 0;
}
