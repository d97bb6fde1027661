import { stringify } from 'csv-stringify/sync';
import { type Cell, csvCell, SPREADSHEET_CSV } from '../platform/csv-cell.ts';
import { ApiError } from '../platform/errors.ts';
import type { HazardousLoad } from '../receipts/hazardous-loads.ts';
import type {
  ConsigneeReturn,
  ConsignmentOutcome,
  Quarter,
  ReturnConsignment,
  ReturnLine,
  ReturnWarning,
} from './consignee-return-schemas.ts';
import type { ConsignmentNote } from './consignment-schemas.ts';
import { receiptCsvCells, receiptsToAdd, receiptsWarning } from './return-receipts.ts';
import { type Regulator, regulatorOf, regulatorWarning } from './return-regulator.ts';

/**
 * The consignee's quarterly return, reg 53 Hazardous Waste (England and Wales) Regulations 2005: every
 * consignment received at a site in a quarter, rejected ones included, and each collection of a multiple
 * collection as a consignment of its own.
 *
 * UNCONFIRMED: the Environment Agency prescribes the return's format (reg 53 lets it refuse any other) and
 * that format is an XML schema, revised in 2011 to add round and collection numbers, which we have not
 * seen; its column list, field names, code lists and how it marks a null return are unknown, as are the
 * columns of NRW's Welsh template (sheet 3). The EA's spreadsheet route is out of use (GOV.UK, 2025), so
 * this module gives the return's content as JSON and as a CSV a consignee can keep or copy from; it is
 * not the EA's submission format. The fee is an estimate from GOV.UK's published rates, not an invoice,
 * and whether the Agency charges for a rejected consignment is not stated there (we count it, as reg 53
 * puts it on the return). NRW's charges were not confirmed, so a Welsh site's return has no estimate.
 */

/** GOV.UK "Consignee returns": £10 (electronic) or £19 (paper) per single consignment, £5 or £10 per
 * consignment of a multiple collection. https://www.gov.uk/dispose-hazardous-waste/consignee-returns */
export const FEES_SOURCE = 'https://www.gov.uk/dispose-hazardous-waste/consignee-returns';
const FEES = {
  electronic: { single: 10, multiple_collection: 5 },
  paper: { single: 19, multiple_collection: 10 },
} as const;

/** reg 53, as GOV.UK above: each quarter's last day and its return's deadline (Q4's in the next year). */
const QUARTERS = [
  { start: '01-01', end: '03-31', due: '04-30' },
  { start: '04-01', end: '06-30', due: '07-31' },
  { start: '07-01', end: '09-30', due: '10-31' },
  { start: '10-01', end: '12-31', due: '01-31' },
] as const;

/** `2026-Q4` (or `2026-q4`), years 2000-2100; null for anything else. */
export function parseQuarter(text: string): Quarter | null {
  const match = /^(\d{4})-[Qq]([1-4])$/.exec(text.trim());
  if (!match) return null;
  const year = Number(match[1]);
  if (year < 2000 || year > 2100) return null;
  const q = Number(match[2]);
  const { start, end, due } = QUARTERS[q - 1];
  return {
    quarter: `${year}-Q${q}`,
    from: `${year}-${start}`,
    to: `${year}-${end}`,
    due_by: `${q === 4 ? year + 1 : year}-${due}`,
  };
}

export interface ReturnSite {
  id: string;
  name: string;
  address?: string | null;
  postcode?: string | null;
  permit_number?: string | null;
}

export interface ReturnInput {
  site: ReturnSite;
  quarter: Quarter;
  /** Notes whose Part E was signed at the site in the quarter: others are left out here too. */
  notes: ConsignmentNote[];
  /** The site's hazardous waste receipts of the quarter (the receipts capability); none when omitted. */
  receipts?: HazardousLoad[];
  /** ISO 8601 UTC. */
  generatedAt: string;
  /** Who the return goes to, as the caller says (the query's `regulator`); else the site's postcode. */
  regulator?: Regulator;
}

/** The return as data: the route answers with it as JSON or hands it to `returnCsv`. */
export function buildReturn(input: ReturnInput): ConsigneeReturn {
  const { site, quarter } = input;
  const notes = input.notes.filter((note) => receivedIn(note, site.id, quarter));
  const consignments = notes.map(consignmentOf).sort(byReceivedThenCode);
  const multiple = consignments.filter((c) => c.round_number !== null).length;
  const single = consignments.length - multiple;
  const lines = consignments.flatMap((c) => c.lines);
  const received = lines.reduce((sum, l) => sum + l.quantity_received_kg, 0);
  const accepted = lines.filter((l) => l.accepted).reduce((sum, l) => sum + l.quantity_received_kg, 0);
  const receipts = receiptsToAdd(input.receipts ?? [], consignments);
  const chosen = regulatorOf(site.postcode ?? null, input.regulator);
  const { regulator } = chosen;
  const warnings = [
    regulatorWarning(chosen, site.postcode ?? null),
    receiptsWarning(receipts, { site: site.name, quarter: quarter.quarter, regulator }),
  ].filter((w): w is ReturnWarning => w !== null);
  return {
    site: {
      id: site.id,
      name: site.name,
      address: site.address ?? null,
      postcode: site.postcode ?? null,
      permit_number: site.permit_number ?? null,
    },
    quarter: quarter.quarter,
    period: { from: quarter.from, to: quarter.to },
    due_by: quarter.due_by,
    generated_at: input.generatedAt,
    regulator,
    // reg 53: a null return says nothing was received, so a hazardous receipt of the quarter rules it out.
    null_return: consignments.length === 0 && receipts.length === 0,
    consignments,
    receipts_to_add: receipts,
    warnings,
    totals: {
      consignments: consignments.length,
      single,
      multiple_collection: multiple,
      rejected: consignments.filter((c) => c.outcome === 'rejected').length,
      partially_rejected: consignments.filter((c) => c.outcome === 'partially_rejected').length,
      // Grams at most: sums of decimals would otherwise show 0.30000000000000004.
      quantity_received_kg: Math.round(received * 1000) / 1000,
      quantity_accepted_kg: Math.round(accepted * 1000) / 1000,
      receipts_to_add: receipts.length,
    },
    // The published rates are the EA's (GOV.UK); NRW's per-consignment charges were not confirmed.
    fee_estimate:
      regulator === 'NRW'
        ? null
        : {
            currency: 'GBP',
            basis: 'electronic',
            single_rate: FEES.electronic.single,
            multiple_collection_rate: FEES.electronic.multiple_collection,
            amount: single * FEES.electronic.single + multiple * FEES.electronic.multiple_collection,
            paper_amount: single * FEES.paper.single + multiple * FEES.paper.multiple_collection,
            source: FEES_SOURCE,
          },
  };
}

/** Part E signed at this site with a received date inside the quarter (dates compare as YYYY-MM-DD). */
function receivedIn(note: ConsignmentNote, siteId: string, quarter: Quarter): boolean {
  const received = note.parts.E?.received_date.slice(0, 10);
  if (!received || note.consignee.site_id !== siteId) return false;
  return received >= quarter.from && received <= quarter.to;
}

function consignmentOf(note: ConsignmentNote): ReturnConsignment {
  const partE = note.parts.E!;
  const partB = new Map(note.lines.map((l) => [l.line, l]));
  const lines: ReturnLine[] = [...partE.lines]
    .sort((a, b) => a.line - b.line)
    .map((received) => {
      const waste = partB.get(received.line);
      return {
        ewc_code: received.ewc_code,
        description: waste?.description ?? null,
        quantity_received_kg: received.quantity_received_kg,
        accepted: received.accepted,
        rejection_reason: received.rejection_reason,
        operation: received.operation,
        hazard_codes: waste ? [...waste.hazard_codes] : [],
        physical_form: waste?.physical_form ?? null,
      };
    });
  return {
    id: note.id,
    consignment_code: note.consignment_code,
    received_date: partE.received_date.slice(0, 10),
    // The EA's guidance: the producer postcode is Part A2's, where the waste was collected from.
    producer: { name: note.producer.name, postcode: note.producer.postcode },
    round_number: note.multiple_collection?.round_number ?? null,
    collection_number: note.multiple_collection?.collection_number ?? null,
    outcome: outcomeOf(note, lines),
    lines,
  };
}

function outcomeOf(note: ConsignmentNote, lines: ReturnLine[]): ConsignmentOutcome {
  if (lines.length === 0) {
    return note.status === 'rejected' || note.status === 'partially_rejected' ? note.status : 'accepted';
  }
  const accepted = lines.filter((l) => l.accepted).length;
  if (accepted === lines.length) return 'accepted';
  return accepted === 0 ? 'rejected' : 'partially_rejected';
}

function byReceivedThenCode(a: ReturnConsignment, b: ReturnConsignment): number {
  return (
    a.received_date.localeCompare(b.received_date) ||
    a.consignment_code.localeCompare(b.consignment_code) ||
    (a.collection_number ?? 0) - (b.collection_number ?? 0) ||
    a.id.localeCompare(b.id)
  );
}

// ---------------------------------------------------------------- CSV

/** Columns in a fixed order; new ones only ever at the end, so files read by position keep working. */
export const RETURN_CSV_COLUMNS = [
  'consignment_code',
  'received_date',
  'producer_name',
  'producer_postcode',
  'round_number',
  'collection_number',
  'ewc_code',
  'waste_description',
  'quantity_received_kg',
  'outcome',
  'rejection_reason',
  'operation',
  'hazard_codes',
  'physical_form',
  'site_name',
  'site_permit_number',
  // Set on a row from a waste receipt only (receiptCsvCells).
  'receipt_id',
  'to_add',
] as const;

/** A row of the return's CSV by column; a column it does not hold is empty. */
export type ReturnCsvCells = Partial<Record<(typeof RETURN_CSV_COLUMNS)[number], Cell>>;

/** The cells of one waste line of a consignment on a note. */
function consignmentCsvCells(
  site: ConsigneeReturn['site'],
  consignment: ReturnConsignment,
  line: ReturnLine,
): ReturnCsvCells {
  return {
    consignment_code: consignment.consignment_code,
    received_date: consignment.received_date,
    producer_name: consignment.producer.name,
    producer_postcode: consignment.producer.postcode,
    round_number: consignment.round_number,
    collection_number: consignment.collection_number,
    ewc_code: line.ewc_code,
    waste_description: line.description,
    quantity_received_kg: line.quantity_received_kg,
    outcome: line.accepted ? 'accepted' : 'rejected',
    rejection_reason: line.rejection_reason,
    operation: line.operation,
    hazard_codes: line.hazard_codes.join('; '),
    physical_form: line.physical_form,
    site_name: site.name,
    site_permit_number: site.permit_number,
  };
}

export type ReturnRecipient = { kind: 'agency' } | { kind: 'producer'; producer: string };

/** A Part A2 name as compared: case and runs of spaces aside. */
const nameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The producer's own consignments: those under its Part A2 name, or under its code prefix (RATPES) when
 * no name matches. Prefixes are shared (Garage Services Ltd and Garage Supplies Ltd are both GARAGE; every
 * exempt Welsh premises is EXEMPT), and a return must go to each producer alone, so a prefix that more
 * than one producer of the quarter uses is refused with their names.
 */
function producersConsignments(consignments: ReturnConsignment[], producer: string): ReturnConsignment[] {
  const wanted = producer.trim();
  if (wanted === '') return [];
  const byName = consignments.filter((c) => nameKey(c.producer.name) === nameKey(wanted));
  if (byName.length > 0) return byName;
  const byPrefix = consignments.filter(
    (c) => c.consignment_code.split('/')[0].toUpperCase() === wanted.toUpperCase(),
  );
  const names = [...new Map(byPrefix.map((c) => [nameKey(c.producer.name), c.producer.name])).values()];
  if (names.length > 1) {
    throw new ApiError(
      'INVALID_REQUEST',
      `${wanted.toUpperCase()} is the code prefix of ${names.length} producers in this return (${names.join('; ')}): name the producer as in Part A2, so that each is sent only its own consignments.`,
      [
        {
          field: 'producer',
          issue: `is the code prefix of ${names.length} producers: give the producer's name`,
        },
      ],
    );
  }
  return byPrefix;
}

/**
 * The return as CSV, one row per waste line: a UTF-8 byte order mark, a header row, CRLF line ends, and
 * quoting of any cell with a comma, quote, line break or semicolon (Excel in many European locales splits
 * on ";").
 *
 * GOV.UK: the Agency and the producer must each be sent a separate return, not copies of one document.
 * `agency` gets every consignment, then a row per waste item of each receipt to add (reg 53: a
 * consignment on a note made elsewhere is on the return too), with `receipt_id` and `to_add` saying what
 * to fill in; a null return (nothing received) is the header row with no data rows, so say "null return"
 * when sending it (the JSON's `null_return`). `producer` gets only the consignments of the producer named
 * (by Part A2 name, or by a code prefix only it uses), and null when there are none: a receipt does not
 * name its producer, so none of its rows.
 */
export function returnCsv(ret: ConsigneeReturn, recipient: ReturnRecipient): string | null {
  const consignments =
    recipient.kind === 'agency'
      ? ret.consignments
      : producersConsignments(ret.consignments, recipient.producer);
  if (recipient.kind === 'producer' && consignments.length === 0) return null;
  const rows = consignments.flatMap((consignment) =>
    consignment.lines.map((line) => consignmentCsvCells(ret.site, consignment, line)),
  );
  if (recipient.kind === 'agency') {
    for (const receipt of ret.receipts_to_add) {
      for (const item of receipt.lines) rows.push(receiptCsvCells(ret.site, receipt, item));
    }
  }
  const cells = rows.map((row) => RETURN_CSV_COLUMNS.map((column) => csvCell(row[column] ?? null)));
  return stringify(cells, { ...SPREADSHEET_CSV, columns: [...RETURN_CSV_COLUMNS] });
}
