import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import { type Cell, csvCell, SPREADSHEET_CSV } from '../platform/csv-cell.ts';
import { sendHeadersOnly } from '../platform/head-reply.ts';
import type { ConsignmentLine, ConsignmentNote, PartD, ReceivedLine } from './consignment-schemas.ts';
import { premisesContact } from './part-rules.ts';
import { methodText } from './pdf/wording.ts';

/** A waste line, with Part E's answer for it: a line partly rejected is two rows, one per answer. */
type Row = { note: ConsignmentNote; line: ConsignmentLine; received?: ReceivedLine };

/** One row per waste line of each note: Parts A and B, then what C, D and E recorded. */
const COLUMNS: [name: string, value: (row: Row) => Cell][] = [
  ['id', (r) => r.note.id],
  ['consignment_code', (r) => r.note.consignment_code],
  ['status', (r) => r.note.status],
  ['nation', (r) => r.note.nation],
  ['created_at', (r) => r.note.created_at],
  ['producer_name', (r) => r.note.producer.name],
  ['producer_address', (r) => r.note.producer.address],
  ['producer_postcode', (r) => r.note.producer.postcode],
  ['producer_sic_code', (r) => r.note.producer.sic_code],
  ['consignee_name', (r) => r.note.consignee.name],
  ['consignee_postcode', (r) => r.note.consignee.postcode],
  ['consignee_permit_number', (r) => r.note.consignee.permit_number],
  ['process', (r) => r.note.process],
  ['round_number', (r) => r.note.multiple_collection?.round_number ?? null],
  ['collection_number', (r) => r.note.multiple_collection?.collection_number ?? null],
  ['rejected_from', (r) => r.note.rejected_from?.consignment_code ?? null],
  ['line', (r) => r.line.line],
  ['ewc_code', (r) => r.line.ewc_code],
  ['code_source', (r) => r.line.code_source],
  ['description', (r) => r.line.description],
  ['quantity_kg', (r) => r.line.quantity_kg],
  ['physical_form', (r) => r.line.physical_form],
  [
    'components',
    (r) =>
      r.line.components
        .map((c) => `${c.name} ${c.concentration}${c.unit === 'percent' ? '%' : ' mg/kg'}`)
        .join('; '),
  ],
  ['hazard_codes', (r) => r.line.hazard_codes.join(' ')],
  [
    'container',
    (r) =>
      `${r.line.container.number} x ${r.line.container.type}${r.line.container.size_litres ? ` ${r.line.container.size_litres} l` : ''}`,
  ],
  ['un_number', (r) => r.line.transport?.un_number ?? null],
  [
    'carrier_registration_number',
    (r) => r.note.parts.C?.registration_number ?? r.note.carrier.registration_number,
  ],
  ['vehicle_registration', (r) => r.note.parts.C?.vehicle_registration ?? null],
  ['collection_date', (r) => r.note.parts.C?.collection_date ?? null],
  ['carrier_signed_by', (r) => r.note.parts.C?.name ?? null],
  ['consignor_signed_by', (r) => r.note.parts.D?.name ?? null],
  ['consignor_signed_at', (r) => r.note.parts.D?.signed_at ?? null],
  ['received_date', (r) => r.note.parts.E?.received_date ?? null],
  ['quantity_received_kg', (r) => r.received?.quantity_received_kg ?? null],
  ['accepted', (r) => r.received?.accepted ?? null],
  ['rejection_reason', (r) => r.received?.rejection_reason ?? null],
  ['operation', (r) => r.received?.operation ?? null],
  ['consignee_signed_by', (r) => r.note.parts.E?.name ?? null],
  ['content_sha256', (r) => r.note.content_sha256],
  // Added after the rest: files read by column position keep working.
  ['waste_producer_name', (r) => r.note.waste_producer?.name ?? null],
  ['waste_producer_address', (r) => r.note.waste_producer?.address ?? null],
  ['waste_producer_postcode', (r) => r.note.waste_producer?.postcode ?? null],
  // Part A2's contact: the telephone and email as the note holds them, the consignor's at Part D when
  // A2 held none usable (premisesContact), else what A2 holds.
  ['producer_contact', (r) => r.note.producer.contact ?? null],
  ['producer_phone', (r) => premisesContact(r.note, 'phone').value ?? null],
  ['producer_email', (r) => premisesContact(r.note, 'email').value ?? null],
  // Part C's carrier as recorded: the register's answer, or none asked and the signer's declaration.
  ['carrier_name', (r) => r.note.parts.C?.carrier_name ?? null],
  ['carrier_register_status', (r) => r.note.parts.C?.register_status ?? null],
  ['carrier_declared_register', (r) => r.note.parts.C?.declared_registration?.register ?? null],
  // Part E of a multiple collection: how many consignments formed the collection.
  ['consignments_in_collection', (r) => r.note.parts.E?.consignments_in_collection ?? null],
  // Part E's certificate: when the waste arrived, by what, and the permit the consignee certified.
  ['received_time', (r) => r.note.parts.E?.received_time ?? null],
  ['received_vehicle_registration', (r) => r.note.parts.E?.vehicle_registration ?? null],
  ['consignee_certified_permit_number', (r) => r.note.parts.E?.permit_number ?? null],
  // What vouched for each signature (the key, or the signing link and its key), as the PDF prints it.
  ['carrier_signed_with', (r) => signedWith(r.note.parts.C)],
  ['consignor_signed_with', (r) => signedWith(r.note.parts.D)],
  ['consignee_signed_with', (r) => signedWith(r.note.parts.E)],
];

const signedWith = (part: PartD | null) => (part ? methodText(part) : null);

/** The rows of one note: a row per waste line, or per Part E answer where a line was partly rejected. */
function* noteRows(note: ConsignmentNote): Generator<Row> {
  for (const line of note.lines) {
    const answers = note.parts.E?.lines.filter((l) => l.line === line.line) ?? [];
    if (answers.length === 0) yield { note, line };
    for (const answer of answers) yield { note, line, received: answer };
  }
}

export const CONSIGNMENT_CSV_COLUMNS: readonly string[] = COLUMNS.map(([name]) => name);

async function* rowsOf(pages: AsyncIterable<ConsignmentNote[]>): AsyncGenerator<(string | number)[]> {
  for await (const page of pages) {
    for (const note of page) {
      for (const row of noteRows(note)) yield COLUMNS.map(([, value]) => csvCell(value(row)));
    }
  }
}

/**
 * Sends the notes as a CSV download, reading pages only as fast as the client takes the text. The first
 * page is read before any status is sent, so a database that cannot be read is a clean error.
 */
export async function sendConsignmentCsv(
  reply: FastifyReply,
  pages: AsyncGenerator<ConsignmentNote[]>,
  mode: 'live' | 'test',
): Promise<FastifyReply> {
  const name = mode === 'test' ? 'consignment-notes-test.csv' : 'consignment-notes.csv';
  const headers = reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${name}"`);
  // A HEAD gets the headers without a note being read.
  if (reply.request.method === 'HEAD') return sendHeadersOnly(headers);
  const first = await pages.next();
  async function* all(): AsyncGenerator<ConsignmentNote[]> {
    if (first.done) return;
    yield first.value;
    yield* pages;
  }
  const csv = pipeline(
    Readable.from(rowsOf(all())),
    stringify({ ...SPREADSHEET_CSV, columns: [...CONSIGNMENT_CSV_COLUMNS] }),
    () => {},
  );
  csv.once('error', () => {
    reply.request.callsServed = 0;
  });
  return headers.send(csv);
}
