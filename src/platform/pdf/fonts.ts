import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Fontkit from 'fontkit';
import { LRUCache } from 'lru-cache';
import { onFirstUse } from '../first-use.ts';

/**
 * The faces every printed note is set in. Names, addresses and signers are often Polish, Lithuanian,
 * Romanian, Turkish, Greek or Cyrillic, and the PDF is the legal record the parties keep, so the text
 * is set in Noto Sans (Latin with Latin Extended, Greek, Cyrillic; SIL Open Font License 1.1), embedded
 * from the `@expo-google-fonts/noto-sans` package: pdfkit's standard Helvetica has WinAnsi glyphs only
 * and printed "Łódź" as garbage. pdfkit embeds only the glyphs a document uses. The content hash stays
 * in Courier: it is hexadecimal, and a standard font needs nothing embedded.
 */
export const FACE = {
  regular: 'NotoSans',
  bold: 'NotoSans-Bold',
  italic: 'NotoSans-Italic',
  mono: 'Courier',
} as const;

const FILES = {
  [FACE.regular]: '400Regular/NotoSans_400Regular.ttf',
  [FACE.bold]: '700Bold/NotoSans_700Bold.ttf',
  [FACE.italic]: '400Regular_Italic/NotoSans_400Regular_Italic.ttf',
} as const;

type Embedded = keyof typeof FILES;

const fontkit = onFirstUse<typeof Fontkit>('fontkit');
const require = createRequire(import.meta.url);

/**
 * Helvetica's vertical metrics (its AFM: ascender 718, descender -207, line gap 231, per 1000 units).
 * The layout was measured on them; Noto Sans' own (1069 and -293, tall enough for Vietnamese stacked
 * accents) would add 18% to every line, move each baseline down a third of an em inside its boxes and
 * push a plain note onto a second page. Accented capitals (Ł, Ó, Ś, Ż) still clear the line above.
 */
const LINE = { ascent: 718, descent: -207, lineGap: 231 };

/**
 * Shaped words kept across documents. pdfkit shapes each word once per document (OpenType
 * substitution and positioning: kerning, accents placed on their letters), which was half the time of
 * a typical note; the same words (the form's own wording, a regular customer's names) come back in
 * every note. Bounded, since customers' words are many.
 */
const SHAPED_WORDS = 5000;

interface Face {
  font: Fontkit.Font;
  shaped: LRUCache<string, Fontkit.GlyphRun>;
  /** Glyphs as subsetting reads them (outlines), apart from those shaping made (see forDocument). */
  outlines: Record<number, Fontkit.Glyph>;
}

let faces: Record<Embedded, Face> | undefined;

/**
 * Each face is read and parsed once per thread and shared by every document: parsing a 630 KB font for
 * each PDF cost about 90 ms. Documents are built synchronously, one at a time.
 */
function loadFaces(): Record<Embedded, Face> {
  faces ??= Object.fromEntries(
    Object.entries(FILES).map(([name, file]) => {
      const bytes = readFileSync(require.resolve(`@expo-google-fonts/noto-sans/${file}`));
      const font = fontkit().create(bytes) as Fontkit.Font;
      const shaped = new LRUCache<string, Fontkit.GlyphRun>({ max: SHAPED_WORDS });
      return [name, { font, shaped, outlines: {} }];
    }),
  ) as Record<Embedded, Face>;
  return faces;
}

/**
 * The face as one document's pdfkit is given it. It is on Helvetica's line metrics (pdfkit reads
 * ascent, descent and line gap from this object). Words are shaped by the shared font and kept
 * (shaping is deterministic, so a kept word prints as a fresh one would): a glyph made while shaping
 * carries the characters it stands for, which pdfkit writes into the PDF for copying and searching.
 * Subsetting reads glyphs from a cache of its own: it makes the parts of accented letters ("z" of "ź")
 * as glyphs standing for no character, and one such glyph kept with the shaped ones made a later
 * note's "z" copy as another character.
 */
function forDocument({ font, shaped, outlines }: Face): Fontkit.Font {
  const scale = font.unitsPerEm / 1000;
  const layout: Fontkit.Font['layout'] = (text, ...options) => {
    if (options.some((option) => option !== undefined)) return font.layout(text, ...options);
    let run = shaped.get(text);
    if (!run) {
      run = font.layout(text);
      shaped.set(text, run);
    }
    // pdfkit scales the positions it is given in place: each document gets its own.
    return Object.create(run, { positions: { value: run.positions.map((p) => ({ ...p })) } });
  };
  return Object.create(font, {
    ascent: { value: LINE.ascent * scale },
    descent: { value: LINE.descent * scale },
    lineGap: { value: LINE.lineGap * scale },
    layout: { value: layout },
    // fontkit's cache of glyph objects (TTFFont#getGlyph), as pdfkit's subsetting asks this object.
    _glyphs: { value: outlines },
  });
}

/** Makes FACE's names usable in the document. */
export function registerFaces(doc: PDFKit.PDFDocument): void {
  for (const [name, face] of Object.entries(loadFaces())) {
    // pdfkit takes a parsed fontkit font as a source; its types list only paths and bytes.
    doc.registerFont(name, forDocument(face) as unknown as PDFKit.Mixins.PDFFontSource);
  }
}

const covered = new Map<number, boolean>();

/** Whether the regular and bold faces both have a glyph for the code point (the italic is ours only). */
export function printableCodePoint(codePoint: number): boolean {
  let answer = covered.get(codePoint);
  if (answer === undefined) {
    const { [FACE.regular]: regular, [FACE.bold]: bold } = loadFaces();
    answer = regular.font.hasGlyphForCodePoint(codePoint) && bold.font.hasGlyphForCodePoint(codePoint);
    covered.set(codePoint, answer);
  }
  return answer;
}
