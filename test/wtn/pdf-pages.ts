import * as mupdf from 'mupdf';

/** PDF pages as pixels (mupdf, WASM): what a printed page shows, for tests and for looking at. */

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PageImage {
  width: number;
  height: number;
  /** RGB, 3 bytes a pixel, row after row. */
  pixels: Uint8Array;
  png: Uint8Array;
  /** Where a text appears on the page, in pixels, top to bottom. */
  find(text: string): Box[];
}

/** Renders every page at `dpi`. */
export function renderPages(pdf: Uint8Array, dpi = 72): PageImage[] {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  const scale = dpi / 72;
  const pages: PageImage[] = [];
  for (let i = 0; i < doc.countPages(); i++) {
    const page = doc.loadPage(i);
    const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
    const width = pixmap.getWidth();
    const height = pixmap.getHeight();
    const stride = pixmap.getStride();
    const raw = pixmap.getPixels();
    const pixels = new Uint8Array(width * height * 3);
    for (let y = 0; y < height; y++)
      pixels.set(raw.subarray(y * stride, y * stride + width * 3), y * width * 3);
    const png = pixmap.asPNG().slice();
    pages.push({
      width,
      height,
      pixels,
      png,
      find(text) {
        return page.search(text, {}).map(([q]) => {
          const xs = [q[0], q[2], q[4], q[6]].map((v) => v * scale);
          const ys = [q[1], q[3], q[5], q[7]].map((v) => v * scale);
          const x = Math.min(...xs);
          const y = Math.min(...ys);
          return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
        });
      },
    });
    pixmap.destroy();
  }
  return pages;
}

/** Pixels in a region that match `test` (given r, g, b). */
export function countPixels(
  page: PageImage,
  test: (r: number, g: number, b: number) => boolean,
  region = { x: 0, y: 0, width: page.width, height: page.height },
): number {
  let count = 0;
  const x1 = Math.min(page.width, Math.round(region.x + region.width));
  const y1 = Math.min(page.height, Math.round(region.y + region.height));
  for (let y = Math.max(0, Math.round(region.y)); y < y1; y++) {
    for (let x = Math.max(0, Math.round(region.x)); x < x1; x++) {
      const i = (y * page.width + x) * 3;
      if (test(page.pixels[i], page.pixels[i + 1], page.pixels[i + 2])) count++;
    }
  }
  return count;
}

/** Ink the colour of a blue ballpoint: what a drawn signature in the tests is made of. */
export const isBlueInk = (r: number, g: number, b: number) => b > 150 && r < 90 && g < 120;

/** A hand-drawn signature as the signing page sends it: a PNG data URL of a blue scrawl. */
export function drawnSignature(): string {
  const width = 300;
  const height = 90;
  const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, [0, 0, width, height], false);
  pixmap.clear(255);
  const pixels = pixmap.getPixels();
  const stride = pixmap.getStride();
  for (let x = 10; x < width - 10; x++) {
    const centre = height / 2 + Math.sin(x / 11) * 25 * Math.cos(x / 47);
    for (let dy = -3; dy <= 3; dy++) {
      const i = Math.round(centre + dy) * stride + x * 3;
      pixels[i] = 20;
      pixels[i + 1] = 40;
      pixels[i + 2] = 200;
    }
  }
  const png = pixmap.asPNG();
  pixmap.destroy();
  return `data:image/png;base64,${Buffer.from(png).toString('base64')}`;
}
