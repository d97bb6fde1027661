import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { RenderReply, RenderRequest } from './pdf-worker.ts';

/**
 * PDFs are laid out synchronously, and the longest note the API accepts (100 lines at every field's
 * limit, about 0.9 MB) takes most of a second of CPU: in the event loop that is a second in which no
 * other request, /health included, is answered, and four at once are four seconds. So a note with much
 * text prints on a PDF thread while the event loop goes on answering; a note with little (nearly all of
 * them, a few milliseconds each) prints in the event loop, where it needs no copying and never waits
 * behind a long one. Both run the same renderer on the same note, so the bytes are the same.
 */

/** What printing a note takes besides the note: the signatures drawn by hand, by part or party. */
export interface PrintOptions<D> {
  drawings?: D;
  /** The day printed in the footer. */
  today?: string;
  /** The PDF's creation date: now, unless given. */
  printedAt?: Date;
}

/** A renderer a PDF thread can run: the module that exports it (its import.meta.url) and its name. */
export interface Renderer<N, O> {
  module: string;
  name: string;
  draw(note: N, options: O): Promise<Buffer>;
}

/**
 * Notes with more text than this print on a thread: about 25 ms of layout on this project's machines,
 * a consignment note of 25 ordinary lines. A typical note has 1,000 to 3,000 characters (10 ms).
 */
export const THREAD_TEXT = 8_000;

/**
 * Threads that print PDFs, leaving a core to the event loop: one on a machine of two cores. Each prints
 * one note at a time, the others wait in turn, so however many large notes are asked for at once the
 * event loop keeps its core.
 */
const THREADS = Math.max(1, Math.min(4, availableParallelism() - 1));

export function renderPdf<N, O>(renderer: Renderer<N, O>, note: N, options: O): Promise<Buffer> {
  if (textLength(note) <= THREAD_TEXT) return renderer.draw(note, options);
  return pdfThreads().render({ module: renderer.module, name: renderer.name, args: [note, options] });
}

/** The characters of every string in the value: what a note's layout time grows with. */
export function textLength(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + textLength(item), 0);
  if (value !== null && typeof value === 'object') return textLength(Object.values(value));
  return 0;
}

export interface PdfThreads {
  render(job: Omit<RenderRequest, 'id'>): Promise<Buffer>;
  /** Ends the threads; jobs not finished are refused. */
  close(): Promise<void>;
}

let shared: PdfThreads | undefined;

/** The process's PDF threads, started at the first note that needs one. */
export function pdfThreads(): PdfThreads {
  shared ??= createPdfThreads(THREADS);
  return shared;
}

interface Job {
  request: RenderRequest;
  resolve(pdf: Buffer): void;
  reject(error: Error): void;
}

interface Thread {
  worker: Worker;
  job: Job | null;
}

export function createPdfThreads(size: number): PdfThreads {
  const threads: Array<Thread | undefined> = new Array(size).fill(undefined);
  const waiting: Job[] = [];
  let nextId = 0;
  let closed = false;

  const finish = (thread: Thread, reply: RenderReply) => {
    const job = thread.job;
    if (!job || job.request.id !== reply.id) return;
    thread.job = null;
    thread.worker.unref();
    if ('pdf' in reply)
      job.resolve(Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength));
    else job.reject(new Error(`PDF thread: ${reply.error}`));
    next();
  };

  /** A thread that died fails the note it was printing (it may be what killed it); the rest go on. */
  const retire = (slot: number, thread: Thread, error: Error) => {
    if (threads[slot] !== thread) return;
    threads[slot] = undefined;
    thread.worker.removeAllListeners('message');
    thread.job?.reject(error);
    thread.job = null;
    next();
  };

  const spawn = (slot: number): Thread => {
    const worker = new Worker(new URL('./pdf-worker.ts', import.meta.url));
    const thread: Thread = { worker, job: null };
    worker.on('message', (reply: RenderReply) => finish(thread, reply));
    worker.on('error', (error) => retire(slot, thread, error));
    worker.on('exit', (code) => retire(slot, thread, new Error(`PDF thread stopped (exit code ${code})`)));
    // An idle thread never keeps the process alive; one printing does, until its note is done.
    worker.unref();
    return thread;
  };

  /** Gives waiting notes to idle threads, starting threads as needed. */
  const next = () => {
    for (let slot = 0; slot < size && waiting.length > 0 && !closed; slot++) {
      const thread = threads[slot] ?? spawn(slot);
      threads[slot] = thread;
      if (thread.job) continue;
      const job = waiting.shift()!;
      thread.job = job;
      thread.worker.ref();
      try {
        thread.worker.postMessage(job.request);
      } catch (error) {
        // A note that cannot be copied to a thread (a client's JSON always can) fails alone.
        thread.job = null;
        thread.worker.unref();
        job.reject(error instanceof Error ? error : new Error(String(error)));
      }
    }
  };

  return {
    render(job) {
      if (closed) return Promise.reject(new Error('PDF threads are closed'));
      return new Promise<Buffer>((resolve, reject) => {
        waiting.push({ request: { ...job, id: nextId++ }, resolve, reject });
        next();
      });
    },
    async close() {
      closed = true;
      for (const job of waiting.splice(0)) job.reject(new Error('PDF threads are closed'));
      await Promise.all(
        threads.map(async (thread, slot) => {
          if (!thread) return;
          retire(slot, thread, new Error('PDF threads are closed'));
          await thread.worker.terminate();
        }),
      );
    },
  };
}
