import { readFileSync } from 'node:fs';
import * as mupdf from 'mupdf';
import PDFDocument from 'pdfkit';

/** The mark, and the ICO made from it that src/platform/favicon.ts serves (committed: mupdf is for development only). */
const FAVICON_SVG_FILE = new URL('../src/platform/assets/favicon.svg', import.meta.url);
export const FAVICON_ICO_FILE = new URL('../src/platform/assets/favicon.ico', import.meta.url);

/** The sizes a browser or an operating system picks from for a tab, a bookmark or a shortcut. */
const SIZES = [16, 32, 48];

interface SvgPath {
  d: string;
  fill: string;
  stroke: string | null;
  strokeWidth: number;
}

/** The paths of our own one-colour mark (favicon.svg): enough SVG for it, not a general reader. */
function svgPaths(svg: string): { size: number; paths: SvgPath[] } {
  const size = Number(/viewBox="0 0 (\d+(?:\.\d+)?) /.exec(svg)?.[1]);
  const attribute = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];
  const paths = [...svg.matchAll(/<path\b[^>]*>/g)].map(([tag]) => ({
    d: attribute(tag, 'd') ?? '',
    fill: attribute(tag, 'fill') ?? '#000',
    stroke: attribute(tag, 'stroke') ?? null,
    strokeWidth: Number(attribute(tag, 'stroke-width') ?? 1),
  }));
  return { size, paths };
}

/** The mark drawn on a one-page PDF of its own size (pdfkit reads SVG path data). */
function markAsPdf(svg: string): Promise<Buffer> {
  const { size, paths } = svgPaths(svg);
  const doc = new PDFDocument({ size: [size, size], margin: 0, info: { CreationDate: new Date(0) } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  for (const path of paths) {
    doc.path(path.d);
    if (path.stroke) {
      doc.lineWidth(path.strokeWidth).lineCap('round').lineJoin('round').stroke(path.stroke);
    } else {
      doc.fill(path.fill);
    }
  }
  doc.end();
  return done;
}

/**
 * /favicon.ico, made from favicon.svg: the mark at 16, 32 and 48 pixels as PNG images in one ICO file
 * (PNG entries: Windows Vista and every browser since), for the browsers and tools that ask for
 * /favicon.ico rather than reading a page's icon links.
 */
export async function faviconIco(): Promise<Buffer> {
  const pdf = mupdf.Document.openDocument(
    await markAsPdf(readFileSync(FAVICON_SVG_FILE, 'utf8')),
    'application/pdf',
  );
  const page = pdf.loadPage(0);
  const [x0, , x1] = page.getBounds();
  const images = SIZES.map((size) => {
    const scale = size / (x1 - x0);
    const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, true, true);
    const png = Buffer.from(pixmap.asPNG());
    pixmap.destroy();
    return { size, png };
  });
  // ICONDIR (6 bytes), one ICONDIRENTRY (16 bytes) per image, then the images.
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  for (const [i, { size, png }] of images.entries()) {
    const entry = 6 + 16 * i;
    header.writeUInt8(size, entry);
    header.writeUInt8(size, entry + 1);
    header.writeUInt16LE(1, entry + 4);
    header.writeUInt16LE(32, entry + 6);
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  }
  return Buffer.concat([header, ...images.map((image) => image.png)]);
}
