import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import { type Cell, csvCell, SPREADSHEET_CSV } from '../platform/csv-cell.ts';
import { sendHeadersOnly } from '../platform/head-reply.ts';
import type { Signature, WasteTransferNote } from './wtn-schemas.ts';

/**
 * The export's columns, in a fixed order: new columns are only ever added at the end, so a spreadsheet
 * or script that reads them by position keeps working. What reg 35 of the Waste (England and Wales)
 * Regulations 2011 asks a note to hold comes first, then what the service checked and what happened to
 * the note afterwards. docs/wtn.md describes each column.
 */
const COLUMNS: [name: string, value: (note: WasteTransferNote) => Cell][] = [
  ['reference', (n) => n.reference],
  ['mode', (n) => n.mode],
  ['status', (n) => n.status],
  ['created_at', (n) => n.created_at],
  // reg 35(2)(a)(iii): the time and place of transfer.
  ['transfer_date', (n) => n.transfer_date],
  ['transfer_time', (n) => n.transfer_time],
  ['transfer_place', (n) => n.transfer_place],
  ['season_ticket_valid_from', (n) => n.season_ticket?.valid_from ?? null],
  ['season_ticket_valid_until', (n) => n.season_ticket?.valid_until ?? null],
  ['collections_logged', (n) => n.transfers.length],
  // reg 35(2)(b): the transferor's name and address; reg 35(2)(a)(iv): its SIC 2007 code.
  ['producer_name', (n) => n.producer.name],
  ['producer_address', (n) => n.producer.address],
  ['producer_postcode', (n) => postcodeIn(n.producer.address)],
  ['producer_sic_code', (n) => n.producer.sic_code],
  ['producer_sic_description', (n) => n.producer.sic_description],
  ['producer_contact_name', (n) => n.producer.contact_name],
  // reg 35(2)(b), (c): the transferee's name, address and registration.
  ['carrier_registration_number', (n) => n.carrier.registration_number],
  ['carrier_name', (n) => n.carrier.business_name],
  ['carrier_address', (n) => n.carrier.address],
  ['carrier_tier', (n) => n.carrier.tier],
  ['carrier_verified', (n) => n.carrier.verified],
  ['carrier_register_status', (n) => n.carrier.status],
  ['carrier_registration_expiry', (n) => n.carrier.expiry_date],
  ['carrier_register_origin', (n) => n.carrier.register_origin],
  // reg 35(2)(a): the List of Wastes code, a description, the quantity and the container.
  ['ewc_code', (n) => n.waste.ewc_code],
  ['ewc_description', (n) => n.waste.ewc_description],
  ['hazardous', (n) => n.waste.is_hazardous],
  ['waste_description', (n) => n.waste.description],
  ['quantity_kg', (n) => n.waste.quantity_kg],
  ['container_type', (n) => n.waste.container_type],
  ['container_code', (n) => n.waste.container_code],
  ['destination_name', (n) => n.destination.name],
  ['destination_address', (n) => n.destination.address],
  ['destination_postcode', (n) => postcodeIn(n.destination.address)],
  ['destination_permit_number', (n) => n.destination.permit_number],
  ['is_compliant', (n) => n.compliance.is_compliant],
  ['flags', (n) => n.compliance.flags.map((f) => f.code).join('; ')],
  ['warnings', (n) => n.compliance.warnings.map((w) => w.code).join('; ')],
  // reg 35(2)(b): both parties sign the note.
  ['signed', (n) => n.signed],
  ...signatureColumns('transferor'),
  ...signatureColumns('transferee'),
  ['content_sha256', (n) => n.content_sha256],
  ['supersedes', (n) => n.supersedes],
  ['superseded_by', (n) => n.superseded_by],
];

function signatureColumns(party: 'transferor' | 'transferee'): typeof COLUMNS {
  const of = (n: WasteTransferNote): Signature | null => n.signatures[party];
  return [
    [`${party}_signed_by`, (n) => of(n)?.name ?? null],
    [`${party}_position`, (n) => of(n)?.position ?? null],
    [`${party}_signed_at`, (n) => of(n)?.signed_at ?? null],
  ];
}

export const CSV_COLUMNS: readonly string[] = COLUMNS.map(([name]) => name);

/** A full UK postcode anywhere in an address (the last one, as postcodes end an address). */
const POSTCODE = /\b([A-Z]{1,2}\d[A-Z\d]?) ?(\d[A-Z]{2})\b/gi;

export function postcodeIn(address: string | null): string | null {
  if (!address) return null;
  const found = [...address.matchAll(POSTCODE)].at(-1);
  return found ? `${found[1]} ${found[2]}`.toUpperCase() : null;
}

export function csvRow(note: WasteTransferNote): (string | number)[] {
  return COLUMNS.map(([, value]) => csvCell(value(note)));
}

async function* rowsOf(pages: AsyncIterable<WasteTransferNote[]>): AsyncGenerator<(string | number)[]> {
  for await (const page of pages) {
    for (const note of page) yield csvRow(note);
  }
}

/**
 * The notes as CSV that spreadsheets open correctly: a UTF-8 byte order mark (so Excel reads UTF-8),
 * a header row, CRLF line ends and RFC 4180 quoting (and of any cell holding a semicolon). Pages are
 * pulled only as fast as the reader takes the text (backpressure), so memory holds about one page
 * whatever the export's size; destroying the stream (the client went away) stops the reading of pages.
 */
export function notesCsv(pages: AsyncIterable<WasteTransferNote[]>): Readable {
  const csv = stringify({ ...SPREADSHEET_CSV, columns: [...CSV_COLUMNS] });
  // Errors reach the returned stream, which the HTTP layer handles (it ends the response unfinished).
  return pipeline(Readable.from(rowsOf(pages)), csv, () => {});
}

/**
 * The CSV of an export, once its first page has been read: a database that cannot be read fails here,
 * before any status is sent (a clean 500); one that fails later ends the response unfinished (no final
 * chunk), which clients report as a failed download.
 */
async function startNotesCsv(pages: AsyncGenerator<WasteTransferNote[]>): Promise<Readable> {
  const first = await pages.next();
  async function* all(): AsyncGenerator<WasteTransferNote[]> {
    if (first.done) return;
    yield first.value;
    yield* pages;
  }
  return notesCsv(all());
}

/** `transfer-notes-2026-03-01-2026-03-31.csv`; test exports say so, and an open end says `start`/`latest`. */
function csvFileName(mode: 'live' | 'test', from?: string, to?: string): string {
  const parts = ['transfer-notes', mode === 'test' ? 'test' : '', from ?? 'start', to ?? 'latest'];
  return `${parts.filter(Boolean).join('-')}.csv`;
}

/**
 * Answers with the notes as a CSV download named after the mode and the date range: the API's export
 * and the portal's send the same file.
 */
export async function sendNotesCsv(
  reply: FastifyReply,
  pages: AsyncGenerator<WasteTransferNote[]>,
  range: { mode: 'live' | 'test'; from?: string; to?: string },
): Promise<FastifyReply> {
  const headers = reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${csvFileName(range.mode, range.from, range.to)}"`);
  // A HEAD gets the headers without a note being read.
  if (reply.request.method === 'HEAD') return sendHeadersOnly(headers);
  const csv = await startNotesCsv(pages);
  // A page that could not be read ends the download unfinished: our fault, so the call is not counted.
  // A client that leaves destroys the stream without an error, and its call counts.
  csv.once('error', () => {
    reply.request.callsServed = 0;
  });
  return headers.send(csv);
}
