// A worker thread that runs the local engine for engine-threads.ts. Classification is pure CPU work
// (about a tenth of a millisecond); here it runs on another core instead of between the event loop's
// requests. The thread compiles its own engine from the same files, says which version it compiled, and
// then answers each { id, input } with the parts of the result the service keeps.
import { parentPort } from 'node:worker_threads';
import { getCatalogue } from './catalogue.ts';
import { createLocalEngine, warmUp } from './engine/index.ts';
import type { ClassifyInput, EngineResult } from './types.ts';

export interface EngineRequest {
  id: number;
  input: ClassifyInput;
}

export type EngineReply =
  | { ready: string }
  | { id: number; result: EngineResult }
  | { id: number; error: string };

const port = parentPort;
if (!port) throw new Error('engine-worker.ts runs as a worker thread');
const engine = createLocalEngine({ catalogue: getCatalogue() });
warmUp(engine);

port.on('message', ({ id, input }: EngineRequest) => {
  let reply: EngineReply;
  try {
    const r = engine.classify(input);
    // What the classification service stores and answers with; the rest (candidates, corrections, the
    // verdict's reading) serves the LLM engine, which calls its own in-process engine.
    reply = {
      id,
      result: {
        ranking: r.ranking,
        flags: r.flags,
        ...(r.hazardous_substances && { hazardous_substances: r.hazardous_substances }),
        ...(r.model_version && { model_version: r.model_version }),
      },
    };
  } catch (error) {
    reply = { id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  port.postMessage(reply);
});
port.postMessage({ ready: engine.version } satisfies EngineReply);
