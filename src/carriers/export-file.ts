import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { type Readable, Transform } from 'node:stream';
import yauzl from 'yauzl';
import { type ExportRow, parseExportRow, rowReader } from './export-columns.ts';

/** A problem with the export file or its contents, reported to the operator as one line. */
export class ImportError extends Error {}

export interface ExportSource {
  stream: Readable;
  totalBytes: number;
  modifiedAt: Date;
}

/** The bulk download is a ZIP holding one CSV; a plain CSV is accepted too. */
export async function openExport(file: string): Promise<ExportSource> {
  const handle = await open(file).catch((e: NodeJS.ErrnoException) => {
    throw new ImportError(`Cannot read ${file}: ${e.code === 'ENOENT' ? 'no such file' : e.message}`);
  });
  const magic = Buffer.alloc(4);
  await handle.read(magic, 0, 4, 0);
  await handle.close();
  if (magic.readUInt32LE(0) !== 0x04034b50) {
    const info = await stat(file);
    return {
      stream: createReadStream(file, { highWaterMark: 1 << 20 }),
      totalBytes: info.size,
      modifiedAt: info.mtime,
    };
  }
  return openZipEntry(file);
}

function openZipEntry(file: string): Promise<ExportSource> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (error, zip) => {
      if (error) return reject(new ImportError(`${file} is not a readable ZIP: ${error.message}`));
      zip.on('error', (e: Error) => reject(new ImportError(`${file}: ${e.message}`)));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (!/\.csv$/i.test(entry.fileName)) return zip.readEntry();
        zip.openReadStream(entry, (e, stream) => {
          if (e) return reject(new ImportError(`${file}: ${e.message}`));
          stream.on('close', () => zip.close());
          resolve({ stream, totalBytes: entry.uncompressedSize, modifiedAt: entry.getLastModDate() });
        });
      });
      zip.on('end', () => reject(new ImportError(`${file} holds no .csv file`)));
      zip.readEntry();
    });
  });
}

export function countBytes(onChunk: (n: number) => void): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      onChunk(chunk.length);
      done(null, chunk);
    },
  });
}

/** Each data record of the export, parsed; `row` counts the header as row 1, as a spreadsheet does. */
export async function* exportRows(cells: AsyncIterable<string[]>) {
  let read: ((cells: string[]) => ExportRow) | undefined;
  let row = 1;
  for await (const record of cells) {
    if (!read) {
      read = rowReader(record);
      continue;
    }
    row++;
    yield { row, parsed: parseExportRow(read(record)) };
  }
  if (!read) throw new ImportError('The file is empty.');
}
