// Builds the LLM engine from the settings (CLASSIFIER_ENGINE=llm with LLM_BASE_URL, LLM_MODEL, optional
// LLM_API_KEY, LLM_TIMEOUT_MS, LLM_ON_FAILURE). Checked at start, so a half-configured engine stops the
// service with a clear message instead of failing every classification later.
import type { Logger } from 'pino';
import { type Config, ConfigError } from '../../config.ts';
import type { Catalogue } from '../catalogue.ts';
import { createLocalEngine } from '../engine/index.ts';
import type { ClassificationEngine, LocalEngine } from '../types.ts';
import { ChatClient } from './chat-client.ts';
import { createLlmEngine, type LlmEngine } from './llm-engine.ts';

export type LlmSettings = Pick<
  Config,
  'CLASSIFIER_ENGINE' | 'LLM_BASE_URL' | 'LLM_API_KEY' | 'LLM_MODEL' | 'LLM_TIMEOUT_MS' | 'LLM_ON_FAILURE'
>;

/** The LLM engine when CLASSIFIER_ENGINE=llm, else undefined (the local engine answers alone). */
export function llmEngineFromConfig(
  config: LlmSettings,
  deps: { catalogue: Catalogue; local: LocalEngine; logger?: Logger },
): LlmEngine | undefined {
  if (config.CLASSIFIER_ENGINE !== 'llm') return undefined;
  const missing = (['LLM_BASE_URL', 'LLM_MODEL'] as const).filter((name) => !config[name]);
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n${missing.map((name) => `  ${name}: required when CLASSIFIER_ENGINE=llm`).join('\n')}`,
    );
  }
  const client = new ChatClient({
    baseUrl: config.LLM_BASE_URL as string,
    apiKey: config.LLM_API_KEY,
    model: config.LLM_MODEL as string,
    timeoutMs: config.LLM_TIMEOUT_MS,
  });
  return createLlmEngine({
    catalogue: deps.catalogue,
    local: deps.local,
    client,
    onFailure: config.LLM_ON_FAILURE,
    logger: deps.logger,
  });
}

/**
 * The engines for the classification service: with CLASSIFIER_ENGINE=llm, the LLM engine answers live
 * keys and the local engine test keys (a test key must never cost a model call); otherwise the local
 * engine answers both. One local engine is shared, so its knowledge is compiled once.
 */
export function classificationEngines(
  config: LlmSettings,
  deps: { catalogue: Catalogue; logger?: Logger },
): { engine: ClassificationEngine | LlmEngine; testEngine: LocalEngine } {
  const local = createLocalEngine({ catalogue: deps.catalogue });
  const llm = llmEngineFromConfig(config, { ...deps, local });
  return { engine: llm ?? local, testEngine: local };
}
