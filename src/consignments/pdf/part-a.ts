import { FACE } from '../../platform/pdf/fonts.ts';
import { banner, type Doc, fullWidth, GREY, INK, type Item } from '../../wtn/pdf/layout.ts';
import { sicEntry } from '../../wtn/sic-codes.ts';
import { permitText } from '../consignment-rules.ts';
import type { ConsignmentNote } from '../consignment-schemas.ts';
import { premisesContact } from '../part-rules.ts';
import { columns, drawTogether, partHeading, subheading } from './blocks.ts';
import { regulationsText } from './wording.ts';

/** Written where a value the form asks for is missing, so the blank is filled in before the waste moves. */
const WRITE_IN = 'not given: write it in';

/**
 * The title with the consignment code prominent (every copy is found by it), then what must not be
 * missed: test data, and a note that moves a rejected load or was rejected itself (regs 42-44).
 */
export function title(doc: Doc, note: ConsignmentNote): void {
  const at = fullWidth(doc);
  const top = doc.y;
  doc
    .font(FACE.bold)
    .fontSize(18)
    .fillColor(INK)
    .text('Hazardous waste consignment note', at.x, top, { width: at.width - 190 });
  doc.font(FACE.regular).fontSize(8).fillColor(GREY);
  doc.text(regulationsText(note.nation), at.x, doc.y + 2, { width: at.width - 190 });
  const below = doc.y;
  doc.text('Consignment note code (A1)', at.x, top, { width: at.width, align: 'right' });
  doc
    .font(FACE.bold)
    .fontSize(17)
    .fillColor(INK)
    .text(note.consignment_code, { width: at.width, align: 'right' });
  doc.x = at.x;
  doc.y = Math.max(below, doc.y) + 2;
  banners(doc, note);
}

function banners(doc: Doc, note: ConsignmentNote): void {
  if (note.mode === 'test') {
    banner(
      doc,
      'TEST DATA — not a real consignment note',
      'Made with a test key. Nothing on this note is valid for a real movement of hazardous waste.',
      { fill: '#fff1cc', border: '#a86b00', ink: '#7a4d00' },
    );
  }
  if (note.rejected_from) {
    banner(
      doc,
      `Further note for the rejected consignment ${note.rejected_from.consignment_code}`,
      `The consignee rejected waste on consignment note ${note.rejected_from.consignment_code}. This note moves that waste back or on to another site (regs 42-44).`,
      { fill: '#e6eef8', border: '#3a5f8f', ink: '#23406a' },
    );
  }
  if (note.further_notes.length > 0) {
    const codes = note.further_notes.map((n) => n.consignment_code).join(', ');
    banner(
      doc,
      `Rejected waste moves on ${note.further_notes.length === 1 ? 'a further note' : 'further notes'}: ${codes}`,
      `The consignee rejected waste on this note (see Part E). Its return or onward movement is on ${note.further_notes.length === 1 ? 'consignment note' : 'consignment notes'} ${codes} (reg 43).`,
      { fill: '#fde4e1', border: '#b3261e', ink: '#b3261e' },
    );
  }
}

/**
 * Part A as the form numbers it: A1 the code, A2 where the waste is removed from, A3 the premises code
 * (Wales only since April 2016), A4 where it is taken (the consignee: the carrier certifies A2 and A4 in
 * Part C), A5 the producer when not the business in A2.
 */
export function partA(doc: Doc, note: ConsignmentNote): void {
  const { producer, consignee } = note;
  drawTogether(doc, [
    partHeading('A', 'Notification details'),
    columns(
      { title: 'A1  Consignment note code', items: codeItems(note) },
      { title: 'A3  Premises code (where applicable)', items: premisesCodeItems(note) },
    ),
    columns(
      { title: 'A2  The waste will be removed from', items: removedFromItems(note) },
      {
        title: 'A4  The waste will be taken to',
        items: [
          { kind: 'field', label: 'Name', value: consignee.name },
          { kind: 'field', label: 'Address', value: consignee.address },
          { kind: 'field', label: 'Postcode', value: consignee.postcode },
          { kind: 'field', label: 'Permit number', value: permitText(consignee) },
        ],
      },
    ),
    subheading('A5  The waste producer (if different from A2)'),
    columns(
      { items: wasteProducerItems(note) },
      {
        items: [
          { kind: 'field', label: 'Contact', value: producer.contact },
          // B2's code, of the process giving rise to the waste: not the SIC code of the producer in A5.
          sicItem(producer.sic_code, 'Process SIC'),
        ],
      },
    ),
  ]);
}

/** A5: the producer named apart from A2 (a contractor working there), or a note that A2 produced it. */
function wasteProducerItems(note: ConsignmentNote): Item[] {
  const other = note.waste_producer;
  const { producer } = note;
  return other
    ? [
        { kind: 'field', label: 'Name', value: other.name },
        { kind: 'field', label: 'Address', value: `${other.address}, ${other.postcode}` },
      ]
    : [
        { kind: 'text', text: 'The producer is the business in A2.', size: 7.5, color: GREY },
        { kind: 'field', label: 'Name', value: producer.name },
        { kind: 'field', label: 'Address', value: `${producer.address}, ${producer.postcode}` },
      ];
}

function codeItems(note: ConsignmentNote): Item[] {
  const round = note.multiple_collection;
  const items: Item[] = [{ kind: 'text', text: note.consignment_code, bold: true, size: 12 }];
  // reg 38: every note of a multiple collection carries the round number and its collection number.
  if (round) {
    items.push(
      { kind: 'field', label: 'Round number', value: round.round_number },
      { kind: 'field', label: 'Collection no.', value: String(round.collection_number) },
    );
  } else {
    items.push({ kind: 'text', text: 'Not part of a multiple collection.', size: 8, color: GREY });
  }
  return items;
}

/** Premises codes were abolished in England on 1 April 2016; NRW still issues them in Wales. */
function premisesCodeItems(note: ConsignmentNote): Item[] {
  if (note.nation === 'wales') {
    return [{ kind: 'field', label: 'Premises code', value: note.producer.premises_code }];
  }
  return [{ kind: 'text', text: 'Not applicable: premises in England.', size: 8.5, color: GREY }];
}

function removedFromItems(note: ConsignmentNote): Item[] {
  const { producer } = note;
  // GOV.UK refuses a note whose phone or email is missing: a blank is left to write them in, unless the
  // consignor gave it at Part D (part-rules.ts, partD), when it is printed as theirs.
  const contact = (label: string, kind: 'phone' | 'email'): Item => {
    const { value, from } = premisesContact(note, kind);
    // A value that is none ("tbc") is named in the note and the blank left to write in.
    if (from === null && value) {
      return { kind: 'field', label, value: null, note: `A2 gave "${value}", which is none: write it in` };
    }
    return {
      kind: 'field',
      label,
      value,
      note: from === 'A2' ? undefined : from === 'D' ? 'given by the consignor at Part D' : WRITE_IN,
    };
  };
  return [
    { kind: 'field', label: 'Name', value: producer.name },
    { kind: 'field', label: 'Address', value: producer.address },
    { kind: 'field', label: 'Postcode', value: producer.postcode },
    contact('Telephone', 'phone'),
    contact('Email', 'email'),
  ];
}

/**
 * B2: the SIC code of the process giving rise to the waste (NRW, "How to complete a hazardous waste
 * consignment note"), with its SIC 2007 name when it is one (NRW also accepts SIC 2003 codes, printed
 * as given).
 */
export function sicItem(code: string, label = 'SIC code'): Item {
  const entry = sicEntry(code);
  return {
    kind: 'field',
    label,
    value: entry ? `${entry.code}  ${entry.description}` : code,
  };
}
