// The local engine on worker threads (CLASSIFIER_THREADS): each thread compiles its own copy of the
// engine (engine-worker.ts) and classifies beside the event loop, which meanwhile parses, authenticates
// and answers other requests. The answers are the in-process engine's, byte for byte: the same code on
// the same files, and a thread that reports another version is never used.
//
// The in-process engine stays the fallback, so no request waits on a thread: until one has compiled its
// engine, or when every thread has failed for good, requests are classified in the event loop as they
// would be with CLASSIFIER_THREADS=0. A thread that dies hands its requests back to the in-process
// engine and is replaced on the next request.
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { EngineReply, EngineRequest } from './engine-worker.ts';
import type { ClassificationEngine, ClassifyInput, EngineResult, LocalEngine } from './types.ts';

/** After this many threads have died, classification stays in the event loop (and says so in the log). */
export const MAX_THREAD_FAILURES = 5;

export interface EngineThreadsOptions {
  /** How many threads (at least 1). */
  threads: number;
  /** The in-process engine: its version is the one a thread must report, and it answers meanwhile. */
  local: LocalEngine;
  logger?: Pick<Logger, 'warn' | 'error'>;
  /** The thread's script: engine-worker.ts, or one that runs it and adds a fault (the tests). */
  workerUrl?: URL;
}

export interface EngineThreads extends ClassificationEngine {
  /** Threads that have compiled their engine and take requests now. */
  readonly readyThreads: number;
  /** Resolves once every thread is ready (or has failed): for callers that want the threads warm. */
  warm(): Promise<void>;
  /** Ends the threads; requests in flight are answered in-process. */
  close(): Promise<void>;
}

interface Pending {
  input: ClassifyInput;
  resolve(result: EngineResult): void;
  reject(error: Error): void;
}

interface Thread {
  worker: Worker;
  ready: boolean;
  pending: Map<number, Pending>;
  started: Promise<void>;
}

export function createEngineThreads(options: EngineThreadsOptions): EngineThreads {
  const { local, logger } = options;
  const count = Math.max(1, Math.trunc(options.threads));
  const threads: Array<Thread | undefined> = new Array(count).fill(undefined);
  let nextId = 0;
  let failures = 0;
  /** Set once threads have failed too often, or compiled another engine: classify in-process from then on. */
  let disabled = false;
  let closed = false;

  /** Answers a request in the event loop: before a thread is ready, or after one has died. */
  const inProcess = (p: Pending) => {
    try {
      p.resolve(local.classify(p.input));
    } catch (error) {
      p.reject(error instanceof Error ? error : new Error(String(error)));
    }
  };

  const retire = (slot: number, thread: Thread, reason: string) => {
    if (threads[slot] !== thread) return;
    threads[slot] = undefined;
    thread.worker.removeAllListeners('message');
    if (!closed) {
      failures += 1;
      if (failures >= MAX_THREAD_FAILURES) disabled = true;
      const giveUp = disabled;
      logger?.[giveUp ? 'error' : 'warn'](
        { reason, failures },
        giveUp
          ? 'classification threads keep failing: classifying in the event loop from now on'
          : 'a classification thread stopped: its requests are classified in the event loop',
      );
    }
    const handedBack = [...thread.pending.values()];
    thread.pending.clear();
    for (const p of handedBack) inProcess(p);
  };

  const spawn = (slot: number): Thread => {
    const worker = new Worker(options.workerUrl ?? new URL('./engine-worker.ts', import.meta.url));
    let started!: () => void;
    const thread: Thread = {
      worker,
      ready: false,
      pending: new Map(),
      started: new Promise<void>((resolve) => {
        started = resolve;
      }),
    };
    worker.on('message', (reply: EngineReply) => {
      if ('ready' in reply) {
        if (reply.ready === local.version) thread.ready = true;
        else {
          // Never answer from an engine other than the one the cache keys and model_version name.
          disabled = true;
          retire(slot, thread, `the thread compiled ${reply.ready}, not ${local.version}`);
          void worker.terminate();
        }
        started();
        return;
      }
      const p = thread.pending.get(reply.id);
      if (!p) return;
      thread.pending.delete(reply.id);
      if (thread.pending.size === 0) worker.unref();
      if ('result' in reply) p.resolve(reply.result);
      else p.reject(new Error(reply.error));
    });
    worker.on('error', (error) => {
      retire(slot, thread, error.message);
      started();
    });
    worker.on('exit', (code) => {
      retire(slot, thread, `exit code ${code}`);
      started();
    });
    // An idle thread never keeps the process alive, one with requests in flight does (classify). After
    // the listeners: adding a 'message' listener refers the thread again.
    worker.unref();
    return thread;
  };

  /** The ready thread with the fewest requests in flight; starts missing threads on the way. */
  const pick = (): Thread | undefined => {
    let best: Thread | undefined;
    for (let slot = 0; slot < count; slot++) {
      let thread = threads[slot];
      if (!thread) {
        if (closed || disabled) continue;
        thread = spawn(slot);
        threads[slot] = thread;
      }
      if (thread.ready && (!best || thread.pending.size < best.pending.size)) best = thread;
    }
    return best;
  };

  return {
    version: local.version,
    get readyThreads() {
      return threads.filter((t) => t?.ready).length;
    },
    classify(input) {
      const thread = pick();
      if (!thread) return local.classify(input);
      const id = nextId++;
      return new Promise<EngineResult>((resolve, reject) => {
        const p: Pending = { input, resolve, reject };
        try {
          thread.worker.postMessage({ id, input } satisfies EngineRequest);
        } catch {
          // An input the thread cannot be sent (an HTTP body always can) is classified here.
          inProcess(p);
          return;
        }
        if (thread.pending.size === 0) thread.worker.ref();
        thread.pending.set(id, p);
      });
    },
    async warm() {
      pick();
      await Promise.all(
        threads.map(async (thread) => {
          if (!thread) return;
          // Whoever waits for the threads keeps the process alive meanwhile.
          thread.worker.ref();
          await thread.started;
          if (thread.pending.size === 0) thread.worker.unref();
        }),
      );
    },
    async close() {
      closed = true;
      await Promise.all(
        threads.map(async (thread, slot) => {
          if (!thread) return;
          retire(slot, thread, 'closed');
          await thread.worker.terminate();
        }),
      );
    },
  };
}
