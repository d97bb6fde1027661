import { FACE } from '../../platform/pdf/fonts.ts';
import { type Doc, fullWidth, GREY, INK } from '../../wtn/pdf/layout.ts';
import type { ConsignmentNote } from '../consignment-schemas.ts';
import { type Block, drawTogether, full, partHeading, subheading } from './blocks.ts';
import { lineBlocks, WASTE_TITLE, wasteTable } from './part-b.ts';
import { RECEIPT_TITLE, receiptTable } from './part-e.ts';
import { leadHeight, titledTable } from './table.ts';
import { linesText } from './wording.ts';

export const CONTINUATION_TITLE = 'Continuation sheet';

/**
 * The lines the form has no room for, on continuation sheets after it, as on paper (NRW, NetRegs: each
 * sheet carries the consignment code; the page decoration prints it on every page): Part B3 and Part E
 * for those lines. Returns the index of the first continuation page.
 */
export function continuationSheets(
  doc: Doc,
  note: ConsignmentNote,
  shown: number,
  partEPage: number,
): number {
  doc.addPage();
  const first = doc.bufferedPageRange().count - 1;
  const rest = note.lines.slice(shown);
  heading(
    doc,
    note,
    `Part B and Part E for ${linesText(shown + 1, note.lines.length)} of ${note.lines.length}.`,
  );
  const intro = partHeading('B', 'Description of the waste (continued)');
  const [waste, ...carriage] = lineBlocks(rest);
  drawTogether(
    doc,
    [intro, waste],
    intro.height(doc) + subheading(WASTE_TITLE).height(doc) + leadHeight(doc, wasteTable(rest)),
  );
  for (const block of carriage) block.draw(doc);
  const receipt = receiptTable(note, rest);
  const blocks: Block[] = [
    partHeading('E', "Consignee's certificate (continued)"),
    titledTable(RECEIPT_TITLE, receipt),
    full([
      { kind: 'gap', height: 4 },
      {
        kind: 'text',
        text: `The consignee's certificate and signature for these lines are in Part E, on page ${partEPage}.`,
        size: 8.5,
      },
    ]),
  ];
  drawTogether(doc, blocks, blocks[0].height(doc) + subheading('').height(doc) + leadHeight(doc, receipt));
  return first;
}

function heading(doc: Doc, note: ConsignmentNote, scope: string): void {
  const at = fullWidth(doc);
  const top = doc.y;
  doc
    .font(FACE.bold)
    .fontSize(16)
    .fillColor(INK)
    .text(CONTINUATION_TITLE, at.x, top, { width: at.width - 190 });
  doc.font(FACE.regular).fontSize(8.5).fillColor(GREY);
  doc.text(`Hazardous waste consignment note. ${scope}`, at.x, doc.y + 2, { width: at.width - 190 });
  const below = doc.y;
  doc.fontSize(8).text('Consignment note code (A1)', at.x, top, { width: at.width, align: 'right' });
  doc
    .font(FACE.bold)
    .fontSize(15)
    .fillColor(INK)
    .text(note.consignment_code, { width: at.width, align: 'right' });
  doc.x = at.x;
  doc.y = Math.max(below, doc.y) + 4;
}
