import { a4Document } from '../platform/pdf/a4-document.ts';
import {
  type PrintOptions as PdfPrintOptions,
  type Renderer,
  renderPdf,
} from '../platform/pdf/pdf-threads.ts';
import { printable } from '../platform/pdf/printable-text.ts';
import { bottomOfPage, MARGIN } from '../wtn/pdf/layout.ts';
import type { ConsignmentNote } from './consignment-schemas.ts';
import { type Drawings, partC, partD } from './pdf/certificates.ts';
import { continuationSheets } from './pdf/continuation.ts';
import { decoratePages } from './pdf/pages.ts';
import { partA, title } from './pdf/part-a.ts';
import { linesOnForm, partB } from './pdf/part-b.ts';
import { partE } from './pdf/part-e.ts';

/**
 * A short note keeps all its lines on the form, Part B running on to the next page if it must: a
 * continuation sheet for one or two lines would only scatter them. A longer note shows on the form the
 * lines that fit on its first page and puts the rest on continuation sheets.
 */
const ALWAYS_ON_FORM = 4;

function formLines(doc: PDFKit.PDFDocument, note: ConsignmentNote): number {
  if (note.lines.length <= ALWAYS_ON_FORM) return note.lines.length;
  return Math.max(1, linesOnForm(doc, note, bottomOfPage(doc) - doc.y));
}

/**
 * A printable A4 hazardous waste consignment note laid out as the Schedule 4 form, Parts A to E in
 * order: GOV.UK refuses notes that are not "as near as possible to the format in the example note".
 * Part B shows the lines that fit on the first page and Part E the same lines; the rest go on
 * continuation sheets after the form, as on paper. Unsigned Parts print ruled blanks to sign by hand.
 */
export function renderConsignmentPdf(note: ConsignmentNote, options: PrintOptions = {}): Promise<Buffer> {
  return renderPdf(RENDERER, note, { ...options, printedAt: options.printedAt ?? new Date() });
}

export type PrintOptions = PdfPrintOptions<Drawings>;

/** renderConsignmentPdf in the event loop or on a PDF thread (pdf-threads.ts), as the note's length asks. */
export function drawConsignmentPdf(stored: ConsignmentNote, options: PrintOptions): Promise<Buffer> {
  const note = printable(stored);
  const { doc, bytes: done } = a4Document({
    title: `Hazardous waste consignment note ${note.consignment_code}`,
    subject:
      note.mode === 'test'
        ? 'Hazardous waste consignment note (TEST DATA)'
        : 'Hazardous waste consignment note',
    printedAt: options.printedAt,
  });
  const drawings = options.drawings ?? {};
  doc.y = MARGIN - 4;
  title(doc, note);
  partA(doc, note);
  const shown = formLines(doc, note);
  partB(doc, note, shown);
  partC(doc, note, drawings);
  partD(doc, note, drawings);
  partE(doc, note, shown, drawings);
  const partEPage = doc.bufferedPageRange().count;
  const continuationFrom = shown < note.lines.length ? continuationSheets(doc, note, shown, partEPage) : null;
  decoratePages(doc, note, { today: options.today, continuationFrom });
  doc.end();
  return done;
}

const RENDERER: Renderer<ConsignmentNote, PrintOptions> = {
  module: import.meta.url,
  name: 'drawConsignmentPdf',
  draw: drawConsignmentPdf,
};
