import { FACE } from '../../platform/pdf/fonts.ts';
import { bottomOfPage, type Doc, fullWidth, GREY, INK, keep, RULE, SHADE } from '../../wtn/pdf/layout.ts';
import { type Block, subheading } from './blocks.ts';

/**
 * The form's ruled tables (Part B3's waste lines, its carriage details, Part E's receipt): every row is
 * measured and moves whole to the next page, where the column titles repeat under a "continued" line.
 * A null cell is a blank box to write in by hand.
 */

export interface TableColumn {
  title: string;
  /** A share of the page width; a table's shares add up to 1. */
  share: number;
  align?: 'left' | 'right';
  bold?: boolean;
}

export type Cell = string | null;

export interface Table {
  columns: TableColumn[];
  rows: Cell[][];
  /** Printed above the repeated column titles on each further page, e.g. "B3 Waste details (continued)". */
  continued: string;
}

const PAD = 3;
const SIZE = 7.8;
const TITLE_SIZE = 7;
/** Room for handwriting in a row of blanks. */
const BLANK_ROW = 22;
const CONTINUED = 13;

function widths(doc: Doc, columns: TableColumn[]): number[] {
  const { width } = fullWidth(doc);
  return columns.map((c) => c.share * width);
}

export function titleHeight(doc: Doc, columns: TableColumn[]): number {
  doc.font(FACE.bold).fontSize(TITLE_SIZE);
  const cell = widths(doc, columns).map((w, i) =>
    doc.heightOfString(columns[i].title, { width: w - 2 * PAD, lineGap: 0.5 }),
  );
  return Math.max(...cell) + 2 * PAD;
}

/**
 * Each row's height, measured once: a table's height is asked for when deciding what fits on a page and
 * again while drawing it, and measuring wrapped text is most of the time a long note takes. A row is
 * made for one table of one document, so its height never changes.
 */
const measured = new WeakMap<Cell[], number>();

export function rowHeight(doc: Doc, columns: TableColumn[], row: Cell[]): number {
  let height = measured.get(row);
  if (height === undefined) {
    const cell = widths(doc, columns).map((w, i) => {
      const text = row[i];
      if (text === null || text === undefined) return BLANK_ROW - 2 * PAD;
      doc.font(columns[i].bold ? FACE.bold : FACE.regular).fontSize(SIZE);
      return doc.heightOfString(text, { width: w - 2 * PAD, lineGap: 0.5 });
    });
    height = Math.max(...cell) + 2 * PAD;
    measured.set(row, height);
  }
  return height;
}

/** The height of the titles and the first `rows` rows: what must start on the same page. */
export function leadHeight(doc: Doc, table: Table, rows = 1): number {
  return (
    titleHeight(doc, table.columns) +
    table.rows.slice(0, rows).reduce((sum, row) => sum + rowHeight(doc, table.columns, row), 0)
  );
}

export function tableHeight(doc: Doc, table: Table): number {
  return leadHeight(doc, table, table.rows.length);
}

export function drawTable(doc: Doc, table: Table): void {
  keep(doc, leadHeight(doc, table));
  drawTitles(doc, table.columns);
  for (const row of table.rows) {
    const height = rowHeight(doc, table.columns, row);
    if (doc.y + height > bottomOfPage(doc)) {
      doc.addPage();
      const at = fullWidth(doc);
      doc.font(FACE.italic).fontSize(8).fillColor(GREY);
      doc.text(table.continued, at.x, doc.y, { width: at.width, lineBreak: false });
      doc.y += CONTINUED - 10;
      drawTitles(doc, table.columns);
    }
    drawRow(doc, table.columns, row, height);
  }
  doc.x = fullWidth(doc).x;
}

/** A table under its shaded title; the title never ends a page without the first row under it. */
export function titledTable(title: string, table: Table): Block {
  const head = subheading(title);
  return {
    height: (doc) => head.height(doc) + tableHeight(doc, table),
    draw(doc) {
      keep(doc, head.height(doc) + leadHeight(doc, table));
      head.draw(doc);
      drawTable(doc, table);
    },
  };
}

function drawTitles(doc: Doc, columns: TableColumn[]): void {
  const height = titleHeight(doc, columns);
  const top = doc.y;
  let x = fullWidth(doc).x;
  for (const [i, width] of widths(doc, columns).entries()) {
    doc.rect(x, top, width, height).lineWidth(0.6).fillAndStroke(SHADE, RULE);
    doc.font(FACE.bold).fontSize(TITLE_SIZE).fillColor(INK);
    doc.text(columns[i].title, x + PAD, top + PAD, {
      width: width - 2 * PAD,
      lineGap: 0.5,
      align: columns[i].align,
    });
    x += width;
  }
  doc.y = top + height;
}

function drawRow(doc: Doc, columns: TableColumn[], row: Cell[], height: number): void {
  const top = doc.y;
  let x = fullWidth(doc).x;
  for (const [i, width] of widths(doc, columns).entries()) {
    doc.rect(x, top, width, height).lineWidth(0.6).strokeColor(RULE).stroke();
    const text = row[i];
    if (text !== null && text !== undefined) {
      doc
        .font(columns[i].bold ? FACE.bold : FACE.regular)
        .fontSize(SIZE)
        .fillColor(INK);
      doc.text(text, x + PAD, top + PAD, { width: width - 2 * PAD, lineGap: 0.5, align: columns[i].align });
    }
    x += width;
  }
  doc.y = top + height;
}
