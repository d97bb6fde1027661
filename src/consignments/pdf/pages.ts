import { FACE } from '../../platform/pdf/fonts.ts';
import { decorateEveryPage } from '../../platform/pdf/page-footer.ts';
import { watermark } from '../../platform/pdf/watermark.ts';
import { type Doc, GREY, MARGIN } from '../../wtn/pdf/layout.ts';
import { dayText, instantText } from '../../wtn/pdf/wording.ts';
import type { ConsignmentNote } from '../consignment-schemas.ts';
import { CONTINUATION_TITLE } from './continuation.ts';

/**
 * Every page carries the consignment code and "Page N of M", so a loose page (a continuation sheet
 * above all: NRW and NetRegs require the code on each) is still identified; pages after the first are
 * headed with what they continue. A test note is watermarked TEST on every page, drawn last and
 * translucent so nothing covers it.
 */
export function decoratePages(
  doc: Doc,
  note: ConsignmentNote,
  options: { today?: string; continuationFrom: number | null },
): void {
  const footer = [
    `Consignment note code ${note.consignment_code}`,
    `Created ${instantText(note.created_at)}`,
  ];
  if (options.today) footer.push(`Printed ${dayText(options.today)}`);
  const start = doc.bufferedPageRange().start;
  decorateEveryPage(doc, footer, (page, width) => {
    const i = start + page;
    const continuation = options.continuationFrom !== null && i >= options.continuationFrom;
    // The first continuation page has the title in full; the band would only repeat it.
    if (i > start && i !== options.continuationFrom) {
      doc.font(FACE.bold).fontSize(9).fillColor(GREY);
      const band = continuation
        ? `${CONTINUATION_TITLE}: hazardous waste consignment note ${note.consignment_code}`
        : `Hazardous waste consignment note ${note.consignment_code} (continued)`;
      doc.text(band, MARGIN, 30, { width, lineBreak: false });
    }
    if (note.mode === 'test') watermark(doc, 'TEST', 150);
  });
}
