import { printableCodePoint } from './fonts.ts';

/**
 * What the printed note can show of the stored text. A character no embedded face has (Chinese,
 * Japanese, an emoji, an arrow) prints as one U+FFFD "�" for each character a reader sees, where a
 * font would otherwise draw an empty box, or text extracted from the PDF would hold nothing: the reader
 * sees that something stood there, and the API keeps the text as it was given. Invisible characters
 * the faces lack (a variation selector, a control character) are left out, since they print nothing.
 */
export const REPLACEMENT = '\ufffd';

/** Printable ASCII, Latin-1 and Latin Extended-A, all in the faces: most text needs no closer look. */
const PLAIN = /^[\n\x20-\x7e\u00a0-\u017f]*$/;
/** Control characters print nothing (line breaks aside). */
const CONTROL = /^\p{Cc}$/u;
/** Characters that print nothing (a variation selector, a joiner), left out when the faces lack them. */
const IGNORABLE = /^\p{Default_Ignorable_Code_Point}$/u;
/** Line breaks pdfkit acts on, kept as they are. */
const BREAKS = new Set(['\n', '\r', '\r\n']);

let graphemes: Intl.Segmenter | undefined;

export function printableText(text: string): string {
  if (PLAIN.test(text) || allPrintable(text)) return text;
  graphemes ??= new Intl.Segmenter('en', { granularity: 'grapheme' });
  let out = '';
  for (const { segment } of graphemes.segment(text)) out += printableCluster(segment);
  return out;
}

function allPrintable(text: string): boolean {
  for (const character of text) {
    if (BREAKS.has(character)) continue;
    if (CONTROL.test(character) || !printableCodePoint(character.codePointAt(0)!)) return false;
  }
  return true;
}

/** A character as a reader sees it (a base letter with its accents, an emoji with its modifiers). */
function printableCluster(cluster: string): string {
  if (BREAKS.has(cluster)) return cluster;
  if (cluster === '\t') return ' ';
  let kept = '';
  for (const character of cluster) {
    if (CONTROL.test(character)) continue;
    if (printableCodePoint(character.codePointAt(0)!)) kept += character;
    else if (!IGNORABLE.test(character)) return REPLACEMENT;
  }
  return kept;
}

/**
 * The value with every string in it made printable: what a renderer draws from, so every field a note
 * has, and any it gains, goes through the same rule. The value given is not changed.
 */
export function printable<T>(value: T): T {
  if (typeof value === 'string') return printableText(value) as T;
  if (Array.isArray(value)) return value.map(printable) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, printable(v)])) as T;
  }
  return value;
}
