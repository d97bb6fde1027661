import PDFDocument from 'pdfkit';
import type { WasteTransferNote } from './wtn-schemas.ts';

const MARGIN = 40;
const GREY = '#555555';
type Doc = PDFKit.PDFDocument;

/**
 * reg 12 and reg 35(2)(d) Waste (England and Wales) Regulations 2011: the transferor confirms on the
 * note that it has applied the waste hierarchy.
 */
export const HIERARCHY_DECLARATION =
  'I confirm that I have fulfilled my duty to apply the waste hierarchy as required by Regulation 12 of the Waste (England and Wales) Regulations 2011 (prevention, preparing for re-use, recycling, other recovery, disposal).';

/**
 * A printable A4 transfer note laid out as the parties sign it: the waste, the parties and their
 * categories (reg 35(2)(c)), the checks, the hierarchy declaration and signature blocks for transferor
 * and transferee (reg 35(2)(b)). Time and place of transfer are left to be written in on the day.
 */
export function renderNotePdf(
  note: WasteTransferNote,
  _extra: { drawings?: Record<string, string>; today?: string } = {},
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: `Waste transfer note ${note.reference}`,
      Subject: 'Waste transfer note',
      Creator: 'Waste Compliance Service',
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  header(doc, note);
  wasteSection(doc, note);
  partiesSection(doc, note);
  checksSection(doc, note);
  signatureSection(doc);
  pageFooters(doc, note.reference);
  doc.end();
  return done;
}

function width(doc: Doc): number {
  return doc.page.width - 2 * MARGIN;
}

function heading(doc: Doc, text: string): void {
  ensureSpace(doc, 60);
  doc.moveDown(0.6).font('Helvetica-Bold').fontSize(10).fillColor('black').text(text.toUpperCase());
  const y = doc.y + 2;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + width(doc), y)
    .lineWidth(0.5)
    .strokeColor(GREY)
    .stroke();
  doc.moveDown(0.4);
}

function field(doc: Doc, label: string, value: string | number | null | undefined, at?: Column): void {
  const text = value === null || value === undefined || value === '' ? '-' : String(value);
  doc.font('Helvetica-Bold').fontSize(9).fillColor(GREY);
  if (at) doc.text(`${label}: `, at.x, doc.y, { width: at.width, continued: true });
  else doc.text(`${label}: `, { continued: true });
  doc.font('Helvetica').fillColor('black').text(text);
}

interface Column {
  x: number;
  width: number;
}

/** Two blocks side by side (transferor beside transferee, as on a paper note); continues below both. */
function sideBySide(doc: Doc, left: (at: Column) => void, right: (at: Column) => void): void {
  const top = doc.y;
  const half = (width(doc) - 20) / 2;
  left({ x: MARGIN, width: half });
  const leftBottom = doc.y;
  doc.y = top;
  right({ x: MARGIN + half + 20, width: half });
  doc.x = MARGIN;
  doc.y = Math.max(leftBottom, doc.y);
}

function columnHeading(doc: Doc, text: string, at: Column): void {
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor('black')
    .text(text.toUpperCase(), at.x, doc.y, { width: at.width });
  const y = doc.y + 1;
  doc
    .moveTo(at.x, y)
    .lineTo(at.x + at.width, y)
    .lineWidth(0.5)
    .strokeColor(GREY)
    .stroke();
  doc.y += 4;
}

function ensureSpace(doc: Doc, points: number): void {
  if (doc.y + points > doc.page.height - MARGIN) doc.addPage();
}

function header(doc: Doc, note: WasteTransferNote): void {
  doc.font('Helvetica-Bold').fontSize(18).text('Waste Transfer Note');
  doc.font('Helvetica').fontSize(9).fillColor(GREY);
  doc.text(
    'Duty of care: Environmental Protection Act 1990 s34; Waste (England and Wales) Regulations 2011 reg 35.',
  );
  doc.moveDown(0.5).fillColor('black');
  field(doc, 'Reference', note.reference);
  field(doc, 'Date of transfer', note.transfer_date);
  field(doc, 'Note created', note.created_at);
  field(doc, 'Time of transfer', note.transfer_time ?? '____________  (to be completed at the transfer)');
  field(
    doc,
    'Place of transfer',
    note.transfer_place ??
      '______________________________________________  (to be completed at the transfer)',
  );
}

function wasteSection(doc: Doc, note: WasteTransferNote): void {
  const { waste } = note;
  heading(doc, 'A. Description of the waste');
  field(doc, 'Description', waste.description);
  field(
    doc,
    'List of Wastes (EWC) code',
    waste.ewc_code ? `${waste.ewc_code}${waste.is_hazardous ? '*' : ''}` : null,
  );
  field(doc, 'Code description', waste.ewc_description);
  field(doc, 'Hazardous', waste.is_hazardous === null ? null : waste.is_hazardous ? 'Yes' : 'No');
  field(
    doc,
    'Quantity',
    waste.quantity_kg === null ? null : `${waste.quantity_kg.toLocaleString('en-GB')} kg`,
  );
  const container = waste.container_type
    ? `${waste.container_type}${waste.container_code ? ` (${waste.container_code})` : ''}`
    : null;
  field(doc, 'Container', container);
  field(
    doc,
    'Loose or contained',
    waste.container_code === 'LOO' ? 'Loose' : waste.container_type ? 'Contained' : null,
  );
}

function partiesSection(doc: Doc, note: WasteTransferNote): void {
  const { producer, carrier, destination } = note;
  doc.moveDown(0.6);
  sideBySide(
    doc,
    (at) => {
      columnHeading(doc, 'B. Transferor (producer)', at);
      field(doc, 'Name', producer.name, at);
      field(doc, 'Address', producer.address, at);
      field(doc, 'SIC code (2007)', producer.sic_code, at);
      field(doc, 'Contact', producer.contact_name, at);
      field(doc, 'Category', 'Producer of the waste', at);
    },
    (at) => {
      columnHeading(doc, 'C. Transferee (waste carrier)', at);
      field(doc, 'Name', carrier.business_name, at);
      field(doc, 'Registration number', carrier.registration_number, at);
      field(
        doc,
        'Category',
        carrier.tier ? `Registered waste carrier (${carrier.tier} tier)` : 'Registered waste carrier',
        at,
      );
      field(
        doc,
        'Register check',
        carrier.verified ? `${carrier.status} on the EA public register` : 'Not checked',
        at,
      );
      field(doc, 'Registration expires', carrier.expiry_date, at);
    },
  );

  heading(doc, 'D. Destination');
  field(doc, 'Site', destination.name);
  field(doc, 'Address', destination.address);
  field(doc, 'Permit / licence / exemption', destination.permit_number);
}

function checksSection(doc: Doc, note: WasteTransferNote): void {
  const d = note.duty_of_care;
  heading(doc, 'E. Duty of care checks');
  const box = (ok: boolean) => (ok ? '[x]' : '[  ]');
  for (const [ok, label] of [
    [d.producer_identified, 'Producer identified (name and address)'],
    [d.carrier_verified, 'Carrier registration confirmed on the public register'],
    [d.waste_classified, 'Waste classified with a List of Wastes code'],
    [d.destination_provided, 'Destination provided (name and address)'],
    [d.all_checks_passed, 'All checks passed'],
  ] as const) {
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor('black')
      .text(`${box(ok)}  ${label}`);
  }
  doc.moveDown(0.3);
  field(doc, 'Compliant', note.compliance.is_compliant ? 'Yes' : 'No');
  issueList(doc, 'Flags (make the note not compliant)', note.compliance.flags);
  issueList(doc, 'Warnings', note.compliance.warnings);
}

function issueList(doc: Doc, title: string, issues: WasteTransferNote['compliance']['flags']): void {
  doc.font('Helvetica-Bold').fontSize(9).fillColor(GREY).text(`${title}:`);
  doc.font('Helvetica').fillColor('black');
  if (issues.length === 0) doc.text('None');
  for (const issue of issues) doc.text(`- ${issue.code}: ${issue.message}`, { indent: 8 });
}

function signatureSection(doc: Doc): void {
  heading(doc, 'F. Waste hierarchy declaration (transferor)');
  doc.font('Helvetica').fontSize(9).fillColor('black').text(`[  ]  ${HIERARCHY_DECLARATION}`);
  // The signature blocks and the retention line stay together on one page.
  ensureSpace(doc, 180);
  heading(doc, 'G. Signatures');
  const top = doc.y;
  const half = (width(doc) - 20) / 2;
  signatureBlock(doc, 'Transferor (producer)', MARGIN, top, half);
  signatureBlock(doc, 'Transferee (carrier)', MARGIN + half + 20, top, half);
  doc.y = top + 104;
  doc.x = MARGIN;
  doc.font('Helvetica').fontSize(8).fillColor(GREY);
  doc.text('Both parties must keep a copy of this note for at least 2 years.', MARGIN, doc.y, {
    width: width(doc),
  });
}

/** Each page names the note and its place, so a loose second page is still identified. */
function pageFooters(doc: Doc, reference: string): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    // Writing inside the bottom margin would otherwise start a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(8).fillColor(GREY);
    doc.text(`${reference} - page ${i - start + 1} of ${count}`, MARGIN, doc.page.height - MARGIN + 12, {
      width: width(doc),
      align: 'right',
    });
    doc.page.margins.bottom = bottom;
  }
}

function signatureBlock(doc: Doc, title: string, x: number, y: number, w: number): void {
  doc.rect(x, y, w, 96).lineWidth(0.5).strokeColor(GREY).stroke();
  doc
    .font('Helvetica-Bold')
    .fontSize(9)
    .fillColor('black')
    .text(title, x + 8, y + 8, { width: w - 16 });
  doc.font('Helvetica').fontSize(9);
  for (const [i, label] of ['Signature', 'Name', 'Date'].entries()) {
    const lineY = y + 36 + i * 22;
    doc.text(`${label}:`, x + 8, lineY - 9, { width: 60 });
    doc
      .moveTo(x + 70, lineY)
      .lineTo(x + w - 10, lineY)
      .lineWidth(0.5)
      .strokeColor(GREY)
      .stroke();
  }
}
