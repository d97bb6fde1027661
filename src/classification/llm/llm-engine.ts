// The LLM classification engine: the local engine proposes candidates, an OpenAI-compatible model
// chooses, ranks and explains them under a JSON schema, every code is checked against the catalogue and
// the candidate list, and confidence is combined with the local evidence. When the model fails or answers
// nonsense, the local engine's answer is returned with LLM_UNAVAILABLE_LOCAL_RESULT, or (with
// LLM_ON_FAILURE=error) the call fails with CLASSIFICATION_FAILED.
import type { Logger } from 'pino';
import { ApiError } from '../../platform/errors.ts';
import type { Catalogue } from '../catalogue.ts';
import { createLegalTextIndex, type LegalTextIndex } from '../engine/legal-text.ts';
import type { Flag } from '../knowledge/types.ts';
import type { ClassificationEngine, ClassifyInput, EngineResult, LocalEngine } from '../types.ts';
import { answerJsonSchema, checkAnswer, NonsenseAnswerError } from './answer.ts';
import { type Candidate, formatCandidates, proposeCandidates } from './candidates.ts';
import { type ChatClient, type ChatUsage, LlmCallError } from './chat-client.ts';
import { loadPrompt, type PromptTemplate, renderUserMessage } from './prompt.ts';
import { modelRanking, noneFitsRanking } from './ranking.ts';

/** The answer is the local engine's because the model failed or gave no usable answer. */
export const LLM_FALLBACK_FLAG = 'LLM_UNAVAILABLE_LOCAL_RESULT';

export type LlmOutcome = 'model' | 'model_none_fit' | 'fallback' | 'no_candidates';

export interface LlmEngineResult extends Omit<EngineResult, 'flags'> {
  flags: Array<Flag | typeof LLM_FALLBACK_FLAG>;
  /** The label of whatever produced this answer: the combined label, or the local one on fallback. */
  model_version: string;
  outcome: LlmOutcome;
  usage: ChatUsage | null;
  /** Why the model's answer was not used, when it was not. */
  failure?: { reason: string; message: string };
}

export interface LlmEngineOptions {
  catalogue: Catalogue;
  local: LocalEngine;
  client: ChatClient;
  onFailure: 'fallback' | 'error';
  prompt?: PromptTemplate;
  logger?: Logger;
}

export interface LlmEngine extends ClassificationEngine {
  /** Names both engines, the model and the prompt version. */
  readonly version: string;
  readonly localVersion: string;
  classify(input: ClassifyInput): Promise<LlmEngineResult>;
}

const quoted = (value: string | undefined) => (value ? JSON.stringify(value) : '(not given)');

export function createLlmEngine(options: LlmEngineOptions): LlmEngine {
  const { catalogue, local, client, logger } = options;
  const prompt = options.prompt ?? loadPrompt();
  const legalText: LegalTextIndex = createLegalTextIndex(catalogue);
  const version = `llm:${client.model}+prompt:${prompt.label}+${local.version}`;

  const fallback = (localResult: EngineResult, error: Error): LlmEngineResult => {
    const reason = error instanceof LlmCallError ? error.reason : 'nonsense_answer';
    const dropped = error instanceof NonsenseAnswerError ? error.dropped : undefined;
    logger?.warn(
      { llm_failure: reason, status: (error as LlmCallError).status, dropped_codes: dropped },
      `LLM classification failed: ${error.message}`,
    );
    if (options.onFailure === 'error') {
      throw new ApiError(
        'CLASSIFICATION_FAILED',
        'The language model did not give a usable answer. Try again.',
      );
    }
    return {
      ranking: localResult.ranking,
      flags: [...localResult.flags, LLM_FALLBACK_FLAG],
      hazardous_substances: localResult.hazardous_substances,
      model_version: local.version,
      outcome: 'fallback',
      usage: null,
      failure: { reason, message: error.message },
    };
  };

  const ask = async (input: ClassifyInput, candidates: Candidate[]) => {
    const codes = candidates.map((c) => c.entry.code);
    const answer = await client.complete({
      messages: [
        { role: 'system', content: prompt.system },
        {
          role: 'user',
          content: renderUserMessage(prompt, {
            description: quoted(input.description),
            source_industry: quoted(input.source_industry),
            additional_context: quoted(input.additional_context),
            candidates: formatCandidates(candidates, catalogue),
          }),
        },
      ],
      temperature: prompt.temperature,
      maxTokens: prompt.maxTokens,
      schema: { name: 'waste_classification', schema: answerJsonSchema(codes) },
    });
    return { checked: checkAnswer(answer.content, new Set(codes)), usage: answer.usage };
  };

  return {
    version,
    localVersion: local.version,
    async classify(input) {
      const localResult = local.classify(input);
      const candidates = proposeCandidates(
        input,
        localResult.ranking,
        catalogue,
        legalText,
        undefined,
        localResult.candidates,
      );
      // Nothing to choose from (no word of the description relates to any entry): no call is made.
      if (candidates.length === 0) {
        return { ...localResult, model_version: local.version, outcome: 'no_candidates', usage: null };
      }
      let reply: Awaited<ReturnType<typeof ask>>;
      try {
        reply = await ask(input, candidates);
      } catch (error) {
        if (error instanceof LlmCallError || error instanceof NonsenseAnswerError) {
          return fallback(localResult, error);
        }
        throw error;
      }
      const { checked, usage } = reply;
      if (checked.dropped.length > 0) {
        logger?.warn({ dropped_codes: checked.dropped }, 'LLM answer named codes outside the candidates');
      }
      const byCode = new Map(candidates.map((c) => [c.entry.code, c]));
      const noneFit = checked.picks.length === 0;
      return {
        ranking: noneFit
          ? noneFitsRanking(localResult.ranking)
          : modelRanking(checked.picks, byCode, localResult.ranking),
        flags: localResult.flags,
        hazardous_substances: localResult.hazardous_substances,
        model_version: version,
        outcome: noneFit ? 'model_none_fit' : 'model',
        usage,
      };
    },
  };
}
