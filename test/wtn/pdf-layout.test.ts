import { describe, expect, it } from 'vitest';
import { HIERARCHY_DECLARATION, RECEIPT_DECLARATION } from '../../src/wtn/declarations.ts';
import { renderNotePdf } from '../../src/wtn/wtn-pdf.ts';
import type { WasteTransferNote } from '../../src/wtn/wtn-schemas.ts';
import { input, noteFor, REFERENCE, seasonTicket, superseded } from './pdf-notes.ts';
import { pageTexts, readPdf } from './pdf-text.ts';

const sandbox = { mode: 'test', origin: 'sandbox' } as const;

describe('a season ticket', () => {
  it('prints the period and a schedule of the collections, with rows to write more by hand', async () => {
    const { text } = await readPdf(await renderNotePdf(seasonTicket(2)));
    for (const expected of [
      'Waste Transfer Note: Season ticket',
      'Valid from 25 March 2026',
      'Valid until 24 March 2027',
      'H. Schedule of collections',
      '2 collections logged, 770 kg in total. Write further collections on the empty rows.',
      'No. Date Time Quantity Vehicle registration',
      'In a container: Skip (DWT code SKI)',
      '1 25 March 2026 07:45 380 kg AB12 CDE',
      '2 1 April 2026 07:45 390 kg AB12 CDE',
    ]) {
      expect(text, expected).toContain(expected);
    }
    // Eight empty rows, each with its unit printed.
    expect(text).toMatch(/AB12 CDE( kg){8}/);
  });

  it('runs a year of weekly collections onto further pages, repeating the column titles', async () => {
    const pages = await pageTexts(await renderNotePdf(seasonTicket(52)));
    expect(pages.length).toBe(3);
    expect(pages[2]).toContain(`Waste Transfer Note ${REFERENCE} (continued)`);
    expect(pages[2]).toContain(
      'Schedule of collections (continued) No. Date Time Quantity Vehicle registration',
    );
    expect(pages.join(' ')).toContain('52 17 March 2027');
  });
});

describe('a corrected note', () => {
  it('is marked SUPERSEDED on every page, and its correction names the note it corrects', async () => {
    const long = 'Mixed construction waste: broken bricks, tiles, plaster, timber offcuts and packaging. ';
    const old = superseded(
      noteFor({ ...input, waste: { ...input.waste, description: long.repeat(20) } }),
      'WTN-2026-0326-B8Y0',
    );
    const pages = await pageTexts(await renderNotePdf(old));
    expect(pages.length).toBe(2);
    expect(pages[0]).toContain('SUPERSEDED by WTN-2026-0326-B8Y0 — do not use');
    expect(pages[1]).toContain('SUPERSEDED by WTN-2026-0326-B8Y0 — do not use');

    const correction: WasteTransferNote = { ...noteFor(input), supersedes: 'WTN-2026-0324-C1Z2' };
    const { text } = await readPdf(await renderNotePdf(correction));
    expect(text).toContain('This note corrects WTN-2026-0324-C1Z2');
    expect(text).not.toContain('SUPERSEDED');
  });
});

describe('a long transfer note', () => {
  it('moves the signature block whole to a page that names the note, never leaving part of it behind', async () => {
    const long =
      'Mixed construction waste: broken bricks, tiles, plaster, timber offcuts and packaging. '.repeat(22);
    const notes = [
      noteFor({
        ...input,
        producer: { ...input.producer, address: 'Unit 4, '.repeat(60).slice(0, 500) },
        waste: { ...input.waste, description: long.slice(0, 2000) },
      }),
      // Not complete (time and place to be written in) and flagged: the signatures no longer fit.
      noteFor(input, { status: 'expired' }),
      noteFor(input, sandbox),
    ];
    for (const note of notes) {
      const pages = await pageTexts(await renderNotePdf(note));
      const at = pages.findIndex((page) => page.includes('G. Signatures'));
      expect(at).toBeGreaterThan(0);
      const page = pages[at];
      for (const part of [
        `${REFERENCE} (continued)`,
        'Transferor (producer or holder)',
        'Transferee (carrier)',
        HIERARCHY_DECLARATION.slice(0, 60),
        RECEIPT_DECLARATION.slice(0, 40),
        'Date and time',
        'at least 2 years',
      ]) {
        expect(page, part).toContain(part);
      }
      for (const other of pages.filter((_, i) => i !== at)) {
        expect(other).not.toContain('Transferee (carrier)');
        expect(other).not.toContain('Declaration:');
      }
    }
  });

  it('keeps a plain note to one page', async () => {
    const note = noteFor({
      ...input,
      waste: {
        description: 'Broken plasterboard offcuts',
        ewc_code: '17 08 02',
        quantity_kg: 2500,
        container_type: 'skip',
      },
      transfer_time: '10:30',
      transfer_place: '45 High Street, Bournemouth, BH1 2AA',
    });
    const { pages, text } = await readPdf(await renderNotePdf(note));
    expect(pages).toBe(1);
    expect(text).toContain('Compliant: Yes All four duty of care checks passed and nothing is flagged.');
  });
});
