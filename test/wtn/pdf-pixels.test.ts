import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderNotePdf } from '../../src/wtn/wtn-pdf.ts';
import { input, noteFor, seasonTicket, signed } from './pdf-notes.ts';
import { countPixels, drawnSignature, isBlueInk, type PageImage, renderPages } from './pdf-pages.ts';

/** Where the pages are left to look at (overwritten on each run). */
const LOOK_DIR = join(tmpdir(), 'wtn-pdf-pages');

/** The pages as a printer would show them, also written as PNG files to LOOK_DIR. */
async function pages(
  name: string,
  note: Parameters<typeof renderNotePdf>[0],
  drawings = {},
): Promise<PageImage[]> {
  const images = renderPages(await renderNotePdf(note, { drawings }), 72);
  mkdirSync(LOOK_DIR, { recursive: true });
  for (const [i, page] of images.entries()) writeFileSync(join(LOOK_DIR, `${name}-${i + 1}.png`), page.png);
  return images;
}

/** The watermark's translucent red over white paper. */
const isWatermark = (r: number, g: number, b: number) => r > 235 && r - g > 12 && Math.abs(g - b) < 12;

describe('the printed transfer note, as pixels', () => {
  it('shows the TEST / SANDBOX watermark across every page of a test note and none on a live one', async () => {
    const test = await pages('test-season', seasonTicket(52, { mode: 'test', origin: 'sandbox' }));
    const live = await pages('live-season', seasonTicket(52));
    expect(test.length).toBe(3);
    for (const page of test) expect(countPixels(page, isWatermark)).toBeGreaterThan(5000);
    for (const page of live) expect(countPixels(page, isWatermark)).toBeLessThan(200);
  });

  it("prints the drawn signature inside the transferor's box, and nothing drawn in the transferee's", async () => {
    const note = signed(noteFor(input), {
      transferor: {
        name: 'Jo Bloggs',
        position: null,
        signed_at: '2026-03-25T09:31:00Z',
        method: 'signing_link',
      },
      transferee: {
        name: 'Sam Driver',
        position: 'Driver',
        signed_at: '2026-03-25T09:40:00Z',
        method: 'api',
      },
    });
    const drawn = await pages('signed', note, { transferor: drawnSignature() });
    const page = drawn.find((p) => p.find('G. Signatures').length > 0)!;
    const top = page.find('G. Signatures')[0].y;
    // Both boxes side by side under the heading, on one page.
    const left = page.find('Transferor (producer or holder)').find((box) => box.y > top)!;
    const right = page.find('Transferee (carrier)').find((box) => box.y > top)!;
    expect(left.x).toBeLessThan(page.width / 2);
    expect(right.x).toBeGreaterThan(page.width / 2);
    expect(Math.abs(left.y - right.y)).toBeLessThan(2);
    const box = { y: left.y, height: 260, width: page.width / 2 };
    const transferorInk = countPixels(page, isBlueInk, { ...box, x: 0 });
    const transfereeInk = countPixels(page, isBlueInk, { ...box, x: page.width / 2 });
    expect(transferorInk).toBeGreaterThan(150);
    expect(transfereeInk).toBe(0);

    const undrawn = await pages('signed-undrawn', note);
    expect(undrawn.reduce((sum, p) => sum + countPixels(p, isBlueInk), 0)).toBe(0);
  });
});
