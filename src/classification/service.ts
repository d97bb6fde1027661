// The classification service: POST /v1/classify-waste and the transfer-note capability call this.
// It caches the engine's FULL ranking for 7 days, keyed on a hash of the exact description,
// source_industry and additional_context (docs/decisions.md: the context can change the answer, so it
// belongs in the key) and on the engine version (an answer from an older engine is never served), and
// cuts the ranking to max_results on the way out.
import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import type { KeyMode } from '../accounts/api-key-format.ts';
import type { Cache } from '../platform/cache.ts';
import type { Clock } from '../platform/clock.ts';
import { ApiError } from '../platform/errors.ts';
import { assessmentFor } from './assessment.ts';
import { type Catalogue, getCatalogue } from './catalogue.ts';
import { createLocalEngine } from './engine/index.ts';
import { disposalNotes } from './guidance.ts';
import { FLAGS } from './knowledge/types.ts';
import type {
  Classification,
  ClassificationEngine,
  ClassificationResponse,
  ClassifyInput,
  Compliance,
  RankedClassification,
} from './types.ts';

export type { ClassificationResponse, ClassifyInput } from './types.ts';

export const CACHE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const DEFAULT_MAX_RESULTS = 3;
export const MAX_RESULTS = 5;
/** Below this top confidence the answer is flagged LOW_CONFIDENCE (issue 4). */
export const LOW_CONFIDENCE_THRESHOLD = 0.7;

export interface ClassificationServiceOptions {
  cache: Cache;
  clock: Clock;
  /** Defaults to the local engine. */
  engine?: ClassificationEngine;
  /**
   * The engine for test keys (`wcs_test_`), which are never billed and must not spend a paid model
   * call: defaults to `engine`. With the LLM engine configured, pass the local engine here.
   */
  testEngine?: ClassificationEngine;
  catalogue?: Catalogue;
  /** Where an engine failure is recorded (the client only sees CLASSIFICATION_FAILED). */
  logger?: Pick<Logger, 'error'>;
}

export interface ClassificationService {
  readonly modelVersion: string;
  /**
   * Ranked codes (at most maxResults, 1-5, default 3) with compliance guidance; `mode` picks the engine:
   * only `live` reaches `engine`. Test keys, and callers that give no mode (another capability calling
   * directly), use the test engine, so nothing spends a paid model call unless a live key asked for it.
   * Throws ApiError CLASSIFICATION_FAILED.
   */
  classify(input: ClassifyInput, maxResults?: number, mode?: KeyMode): Promise<ClassificationResponse>;
}

interface CachedAnswer {
  ranking: RankedClassification[];
  flags: string[];
  hazardous_substances?: string[];
  model_version: string;
  classified_at: string;
}

/** The cache key: the exact texts as given (no trimming or case folding) and the engine version. */
export function cacheKey(input: ClassifyInput, engineVersion: string): string {
  const material = JSON.stringify([
    engineVersion,
    input.description,
    input.source_industry ?? null,
    input.additional_context ?? null,
    // Added only when given, so the keys of answers cached before the field existed still match.
    ...(input.assessment ? [input.assessment] : []),
  ]);
  return createHash('sha256').update(material).digest('hex');
}

const FLAG_ORDER = new Map<string, number>(FLAGS.map((f, i) => [f, i]));

function publicFields(r: RankedClassification): Classification {
  return {
    ewc_code: r.ewc_code,
    description: r.description,
    chapter: r.chapter,
    is_hazardous: r.is_hazardous,
    confidence: r.confidence,
    reasoning: r.reasoning,
  };
}

const NO_CODE_NOTE =
  'No List of Wastes code could be chosen from this description. Say what the waste is, the process or premises that produced it, and any contamination; until it is coded it cannot go on a transfer note.';

/** Compliance of the answer as returned (after the cut to max_results). */
export function complianceFor(
  answer: Pick<CachedAnswer, 'ranking' | 'flags' | 'hazardous_substances'>,
  returned: RankedClassification[],
  catalogue: Catalogue,
): Compliance {
  const top = returned[0];
  const flags = new Set<string>(answer.flags);
  // The question is read from the full ranking, so a partner cut by max_results can still be named.
  const assessment = assessmentFor(answer.ranking, flags, catalogue);
  if (assessment) flags.add('ASSESSMENT_NEEDED');
  if (!top || top.confidence < LOW_CONFIDENCE_THRESHOLD) flags.add('LOW_CONFIDENCE');
  if (top) {
    for (const f of top.flags) flags.add(f);
    if (top.mirror_undecided) flags.add('MIRROR_ENTRY_ASSESSMENT_REQUIRED');
  }
  // A possible asbestos code anywhere in the answer is worth saying (asbestos is never a guess to ignore).
  if (returned.some((r) => r.flags.includes('ASBESTOS'))) flags.add('ASBESTOS');
  const entry = top ? catalogue.get(top.ewc_code) : undefined;
  return {
    hazardous_waste: returned.some((r) => r.is_hazardous),
    flags: [...flags].sort(
      (a, b) => (FLAG_ORDER.get(a) ?? 99) - (FLAG_ORDER.get(b) ?? 99) || a.localeCompare(b),
    ),
    hazardous_substances: answer.hazardous_substances ?? [],
    disposal_notes: entry && top ? disposalNotes(entry, top.notes, top.mirror_undecided) : NO_CODE_NOTE,
    requires_consignment_note: top?.is_hazardous ?? false,
    assessment_needed: assessment,
  };
}

function clampResults(maxResults: number | undefined): number {
  const n = Math.trunc(maxResults ?? DEFAULT_MAX_RESULTS);
  return Math.min(MAX_RESULTS, Math.max(1, Number.isFinite(n) ? n : DEFAULT_MAX_RESULTS));
}

export function createClassificationService(options: ClassificationServiceOptions): ClassificationService {
  const catalogue = options.catalogue ?? getCatalogue();
  const engine: ClassificationEngine = options.engine ?? createLocalEngine({ catalogue });
  const testEngine = options.testEngine ?? engine;
  const { cache, clock } = options;

  const compute = async (engine: ClassificationEngine, input: ClassifyInput): Promise<CachedAnswer> => {
    try {
      const result = await engine.classify(input);
      return {
        ranking: result.ranking,
        flags: [...result.flags],
        hazardous_substances: [...(result.hazardous_substances ?? [])],
        model_version: result.model_version ?? engine.version,
        classified_at: clock.now().toISOString(),
      };
    } catch (error) {
      if (error instanceof ApiError) throw error;
      options.logger?.error({ err: error }, 'classification engine failed');
      throw new ApiError('CLASSIFICATION_FAILED');
    }
  };

  return {
    modelVersion: engine.version,
    async classify(input, maxResults, mode) {
      const chosen = mode === 'live' ? engine : testEngine;
      const key = cacheKey(input, chosen.version);
      let answer = await cache.get<CachedAnswer>(key);
      const cached = answer !== undefined;
      if (!answer) {
        answer = await compute(chosen, input);
        // An answer from a fallback engine is not pinned for a week: the next call tries again.
        if (answer.model_version === chosen.version) await cache.set(key, answer, CACHE_TTL_MS);
      }
      const returned = answer.ranking.slice(0, clampResults(maxResults));
      return {
        classifications: returned.map(publicFields),
        compliance: complianceFor(answer, returned, catalogue),
        metadata: { classified_at: answer.classified_at, model_version: answer.model_version, cached },
      };
    },
  };
}
