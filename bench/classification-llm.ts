// The LLM engine's own cost, apart from the model: candidate proposal, prompt, one HTTP round trip to a
// model on loopback that answers at once, and the checks on its answer, next to the local engine alone
// on the same descriptions. What a real model adds on top is its own latency (docs/llm-engine.md).
import { getCatalogue } from '../src/classification/catalogue.ts';
import { createLocalEngine } from '../src/classification/engine/index.ts';
import { loadEvalSet } from '../src/classification/eval.ts';
import { ChatClient } from '../src/classification/llm/chat-client.ts';
import { createLlmEngine } from '../src/classification/llm/llm-engine.ts';
import { FakeOpenAi, offeredCodes } from '../test/classification/llm/fake-openai.ts';
import type { BenchMeasurement } from './scenario.ts';

const ROUNDS = 3;

function percentiles(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
  return `p50 ${at(0.5).toFixed(2)} ms  p99 ${at(0.99).toFixed(2)} ms`;
}

async function measure(): Promise<string> {
  const fake = (await new FakeOpenAi().start()).unref();
  fake.defaultReply = {
    kind: 'choose',
    pick: (request) => ({
      classifications: [{ ewc_code: offeredCodes(request)[0], fit: 'certain', reasoning: 'Agrees.' }],
    }),
  };
  try {
    const catalogue = getCatalogue();
    const local = createLocalEngine({ catalogue });
    const client = new ChatClient({ baseUrl: fake.url, model: 'bench', timeoutMs: 5_000 });
    const engine = createLlmEngine({ catalogue, local, client, onFailure: 'error' });
    const items = loadEvalSet('dev');
    const localTimes: number[] = [];
    const llmTimes: number[] = [];
    let promptChars = 0;
    // Round 0 warms the JIT and the HTTP connection pool and is not counted.
    for (let round = 0; round <= ROUNDS; round++) {
      for (const item of items) {
        if (round === 0) {
          local.classify(item);
          await engine.classify(item);
          continue;
        }
        let started = performance.now();
        local.classify(item);
        localTimes.push(performance.now() - started);
        started = performance.now();
        await engine.classify(item);
        llmTimes.push(performance.now() - started);
      }
    }
    for (const r of fake.requests.slice(-items.length)) {
      promptChars += r.body.messages.reduce((sum, m) => sum + m.content.length, 0);
    }
    const meanPrompt = Math.round(promptChars / items.length);
    return `llm engine ${percentiles(llmTimes)} | local alone ${percentiles(localTimes)} | prompt ${meanPrompt} chars (~${Math.round(meanPrompt / 4)} tokens)`;
  } finally {
    await fake.stop();
  }
}

export const measurements: BenchMeasurement[] = [{ name: 'classify llm engine overhead', run: measure }];
