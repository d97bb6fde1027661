import { a4Document } from '../platform/pdf/a4-document.ts';
import { FACE } from '../platform/pdf/fonts.ts';
import { decorateEveryPage } from '../platform/pdf/page-footer.ts';
import {
  type PrintOptions as PdfPrintOptions,
  type Renderer,
  renderPdf,
} from '../platform/pdf/pdf-threads.ts';
import { printable } from '../platform/pdf/printable-text.ts';
import { watermark } from '../platform/pdf/watermark.ts';
import { checksSection } from './pdf/checks-section.ts';
import { type Doc, GREY, MARGIN } from './pdf/layout.ts';
import { header, parties, transferAndDestination, wasteSection } from './pdf/note-sections.ts';
import { scheduleSection } from './pdf/schedule.ts';
import { type Drawings, signatureSection } from './pdf/signature-block.ts';
import { dayText, instantText } from './pdf/wording.ts';
import type { WasteTransferNote } from './wtn-schemas.ts';

/**
 * A printable A4 transfer note laid out as the parties sign it: the transfer, the destination, the
 * waste, the parties and their categories (reg 35(2)(c)), the checks in plain words, the signatures
 * with each party's declaration (reg 35(2)(b), (d)) and, for a season ticket, its schedule. Whatever
 * the note does not know prints as a ruled blank to write in by hand.
 */
export function renderNotePdf(note: WasteTransferNote, options: PrintOptions = {}): Promise<Buffer> {
  return renderPdf(RENDERER, note, { ...options, printedAt: options.printedAt ?? new Date() });
}

export type PrintOptions = PdfPrintOptions<Drawings>;

/** renderNotePdf in the event loop or on a PDF thread (pdf-threads.ts), as the note's length asks. */
export function drawNotePdf(stored: WasteTransferNote, options: PrintOptions): Promise<Buffer> {
  const note = printable(stored);
  const { doc, bytes: done } = a4Document({
    title: `Waste transfer note ${note.reference}`,
    subject: note.mode === 'test' ? 'Waste transfer note (TEST DATA)' : 'Waste transfer note',
    printedAt: options.printedAt,
  });
  doc.y = MARGIN - 4;
  header(doc, note);
  transferAndDestination(doc, note);
  wasteSection(doc, note);
  parties(doc, note);
  checksSection(doc, note);
  signatureSection(doc, note, options.drawings ?? {});
  scheduleSection(doc, note);
  decoratePages(doc, note, options.today);
  doc.end();
  return done;
}

const RENDERER: Renderer<WasteTransferNote, PrintOptions> = {
  module: import.meta.url,
  name: 'drawNotePdf',
  draw: drawNotePdf,
};

/**
 * Every page names the note (a loose page is still identified) and, on a test note, carries the
 * TEST / SANDBOX watermark, drawn last and translucent so no page can escape it.
 */
function decoratePages(doc: Doc, note: WasteTransferNote, today: string | undefined): void {
  const footer = [`${note.reference}`, `Created ${instantText(note.created_at)}`];
  if (today) footer.push(`Printed ${dayText(today)}`);
  decorateEveryPage(doc, footer, (page, width) => {
    if (page > 0) {
      doc.font(FACE.bold).fontSize(9).fillColor(GREY);
      doc.text(`Waste Transfer Note ${note.reference} (continued)`, MARGIN, 30, { width, lineBreak: false });
      // A loose later page of a corrected note must not pass for a current one.
      if (note.status === 'superseded') {
        doc
          .fillColor('#b3261e')
          .text(`SUPERSEDED by ${note.superseded_by ?? 'a later note'} — do not use`, MARGIN, 30, {
            width,
            align: 'right',
            lineBreak: false,
          });
      }
    }
    if (note.mode === 'test') watermark(doc, 'TEST / SANDBOX');
  });
}
