// Evaluation of a classification engine against the labelled sets in data/eval/: top-1, top-3, the
// hazardous flag of the top answer, accuracy per confidence band, per chapter, and the worst misses.
// dev.jsonl is the development set; held-out.jsonl was written last and is never tuned on.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { LocalEngine } from './types.ts';

export interface EvalItem {
  id: string;
  description: string;
  source_industry?: string;
  additional_context?: string;
  expected_code: string;
  expected_hazardous: boolean;
  source: string;
  section: string;
  /** Blind batches say how hard each item is: easy, medium or hard. */
  difficulty?: string;
}

export interface BandStats {
  band: string;
  count: number;
  correct: number;
  accuracy: number | null;
}

export interface Miss {
  id: string;
  description: string;
  source_industry?: string;
  additional_context?: string;
  expected: string;
  got: string | null;
  confidence: number;
  in_top3: boolean;
}

export interface EvalReport {
  set: string;
  count: number;
  top1: number;
  top3: number;
  hazardous_flag: number;
  outside_catalogue: number;
  /** Hazardous wastes whose top answer was non-hazardous: the legal failure that matters most. */
  hazardous_missed: number;
  /** Non-hazardous items answered with a hazardous top code (over-cautious). */
  over_cautious: number;
  /** Hazardous items in the set (the base of hazardous_missed). */
  hazardous_items: number;
  bands: BandStats[];
  difficulty: Array<{ difficulty: string; count: number; top1: number; top3: number }>;
  chapters: Array<{ chapter: string; count: number; top1: number; top3: number }>;
  worst_misses: Miss[];
  latency_ms: { p50: number; p99: number; max: number };
}

export const EVAL_DIR = fileURLToPath(new URL('../../data/eval/', import.meta.url));

/** The labelled sets in data/eval/: dev (tuned on), held-out, and blind batches once scored. */
export function evalSetNames(): string[] {
  const names = readdirSync(EVAL_DIR)
    .filter((f) => f.endsWith('.jsonl'))
    .map((f) => f.slice(0, -'.jsonl'.length));
  const rank = (n: string) => (n === 'dev' ? 0 : n === 'held-out' ? 1 : 2);
  return names.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

export function loadEvalSet(name: string): EvalItem[] {
  return loadEvalFile(`${EVAL_DIR}${name}.jsonl`);
}

export function loadEvalFile(path: string): EvalItem[] {
  const text = readFileSync(path, 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as EvalItem);
}

const BANDS: Array<{ band: string; test: (c: number) => boolean }> = [
  { band: '>=0.9', test: (c) => c >= 0.9 },
  { band: '0.7-0.9', test: (c) => c >= 0.7 && c < 0.9 },
  { band: '<0.7', test: (c) => c < 0.7 },
];

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const ratio = (n: number, d: number) => (d === 0 ? 0 : Math.round((n / d) * 10000) / 10000);

/** One description's answer, as any engine gives it. */
export interface EvalOutcome {
  item: EvalItem;
  ranking: ReadonlyArray<{ ewc_code: string; is_hazardous: boolean; confidence: number }>;
  ms: number;
}

export function runEval(
  engine: LocalEngine,
  items: EvalItem[],
  set: string,
  isKnownCode: (code: string) => boolean,
  options: { timed?: boolean } = {},
): EvalReport {
  return summarise(classifyAll(engine, items, options.timed ?? true), set, isKnownCode);
}

/** Every item's answer and, when `timed`, its time (untimed: each item classified once, ms 0). */
export function classifyAll(engine: LocalEngine, items: EvalItem[], timed = true): EvalOutcome[] {
  if (!timed) return items.map((item) => ({ item, ranking: engine.classify(item).ranking, ms: 0 }));
  // Latency: one warm-up pass, then the median of three timings per item, so that a busy machine's
  // scheduling pauses are not counted as the engine's cost (the benchmark measures throughput).
  for (const item of items) engine.classify(item);
  return items.map((item) => {
    const runs: number[] = [];
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      engine.classify(item);
      runs.push(performance.now() - started);
    }
    return { item, ranking: engine.classify(item).ranking, ms: runs.sort((a, b) => a - b)[1] };
  });
}

function missOf(o: EvalOutcome, inTop3: boolean): Miss {
  return {
    id: o.item.id,
    description: o.item.description,
    source_industry: o.item.source_industry,
    additional_context: o.item.additional_context,
    expected: o.item.expected_code,
    got: o.ranking[0]?.ewc_code ?? null,
    confidence: o.ranking[0]?.confidence ?? 0,
    in_top3: inTop3,
  };
}

/** The report's figures from the engine's answers. */
export function summarise(
  outcomes: EvalOutcome[],
  set: string,
  isKnownCode: (code: string) => boolean,
): EvalReport {
  const n = outcomes.length;
  const bands = BANDS.map((b) => ({ ...b, count: 0, correct: 0 }));
  const chapters = new Map<string, { count: number; top1: number; top3: number }>();
  const misses: Miss[] = [];
  let top1 = 0;
  let top3 = 0;
  let hazardous = 0;
  let outside = 0;
  let hazardousMissed = 0;
  let overCautious = 0;
  let hazardousItems = 0;
  const difficulty = new Map<string, { count: number; top1: number; top3: number }>();
  for (const o of outcomes) {
    const codes = o.ranking.map((r) => r.ewc_code);
    const top = o.ranking[0];
    const right = top?.ewc_code === o.item.expected_code;
    const inTop3 = codes.slice(0, 3).includes(o.item.expected_code);
    outside += codes.filter((c) => !isKnownCode(c)).length;
    top1 += right ? 1 : 0;
    top3 += inTop3 ? 1 : 0;
    hazardous += top && top.is_hazardous === o.item.expected_hazardous ? 1 : 0;
    if (o.item.expected_hazardous && !top?.is_hazardous) hazardousMissed++;
    if (!o.item.expected_hazardous && top?.is_hazardous) overCautious++;
    if (o.item.expected_hazardous) hazardousItems++;
    if (o.item.difficulty) {
      const d = difficulty.get(o.item.difficulty) ?? { count: 0, top1: 0, top3: 0 };
      d.count++;
      d.top1 += right ? 1 : 0;
      d.top3 += inTop3 ? 1 : 0;
      difficulty.set(o.item.difficulty, d);
    }
    const band = bands.find((b) => b.test(top?.confidence ?? 0));
    if (band) {
      band.count++;
      band.correct += right ? 1 : 0;
    }
    const stats = chapters.get(o.item.expected_code.slice(0, 2)) ?? { count: 0, top1: 0, top3: 0 };
    stats.count++;
    stats.top1 += right ? 1 : 0;
    stats.top3 += inTop3 ? 1 : 0;
    chapters.set(o.item.expected_code.slice(0, 2), stats);
    if (!right) misses.push(missOf(o, inTop3));
  }
  const times = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  const ms = (x: number) => Math.round(x * 1000) / 1000;
  return {
    set,
    count: n,
    top1: ratio(top1, n),
    top3: ratio(top3, n),
    hazardous_flag: ratio(hazardous, n),
    outside_catalogue: outside,
    hazardous_missed: hazardousMissed,
    over_cautious: overCautious,
    hazardous_items: hazardousItems,
    difficulty: [...difficulty].map(([d, x]) => ({
      difficulty: d,
      count: x.count,
      top1: ratio(x.top1, x.count),
      top3: ratio(x.top3, x.count),
    })),
    bands: bands.map((b) => ({
      band: b.band,
      count: b.count,
      correct: b.correct,
      accuracy: b.count ? ratio(b.correct, b.count) : null,
    })),
    chapters: [...chapters.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([chapter, s]) => ({
        chapter,
        count: s.count,
        top1: ratio(s.top1, s.count),
        top3: ratio(s.top3, s.count),
      })),
    worst_misses: misses.sort((a, b) => b.confidence - a.confidence || a.id.localeCompare(b.id)),
    latency_ms: {
      p50: ms(percentile(times, 50)),
      p99: ms(percentile(times, 99)),
      max: ms(times.at(-1) ?? 0),
    },
  };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export function formatReport(report: EvalReport, missLimit = 15): string {
  const lines = [
    `== ${report.set}: ${report.count} descriptions ==`,
    `top-1 ${pct(report.top1)}   top-3 ${pct(report.top3)}   hazardous flag of top answer ${pct(report.hazardous_flag)}   hazardous missed ${report.hazardous_missed} of ${report.hazardous_items}   over-cautious ${report.over_cautious}   codes outside the catalogue ${report.outside_catalogue}`,
    ...report.difficulty.map(
      (d) =>
        `  ${d.difficulty.padEnd(7)} n=${String(d.count).padStart(3)}  top-1 ${pct(d.top1).padStart(6)}  top-3 ${pct(d.top3).padStart(6)}`,
    ),
    'confidence bands (top answer):',
    ...report.bands.map(
      (b) =>
        `  ${b.band.padEnd(8)} ${String(b.count).padStart(4)} answers, ${String(b.correct).padStart(4)} right${b.accuracy === null ? '' : ` (${pct(b.accuracy)})`}`,
    ),
    'per chapter (expected code):',
    ...report.chapters.map(
      (c) =>
        `  ${c.chapter}  n=${String(c.count).padStart(3)}  top-1 ${pct(c.top1).padStart(6)}  top-3 ${pct(c.top3).padStart(6)}`,
    ),
    `latency per uncached classification (median of 3 runs per item, after warm-up): p50 ${report.latency_ms.p50} ms, p99 ${report.latency_ms.p99} ms, max ${report.latency_ms.max} ms`,
    `worst misses (highest confidence first, ${Math.min(missLimit, report.worst_misses.length)} of ${report.worst_misses.length}):`,
    ...report.worst_misses.slice(0, missLimit).map((m) => {
      const input = [
        m.description,
        m.source_industry && `industry: ${m.source_industry}`,
        m.additional_context && `context: ${m.additional_context}`,
      ]
        .filter(Boolean)
        .join(' | ');
      return `  ${m.id} expected ${m.expected} got ${m.got ?? 'nothing'} @${m.confidence.toFixed(2)}${m.in_top3 ? ' (in top 3)' : ''}  ${input}`;
    }),
  ];
  return lines.join('\n');
}
