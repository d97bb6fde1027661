import { BOTTOM, GREY, MARGIN } from '../../wtn/pdf/layout.ts';
import { FACE } from './fonts.ts';

/**
 * Draws on every buffered page, in turn, a ruled footer naming the document and "Page N of M", then
 * whatever `decorate` adds (a band at the top, a watermark). The bottom margin is lifted while drawing,
 * since writing inside it would otherwise start a new page.
 */
export function decorateEveryPage(
  doc: PDFKit.PDFDocument,
  footer: string[],
  decorate: (page: number, width: number) => void,
): void {
  const { start, count } = doc.bufferedPageRange();
  const width = doc.page.width - 2 * MARGIN;
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - BOTTOM + 18;
    doc
      .moveTo(MARGIN, y - 6)
      .lineTo(MARGIN + width, y - 6)
      .lineWidth(0.5)
      .strokeColor('#bbbbbb')
      .stroke();
    doc.font(FACE.regular).fontSize(7.5).fillColor(GREY);
    doc.text(footer.join('   ·   '), MARGIN, y, { width, lineBreak: false });
    doc.text(`Page ${i - start + 1} of ${count}`, MARGIN, y, { width, align: 'right', lineBreak: false });
    decorate(i - start, width);
    doc.page.margins.bottom = bottom;
  }
}
