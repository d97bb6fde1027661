/**
 * PNGs that begin as a PNG should but cannot be printed: what anyone holding a signing link can send as a
 * drawn signature. Each chunk is laid out as PNG's specification says (length, type, data, CRC), so only
 * the part named is wrong.
 */
import { deflateSync } from 'node:zlib';
import { encode } from 'fast-png';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

function png(width: number, height: number, idat: Buffer): string {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const bytes = Buffer.concat([
    SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${bytes.toString('base64')}`;
}

/** Pixel data that is not zlib: the PDF library's decoder threw outside any try, ending the process. */
export const UNDECODABLE_PNG = png(1, 1, Buffer.from('this is not zlib data at all'));
/** A header claiming 60,000 x 60,000 pixels: decoding it would take gigabytes. */
export const GIANT_PNG = png(60_000, 60_000, deflateSync(Buffer.from([0, 0, 0, 0, 0])));

/** A 1 x 1 header over 40 MB of zeros (a few kilobytes deflated): decoding it would take the memory. */
export const INFLATION_BOMB_PNG = png(1, 1, deflateSync(Buffer.alloc(40_000_000)));

/** A real drawing of the given size: a black stroke on transparent, as the canvas sends. */
export function drawnPng(width = 300, height = 100): string {
  const data = new Uint8Array(width * height * 4);
  for (let x = 10; x < width - 10; x++) data[(Math.floor(height / 2) * width + x) * 4 + 3] = 255;
  const png = Buffer.from(encode({ width, height, data, depth: 8, channels: 4 }));
  return `data:image/png;base64,${png.toString('base64')}`;
}
