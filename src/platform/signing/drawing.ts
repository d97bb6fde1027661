/**
 * A drawn signature arrives as a PNG data URL from the signing page's canvas, and is printed on the
 * document's PDF. Anyone holding a signing link can send any bytes there, so a drawing is read in full
 * when the form is read, as a canvas writes it: 8 bits a channel, not interlaced, at most a canvas's
 * size. Its header is checked before anything is inflated, its pixel data is inflated no further than
 * that header allows (a small image over gigabytes of zeros is refused, not decoded), and fast-png then
 * checks every chunk's CRC and decodes it. The PDF is given the PNG written back from the same reading,
 * so no drawing, not even one stored before these checks, can stop a document printing.
 */
import { inflateSync } from 'node:zlib';
import { convertIndexedToRgb, decode, encode } from 'fast-png';

export const DRAWING_PREFIX = 'data:image/png;base64,';
/** A phone or tablet canvas at twice its CSS size (signing.js caps the ratio at 2) is well inside these. */
export const DRAWING_MAX_WIDTH = 2400;
export const DRAWING_MAX_HEIGHT = 1200;

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Channels per colour type: grey, RGB, palette, grey and alpha, RGBA. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

interface Header {
  width: number;
  height: number;
  colourType: number;
}

/** The IHDR of a PNG a canvas could have written, or undefined. */
function headerOf(bytes: Buffer): Header | undefined {
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return undefined;
  if (bytes.toString('latin1', 12, 16) !== 'IHDR' || bytes.readUInt32BE(8) !== 13) return undefined;
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  const [depth, colourType, , , interlace] = bytes.subarray(24, 29);
  if (width === 0 || height === 0 || width > DRAWING_MAX_WIDTH || height > DRAWING_MAX_HEIGHT)
    return undefined;
  if (depth !== 8 || interlace !== 0 || CHANNELS[colourType] === undefined) return undefined;
  return { width, height, colourType };
}

/** The pixel data inflates to exactly what the header says (one filter byte a row), and no further. */
function pixelDataFits(bytes: Buffer, { width, height, colourType }: Header): boolean {
  const expected = height * (1 + width * CHANNELS[colourType]);
  const parts: Buffer[] = [];
  for (let at = 8; at + 12 <= bytes.length; ) {
    const length = bytes.readUInt32BE(at);
    if (bytes.toString('latin1', at + 4, at + 8) === 'IDAT')
      parts.push(bytes.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  try {
    return inflateSync(Buffer.concat(parts), { maxOutputLength: expected }).length === expected;
  } catch {
    return false;
  }
}

/** The drawing as a PNG the PDF can print, or undefined when it is not one a canvas could have drawn. */
export function drawingPng(dataUrl: string): Buffer | undefined {
  if (!dataUrl.startsWith(DRAWING_PREFIX)) return undefined;
  const data = dataUrl.slice(DRAWING_PREFIX.length);
  if (!BASE64.test(data)) return undefined;
  const bytes = Buffer.from(data, 'base64');
  const header = headerOf(bytes);
  if (!header || !pixelDataFits(bytes, header)) return undefined;
  const { width, height, colourType } = header;
  try {
    const png = decode(bytes, { checkCrc: true });
    if (png.width !== width || png.height !== height) return undefined;
    // Only a palette image's pixels are indices: an RGBA image may carry a suggested palette too.
    const rgb = colourType === 3 && png.palette ? convertIndexedToRgb(png) : undefined;
    const pixels = rgb ?? png.data;
    const channels = rgb ? rgb.length / (width * height) : png.channels;
    return Buffer.from(encode({ width, height, data: pixels, depth: 8, channels }));
  } catch {
    return undefined;
  }
}
