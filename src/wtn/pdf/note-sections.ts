import { FACE } from '../../platform/pdf/fonts.ts';
import { CONTAINER_CODES, type ContainerCode } from '../container-types.ts';
import type { WasteTransferNote } from '../wtn-schemas.ts';
import {
  banner,
  type Doc,
  drawKept,
  fullWidth,
  GREY,
  heading,
  INK,
  type Item,
  measure,
  sideBySide,
} from './layout.ts';
import { dayText, kilograms, registerCheckText, tierText } from './wording.ts';

/** The note's heading and what reg 35(2) asks a note to record: transfer, waste, parties, destination. */

const AT_TRANSFER = 'to be completed at the transfer';

export function header(doc: Doc, note: WasteTransferNote): void {
  const at = fullWidth(doc);
  const top = doc.y;
  const title = note.season_ticket ? 'Waste Transfer Note: Season ticket' : 'Waste Transfer Note';
  doc
    .font(FACE.bold)
    .fontSize(18)
    .fillColor(INK)
    .text(title, at.x, top, { width: at.width - 170 });
  const below = doc.y;
  doc
    .font(FACE.regular)
    .fontSize(8)
    .fillColor(GREY)
    .text('Reference', at.x, top, { width: at.width, align: 'right' });
  doc.font(FACE.bold).fontSize(13).fillColor(INK).text(note.reference, { width: at.width, align: 'right' });
  doc.font(FACE.regular).fontSize(8).fillColor(GREY);
  doc.text(
    'Duty of care: Environmental Protection Act 1990 s34; Waste (England and Wales) Regulations 2011 reg 35.',
    at.x,
    Math.max(below, doc.y) + 2,
    { width: at.width },
  );
  doc.y += 2;
  banners(doc, note);
}

function banners(doc: Doc, note: WasteTransferNote): void {
  if (note.status === 'superseded') {
    banner(
      doc,
      `SUPERSEDED by ${note.superseded_by ?? 'a later note'} — do not use`,
      `A later note corrects this one. Use ${note.superseded_by ?? 'the later note'} for this transfer; this note is kept only as a record.`,
      { fill: '#fde4e1', border: '#b3261e', ink: '#b3261e' },
    );
  }
  if (note.mode === 'test') {
    banner(
      doc,
      'TEST DATA — not a real transfer note',
      'Made with a test key against sandbox register data: nothing on this note is valid for a real transfer of waste.',
      { fill: '#fff1cc', border: '#a86b00', ink: '#7a4d00' },
    );
  }
  if (note.supersedes) {
    banner(
      doc,
      `This note corrects ${note.supersedes}`,
      `${note.supersedes} is superseded by this note: use this one.`,
      { fill: '#e6eef8', border: '#3a5f8f', ink: '#23406a' },
    );
  }
}

export function transferAndDestination(doc: Doc, note: WasteTransferNote): void {
  const ticket = note.season_ticket;
  const transfer: Item[] = ticket
    ? [
        { kind: 'field', label: 'Valid from', value: dayText(ticket.valid_from) },
        { kind: 'field', label: 'Valid until', value: dayText(ticket.valid_until) },
        { kind: 'field', label: 'First transfer', value: dayText(note.transfer_date) },
        { kind: 'field', label: 'Time', value: note.transfer_time ?? 'Each collection: see the schedule' },
      ]
    : [
        { kind: 'field', label: 'Date', value: dayText(note.transfer_date) },
        {
          kind: 'field',
          label: 'Time',
          value: note.transfer_time,
          note: note.transfer_time ? undefined : AT_TRANSFER,
        },
      ];
  transfer.push({
    kind: 'field',
    label: 'Place',
    value: note.transfer_place,
    lines: 2,
    note: note.transfer_place ? undefined : AT_TRANSFER,
  });
  const { destination } = note;
  sideBySide(
    doc,
    { title: ticket ? 'A. Transfers covered' : 'A. The transfer', items: transfer },
    {
      title: 'B. Destination (where the waste goes)',
      items: [
        { kind: 'field', label: 'Site', value: destination.name },
        { kind: 'field', label: 'Address', value: destination.address },
        { kind: 'field', label: 'Permit, licence or exemption', value: destination.permit_number },
      ],
    },
  );
}

export function wasteSection(doc: Doc, note: WasteTransferNote): void {
  const { waste } = note;
  const at = fullWidth(doc);
  const code = waste.ewc_code
    ? `${waste.ewc_code}${waste.is_hazardous ? '*' : ''}${waste.ewc_description ? `  ${waste.ewc_description}` : ''}`
    : null;
  const codeNote =
    waste.ewc_code_source === 'classification'
      ? `Chosen by the classifier from the description${waste.classification_confidence === null ? '' : ` (confidence ${waste.classification_confidence.toFixed(2)})`}.`
      : waste.ewc_code_source === 'supplied'
        ? 'As supplied for this note.'
        : undefined;
  // reg 35(2)(a)(ii): whether the waste is loose or in a container, and the kind of container.
  const container =
    waste.container_code === 'LOO'
      ? 'Loose'
      : waste.container_type
        ? `In a container: ${containerText(waste)}`
        : null;
  const items: Item[] = [
    { kind: 'field', label: 'Description', value: waste.description },
    { kind: 'field', label: 'List of Wastes (EWC) code', value: code, note: codeNote },
  ];
  heading(doc, 'C. The waste', at, measure(doc, items, at));
  drawKept(doc, items, at);
  const hazardous = waste.is_hazardous === null ? null : waste.is_hazardous ? 'Yes: hazardous waste' : 'No';
  sideBySide(
    doc,
    {
      items: [
        { kind: 'field', label: 'Hazardous', value: hazardous },
        {
          kind: 'field',
          label: 'Container',
          value: container,
          note: container ? undefined : 'loose, or which container',
        },
      ],
    },
    {
      items: [
        {
          kind: 'field',
          label: 'Quantity',
          value: waste.quantity_kg === null ? null : kilograms(waste.quantity_kg),
        },
      ],
    },
  );
}

/** The container as written, with its DWT code; a bare code ("SKI") is named in words. */
function containerText(waste: WasteTransferNote['waste']): string {
  const code = waste.container_code as ContainerCode | null;
  if (!code) return waste.container_type ?? '';
  const named =
    waste.container_type?.trim().toUpperCase() === code ? CONTAINER_CODES[code] : waste.container_type;
  return `${named} (DWT code ${code})`;
}

export function parties(doc: Doc, note: WasteTransferNote): void {
  const { producer, carrier } = note;
  const sic = producer.sic_code
    ? `${producer.sic_code}${producer.sic_description ? `  ${producer.sic_description}` : ''}`
    : null;
  const expiry = carrier.expiry_date
    ? dayText(carrier.expiry_date)
    : carrier.tier === 'lower'
      ? 'Does not expire (lower tier)'
      : null;
  sideBySide(
    doc,
    {
      title: 'D. Transferor (producer or holder)',
      items: [
        { kind: 'field', label: 'Name', value: producer.name },
        { kind: 'field', label: 'Address', value: producer.address },
        {
          kind: 'field',
          label: 'SIC code (2007)',
          value: sic,
          note: producer.sic_code && !producer.sic_description ? 'Not a UK SIC 2007 code.' : undefined,
        },
        { kind: 'field', label: 'Contact', value: producer.contact_name },
        { kind: 'field', label: 'Category', value: 'Producer of the waste' },
      ],
    },
    {
      title: 'E. Transferee (waste carrier)',
      items: [
        { kind: 'field', label: 'Name', value: carrier.business_name },
        { kind: 'field', label: 'Address', value: carrier.address, lines: 2, note: addressNote(carrier) },
        { kind: 'field', label: 'Registration no.', value: carrier.registration_number },
        {
          kind: 'field',
          label: 'Category',
          value: tierText(carrier.tier),
          note: carrier.tier ? undefined : 'registered waste carrier: upper or lower tier',
        },
        { kind: 'field', label: 'Expires', value: expiry },
        { kind: 'field', label: 'Register check', value: registerCheckText(carrier) },
      ],
    },
  );
}

function addressNote(carrier: WasteTransferNote['carrier']): string | undefined {
  if (carrier.address === null) return 'Not on the register and not given: write it in.';
  if (carrier.address_source === 'request') return 'As given, not from the register.';
  return undefined;
}
