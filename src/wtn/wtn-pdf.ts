import PDFDocument from 'pdfkit';
import { checksSection } from './pdf/checks-section.ts';
import { BOTTOM, type Doc, GREY, MARGIN, TOP } from './pdf/layout.ts';
import { header, parties, transferAndDestination, wasteSection } from './pdf/note-sections.ts';
import { scheduleSection } from './pdf/schedule.ts';
import { type Drawings, signatureSection } from './pdf/signature-block.ts';
import { dayText, instantText } from './pdf/wording.ts';
import type { WasteTransferNote } from './wtn-schemas.ts';

/**
 * reg 12 and reg 35(2)(d) Waste (England and Wales) Regulations 2011: the transferor confirms on the
 * note that it has applied the waste hierarchy.
 */
export const HIERARCHY_DECLARATION =
  'I confirm that I have fulfilled my duty to apply the waste hierarchy as required by Regulation 12 of the Waste (England and Wales) Regulations 2011 (prevention, preparing for re-use, recycling, other recovery, disposal).';

/**
 * A printable A4 transfer note laid out as the parties sign it: the transfer, the destination, the
 * waste, the parties and their categories (reg 35(2)(c)), the checks in plain words, the signatures
 * with the hierarchy declaration (reg 35(2)(b), (d)) and, for a season ticket, its schedule. Whatever
 * the note does not know prints as a ruled blank to write in by hand.
 */
export function renderNotePdf(
  note: WasteTransferNote,
  options: { drawings?: Drawings; today?: string } = {},
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    // Pages are broken by the layout (which keeps to BOTTOM), never by pdfkit inside a field.
    margins: { top: TOP, bottom: 20, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: {
      Title: `Waste transfer note ${note.reference}`,
      Subject: note.mode === 'test' ? 'Waste transfer note (TEST DATA)' : 'Waste transfer note',
      Creator: 'Waste Compliance Service',
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.y = MARGIN - 4;
  header(doc, note);
  transferAndDestination(doc, note);
  wasteSection(doc, note);
  parties(doc, note);
  checksSection(doc, note);
  signatureSection(doc, note, HIERARCHY_DECLARATION, options.drawings ?? {});
  scheduleSection(doc, note);
  decoratePages(doc, note, options.today);
  doc.end();
  return done;
}

/**
 * Every page names the note (a loose page is still identified) and, on a test note, carries the
 * TEST / SANDBOX watermark, drawn last and translucent so no page can escape it.
 */
function decoratePages(doc: Doc, note: WasteTransferNote, today: string | undefined): void {
  const { start, count } = doc.bufferedPageRange();
  const width = doc.page.width - 2 * MARGIN;
  const footer = [`${note.reference}`, `Created ${instantText(note.created_at)}`];
  if (today) footer.push(`Printed ${dayText(today)}`);
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    // Writing inside the bottom margin would otherwise start a new page.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - BOTTOM + 18;
    doc
      .moveTo(MARGIN, y - 6)
      .lineTo(MARGIN + width, y - 6)
      .lineWidth(0.5)
      .strokeColor('#bbbbbb')
      .stroke();
    doc.font('Helvetica').fontSize(7.5).fillColor(GREY);
    doc.text(footer.join('   ·   '), MARGIN, y, { width, lineBreak: false });
    doc.text(`Page ${i - start + 1} of ${count}`, MARGIN, y, { width, align: 'right', lineBreak: false });
    if (i > start) {
      doc.font('Helvetica-Bold').fontSize(9).fillColor(GREY);
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
    if (note.mode === 'test') watermark(doc);
    doc.page.margins.bottom = bottom;
  }
}

function watermark(doc: Doc): void {
  const { width, height } = doc.page;
  doc.save();
  doc.rotate(-50, { origin: [width / 2, height / 2] });
  doc.font('Helvetica-Bold').fontSize(84).fillColor('#c0392b').fillOpacity(0.13);
  doc.text('TEST / SANDBOX', width / 2 - 380, height / 2 - 42, {
    width: 760,
    align: 'center',
    lineBreak: false,
  });
  doc.restore();
}
