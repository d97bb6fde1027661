import type { Doc, Item } from '../../wtn/pdf/layout.ts';
import { GREY } from '../../wtn/pdf/layout.ts';
import { dayText } from '../../wtn/pdf/wording.ts';
import type { ConsignmentLine, ConsignmentNote } from '../consignment-schemas.ts';
import { unsignedPartEDeclaration } from '../part-e-rules.ts';
import { type Block, drawTogether, full, gap, partHeading, subheading } from './blocks.ts';
import { type Drawings, declaration } from './certificates.ts';
import { signatureBlock } from './signature.ts';
import { leadHeight, type Table, titledTable } from './table.ts';
import { capitalise, kgNumber, linesText } from './wording.ts';

export const RECEIPT_TITLE = 'Waste received: one row for each EWC code';

/**
 * Part E, completed by the consignee on receipt: for each EWC code the quantity received, whether it is
 * accepted or rejected (with the reason) and the R or D operation. Once signed the decision is final
 * (GOV.UK "Hazardous waste: rejected loads"). Unsigned, every cell but the code is left to write in.
 */
export function receiptTable(note: ConsignmentNote, lines: ConsignmentLine[]): Table {
  const received = note.parts.E?.lines ?? null;
  return {
    columns: [
      { title: 'Line', share: 0.045 },
      { title: 'EWC code', share: 0.095, bold: true },
      { title: 'Quantity received (kg)', share: 0.11, align: 'right' },
      { title: 'Accepted or rejected', share: 0.1 },
      { title: 'Waste management operation (R or D code)', share: 0.17 },
      { title: 'Reason for rejection', share: 0.48 },
    ],
    // A line partly rejected has two rows: the part accepted, then the part rejected.
    rows: lines.flatMap((line) => {
      const entries = received?.filter((r) => r.line === line.line) ?? [];
      if (entries.length === 0) return [[String(line.line), line.ewc_code, null, null, null, null]];
      return entries.map((entry) => [
        String(line.line),
        entry.ewc_code,
        kgNumber(entry.quantity_received_kg),
        entry.accepted ? 'Accepted' : 'REJECTED',
        entry.operation ?? '',
        entry.rejection_reason ?? '',
      ]);
    }),
    continued: 'PART E  Waste received (continued)',
  };
}

export function partE(doc: Doc, note: ConsignmentNote, shown: number, drawings: Drawings): void {
  const e = note.parts.E;
  const lines = note.lines.slice(0, shown);
  const table = receiptTable(note, lines);
  const blocks: Block[] = [partHeading('E', "Consignee's certificate"), titledTable(RECEIPT_TITLE, table)];
  if (shown < note.lines.length) {
    blocks.push(
      full([
        { kind: 'gap', height: 3 },
        {
          kind: 'text',
          text: `${capitalise(linesText(shown + 1, note.lines.length, true))} on the continuation ${shown + 1 === note.lines.length ? 'sheet' : 'sheets'}. This certificate and signature cover every line.`,
          size: 8.5,
          bold: true,
        },
      ]),
    );
  }
  blocks.push(
    gap(4),
    declaration(e?.declaration ?? unsignedPartEDeclaration(note)),
    full([
      { kind: 'field', label: 'Date received', value: e ? dayText(e.received_date) : null },
      { kind: 'field', label: 'Time', value: e ? (e.received_time ?? 'Not recorded') : null },
      {
        kind: 'field',
        label: 'Vehicle registration no.',
        // A Part E signed before the vehicle was recorded has none.
        value: e
          ? e.vehicle_registration === undefined
            ? 'Not recorded'
            : (e.vehicle_registration ?? '')
          : null,
        note: 'or mode of transport, if not road',
      },
    ]),
  );
  // A Part E signed before its certificate named the permit: the permit A4 gave, as it was printed then.
  if (e && e.permit_number === undefined) {
    blocks.push(
      full([
        { kind: 'field', label: 'Permit number', value: note.consignee.permit_number, note: 'as in A4' },
      ]),
    );
  }
  const round = note.multiple_collection;
  if (round) {
    // Written in by the consignee for a multiple collection (NRW, "Moving hazardous waste").
    blocks.push(
      full([
        {
          kind: 'field',
          label: 'Consignments',
          // Blank to write in until Part E is signed; a Part E signed before the service asked for it has none.
          value: e ? String(e.consignments_in_collection ?? 'Not recorded') : null,
          note: `the total forming the collection (round ${round.round_number})`,
        },
      ]),
    );
  }
  blocks.push(signatureBlock(e, drawings.E, 'Consignee'), full(footItems(note)));
  const lead = blocks[0].height(doc) + subheading('').height(doc) + leadHeight(doc, table);
  drawTogether(doc, blocks, lead);
}

/** The content hash of the completed note, and how long the parties keep it. */
function footItems(note: ConsignmentNote): Item[] {
  const items: Item[] = [{ kind: 'gap', height: 6 }];
  if (note.content_sha256) {
    items.push(
      { kind: 'text', text: 'Content hash (SHA-256) of the completed note', bold: true, size: 8.5 },
      { kind: 'text', text: note.content_sha256, mono: true, size: 8.5 },
      {
        kind: 'text',
        text: "SHA-256 of the note's canonical JSON (RFC 8785) without its further notes and the hash itself: it shows the note has not changed since Part E was signed.",
        size: 7.5,
        color: GREY,
      },
    );
  } else {
    items.push({
      kind: 'text',
      text: 'A content hash of the completed note is printed here once Part E is signed.',
      size: 7.5,
      color: GREY,
    });
  }
  // GOV.UK "Dispose of hazardous waste": producers and holders keep notes 3 years, carriers 1 year.
  items.push({
    kind: 'text',
    text: `Keep this note: the producer, holder or consignor at least until ${dayText(note.retain_until)} (3 years); the carrier for at least 1 year.`,
    size: 8,
  });
  return items;
}
