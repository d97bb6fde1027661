import { FACE } from '../../platform/pdf/fonts.ts';
import type { Transfer, WasteTransferNote } from '../wtn-schemas.ts';
import { bottomOfPage, type Doc, fullWidth, GREY, heading, INK, RULE, SHADE } from './layout.ts';
import { dayText, kilograms } from './wording.ts';

/** Empty rows printed after the logged collections, to write further ones by hand. */
export const HAND_ROWS = 8;
const LOGGED_ROW = 16;
const HAND_ROW = 22;
const HEADER_ROW = 16;

const COLUMNS = [
  { title: 'No.', width: 0.08, align: 'left' },
  { title: 'Date', width: 0.26, align: 'left' },
  { title: 'Time', width: 0.14, align: 'left' },
  { title: 'Quantity', width: 0.2, align: 'right' },
  { title: 'Vehicle registration', width: 0.32, align: 'left' },
] as const;

/**
 * A season ticket covers repeated transfers, and its schedule records each one's date, time and
 * quantity (GOV.UK "Waste transfer notes" guidance): the collections logged under it, then ruled rows
 * to write further collections at the kerb. The column titles repeat at
 * the top of each page the schedule runs onto.
 */
export function scheduleSection(doc: Doc, note: WasteTransferNote): void {
  if (!note.season_ticket) return;
  const at = fullWidth(doc);
  const { transfers } = note;
  const total = transfers.reduce((sum, t) => sum + t.quantity_kg, 0);
  heading(doc, 'H. Schedule of collections', at, 40 + HEADER_ROW + LOGGED_ROW);
  doc.font(FACE.regular).fontSize(8.5).fillColor(INK);
  doc.text(
    transfers.length === 0
      ? 'No collections logged yet. Write each collection on a row below.'
      : `${transfers.length} ${transfers.length === 1 ? 'collection' : 'collections'} logged, ${kilograms(total)} in total. Write further collections on the empty rows.`,
    at.x,
    doc.y,
    { width: at.width },
  );
  doc.y += 4;
  headerRow(doc);
  for (const transfer of transfers) row(doc, cells(transfer), LOGGED_ROW);
  for (let i = 0; i < HAND_ROWS; i++) row(doc, ['', '', '', 'kg', ''], HAND_ROW);
}

function cells(transfer: Transfer): string[] {
  return [
    String(transfer.number),
    dayText(transfer.date),
    transfer.time ?? '',
    kilograms(transfer.quantity_kg),
    transfer.vehicle_registration,
  ];
}

function headerRow(doc: Doc): void {
  const at = fullWidth(doc);
  const top = doc.y;
  doc.rect(at.x, top, at.width, HEADER_ROW).fill(SHADE);
  doc.font(FACE.bold).fontSize(8).fillColor(INK);
  writeCells(
    doc,
    COLUMNS.map((c) => c.title),
    top + 4,
  );
  doc.y = top + HEADER_ROW;
}

function row(doc: Doc, values: string[], height: number): void {
  const at = fullWidth(doc);
  if (doc.y + height > bottomOfPage(doc)) {
    doc.addPage();
    doc.font(FACE.regular).fontSize(8).fillColor(GREY);
    doc.text('Schedule of collections (continued)', at.x, doc.y, { width: at.width });
    doc.y += 3;
    headerRow(doc);
  }
  const top = doc.y;
  doc
    .font(FACE.regular)
    .fontSize(8.5)
    .fillColor(values[0] === '' ? GREY : INK);
  writeCells(doc, values, top + height - 12);
  doc
    .moveTo(at.x, top + height)
    .lineTo(at.x + at.width, top + height)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  doc.x = at.x;
  doc.y = top + height;
}

function writeCells(doc: Doc, values: string[], y: number): void {
  const at = fullWidth(doc);
  let x = at.x;
  for (const [i, column] of COLUMNS.entries()) {
    const width = column.width * at.width;
    doc.text(values[i], x + 4, y, { width: width - 8, align: column.align, lineBreak: false });
    x += width;
  }
}
