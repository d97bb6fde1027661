import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { getCatalogue } from '../../src/classification/catalogue.ts';
import { buildNote } from '../../src/wtn/note-builder.ts';
import { noteJson } from '../../src/wtn/note-lifecycle.ts';
import { HIERARCHY_DECLARATION, renderNotePdf } from '../../src/wtn/wtn-pdf.ts';
import type { GenerateWtnInput, WasteTransferNote } from '../../src/wtn/wtn-schemas.ts';
import { readPdf } from './pdf-text.ts';
import { validBody, wtnApp } from './wtn-app.ts';

const catalogue = getCatalogue();

function noteFor(input: GenerateWtnInput, status: 'valid' | 'expired' = 'valid'): WasteTransferNote {
  const body = buildNote(
    input,
    {
      verification: {
        status,
        registrations: [
          {
            registration_number: 'CBDU100001',
            business_name: 'Sandbox Haulage Limited',
            tier: 'upper',
            status,
            expiry_date: status === 'valid' ? '2027-04-30' : '2026-02-01',
            days_until_expiry: status === 'valid' ? 400 : -52,
            expiry_warning: false,
            address: '1 Test Street, Testville, TE1 1AA',
          },
        ],
        verification: { origin: 'ea_api' },
      },
      classification: {
        classifications: [{ ewc_code: '17 06 05', description: '', is_hazardous: true, confidence: 0.92 }],
      },
    },
    catalogue,
  );
  return JSON.parse(
    noteJson(
      JSON.stringify({ reference: 'WTN-2026-0325-A7X9', ...body, created_at: '2026-03-25T09:15:00.000Z' }),
    ),
  );
}

const input: GenerateWtnInput = {
  producer: {
    name: 'ABC Office Fit-out Ltd',
    address: '45 High Street, Bournemouth, BH1 2AA',
    sic_code: '43320',
    contact_name: 'Jo Bloggs',
  },
  carrier: { registration_number: 'CBDU100001' },
  waste: { description: 'Asbestos cement roof sheets', quantity_kg: 2500, container_type: 'sealed skip' },
  destination: {
    name: 'South Coast Landfill',
    address: 'Industrial Estate, Poole, BH15 1NF',
    permit_number: 'EPR/AB1234CD',
  },
  transfer_date: '2026-03-25',
};

describe('the printable transfer note', () => {
  it('prints the time and place of transfer when given, and leaves blanks to fill in when not', async () => {
    const given = (
      await readPdf(
        await renderNotePdf(
          noteFor({ ...input, transfer_time: '07:45', transfer_place: 'Rear yard, 45 High Street' }, 'valid'),
        ),
      )
    ).text;
    expect(given).toContain('07:45');
    expect(given).toContain('Rear yard, 45 High Street');
    const blank = (await readPdf(await renderNotePdf(noteFor(input, 'valid')))).text;
    expect(blank).toContain('(to be completed at the transfer)');
  });

  it('is an A4 PDF with the parties, the waste, the checks, flags, the declaration and places to sign', async () => {
    const pdf = await renderNotePdf(noteFor(input, 'expired'));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, width, height } = await readPdf(pdf);
    expect(Math.round(width)).toBe(595);
    expect(Math.round(height)).toBe(842);
    for (const expected of [
      'Waste Transfer Note',
      'WTN-2026-0325-A7X9',
      'Date of transfer: 2026-03-25',
      'ABC Office Fit-out Ltd',
      '45 High Street, Bournemouth, BH1 2AA',
      'SIC code (2007): 43320',
      'Jo Bloggs',
      'Sandbox Haulage Limited',
      'Registration number: CBDU100001',
      'Registered waste carrier (upper tier)',
      'expired on the EA public register',
      'South Coast Landfill',
      'EPR/AB1234CD',
      'Asbestos cement roof sheets',
      '17 06 05*',
      catalogue.get('170605')!.description,
      'Hazardous: Yes',
      '2,500 kg',
      'sealed skip (SKI)',
      '[ ] Carrier registration confirmed on the public register',
      '[x] Waste classified with a List of Wastes code',
      'Compliant: No',
      'CARRIER_EXPIRED',
      'HAZARDOUS_WASTE',
      'Transferor (producer)',
      'Transferee (carrier)',
      'Signature:',
      'Name:',
      'Date:',
      'Place of transfer',
      'at least 2 years',
      'WTN-2026-0325-A7X9 - page 1 of 1',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).toContain(HIERARCHY_DECLARATION.slice(0, 80));
  });

  it('prints warnings, and text outside the PDF base fonts without failing', async () => {
    const note = noteFor({
      ...input,
      producer: { ...input.producer, name: 'Zoë’s Café – “Bistro” ✓ 日本', sic_code: undefined },
      destination: { ...input.destination, permit_number: undefined },
    });
    const { text } = await readPdf(await renderNotePdf(note));
    expect(text).toContain('PERMIT_NUMBER_MISSING');
    expect(text).toContain('page 1 of 1');
    expect(text).toContain('SIC_CODE_MISSING');
    expect(text).toContain('Zoë’s Café – “Bistro”');
  });
});

describe('GET /v1/wtn/{reference}/pdf', () => {
  it('serves the note as an A4 PDF to its owner', async () => {
    const t = await wtnApp();
    try {
      const note = await t.note(validBody());
      const response = await t.get(`/v1/wtn/${note.reference}/pdf`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(`inline; filename="${note.reference}.pdf"`);
      const { text, width } = await readPdf(response.rawPayload);
      expect(Math.round(width)).toBe(595);
      expect(text).toContain(note.reference);
      expect(text).toContain('ABC Office Fit-out Ltd');
      expect(text).toContain('Sandbox Haulage Limited');
      expect(text).toContain('17 08 02');
      expect(text).toContain('Compliant: Yes');
    } finally {
      await t.close();
    }
  });
});

describe('a long transfer note', () => {
  it('runs onto further pages, each naming the note, with the signatures kept together', async () => {
    const long =
      'Mixed construction waste: broken bricks, tiles, plaster, timber offcuts and packaging. '.repeat(22);
    const note = noteFor({
      ...input,
      producer: { ...input.producer, address: 'Unit 4, '.repeat(60).slice(0, 500) },
      waste: { ...input.waste, description: long.slice(0, 2000) },
    });
    const { text, pages } = await readPdf(await renderNotePdf(note));
    expect(pages).toBe(2);
    expect(text).toContain('WTN-2026-0325-A7X9 - page 1 of 2');
    expect(text).toContain('WTN-2026-0325-A7X9 - page 2 of 2');
    // The two signature blocks and the retention line are on the same (last) page.
    const doc = await getDocumentProxy(new Uint8Array(await renderNotePdf(note)));
    const last = (await extractText(doc, { mergePages: false })).text[1];
    for (const part of ['Transferor (producer)', 'Transferee (carrier)', 'at least 2 years'])
      expect(last).toContain(part);
  });
});
