import { FACE } from '../../platform/pdf/fonts.ts';
import { drawingPng } from '../../platform/signing/drawing.ts';

/**
 * The printed note's building blocks. Everything is measured before it is drawn, so a block that
 * does not fit moves whole to the next page: pdfkit never breaks a page in the middle of a field,
 * and the signature block is never split or left alone.
 */

export type Doc = PDFKit.PDFDocument;

export const MARGIN = 40;
/** Pages after the first repeat the reference in this band above the content. */
export const TOP = 58;
/** The footer sits in this band below the content. */
export const BOTTOM = 40;
export const INK = '#000000';
export const GREY = '#555555';
export const RULE = '#8a8a8a';
export const SHADE = '#ececec';
const LINE_GAP = 1;
const ROW_GAP = 2;
/** Room for handwriting on a ruled blank. */
const BLANK_LINE = 18;

export interface Column {
  x: number;
  width: number;
}

export type Item =
  /** A label and its value; a null value prints as a ruled line (or `lines` of them) to write on. */
  | {
      kind: 'field';
      label: string;
      value: string | null;
      /** Small grey words under the value or the blank, e.g. "as given, not from the register". */
      note?: string;
      lines?: number;
      lineHeight?: number;
      mono?: boolean;
    }
  | {
      kind: 'text';
      text: string;
      /** Bold words that start the paragraph, e.g. "Advice:", before `text` in the same font size. */
      lead?: string;
      size?: number;
      bold?: boolean;
      color?: string;
      mono?: boolean;
    }
  /** A bullet: a bold lead-in, then the rest of the sentence in the same paragraph. */
  | { kind: 'bullet'; lead: string | null; text: string }
  /** An image (a drawn signature) beside a label, fitted into `height`. */
  | { kind: 'image'; label: string; src: string; height: number }
  | { kind: 'gap'; height: number };

export function fullWidth(doc: Doc): Column {
  return { x: MARGIN, width: doc.page.width - 2 * MARGIN };
}

export function bottomOfPage(doc: Doc): number {
  return doc.page.height - BOTTOM;
}

/** Starts a new page unless `height` more points fit on this one. */
export function keep(doc: Doc, height: number): void {
  if (doc.y + height > bottomOfPage(doc)) {
    doc.addPage();
    doc.x = MARGIN;
  }
}

/** One label width for every column, so values line up down the page. */
function labelWidth(_at: Column): number {
  return 82;
}

function font(doc: Doc, size: number, bold = false, mono = false): Doc {
  const face = mono ? FACE.mono : bold ? FACE.bold : FACE.regular;
  return doc.font(face).fontSize(size);
}

function textHeight(doc: Doc, text: string, width: number, size: number, bold = false, mono = false) {
  return font(doc, size, bold, mono).heightOfString(text, { width, lineGap: LINE_GAP });
}

export function measure(doc: Doc, items: Item[], at: Column): number {
  return items.reduce((sum, item) => sum + itemHeight(doc, item, at), 0);
}

function itemHeight(doc: Doc, item: Item, at: Column): number {
  const valueWidth = at.width - labelWidth(at);
  switch (item.kind) {
    case 'gap':
      return item.height;
    case 'text': {
      const text = item.lead
        ? `${leadInRegularWidth(doc, item.lead, item.size ?? 9)} ${item.text}`
        : item.text;
      return textHeight(doc, text, at.width, item.size ?? 9, item.bold, item.mono) + ROW_GAP;
    }
    case 'image':
      return item.height + ROW_GAP;
    case 'bullet': {
      // Measured as drawn: the bold lead-in as regular text at least as wide, then the sentence. Measured
      // all in bold, a sentence that fits on one line could take two and leave an empty line under it.
      const text = item.lead ? `${leadInRegularWidth(doc, `${item.lead}.`, 8.5)} ${item.text}` : item.text;
      return textHeight(doc, text, at.width - BULLET, 8.5) + ROW_GAP;
    }
    case 'field': {
      const label = textHeight(doc, item.label, labelWidth(at) - 6, 8, true);
      const note = item.note ? textHeight(doc, item.note, valueWidth, 7.5) + 1 : 0;
      const value =
        item.value === null
          ? (item.lines ?? 1) * (item.lineHeight ?? BLANK_LINE) + 2
          : textHeight(doc, item.value, valueWidth, 9, false, item.mono);
      return Math.max(label, value + note) + ROW_GAP;
    }
  }
}

/**
 * A bold lead-in as a regular-weight string at least as wide, for measuring the paragraph it starts in
 * one font: the lead with no-break spaces glued on for the width bold adds (pdfkit measures one font).
 */
function leadInRegularWidth(doc: Doc, lead: string, size: number): string {
  const bold = font(doc, size, true).widthOfString(lead);
  const regular = font(doc, size).widthOfString(lead);
  const space = doc.widthOfString('\u00a0');
  return lead + '\u00a0'.repeat(Math.ceil(Math.max(0, bold - regular) / space));
}

/** Draws the items down a column from doc.y; doc.y ends below them. */
export function draw(doc: Doc, items: Item[], at: Column): void {
  for (const item of items) drawItem(doc, item, at);
}

function drawItem(doc: Doc, item: Item, at: Column): void {
  const top = doc.y;
  const height = itemHeight(doc, item, at);
  const valueX = at.x + labelWidth(at);
  const valueWidth = at.width - labelWidth(at);
  if (item.kind === 'text') {
    const options = { width: at.width, lineGap: LINE_GAP };
    if (item.lead) {
      font(doc, item.size ?? 9, true).fillColor(item.color ?? INK);
      doc.text(`${item.lead} `, at.x, top, { ...options, continued: true });
      font(doc, item.size ?? 9, item.bold, item.mono).text(item.text);
    } else {
      font(doc, item.size ?? 9, item.bold, item.mono).fillColor(item.color ?? INK);
      doc.text(item.text, at.x, top, options);
    }
  } else if (item.kind === 'bullet') {
    font(doc, 8.5, true)
      .fillColor(INK)
      .text('•', at.x + 2, top, { lineBreak: false });
    const options = { width: at.width - BULLET, lineGap: LINE_GAP };
    if (item.lead) {
      doc.text(`${item.lead}. `, at.x + BULLET, top, { ...options, continued: true });
      font(doc, 8.5).text(item.text);
    } else {
      font(doc, 8.5).text(item.text, at.x + BULLET, top, options);
    }
  } else if (item.kind === 'image') {
    font(doc, 8, true)
      .fillColor(GREY)
      .text(item.label, at.x, top + 2, { width: labelWidth(at) - 6 });
    drawImage(doc, item.src, valueX, top, valueWidth, item.height);
  } else if (item.kind === 'field') {
    drawField(doc, item, at);
  }
  doc.x = at.x;
  doc.y = top + height;
}

function drawField(doc: Doc, item: Extract<Item, { kind: 'field' }>, at: Column): void {
  const top = doc.y;
  const valueX = at.x + labelWidth(at);
  const valueWidth = at.width - labelWidth(at);
  const step = item.lineHeight ?? BLANK_LINE;
  // A blank's label sits on its first ruled line, where the answer is written.
  const labelHeight = textHeight(doc, item.label, labelWidth(at) - 6, 8, true);
  const labelY = item.value === null ? Math.max(top + 1, top + step - 5 - labelHeight) : top + 1;
  font(doc, 8, true).fillColor(GREY);
  doc.text(item.label, at.x, labelY, { width: labelWidth(at) - 6, lineGap: LINE_GAP });
  let below: number;
  if (item.value === null) {
    const lines = item.lines ?? 1;
    for (let line = 1; line <= lines; line++)
      ruledLine(doc, valueX, top + line * step - 4, valueX + valueWidth);
    below = top + lines * step - 2;
  } else {
    font(doc, 9, false, item.mono).fillColor(INK);
    doc.text(item.value, valueX, top, { width: valueWidth, lineGap: LINE_GAP });
    below = doc.y;
  }
  if (item.note) {
    font(doc, 7.5)
      .fillColor(GREY)
      .text(item.note, valueX, below + 1, { width: valueWidth, lineGap: LINE_GAP });
  }
}

/** Draws items one after another, or `together` as one block; each moves whole to a new page. */
export function drawKept(doc: Doc, items: Item[], at: Column, together = false): void {
  if (together) {
    keep(doc, measure(doc, items, at));
    draw(doc, items, at);
    return;
  }
  for (const item of items) {
    keep(doc, measure(doc, [item], at));
    draw(doc, [item], at);
  }
}

const BULLET = 10;

function drawImage(doc: Doc, src: string, x: number, y: number, width: number, height: number): void {
  // A stored drawing that is not a readable PNG must not stop the note printing: the PDF library reads
  // images in callbacks a try cannot reach, so it is given only what drawing.ts has read in full.
  const png = drawingPng(src);
  if (png) doc.image(png, x, y, { fit: [width, height], valign: 'center' });
  else {
    font(doc, 8)
      .fillColor(GREY)
      .text('(the drawn signature could not be shown)', x, y + 4, { width });
  }
}

export function ruledLine(doc: Doc, x1: number, y: number, x2: number): void {
  doc.moveTo(x1, y).lineTo(x2, y).lineWidth(0.6).strokeColor(RULE).stroke();
}

/** A band and the space under it. */
export const HEADING_HEIGHT = 20;
/** Space above a section's band. */
export const SECTION_GAP = 4;

/**
 * A section heading on a shaded band; `follow` is the height that must fit under it on the same page.
 * `aside` is a short line set small at the band's right end.
 */
export function heading(doc: Doc, text: string, at: Column, follow = 40, aside?: string): void {
  keep(doc, SECTION_GAP + HEADING_HEIGHT + follow);
  columnHeading(doc, text, at, SECTION_GAP, aside);
}

export function columnHeading(doc: Doc, text: string, at: Column, before = 0, aside?: string): void {
  const y = doc.y + before;
  doc.rect(at.x, y, at.width, 16).fill(SHADE);
  font(doc, 9.5, true)
    .fillColor(INK)
    .text(text, at.x + 5, y + 4, { width: at.width - 10, lineBreak: false });
  if (aside) {
    font(doc, 7.5)
      .fillColor(INK)
      .text(aside, at.x + 5, y + 5, { width: at.width - 10, align: 'right', lineBreak: false });
  }
  doc.x = at.x;
  doc.y = y + HEADING_HEIGHT;
}

/** Two columns side by side, kept on one page together; doc.y ends below the taller. */
export function sideBySide(
  doc: Doc,
  left: { title?: string; items: Item[] },
  right: { title?: string; items: Item[] },
): void {
  const full = fullWidth(doc);
  const half = (full.width - 16) / 2;
  const columns = [
    { ...left, at: { x: full.x, width: half } },
    { ...right, at: { x: full.x + half + 16, width: half } },
  ];
  const tallest = Math.max(...columns.map((c) => measure(doc, c.items, c.at)));
  const titled = left.title !== undefined;
  const above = titled ? SECTION_GAP + HEADING_HEIGHT : 0;
  keep(doc, above + tallest);
  const top = doc.y + above;
  for (const column of columns) {
    doc.y = top - (titled ? HEADING_HEIGHT : 0);
    if (column.title !== undefined) columnHeading(doc, column.title, column.at);
    draw(doc, column.items, column.at);
  }
  doc.x = full.x;
  doc.y = top + tallest;
}

/** A coloured box with a bold first line, for what must not be missed (test data, superseded). */
export function banner(
  doc: Doc,
  title: string,
  body: string,
  colours: { fill: string; border: string; ink: string },
): void {
  const at = fullWidth(doc);
  const inner = at.width - 20;
  const height = textHeight(doc, title, inner, 11, true) + textHeight(doc, body, inner, 8.5) + 16;
  keep(doc, height + 6);
  const top = doc.y + 6;
  doc.rect(at.x, top, at.width, height).lineWidth(1.2).fillAndStroke(colours.fill, colours.border);
  font(doc, 11, true)
    .fillColor(colours.ink)
    .text(title, at.x + 10, top + 7, { width: inner, lineGap: LINE_GAP });
  font(doc, 8.5)
    .fillColor(INK)
    .text(body, at.x + 10, doc.y + 1, { width: inner, lineGap: LINE_GAP });
  doc.x = at.x;
  doc.y = top + height;
}
