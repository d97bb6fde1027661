// A PDF thread for pdf-threads.ts: prints one note at a time with the renderer it is named (a module of
// this service and the name it exports), while the event loop answers other requests.
import { parentPort } from 'node:worker_threads';

export interface RenderRequest {
  id: number;
  module: string;
  name: string;
  args: unknown[];
}

export type RenderReply = { id: number; pdf: Uint8Array } | { id: number; error: string };

type Draw = (...args: unknown[]) => Promise<Uint8Array>;

const port = parentPort;
if (!port) throw new Error('pdf-worker.ts runs as a worker thread');

port.on('message', async ({ id, module, name, args }: RenderRequest) => {
  let reply: RenderReply;
  try {
    const draw = (await import(module))[name] as Draw | undefined;
    if (typeof draw !== 'function') throw new Error(`${module} exports no renderer ${name}`);
    reply = { id, pdf: await draw(...args) };
  } catch (error) {
    reply = { id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  port.postMessage(reply);
});
