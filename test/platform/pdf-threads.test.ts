import { afterAll, describe, expect, it } from 'vitest';
import { drawConsignmentPdf, renderConsignmentPdf } from '../../src/consignments/consignment-pdf.ts';
import { createPdfThreads, THREAD_TEXT, textLength } from '../../src/platform/pdf/pdf-threads.ts';
import { drawNotePdf } from '../../src/wtn/wtn-pdf.ts';
import { largeNote, manyLines, sampleNote } from '../consignments/fixtures.ts';
import { input, noteFor } from '../wtn/pdf-notes.ts';

// A note printed on a PDF thread is the note printed in the event loop, byte for byte; a thread that
// fails loses only the note it was printing.

const printedAt = new Date('2026-03-26T10:00:00Z');
const WTN_PDF = new URL('../../src/wtn/wtn-pdf.ts', import.meta.url).href;
const FAULTS = new URL('./pdf-thread-faults.ts', import.meta.url).href;

const threads = createPdfThreads(1);
afterAll(() => threads.close());

describe('PDF threads', () => {
  it('print a long note byte for byte as the event loop prints it', async () => {
    const note = largeNote();
    expect(textLength(note)).toBeGreaterThan(THREAD_TEXT);
    const options = { today: '2026-03-26', printedAt };
    const [threaded, inLoop] = [
      await renderConsignmentPdf(note, options),
      await drawConsignmentPdf(note, options),
    ];
    expect(threaded.subarray(0, 5).toString()).toBe('%PDF-');
    expect(threaded.equals(inLoop)).toBe(true);
  });

  it('print a transfer note byte for byte as the event loop prints it', async () => {
    const note = noteFor({ ...input, producer: { ...input.producer, name: 'Łódź Γιώργος Дмитрий' } });
    const options = { today: '2026-03-26', printedAt };
    const threaded = await threads.render({ module: WTN_PDF, name: 'drawNotePdf', args: [note, options] });
    expect(threaded.equals(await drawNotePdf(note, options))).toBe(true);
  });

  it('are not asked for notes of ordinary length, which print in the event loop in milliseconds', () => {
    for (const note of [noteFor(input), sampleNote(), manyLines(14)]) {
      expect(textLength(note)).toBeLessThan(THREAD_TEXT);
    }
  });

  it('fail only the note whose renderer fails or ends the thread, and print the next', async () => {
    const note = noteFor(input);
    const good = () => threads.render({ module: WTN_PDF, name: 'drawNotePdf', args: [note, { printedAt }] });
    await expect(threads.render({ module: FAULTS, name: 'drawAndThrow', args: [] })).rejects.toThrow(
      'cannot print this note',
    );
    await expect(threads.render({ module: WTN_PDF, name: 'noSuchRenderer', args: [] })).rejects.toThrow(
      'exports no renderer noSuchRenderer',
    );
    expect((await good()).subarray(0, 5).toString()).toBe('%PDF-');
    // Queued behind a note that kills its thread, the next is printed by a new thread.
    const [killed, after] = await Promise.allSettled([
      threads.render({ module: FAULTS, name: 'drawAndExit', args: [] }),
      good(),
    ]);
    expect(killed.status).toBe('rejected');
    expect((killed as PromiseRejectedResult).reason.message).toMatch(/exit code 3/);
    expect(after.status).toBe('fulfilled');
  });
});
