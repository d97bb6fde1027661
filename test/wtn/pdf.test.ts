import { describe, expect, it } from 'vitest';
import { HIERARCHY_DECLARATION } from '../../src/wtn/declarations.ts';
import { renderNotePdf } from '../../src/wtn/wtn-pdf.ts';
import { drawnPng, GIANT_PNG, UNDECODABLE_PNG } from '../helpers/broken-pngs.ts';
import { catalogue, input, noteFor, REFERENCE, seasonTicket, signed } from './pdf-notes.ts';
import { pageTexts, readPdf } from './pdf-text.ts';
import { validBody, wtnApp } from './wtn-app.ts';

/** Codes such as CARRIER_NOT_VERIFIED: for programs, never for the people reading the note. */
const RAW_CODE = /\b[A-Z]{2,}(?:_[A-Z]{2,})+\b/;

const sandbox = { mode: 'test', origin: 'sandbox' } as const;

describe('the printable transfer note', () => {
  it('prints the parties, the waste, the checks in plain words and places to sign', async () => {
    const pdf = await renderNotePdf(noteFor(input, { status: 'expired' }), { today: '2026-11-25' });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, width, height } = await readPdf(pdf);
    expect(Math.round(width)).toBe(595);
    expect(Math.round(height)).toBe(842);
    for (const expected of [
      'Waste Transfer Note',
      REFERENCE,
      'Date 25 March 2026',
      'ABC Office Fit-out Ltd',
      '45 High Street, Bournemouth, BH1 2AA',
      '43320 Joinery installation',
      'Jo Bloggs',
      'Sandbox Haulage Limited',
      '1 Test Street, Testville, TE1 1AA',
      'CBDU100001',
      'Registered waste carrier, upper tier',
      'Expires 1 February 2026',
      'Checked against the Environment Agency public register: EXPIRED',
      'South Coast Landfill',
      'EPR/AB1234CD',
      'Asbestos cement roof sheets',
      '17 06 05*',
      catalogue.get('170605')!.description,
      'Yes: hazardous waste',
      '2,500 kg',
      'In a container: sealed skip (DWT code SKI)',
      'Transferor (producer or holder)',
      'Transferee (carrier)',
      'Date and time',
      'at least 2 years',
      'Created 25 March 2026, 09:15 GMT',
      'Printed 25 November 2026',
      'Page 1 of 2',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).toContain(HIERARCHY_DECLARATION.slice(0, 80));
    // The verdict says why, where it is given.
    expect(text).toMatch(
      /Compliant: No Not compliant because: • The carrier's registration has expired\. The carrier's registration expired on 1 February 2026\..*• Hazardous waste needs a consignment note\./,
    );
    expect(text).not.toContain('All checks passed');
    expect(text).not.toMatch(RAW_CODE);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(text).not.toContain('TEST / SANDBOX');
  });

  it('prints the time and place of transfer when given, and ruled blanks to fill in when not', async () => {
    const given = (
      await readPdf(
        await renderNotePdf(
          noteFor({ ...input, transfer_time: '07:45', transfer_place: 'Rear yard, 45 High Street' }),
        ),
      )
    ).text;
    expect(given).toContain('Time 07:45');
    expect(given).toContain('Rear yard, 45 High Street');
    expect(given).not.toContain('to be completed at the transfer');

    const sparse = noteFor(
      {
        ...input,
        producer: { ...input.producer, contact_name: undefined, sic_code: undefined },
        carrier: { registration_number: 'CBDU100001', auto_verify: false },
        waste: { description: 'Mixed office waste', ewc_code: '20 03 01' },
        destination: { ...input.destination, permit_number: undefined },
      },
      { unverified: true },
    );
    const { text } = await readPdf(await renderNotePdf(sparse));
    expect(text).toContain('to be completed at the transfer');
    expect(text).toContain('Not on the register and not given: write it in.');
    expect(text).toContain('loose, or which container');
    for (const label of [
      'Time',
      'Place',
      'Quantity',
      'Container',
      'Contact',
      'SIC code (2007)',
      'Name',
      'Address',
    ]) {
      expect(text, label).toContain(label);
    }
    // Blanks are lines to write on, never a dash standing for a value.
    expect(text.split(' ')).not.toContain('-');
    expect(text).not.toContain(': -');
  });

  it('gives each flag and warning a plain title and its message, never the bare code', async () => {
    const note = noteFor(
      {
        ...input,
        producer: { ...input.producer, name: 'Zoë’s Café – “Bistro” ✓ 日本', sic_code: undefined },
        carrier: { registration_number: 'CBDU100001', auto_verify: false },
        waste: { description: 'Mixed office waste', ewc_code: '20 03 01' },
        destination: { ...input.destination, permit_number: 'XYZ' },
      },
      { unverified: true },
    );
    const { text } = await readPdf(await renderNotePdf(note));
    for (const expected of [
      'Compliant: No Not compliant because: • The carrier was not checked against the register. The carrier was not checked',
      'Not passed',
      'Advice (does not affect compliance)',
      'The permit number is not in a recognised format. The permit number XYZ',
      'No SIC code for the producer.',
      'Time or place of transfer to be written in.',
      'No quantity given.',
      'No container given.',
      'Not checked against any register',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(note.compliance.flags.map((f) => f.code)).toContain('CARRIER_NOT_VERIFIED');
    expect(text).not.toMatch(RAW_CODE);
    expect(text).toContain('Zoë’s Café – “Bistro”');
  });

  it('says where the carrier address came from when the register had none', async () => {
    const note = noteFor(
      { ...input, carrier: { registration_number: 'CBDU100001', address: '9 Depot Road, Poole, BH12 4AA' } },
      { registerAddress: null },
    );
    const { text } = await readPdf(await renderNotePdf(note));
    expect(text).toContain('9 Depot Road, Poole, BH12 4AA As given, not from the register.');
    expect(text).toContain("The carrier's address is not from the register.");
  });

  it('names the register that answered, and never claims a real check for sandbox data', async () => {
    const mirror = (await readPdf(await renderNotePdf(noteFor(input, { origin: 'mirror' })))).text;
    expect(mirror).toContain(
      'Checked against our imported copy of the Environment Agency register: registered.',
    );
    const history = (
      await readPdf(await renderNotePdf(noteFor(input, { origin: 'history', status: 'expired' })))
    ).text;
    expect(history).toContain('From our last record of this registration');

    const test = (await readPdf(await renderNotePdf(noteFor(input, sandbox)))).text;
    expect(test).toContain('TEST DATA — not a real transfer note');
    expect(test).toContain('Made with a test key against sandbox register data');
    expect(test).toContain('Sandbox test data (registered): not a real register check.');
    expect(test).toContain('Carrier found in the sandbox (test data, not a real check)');
    expect(test).not.toContain('Environment Agency');
    expect(test).not.toContain('confirmed as current on the public register');
  });
});

describe('a test note', () => {
  it('is watermarked TEST / SANDBOX on every page', async () => {
    const pages = await pageTexts(await renderNotePdf(seasonTicket(52, sandbox)));
    expect(pages.length).toBe(3);
    for (const [i, page] of pages.entries()) {
      expect(page, `page ${i + 1}`).toContain('TEST / SANDBOX');
      expect(page).toContain(`Page ${i + 1} of 3`);
    }
    const live = await pageTexts(await renderNotePdf(seasonTicket(52)));
    expect(live.join(' ')).not.toContain('TEST / SANDBOX');
  });
});

describe('a signed note', () => {
  const signers = {
    transferor: {
      name: 'Jo Bloggs',
      position: 'Site manager',
      signed_at: '2026-06-24T08:05:00.000Z',
      method: 'signing_link',
    },
    transferee: {
      name: 'Sam Driver',
      position: 'Driver',
      signed_at: '2026-11-24T09:31:00.000Z',
      method: 'api',
    },
  } as const;

  it('shows who signed, when (London time, BST or GMT), how, and the content hash', async () => {
    const note = signed(noteFor(input), signers);
    const { text } = await readPdf(await renderNotePdf(note));
    for (const expected of [
      'Signed by Jo Bloggs',
      'Position Site manager',
      'Signed on 24 June 2026, 09:05 BST',
      'Signed on a signing link',
      'Signed by Sam Driver',
      'Position Driver',
      'Signed on 24 November 2026, 09:31 GMT',
      'Signed with the API',
      'Content hash (SHA-256) of the signed note',
      note.content_sha256!,
      "SHA-256 of the note's canonical JSON; see /docs/guides/wtn",
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(note.content_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(text).not.toContain('Date and time');
    expect(text).not.toContain('203.0.113.7');
  });

  it('still prints when a stored drawing cannot be read, and says so in the box', async () => {
    const note = signed(noteFor(input), signers);
    // Not a PNG; a PNG whose pixels are not zlib (the PDF library's decoder threw where no try could catch
    // it, ending the process); a header claiming 60,000 pixels square (gigabytes to decode).
    const images = (pdf: Uint8Array) =>
      Buffer.from(pdf).toString('latin1').split('/Subtype /Image').length - 1;
    const oneDrawing = images(await renderNotePdf(note, { drawings: { transferee: drawnPng() } }));
    expect(oneDrawing).toBeGreaterThan(0);
    for (const drawing of ['data:image/png;base64,bm90IGEgcG5n', UNDECODABLE_PNG, GIANT_PNG]) {
      const pdf = await renderNotePdf(note, { drawings: { transferor: drawing, transferee: drawnPng() } });
      const { text } = await readPdf(pdf);
      expect(text).toContain('Signed by Jo Bloggs');
      expect(text).toContain('(the drawn signature could not be shown)');
      expect(images(pdf), 'the readable drawing is still printed').toBe(oneDrawing);
    }
  });

  it('leaves the other party ruled lines to sign while only one has signed', async () => {
    const note = signed(noteFor(input), { transferee: signers.transferee });
    const { text } = await readPdf(await renderNotePdf(note));
    expect(text).toContain('Signed by Sam Driver');
    expect(text).toMatch(/Transferor \(producer or holder\).*Name Position Signature Date and time/);
    expect(text).toContain('A content hash is added once both parties have signed.');
  });
});

describe('GET /v1/wtn/{reference}/pdf', () => {
  it('serves the note as an A4 PDF to its owner, marked as test data for a test key', async () => {
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
      expect(text).toContain('TEST / SANDBOX');
      expect(text).not.toContain('Environment Agency');
    } finally {
      await t.close();
    }
  });
});
