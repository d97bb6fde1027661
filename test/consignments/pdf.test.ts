import { writeFileSync } from 'node:fs';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { renderConsignmentPdf } from '../../src/consignments/consignment-pdf.ts';
import { ConsignmentNote } from '../../src/consignments/consignment-schemas.ts';
import { DECLARATIONS } from '../../src/consignments/part-rules.ts';
import { countPixels, drawnSignature, isBlueInk, type PageImage, renderPages } from '../wtn/pdf-pages.ts';
import { pageTexts, readPdf } from '../wtn/pdf-text.ts';
import { CODE, CONTENT_SHA256, engineOil, manyLines, PERMIT, sampleNote, unsignedNote } from './fixtures.ts';

type Note = ConsignmentNote;
type Options = Parameters<typeof renderConsignmentPdf>[1];

const PARTS = [
  'PART A Notification details',
  'PART B Description of the waste',
  "PART C Carrier's certificate",
  "PART D Consignor's certificate",
  "PART E Consignee's certificate",
];
const SIGNERS = ['Sam Driver', 'Jo Bloggs, Workshop manager', 'Pat Receiver'];

/** The watermark's translucent red over white paper. */
const isWatermark = (r: number, g: number, b: number) => r > 235 && r - g > 12 && Math.abs(g - b) < 12;

async function texts(note: Note, options: Options = {}): Promise<string[]> {
  return pageTexts(await renderConsignmentPdf(note, options));
}

/** The pages as a printer shows them, left in /tmp to look at: /tmp/cn-page-N.png for the main note. */
async function pages(name: string | null, note: Note, options: Options = {}): Promise<PageImage[]> {
  const images = renderPages(await renderConsignmentPdf(note, options), 72);
  for (const [i, page] of images.entries())
    writeFileSync(name ? `/tmp/cn-${name}-page-${i + 1}.png` : `/tmp/cn-page-${i + 1}.png`, page.png);
  return images;
}

describe('the printed hazardous waste consignment note', () => {
  it('is built from a valid note', () => {
    expect(Value.Check(ConsignmentNote, sampleNote())).toBe(true);
    expect(Value.Check(ConsignmentNote, unsignedNote())).toBe(true);
    expect(Value.Check(ConsignmentNote, manyLines(14))).toBe(true);
  });

  it('prints Parts A to E in order, on A4, with every field of the form filled in', async () => {
    const pdf = await renderConsignmentPdf(sampleNote(), { today: '2026-03-26' });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, width, height } = await readPdf(pdf);
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    expect(text).toMatch(/^Hazardous waste consignment note/);
    const at = PARTS.map((part) => text.indexOf(part));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    for (const expected of [
      `Consignment note code (A1) ${CODE}`,
      'A2 The waste will be removed from',
      'Garage Services Ltd',
      'Unit 4, Station Road, Poole',
      'BH15 2AB',
      '01202 555123',
      'office@garage-services.example',
      'A3 Premises code (where applicable)',
      'A4 The waste will be taken to',
      'South Coast Oil Recovery Ltd',
      `Permit number ${PERMIT}`,
      'A5 The waste producer (if different from A2)',
      'SIC code 45200 Maintenance and repair of motor vehicles',
      'B1 The process giving rise to the waste',
      'Vehicle servicing and repair: oil changes',
      '13 02 05*',
      'Waste engine oil',
      '95% mineral oil',
      'Liquid black',
      'HP5, HP14',
      'Drum × 1, 205 litres',
      'UN3082',
      'ENVIRONMENTALLY HAZARDOUS SUBSTANCE, LIQUID, N.O.S. (waste engine oil)',
      'Keep upright; carry spill kit',
      'I certify that I today collected the consignment and that the details in A2, A4 and B3 are correct',
      'Carrier name Sandbox Haulage Limited',
      'Registration no. CBDU100001',
      'Vehicle registration AB12 CDE',
      'Collection date 25 March 2026',
      'Collection time 09:40',
      'Signed by Sam Driver',
      'On behalf of Sandbox Haulage Limited',
      '25 March 2026, 09:40 GMT',
      'Signed through the API',
      'Signed on a signing link',
      'Regulation 12 of the Waste (England and Wales) Regulations 2011',
      '205 Accepted R9',
      `I certify that waste permit/exempt waste operation number: ${PERMIT} authorises the management of the waste described in B at the address given in A4.`,
      'I received this waste at the address given in A4 on: 25 March 2026 at 14:05.',
      'Date received 25 March 2026',
      'Time 14:05',
      'Vehicle registration no. AB12 CDE',
      CONTENT_SHA256,
      'until 25 March 2029',
      'Printed 26 March 2026',
    ]) {
      expect(text, expected).toContain(expected);
    }
    // Dates are written as people read them, never as the API's YYYY-MM-DD.
    expect(text).not.toMatch(/\b\d{4}-\d{2}-\d{2}\b/);
  });

  it('prints the consignment code and "Page N of M" on every page', async () => {
    const all = await texts(sampleNote());
    expect(all.length).toBe(2);
    for (const [i, page] of all.entries()) {
      expect(page).toContain(`Consignment note code ${CODE}`);
      expect(page).toContain(`Page ${i + 1} of ${all.length}`);
    }
  });

  it('puts lines the form has no room for on continuation sheets, each carrying the code', async () => {
    const note = manyLines(14);
    const all = await texts(note);
    const sheets = all.filter((page) => page.includes('Continuation sheet'));
    expect(sheets.length).toBeGreaterThanOrEqual(1);
    // The sheets come after the form, which ends with Part E's signature.
    const form = all.slice(0, all.length - sheets.length);
    expect(form.some((page) => page.includes('Signed by Pat Receiver'))).toBe(true);
    expect(form.join(' ')).toContain('are on the continuation sheets after Part E');
    for (const [i, page] of all.entries()) {
      expect(page).toContain(CODE);
      expect(page).toContain(`Page ${i + 1} of ${all.length}`);
    }
    // Every line is printed once in Part B and once received in Part E.
    const text = all.join(' ');
    for (const line of note.lines) {
      expect(text.split(`${line.description} (`).length - 1, line.description).toBe(1);
      expect(text).toContain(`${line.quantity_kg} Accepted R9`);
    }
    await pages(null, note, { drawings: { C: drawnSignature(), E: drawnSignature() }, today: '2026-03-26' });
  });

  it('keeps a short note on the form, with no continuation sheet', async () => {
    const note = sampleNote({ lines: [1, 2, 3, 4].map((line) => engineOil({ line })) });
    const all = await texts(note);
    expect(all.join(' ')).not.toContain('Continuation sheet');
  });

  it('prints special handling the producer did not give as "Not given", never as a declared "None"', async () => {
    const line = engineOil();
    const note = sampleNote({
      lines: [{ ...line, transport: { ...line.transport!, special_handling: null } }],
    });
    const text = (await texts(note)).join(' ');
    expect(text).toContain('Special handling requirements');
    expect(text).toMatch(/\bIII Not given\b/);
    expect(text).not.toMatch(/\bIII None\b/);
  });

  it("labels the SIC code in A5 as B2's, of the process giving rise to the waste", async () => {
    const text = (await texts(sampleNote())).join(' ');
    expect(text).toContain('Process SIC 45200 Maintenance and repair of motor vehicles');
    expect(text).toContain('B2 SIC code for the process');
  });

  it('never prints 0 for a quantity or a concentration it holds, however small', async () => {
    const note = sampleNote();
    note.lines = [
      {
        ...note.lines[0],
        quantity_kg: 0.0004,
        components: [{ name: 'Mercury', concentration: 0.00002, unit: 'percent' }],
      },
    ];
    const text = (await texts(note)).join(' ');
    expect(text).toContain('0.0004');
    expect(text).toContain('0.00002% Mercury');
  });

  it('watermarks every page of a test note TEST, and no page of a live one', async () => {
    const test = await pages('test', manyLines(14, { mode: 'test' }));
    const live = await pages('live', manyLines(14));
    expect(test.length).toBeGreaterThan(2);
    for (const page of test) expect(countPixels(page, isWatermark)).toBeGreaterThan(5000);
    for (const page of live) expect(countPixels(page, isWatermark)).toBeLessThan(200);
    const testText = await texts(manyLines(14, { mode: 'test' }));
    for (const page of testText) expect(page).toContain('TEST');
    expect(testText[0]).toContain('TEST DATA — not a real consignment note');
    for (const page of await texts(manyLines(14))) expect(page).not.toContain('TEST');
  });

  it('prints ruled blanks, and no signer, for Parts C to E before anyone signs', async () => {
    const text = (await texts(unsignedNote())).join(' ');
    for (const part of PARTS) expect(text).toContain(part);
    for (const signer of SIGNERS) expect(text).not.toContain(signer);
    expect(text).not.toContain('Signed by');
    expect(text).not.toContain('Sandbox Haulage Limited');
    expect(text.split('Sign here').length - 1).toBe(3);
    // The form's own declarations stand, for the signers to sign on paper.
    expect(text).toContain('I certify that I today collected the consignment');
    expect(text).toContain(DECLARATIONS.D.replace(/\s+/g, ' ').slice(-80));
    expect(text).toContain(
      'Registration no. CBDU100001 As given when the note was made: check it at collection.',
    );
    expect(text).toContain('printed here once Part E is signed');
    expect(text).not.toContain(CONTENT_SHA256);
    await pages('unsigned', unsignedNote());
  });

  it('prints the reason for a rejection in Part E, and the further note that moves the waste', async () => {
    const note = sampleNote({
      status: 'rejected',
      further_notes: [{ id: 'cn_further', consignment_code: 'GARAGE/00002' }],
    });
    note.parts.E!.lines[0] = {
      ...note.parts.E!.lines[0],
      accepted: false,
      operation: null,
      rejection_reason: 'Drum leaking on arrival',
    };
    const text = (await texts(note)).join(' ');
    expect(text).toContain('205 REJECTED Drum leaking on arrival');
    expect(text).toContain('Rejected waste moves on a further note: GARAGE/00002');
  });

  it('prints a line partly rejected in Part E as two rows, the part accepted and the part rejected', async () => {
    const note = sampleNote({ status: 'partially_rejected' });
    note.parts.E!.lines = [
      { ...note.parts.E!.lines[0], quantity_received_kg: 160 },
      {
        ...note.parts.E!.lines[0],
        quantity_received_kg: 45,
        accepted: false,
        operation: null,
        rejection_reason: 'One drum leaking',
      },
    ];
    expect(Value.Check(ConsignmentNote, note)).toBe(true);
    const text = (await texts(note)).join(' ');
    expect(text).toContain('160 Accepted R9');
    expect(text).toContain('45 REJECTED One drum leaking');
  });

  it('prints a Part E signed before its time, vehicle and certified permit were recorded as it was signed', async () => {
    const note = sampleNote();
    const { received_time: _t, vehicle_registration: _v, permit_number: _p, ...old } = note.parts.E!;
    note.parts.E = {
      ...old,
      declaration:
        'I received this waste at the address given in A4 on the date given. Where the waste was rejected, the reasons are given above.',
    };
    expect(Value.Check(ConsignmentNote, note)).toBe(true);
    const text = (await texts(note)).join(' ');
    expect(text).toContain('I received this waste at the address given in A4 on the date given.');
    expect(text).toContain('Time Not recorded');
    expect(text).toContain(`Permit number ${PERMIT} as in A4`);
  });

  it('heads a further note with the consignment it moves, and prints a multiple collection round', async () => {
    const note = sampleNote({
      consignment_code: 'GARAGE/00002',
      rejected_from: { id: 'cn_first', consignment_code: CODE },
      multiple_collection: { round_number: 'RND7', collection_number: 3 },
    });
    note.parts.C = { ...note.parts.C!, round_number: 'RND7', collection_number: 3 };
    const all = await texts(note);
    expect(all[0]).toContain(`Further note for the rejected consignment ${CODE}`);
    expect(all[0]).toContain('Round number RND7 Collection no. 3');
    expect(all.join(' ')).toMatch(/Collection time 09:40 Round number RND7 Collection no\. 3/);
    // Part E of a round: the consignee's count of the consignments forming the collection, a line to
    // write in until Part E is signed, and "Not recorded" on a Part E signed before it was asked for.
    expect(all.join(' ')).toContain(
      'Consignments Not recorded the total forming the collection (round RND7)',
    );
    const signed = { ...note.parts.E!, consignments_in_collection: 5 };
    expect((await texts({ ...note, parts: { ...note.parts, E: signed } })).join(' ')).toContain(
      'Consignments 5 the total forming the collection (round RND7)',
    );
    const unsigned = (await texts({ ...note, parts: { ...note.parts, E: null } })).join(' ');
    expect(unsigned).toContain('Consignments the total forming the collection (round RND7)');
    expect((await texts(sampleNote())).join(' ')).not.toContain('forming the collection');
  });

  it('prints names in Latin Extended, Greek and Cyrillic as written, and "�" for what no face has', async () => {
    const note = sampleNote({
      producer: {
        ...sampleNote().producer,
        name: 'Zakład Usług Komunalnych Łódź',
        contact: 'Žydrūnas Ąžuolas',
      },
      process: 'Serwis pojazdów 中文 😀',
    });
    note.parts.C = { ...note.parts.C!, name: 'Ştefan Ţurcanu', on_behalf_of: 'Δρομέας Μεταφορές ΑΕ' };
    note.parts.D = { ...note.parts.D!, name: 'Şükrü Öğüt', position: 'Müdür (İstanbul)' };
    note.parts.E = { ...note.parts.E!, name: 'Дмитрий Иванов', on_behalf_of: 'ООО «Нефтесервис»' };
    const text = (await texts(note)).join(' ');
    for (const expected of [
      'Name Zakład Usług Komunalnych Łódź',
      'Contact Žydrūnas Ąžuolas',
      'Serwis pojazdów \ufffd\ufffd \ufffd',
      'Signed by Ştefan Ţurcanu',
      'On behalf of Δρομέας Μεταφορές ΑΕ',
      'Signed by Şükrü Öğüt',
      'Position Müdür (İstanbul)',
      'Signed by Дмитрий Иванов',
      'On behalf of ООО «Нефтесервис»',
    ]) {
      expect(text, expected).toContain(expected);
    }
    // The note itself keeps the text as it was given.
    expect(note.process).toBe('Serwis pojazdów 中文 😀');
  });

  it("prints each drawn signature inside its own Part's box", async () => {
    const images = await pages('drawn', sampleNote(), { drawings: { C: drawnSignature() } });
    const titles = ["Carrier's certificate", "Consignor's certificate", "Consignee's certificate"];
    /** Blue ink in the right half of a Part, from its heading to the next Part's or the page's end. */
    const inPart = (part: string) => {
      const page = images.find((p) => p.find(part).length > 0)!;
      const top = page.find(part)[0].y;
      const next = titles.flatMap((t) => page.find(t)).find((box) => box.y > top + 1);
      const height = (next?.y ?? page.height) - top;
      return countPixels(page, isBlueInk, { x: page.width / 2, y: top, width: page.width / 2, height });
    };
    expect(inPart("Carrier's certificate")).toBeGreaterThan(100);
    expect(inPart("Consignor's certificate")).toBe(0);
    expect(inPart("Consignee's certificate")).toBe(0);
  });
});
