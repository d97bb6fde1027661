import { FACE } from './fonts.ts';
/**
 * A translucent word across the middle of a page, drawn last so nothing printed covers it: what marks
 * a test document on every page, even a page that has come loose.
 */
export function watermark(doc: PDFKit.PDFDocument, text: string, size = 84): void {
  const { width, height } = doc.page;
  doc.save();
  doc.rotate(-50, { origin: [width / 2, height / 2] });
  doc.font(FACE.bold).fontSize(size).fillColor('#c0392b').fillOpacity(0.13);
  doc.text(text, width / 2 - 380, height / 2 - size / 2, {
    width: 760,
    align: 'center',
    lineBreak: false,
  });
  doc.restore();
}
