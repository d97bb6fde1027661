import { describe, expect, it } from 'vitest';
import { REPLACEMENT } from '../../src/platform/pdf/printable-text.ts';
import { renderNotePdf } from '../../src/wtn/wtn-pdf.ts';
import { input, noteFor, signed } from './pdf-notes.ts';
import { renderPages } from './pdf-pages.ts';
import { readPdf } from './pdf-text.ts';
import { bodyWith, wtnApp } from './wtn-app.ts';

// The printed note is the legal record the parties keep: names in Polish, Lithuanian, Romanian,
// Turkish, Greek or Cyrillic print as written, and what no embedded face has prints as "�", never as
// other letters.

const R = REPLACEMENT;
const TESTER = '中文 Garage Łódź ıstanbul 😀';

describe('a transfer note with names in other alphabets', () => {
  it('prints what the API stored: the letters as written, a "�" for each character no face has', async () => {
    const t = await wtnApp();
    try {
      const note = await t.note(bodyWith('producer', { name: TESTER, contact_name: 'Дмитрий Иванов' }));
      expect(note.producer.name).toBe(TESTER);
      const response = await t.get(`/v1/wtn/${note.reference}/pdf`);
      expect(response.statusCode).toBe(200);
      const { text } = await readPdf(response.rawPayload);
      expect(text).toContain(`Name ${R}${R} Garage Łódź ıstanbul ${R}`);
      expect(text).toContain('Contact Дмитрий Иванов');
      // The API still answers with the text as it was given.
      expect((await t.get(`/v1/wtn/${note.reference}`)).json().producer.name).toBe(TESTER);
    } finally {
      await t.close();
    }
  });

  it('prints signers, parties and places in Latin Extended, Greek and Cyrillic', async () => {
    const names = {
      producer: 'Zakład Usług Komunalnych „Śnieżka” Sp. z o.o.',
      address: 'ul. Żółkiewskiego 12, Kraków; Ştefan cel Mare 3, Iaşi',
      contact: 'Žydrūnas Ąžuolas',
      transferor: 'Γιώργος Παπαδόπουλος',
      transferee: 'Дмитрий Иванов',
      position: 'Şoför (İstanbul)',
    };
    const note = signed(
      noteFor({
        ...input,
        producer: {
          ...input.producer,
          name: names.producer,
          address: names.address,
          contact_name: names.contact,
        },
      }),
      {
        transferor: {
          name: names.transferor,
          position: null,
          signed_at: '2026-03-25T09:31:00Z',
          method: 'api',
        },
        transferee: {
          name: names.transferee,
          position: names.position,
          signed_at: '2026-03-25T09:40:00Z',
          method: 'api',
        },
      },
    );
    const pdf = await renderNotePdf(note);
    const { text } = await readPdf(pdf);
    for (const expected of [
      `Name ${names.producer}`,
      names.address,
      `Contact ${names.contact}`,
      `Signed by ${names.transferor}`,
      `Signed by ${names.transferee}`,
      `Position ${names.position}`,
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain(R);
    // What a printer shows, not only the text layer: the letters are drawn where the text says.
    const [page] = renderPages(pdf);
    expect(page.find(names.transferee).length).toBeGreaterThan(0);
  });

  it('keeps each letter findable in every later note, whatever notes printed before it', async () => {
    // The font draws "ǯ" (Skolt Sami) from the glyph of "ӡ" (Abkhaz) and a caron, letters no other
    // test prints: a note with "ӡ" printed after one with "ǯ" must still say "ӡ" when copied.
    await renderNotePdf(noteFor({ ...input, producer: { ...input.producer, name: 'Aǯe Ltd' } }));
    const note = noteFor({ ...input, producer: { ...input.producer, name: 'Aӡe Ltd' } });
    const { text } = await readPdf(await renderNotePdf(note));
    expect(text).toContain('Name Aӡe Ltd');
  });

  it('embeds only the glyphs a note uses, so a note stays small', async () => {
    const pdf = await renderNotePdf(
      noteFor({ ...input, producer: { ...input.producer, name: 'Łódź Γιώργος Дмитрий' } }),
    );
    const raw = pdf.toString('latin1');
    // pdfkit names a subset with a six-letter tag: "ABCDEF+NotoSans-Regular".
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans-Regular/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans-Bold/);
    expect(raw).not.toContain('/BaseFont /Helvetica');
    // The faces are 630 KB each; a one-page note with its subsets is a few tens of KB.
    expect(pdf.length).toBeLessThan(60_000);
  });
});
