import { FACE } from '../../platform/pdf/fonts.ts';
import {
  bottomOfPage,
  columnHeading,
  type Doc,
  draw,
  fullWidth,
  HEADING_HEIGHT,
  type Item,
  keep,
  MARGIN,
  measure,
  TOP,
} from '../../wtn/pdf/layout.ts';

/**
 * The form's pieces as measured blocks, so a whole Part (its heading, declaration, details and
 * signature) can be moved to the next page together: a certificate is never split from its signature.
 */
export interface Block {
  height(doc: Doc): number;
  draw(doc: Doc): void;
}

const PART_BAND = 18;
const GUTTER = 16;

/** "PART C  Carrier's certificate" on a dark band, as the printed form marks its five Parts. */
export function partHeading(letter: string, title: string): Block {
  return {
    height: () => PART_BAND + 10,
    draw(doc) {
      const at = fullWidth(doc);
      const y = doc.y + 6;
      doc.rect(at.x, y, at.width, PART_BAND).fill('#222222');
      doc
        .font(FACE.bold)
        .fontSize(10.5)
        .fillColor('#ffffff')
        .text(`PART ${letter}`, at.x + 6, y + 4.5, { lineBreak: false, continued: true })
        .font(FACE.regular)
        .text(`   ${title}`, { lineBreak: false });
      doc.x = at.x;
      doc.y = y + PART_BAND + 4;
    },
  };
}

/** Items across the full width. */
export function full(items: Item[]): Block {
  return {
    height: (doc) => measure(doc, items, fullWidth(doc)),
    draw: (doc) => draw(doc, items, fullWidth(doc)),
  };
}

export interface Column {
  title?: string;
  items: Item[];
}

function halves(doc: Doc) {
  const at = fullWidth(doc);
  const half = (at.width - GUTTER) / 2;
  return [
    { x: at.x, width: half },
    { x: at.x + half + GUTTER, width: half },
  ];
}

/** Two columns side by side, each under its own shaded title when given. */
export function columns(left: Column, right: Column): Block {
  const titled = left.title !== undefined || right.title !== undefined;
  const above = titled ? HEADING_HEIGHT + 2 : 0;
  return {
    height(doc) {
      const [l, r] = halves(doc);
      return above + Math.max(measure(doc, left.items, l), measure(doc, right.items, r)) + 2;
    },
    draw(doc) {
      const top = doc.y;
      const height = this.height(doc);
      for (const [i, at] of halves(doc).entries()) {
        const column = i === 0 ? left : right;
        doc.y = top;
        if (column.title !== undefined) columnHeading(doc, column.title, at);
        doc.y = top + above;
        draw(doc, column.items, at);
      }
      doc.x = MARGIN;
      doc.y = top + height;
    },
  };
}

export function gap(height: number): Block {
  return {
    height: () => height,
    draw(doc) {
      doc.y += height;
    },
  };
}

export function totalHeight(doc: Doc, blocks: Block[]): number {
  return blocks.reduce((sum, block) => sum + block.height(doc), 0);
}

/** The height a page holds between its header band and its footer. */
export function pageRoom(doc: Doc): number {
  return bottomOfPage(doc) - TOP;
}

/**
 * Draws the blocks on one page, moving them whole to the next page when they do not fit here; when
 * they are taller than a page, at least `lead` points of them start on the same page.
 */
export function drawTogether(doc: Doc, blocks: Block[], lead?: number): void {
  const total = totalHeight(doc, blocks);
  keep(doc, total <= pageRoom(doc) ? total : (lead ?? pageRoom(doc)));
  for (const block of blocks) block.draw(doc);
}

/** A shaded title across the full width, over a table or a box of the form. */
export function subheading(text: string): Block {
  return {
    height: () => HEADING_HEIGHT + 4,
    draw(doc) {
      doc.y += 4;
      columnHeading(doc, text, fullWidth(doc));
    },
  };
}
