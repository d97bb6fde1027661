import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { declarationOf, RECEIPT_DECLARATION } from '../../src/wtn/declarations.ts';
import { renderNotePdf } from '../../src/wtn/wtn-pdf.ts';
import type { GenerateWtnInput, WasteTransferNote } from '../../src/wtn/wtn-schemas.ts';
import { input, noteFor, seasonTicket, signed } from './pdf-notes.ts';
import { drawnSignature, type PageImage, renderPages } from './pdf-pages.ts';
import { pageTexts } from './pdf-text.ts';
import { wtnApp } from './wtn-app.ts';

// What a driver and a customer hold: a complete note is one sheet, signatures and declarations
// included, and a season ticket is the ticket and its schedule of collections.

/** Where the pages are left to look at (overwritten on each run). */
const LOOK_DIR = join(tmpdir(), 'wtn-pdf-pages');

const sandbox = { mode: 'test', origin: 'sandbox' } as const;

/** Every field reg 35 asks for given: nothing to write in by hand (the classifier's cross-check still advises). */
const complete: GenerateWtnInput = {
  ...input,
  waste: {
    description: 'Broken plasterboard offcuts',
    ewc_code: '17 08 02',
    quantity_kg: 2500,
    container_type: 'skip',
  },
  transfer_time: '10:30',
  transfer_place: '45 High Street, Bournemouth, BH1 2AA',
};

/** The SDK README's first note: no SIC code, permit or container, so three blanks and three warnings. */
const firstNote: GenerateWtnInput = {
  producer: { name: 'ABC Office Fit-out Ltd', address: '45 High Street, Bournemouth, BH1 2AA' },
  carrier: { registration_number: 'CBDU100001' },
  waste: { description: 'Broken plasterboard offcuts', quantity_kg: 2500 },
  destination: { name: 'South Coast Recycling Ltd', address: 'Industrial Estate, Poole, BH15 1NF' },
  transfer_date: '2026-03-25',
  transfer_time: '10:30',
  transfer_place: '45 High Street, Bournemouth',
};

const bothSigned = (note: WasteTransferNote) =>
  signed(note, {
    transferor: {
      name: 'Jo Bloggs',
      position: 'Site manager',
      signed_at: '2026-03-25T09:31:00Z',
      method: 'signing_link',
    },
    transferee: { name: 'Sam Driver', position: 'Driver', signed_at: '2026-03-25T09:40:00Z', method: 'api' },
  });

/** The note's pages as mupdf renders them, also written as PNG files to LOOK_DIR. */
async function printed(name: string, pdf: Uint8Array): Promise<PageImage[]> {
  const pages = renderPages(pdf, 72);
  mkdirSync(LOOK_DIR, { recursive: true });
  for (const [i, page] of pages.entries()) writeFileSync(join(LOOK_DIR, `${name}-${i + 1}.png`), page.png);
  return pages;
}

describe('a complete transfer note', () => {
  const notes: [string, WasteTransferNote, Record<string, string>?][] = [
    ['complete-live', noteFor(complete)],
    ['complete-test', noteFor(complete, sandbox)],
    ['complete-signed', bothSigned(noteFor(complete)), { transferor: drawnSignature() }],
    ['first-note-test', noteFor(firstNote, { ...sandbox, suggested: '17 08 02' })],
  ];

  it.each(notes)(
    '%s prints on one A4 page, signatures and declarations included',
    async (name, note, drawings) => {
      const pdf = await renderNotePdf(note, { drawings, today: '2026-03-25' });
      const pages = await printed(name, pdf);
      expect(pages.length).toBe(1);
      const [text] = await pageTexts(pdf);
      for (const expected of [
        'Page 1 of 1',
        'F. Duty of care checks',
        'G. Signatures',
        'Both parties must keep a copy of this note for at least 2 years.',
      ]) {
        expect(text, expected).toContain(expected);
      }
      // Each box carries what its party declares on the signing page, word for word.
      expect(text).toContain(
        `Transferor (producer or holder) ABC Office Fit-out Ltd Declaration: ${declarationOf('transferor').join(' ')}`,
      );
      expect(text).toContain(
        `Transferee (carrier) Sandbox Haulage Limited Declaration: ${declarationOf('transferee').join(' ')}`,
      );
    },
  );

  it("prints the receipt declaration in the transferee's box and the hierarchy declaration in the transferor's", async () => {
    const [page] = await printed('declarations', await renderNotePdf(noteFor(complete)));
    const signatures = page.find('G. Signatures')[0];
    const below = (text: string) => page.find(text).filter((box) => box.y > signatures.y);
    const [transferee] = below('Transferee (carrier)');
    const [receipt] = below('I confirm that I have received the waste');
    const [hierarchy] = below('I confirm that I have fulfilled my duty');
    const [correct] = below('I confirm that the information on this note is correct.');
    expect(transferee.x).toBeGreaterThan(page.width / 2);
    expect(receipt.x).toBeGreaterThan(page.width / 2);
    expect(receipt.y).toBeGreaterThan(transferee.y);
    expect(hierarchy.x).toBeLessThan(page.width / 2);
    expect(correct.x).toBeLessThan(page.width / 2);
    // The receipt sits in the box, above its ruled lines.
    const nameLines = below('Name').filter((box) => box.x > page.width / 2);
    expect(receipt.y).toBeLessThan(nameLines[0].y);
    expect(RECEIPT_DECLARATION).toBe('I confirm that I have received the waste described on this note.');
  });

  it('keeps the three warnings of a note with blanks as advice, each title said once', async () => {
    const note = noteFor(firstNote, { ...sandbox, suggested: '17 08 02' });
    expect(note.compliance.warnings.map((w) => w.code).sort()).toEqual([
      'CONTAINER_TYPE_MISSING',
      'PERMIT_NUMBER_MISSING',
      'SIC_CODE_MISSING',
    ]);
    const [text] = await pageTexts(await renderNotePdf(note));
    expect(text).toContain(
      "Advice (does not affect compliance): • No permit number for the receiving site. The note should record the transferee's permit",
    );
    expect(text).not.toContain('No permit number for the receiving site. No permit number');
  });
});

describe('a season ticket', () => {
  it('prints the schedule of collections, not a warning that the time of transfer is missing', async () => {
    // The classifier agrees with the supplied code, so nothing else is advised.
    const ticket = seasonTicket(2, { suggested: '17 08 02' });
    expect(ticket.transfer_time).toBeNull();
    expect(ticket.compliance.warnings.map((w) => w.code)).not.toContain('TRANSFER_TIME_OR_PLACE_MISSING');
    const pdf = await renderNotePdf(ticket);
    const pages = await printed('season-ticket', pdf);
    expect(pages.length).toBe(2);
    const [first, second] = await pageTexts(pdf);
    expect(first).toContain('Time Each collection: see the schedule');
    expect(first).toContain('Advice (does not affect compliance): none.');
    expect(first).not.toContain('Time or place of transfer');
    // The ticket, its signatures, then the schedule: the logged collections, rows to write more on.
    const all = `${first} ${second}`;
    expect(all.indexOf('G. Signatures')).toBeLessThan(all.indexOf('H. Schedule of collections'));
    expect(all).toContain('1 25 March 2026 07:45 380 kg AB12 CDE');
    expect(second).toContain(
      'Schedule of collections (continued) No. Date Time Quantity Vehicle registration',
    );
  });

  it('drops the missing-time warning of a ticket made before the rule changed, and keeps a missing place', async () => {
    const stored = seasonTicket(2, { suggested: '17 08 02' });
    const old: WasteTransferNote = {
      ...stored,
      compliance: {
        ...stored.compliance,
        warnings: [
          {
            code: 'TRANSFER_TIME_OR_PLACE_MISSING',
            message:
              'The time of transfer is not given; a transfer note must record the time and place of transfer (reg 35(2)(a)(iii)). Fill it in on the printed note at the transfer.',
          },
        ],
      },
    };
    const [first] = await pageTexts(await renderNotePdf(old));
    expect(first).not.toContain('time of transfer is not given');
    expect(first).toContain('Advice (does not affect compliance): none.');

    const placeless = noteFor({
      ...input,
      waste: {
        description: 'Plasterboard offcuts',
        ewc_code: '17 08 02',
        quantity_kg: 400,
        container_type: 'SKI',
      },
      season_ticket: { valid_from: '2026-03-25', valid_until: '2027-03-24' },
    });
    const warning = placeless.compliance.warnings.find((w) => w.code === 'TRANSFER_TIME_OR_PLACE_MISSING');
    expect(warning?.message).toMatch(/^The place of transfer is not given/);
    const [page] = await pageTexts(await renderNotePdf(placeless));
    expect(page).toContain('Time or place of transfer to be written in. The place of transfer is not given');
  });

  it('made through the API, has no missing-time warning and prints its collections', async () => {
    const t = await wtnApp();
    try {
      const note = await t.note({
        producer: {
          name: 'ABC Office Fit-out Ltd',
          address: '45 High Street, Bournemouth, BH1 2AA',
          sic_code: '43320',
        },
        carrier: { registration_number: 'CBDU100001' },
        waste: {
          description: 'Plasterboard offcuts',
          ewc_code: '17 08 02',
          quantity_kg: 400,
          container_type: 'SKI',
        },
        destination: {
          name: 'South Coast Recycling Ltd',
          address: 'Industrial Estate, Poole, BH15 1NF',
          permit_number: 'EPR/AB1234CD',
        },
        transfer_date: '2026-03-25',
        transfer_place: 'Rear yard, 45 High Street',
        season_ticket: { valid_from: '2026-03-25', valid_until: '2027-03-24' },
      });
      expect(note.compliance.warnings).toEqual([]);
      for (const collection of [
        { date: '2026-03-25', time: '07:45', quantity_kg: 380, vehicle_registration: 'AB12 CDE' },
        { date: '2026-04-01', quantity_kg: 390, vehicle_registration: 'AB12 CDE' },
      ]) {
        const logged = await t.call(t.testKey, {
          method: 'POST',
          url: `/v1/wtn/${note.reference}/transfers`,
          payload: collection,
        });
        expect(logged.statusCode).toBe(201);
      }
      const pdf = (await t.get(`/v1/wtn/${note.reference}/pdf`)).rawPayload;
      const pages = await printed('season-ticket-api', pdf);
      expect(pages.length).toBe(2);
      const all = (await pageTexts(pdf)).join(' ');
      expect(all).not.toContain('Time or place of transfer');
      expect(all).toContain('H. Schedule of collections 2 collections logged, 770 kg in total.');
      expect(all).toContain('2 1 April 2026 390 kg AB12 CDE');
    } finally {
      await t.close();
    }
  });
});
