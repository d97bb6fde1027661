// The model's answer: the JSON schema sent as structured output, and the checks applied to whatever comes
// back. Endpoints differ in how strictly they enforce a schema (OpenAI strict mode does; some local
// servers only try), so nothing the model says is trusted: every code must be in the List of Wastes AND
// in the candidate list we sent, and anything else is dropped, never returned.
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { normaliseCode } from '../catalogue.ts';

export const FITS = ['certain', 'likely', 'possible'] as const;
export type Fit = (typeof FITS)[number];

export interface ModelPick {
  ewc_code: string;
  fit: Fit;
  reasoning: string;
}

export interface CheckedAnswer {
  picks: ModelPick[];
  /** Codes the model returned that were not in the catalogue or not among the candidates. */
  dropped: string[];
}

/** The answer makes no usable sense: not JSON, the wrong shape, or no code that survives the checks. */
export class NonsenseAnswerError extends Error {
  readonly dropped: string[];
  constructor(message: string, dropped: string[] = []) {
    super(message);
    this.name = 'NonsenseAnswerError';
    this.dropped = dropped;
  }
}

const MAX_PICKS = 5;
const MAX_REASONING = 800;

/**
 * The structured-output schema. Strict mode (OpenAI) needs every property required and no extra
 * properties; the enum of candidate codes lets endpoints that enforce schemas rule out other codes while
 * decoding. Length limits are checked after, as not every endpoint accepts them in a schema.
 */
export function answerJsonSchema(candidateCodes: readonly string[]): Record<string, unknown> {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['classifications'],
    properties: {
      classifications: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['ewc_code', 'fit', 'reasoning'],
          properties: {
            ewc_code: { type: 'string', enum: [...candidateCodes] },
            fit: { type: 'string', enum: [...FITS] },
            reasoning: { type: 'string' },
          },
        },
      },
    },
  };
}

const AnswerShape = Type.Object({
  classifications: Type.Array(
    Type.Object({ ewc_code: Type.String(), fit: Type.String(), reasoning: Type.String() }),
  ),
});

/** Some servers wrap JSON in a Markdown fence even when asked not to; the fence is not part of it. */
function unfence(content: string): string {
  const fenced = /^\s*```(?:json)?\s*\n([\s\S]*?)\n\s*```\s*$/.exec(content);
  return fenced ? fenced[1] : content;
}

export function checkAnswer(content: string, candidates: ReadonlySet<string>): CheckedAnswer {
  let parsed: unknown;
  try {
    parsed = JSON.parse(unfence(content));
  } catch {
    throw new NonsenseAnswerError('the model answer is not valid JSON');
  }
  if (!Value.Check(AnswerShape, parsed)) {
    throw new NonsenseAnswerError('the model answer does not follow the answer schema');
  }
  const picks: ModelPick[] = [];
  const dropped: string[] = [];
  for (const raw of parsed.classifications) {
    const code = normaliseCode(raw.ewc_code);
    // Only codes we offered: the candidate list holds catalogue codes only, so this checks both.
    if (!code || !candidates.has(code)) {
      dropped.push(raw.ewc_code.slice(0, 20));
      continue;
    }
    if (picks.some((p) => p.ewc_code === code)) continue;
    const reasoning = raw.reasoning.trim().slice(0, MAX_REASONING);
    const fit = (FITS as readonly string[]).includes(raw.fit) ? (raw.fit as Fit) : 'possible';
    picks.push({ ewc_code: code, fit, reasoning });
  }
  // An empty list is an answer ("none of these fits"); a list of nothing but invented codes is not.
  if (picks.length === 0 && dropped.length > 0) {
    throw new NonsenseAnswerError('every code in the model answer was outside the candidate list', dropped);
  }
  return { picks: picks.slice(0, MAX_PICKS), dropped };
}
