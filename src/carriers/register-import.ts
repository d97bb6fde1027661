import { on } from 'node:events';
import { basename } from 'node:path';
import { Worker } from 'node:worker_threads';
import { londonDate } from '../platform/clock.ts';
import { ImportError } from './export-file.ts';
import type { ReaderInput, ReaderMessage } from './export-parser-worker.ts';
import type { CarrierRegisterStore } from './register-store.ts';

export { ImportError } from './export-file.ts';

export interface ImportProgress {
  bytesRead: number;
  totalBytes: number;
  rowsImported: number;
}

export interface ImportOptions {
  /** When the EA published the export (YYYY-MM-DD); default: the file's (or ZIP entry's) modification date. */
  publishedOn?: string;
  /** Rows per transaction. */
  batchSize?: number;
  onProgress?: (progress: ImportProgress) => void;
  /** Import even when the export is older than the mirror or less than half its size. */
  force?: boolean;
}

export interface ImportSummary {
  seq: number;
  publishedOn: string;
  rowsImported: number;
  rowsRejected: number;
  /** The first few rejected rows, as "row N: reason" (row 1 is the header, as in a spreadsheet). */
  rejections: string[];
}

/** The main thread's end of export-parser-worker.ts. */
class ExportReader {
  readonly #worker: Worker;
  readonly #messages: AsyncIterator<[ReaderMessage]>;

  constructor(input: ReaderInput) {
    this.#worker = new Worker(new URL('./export-parser-worker.ts', import.meta.url), { workerData: input });
    this.#messages = on(this.#worker, 'message', { close: ['exit'] }) as AsyncIterator<[ReaderMessage]>;
  }

  async next(): Promise<Exclude<ReaderMessage, { type: 'error' }>> {
    const { value, done } = await this.#messages.next().catch((error: Error) => {
      throw new ImportError(`The export reader failed: ${error.message}`, { cause: error });
    });
    if (done) throw new ImportError('The export reader stopped before the end of the file.');
    const [message] = value;
    if (message.type === 'error') throw new ImportError(message.message);
    return message;
  }

  /** Starts parsing; each batch is acknowledged as it arrives so the next is parsed meanwhile. */
  async *batches() {
    this.#worker.postMessage({ type: 'go' });
    for (;;) {
      const message = await this.next();
      if (message.type === 'end') return;
      if (message.type !== 'batch')
        throw new ImportError(`Unexpected ${message.type} from the export reader.`);
      this.#worker.postMessage({ type: 'ack' });
      yield message;
    }
  }

  close(): Promise<number> {
    return this.#worker.terminate();
  }
}

/**
 * Loads the EA's bulk export into the mirror: streamed (never the whole file in memory), parsed on a
 * second thread, one transaction per batch, the publication date recorded. The mirror switches to the
 * new import only when it completes; until then lookups answer from the previous one plus the rows
 * written so far.
 */
export async function importRegisterExport(
  store: CarrierRegisterStore,
  file: string,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const reader = new ExportReader({ file, batchSize: options.batchSize ?? 5000 });
  const run = { seq: undefined as number | undefined, rejected: 0, rejections: [] as string[] };
  const progress: ImportProgress = { bytesRead: 0, totalBytes: 0, rowsImported: 0 };
  try {
    const opened = await reader.next();
    if (opened.type !== 'opened') throw new ImportError('The export reader did not open the file.');
    progress.totalBytes = opened.totalBytes;
    const publishedOn = options.publishedOn ?? londonDate(new Date(opened.modifiedAt));
    const current = await store.currentImport();
    if (current && publishedOn < current.published_on && !options.force) {
      throw new ImportError(
        `This export was published on ${publishedOn}, before the mirror's (${current.published_on}); use --force to import it anyway.`,
      );
    }
    try {
      for await (const batch of reader.batches()) {
        run.rejected += batch.rejected;
        run.rejections.push(...batch.rejections);
        if (batch.records.length > 0) {
          run.seq ??= await store.beginImport(basename(file), publishedOn);
          await store.importBatch(batch.records, run.seq);
        }
        progress.rowsImported += batch.records.length;
        progress.bytesRead = batch.bytesRead;
        options.onProgress?.(progress);
      }
    } catch (error) {
      const outcome = {
        status: 'failed' as const,
        rowsImported: progress.rowsImported,
        rowsRejected: run.rejected,
      };
      if (run.seq !== undefined) await store.finishImport(run.seq, outcome);
      throw error;
    }
    return await complete(store, {
      ...run,
      publishedOn,
      rowsImported: progress.rowsImported,
      current,
      force: options.force,
    });
  } finally {
    await reader.close();
  }
}

async function complete(
  store: CarrierRegisterStore,
  run: {
    seq: number | undefined;
    publishedOn: string;
    rowsImported: number;
    rejected: number;
    rejections: string[];
    current: Awaited<ReturnType<CarrierRegisterStore['currentImport']>>;
    force?: boolean;
  },
): Promise<ImportSummary> {
  const outcome = { rowsImported: run.rowsImported, rowsRejected: run.rejected };
  if (run.seq === undefined) {
    throw new ImportError(
      `No registrations imported (${run.rejected} rows rejected). ${run.rejections.join('; ')}`,
    );
  }
  // A truncated download would otherwise drop most of the register into history in one go.
  if (run.current && run.rowsImported < run.current.rows_imported / 2 && !run.force) {
    await store.finishImport(run.seq, { status: 'failed', ...outcome });
    throw new ImportError(
      `Only ${run.rowsImported} registrations, against ${run.current.rows_imported} in the mirror: the file may be truncated. The mirror is unchanged; use --force to accept it.`,
    );
  }
  await store.finishImport(run.seq, { status: 'complete', ...outcome });
  return {
    seq: run.seq,
    publishedOn: run.publishedOn,
    rowsImported: run.rowsImported,
    rowsRejected: run.rejected,
    rejections: run.rejections,
  };
}
