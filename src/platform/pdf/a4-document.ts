import type PDFDocumentClass from 'pdfkit';
import { MARGIN, TOP } from '../../wtn/pdf/layout.ts';
import { onFirstUse } from '../first-use.ts';
import { registerFaces } from './fonts.ts';

/** pdfkit (its fonts and their decompressors) takes about 0.14 s to load: the first PDF pays it. */
const pdfkit = onFirstUse<typeof PDFDocumentClass>('pdfkit');

/**
 * An A4 document laid out by our measured blocks, and the promise of its bytes once `doc.end()` is
 * called. Pages are broken by the layout (which keeps to BOTTOM), never by pdfkit inside a field, and
 * are buffered so every page can be decorated at the end (footer, watermark). The text faces are
 * registered (fonts.ts). `printedAt` is the document's creation date: the same note printed at the
 * same instant gives the same bytes, wherever it is rendered.
 */
export function a4Document(info: { title: string; subject: string; printedAt?: Date }): {
  doc: PDFKit.PDFDocument;
  bytes: Promise<Buffer>;
} {
  const PDFDocument = pdfkit();
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: TOP, bottom: 20, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: {
      Title: info.title,
      Subject: info.subject,
      Creator: 'Waste Compliance Service',
      CreationDate: info.printedAt ?? new Date(),
    },
  });
  registerFaces(doc);
  const chunks: Buffer[] = [];
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes };
}
