import { extractText, getDocumentProxy } from 'unpdf';

/** The text of a PDF, pages joined, and the size of its first page in points. */
export async function readPdf(
  pdf: Uint8Array,
): Promise<{ text: string; pages: number; width: number; height: number }> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const page = await doc.getPage(1);
  const { width, height } = page.getViewport({ scale: 1 });
  const { text, totalPages } = await extractText(doc, { mergePages: true });
  return { text: text.replace(/\s+/g, ' '), pages: totalPages, width, height };
}

/** The text of each page, whitespace folded. */
export async function pageTexts(pdf: Uint8Array): Promise<string[]> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(doc, { mergePages: false });
  return text.map((page) => page.replace(/\s+/g, ' '));
}
