import { basename } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { parse } from 'csv-parse';
import { ExportFormatError } from './export-columns.ts';
import { countBytes, exportRows, ImportError, openExport } from './export-file.ts';
import type { RegisterRecord } from './register-record.ts';

/**
 * Reads and parses the export on a second thread, so parsing the CSV overlaps the database writes on
 * the main thread (each takes about as long as the other). Protocol: `opened` -> main sends `go` ->
 * `batch`... -> `end`, or `error` at any point; the main thread acknowledges each batch, and at most
 * two are unacknowledged, so memory stays bounded however large the file.
 */
export type ReaderMessage =
  | { type: 'opened'; totalBytes: number; modifiedAt: string }
  | { type: 'batch'; records: RegisterRecord[]; rejected: number; rejections: string[]; bytesRead: number }
  | { type: 'end' }
  | { type: 'error'; message: string };

export interface ReaderInput {
  file: string;
  batchSize: number;
}

const MAX_UNACKNOWLEDGED = 2;
const MAX_REJECTIONS_LISTED = 10;

async function read(port: NonNullable<typeof parentPort>, { file, batchSize }: ReaderInput): Promise<void> {
  let acknowledged = 0;
  let wake: (() => void) | undefined;
  const go = new Promise<void>((resolve) => {
    port.on('message', (message: { type: 'go' | 'ack' }) => {
      if (message.type === 'go') resolve();
      else if (message.type === 'ack') {
        acknowledged++;
        wake?.();
      }
    });
  });

  const source = await openExport(file);
  port.postMessage({
    type: 'opened',
    totalBytes: source.totalBytes,
    modifiedAt: source.modifiedAt.toISOString(),
  });
  await go;

  let bytesRead = 0;
  // Records as arrays of cells: csv-parse's `columns` and `info` options cost more than the parse itself.
  const parser = source.stream
    .pipe(countBytes((n) => (bytesRead += n)))
    .pipe(parse({ bom: true, relax_column_count: true, skip_empty_lines: true }));
  source.stream.on('error', (e) => parser.destroy(e));

  let sent = 0;
  let listed = 0;
  let batch: ReaderMessage & { type: 'batch' } = {
    type: 'batch',
    records: [],
    rejected: 0,
    rejections: [],
    bytesRead,
  };
  const send = async () => {
    port.postMessage({ ...batch, bytesRead });
    sent++;
    batch = { type: 'batch', records: [], rejected: 0, rejections: [], bytesRead };
    while (sent - acknowledged >= MAX_UNACKNOWLEDGED) await new Promise<void>((resolve) => (wake = resolve));
  };
  for await (const { row, parsed } of exportRows(parser)) {
    if ('rejected' in parsed) {
      batch.rejected++;
      if (listed++ < MAX_REJECTIONS_LISTED) batch.rejections.push(`row ${row}: ${parsed.rejected}`);
    } else {
      batch.records.push(parsed);
      if (batch.records.length >= batchSize) await send();
    }
  }
  await send();
  port.postMessage({ type: 'end' });
}

if (parentPort) {
  const port = parentPort;
  const input = workerData as ReaderInput;
  read(port, input).catch((error: Error) => {
    const known = error instanceof ImportError || error instanceof ExportFormatError;
    port.postMessage({
      type: 'error',
      message: known ? error.message : `${basename(input.file)}: ${error.message}`,
    });
  });
}
