import { Writable } from 'node:stream';
import pino, { type Logger } from 'pino';
import { getCatalogue } from '../../../src/classification/catalogue.ts';
import { createLocalEngine } from '../../../src/classification/engine/index.ts';
import { ChatClient, type ChatClientOptions } from '../../../src/classification/llm/chat-client.ts';
import { createLlmEngine, type LlmEngine } from '../../../src/classification/llm/llm-engine.ts';
import type { LocalEngine } from '../../../src/classification/types.ts';

export const API_KEY = 'sk-test-9f8e7d6c5b4a3210-secret';
export const catalogue = getCatalogue();
let local: LocalEngine | undefined;

/** The real local engine (its knowledge is compiled once per test file). */
export function localEngine(): LocalEngine {
  local ??= createLocalEngine({ catalogue });
  return local;
}

export interface CapturedLog {
  logger: Logger;
  text(): string;
}

/** A pino logger writing JSON lines into memory, as production would write them to stdout. */
export function capturedLog(): CapturedLog {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: pino({ level: 'debug' }, stream), text: () => lines.join('') };
}

/** An LLM engine against `baseUrl` with fast retries, so failure tests do not wait for real backoff. */
export function llmEngine(
  baseUrl: string,
  options: Partial<ChatClientOptions> & { onFailure?: 'fallback' | 'error'; logger?: Logger } = {},
): LlmEngine {
  const { onFailure = 'fallback', logger, ...clientOptions } = options;
  const client = new ChatClient({
    baseUrl,
    apiKey: API_KEY,
    model: 'test-model',
    timeoutMs: 2_000,
    retryBaseMs: 5,
    ...clientOptions,
  });
  return createLlmEngine({ catalogue, local: localEngine(), client, onFailure, logger });
}
