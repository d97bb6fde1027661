import { londonDate, londonTime } from '../platform/clock.ts';
import { dayText } from '../wtn/pdf/wording.ts';
import { type Issues, optional } from './consignment-rules.ts';
import {
  type ConsignmentNote,
  type ConsignmentStatus,
  OPERATIONS,
  type PartE,
  type ReceivedLine,
  type SignConsignmentBody,
} from './consignment-schemas.ts';
import { londonMoments, type Signer, TIME_SLACK_MINUTES, vehicleOf } from './part-rules.ts';

// Part E, the consignee's certificate: the form's wording with what the consignee entered, and the
// rules for its answers (part-rules.ts holds the parts before it and what they share).

/**
 * Part E's certificate in the words of the form (HWCN01, as the EA's note prints it: the consignee
 * certifies the permit or exemption that authorises the waste at A4's address, the total of a multiple
 * collection, and when it received the waste), with what the consignee entered in its blanks. Unsigned,
 * the blanks are lines to write on.
 */
export function partEDeclaration(entered: {
  /** The permit or exempt waste operation number certified; null where none applies (the producer's own premises). */
  permit: string | null;
  /** The total consignments of a multiple collection; undefined for a single movement. */
  total?: number | string;
  /** When the waste was received, as printed. */
  received: string;
}): string {
  const sentences = [];
  if (entered.permit !== null) {
    sentences.push(
      `I certify that waste permit/exempt waste operation number: ${entered.permit} authorises the management of the waste described in B at the address given in A4.`,
    );
  }
  if (entered.total !== undefined) {
    sentences.push(
      `Where the consignment forms part of a multiple collection, as identified in Part A, I certify that the total number of consignments forming the collection are: ${entered.total}.`,
    );
  }
  sentences.push(`I received this waste at the address given in A4 on: ${entered.received}.`);
  return sentences.join(' ');
}

/** A blank of the form to write on. */
export const BLANK = '____________';

/** Part E's certificate before it is signed: the blanks the consignee fills in. */
export const unsignedPartEDeclaration = (note: ConsignmentNote) =>
  partEDeclaration({
    permit: BLANK,
    total: note.multiple_collection ? BLANK : undefined,
    received: `${BLANK} at ${BLANK}`,
  });

/** Part E: one answer for every Part B line, and the note's status that follows from them. */
export function partE(
  note: ConsignmentNote,
  body: SignConsignmentBody,
  signer: Signer,
  issues: Issues,
): { part: PartE; status: ConsignmentStatus } {
  const { received, receivedTime } = receivedWhen(note, body, signer, issues);
  // The form's "Vehicle registration no. (or mode of transport, if not road)": the vehicle Part C
  // recorded, unless the consignee says another brought it.
  const vehicle = vehicleOf(body.vehicle_registration, issues) ?? note.parts.C?.vehicle_registration ?? null;
  const permit = permitCertified(note, body, issues);
  const given = body.lines ?? [];
  if (given.length === 0) {
    issues.add(
      'CONSIGNMENT_NOTE_INVALID',
      '/lines',
      `is required for Part E: one entry for each of the ${note.lines.length} line(s) of Part B (two for a line partly rejected)`,
    );
  }
  const lines: ReceivedLine[] = [];
  const seen = new Set<number>();
  const answered = new Map<number, boolean[]>();
  for (const [i, line] of given.entries()) {
    const field = `/lines/${i}`;
    const b = note.lines[line.line - 1];
    if (!b) {
      issues.add(
        'CONSIGNMENT_NOTE_INVALID',
        `${field}/line`,
        `is not a line of Part B (1 to ${note.lines.length})`,
      );
      continue;
    }
    // A line is answered once, or twice when part of it is accepted and the rest rejected (the
    // consignee may reject "part of the consignment", reg 42): one accepted and one rejected answer.
    const before = answered.get(line.line);
    if (before && (before.length > 1 || before[0] === line.accepted)) {
      issues.add(
        'CONSIGNMENT_NOTE_INVALID',
        `${field}/line`,
        'answers a line already answered: a line takes one answer, or one accepted and one rejected when only part of it is rejected',
      );
    }
    answered.set(line.line, [...(before ?? []), line.accepted]);
    seen.add(line.line);
    const operation = line.operation?.trim().toUpperCase() ?? null;
    if (line.accepted && !operation) {
      issues.add(
        'CONSIGNMENT_NOTE_INVALID',
        `${field}/operation`,
        'is required for accepted waste: R1-R13 or D1-D15',
      );
    } else if (operation && !OPERATIONS.includes(operation)) {
      issues.add('CONSIGNMENT_NOTE_INVALID', `${field}/operation`, 'must be R1-R13 or D1-D15');
    }
    const reason = optional(line.rejection_reason, `${field}/rejection_reason`, issues);
    if (!line.accepted && !reason) {
      issues.add(
        'CONSIGNMENT_NOTE_INVALID',
        `${field}/rejection_reason`,
        'is required when the waste is rejected',
      );
    }
    // An answer that says two things is refused rather than half kept: the part is final once signed.
    if (line.accepted && reason) {
      issues.add(
        'CONSIGNMENT_NOTE_INVALID',
        `${field}/rejection_reason`,
        'is only for rejected waste: leave it out, or set accepted to false',
      );
    }
    if (!line.accepted && operation) {
      issues.add(
        'CONSIGNMENT_NOTE_INVALID',
        `${field}/operation`,
        'is only for accepted waste: rejected waste is not recovered or disposed of here',
      );
    }
    // To the gram, as the PDF prints it: a part of 0.0001 kg beside 99.9999 kg would print as 100 and add
    // up to more than was received.
    if (Math.round(line.quantity_received_kg * 1000) / 1000 !== line.quantity_received_kg) {
      issues.add(
        'CONSIGNMENT_NOTE_INVALID',
        `${field}/quantity_received_kg`,
        'must be in kilograms to at most 3 decimal places (the gram)',
      );
    }
    if (line.accepted && line.quantity_received_kg === 0) {
      issues.add(
        'CONSIGNMENT_NOTE_INVALID',
        `${field}/quantity_received_kg`,
        'must be more than 0 for accepted waste: waste that did not arrive is rejected, with the reason',
      );
    }
    lines.push({
      line: line.line,
      ewc_code: b.ewc_code,
      quantity_received_kg: line.quantity_received_kg,
      accepted: line.accepted,
      rejection_reason: line.accepted ? null : reason,
      operation: line.accepted ? operation : null,
    });
  }
  // A line answered in two parts: each part is some of the waste, whichever order they come in.
  for (const [i, line] of given.entries()) {
    if (answered.get(line.line)?.length === 2 && line.quantity_received_kg === 0) {
      issues.add(
        'CONSIGNMENT_NOTE_INVALID',
        `/lines/${i}/quantity_received_kg`,
        'must be more than 0 for a line answered in two parts: each is the part of the line accepted or rejected',
      );
    }
  }
  for (let n = 1; n <= note.lines.length && given.length > 0; n++) {
    if (!seen.has(n))
      issues.add('CONSIGNMENT_NOTE_INVALID', '/lines', `has no answer for line ${n} of Part B`);
  }
  // By line, the accepted part of a line before its rejected part.
  lines.sort((a, b) => a.line - b.line || Number(b.accepted) - Number(a.accepted));
  const rejected = lines.some((l) => !l.accepted);
  const accepted = lines.some((l) => l.accepted);
  const status: ConsignmentStatus = !rejected ? 'received' : accepted ? 'partially_rejected' : 'rejected';
  const total = consignmentsInCollection(note, body, issues);
  return {
    part: {
      ...signer,
      declaration: partEDeclaration({
        permit,
        total,
        received: `${dayText(received)} at ${receivedTime}`,
      }),
      received_date: received,
      received_time: receivedTime,
      vehicle_registration: vehicle,
      permit_number: permit,
      lines,
      ...(total === undefined ? {} : { consignments_in_collection: total }),
    },
    status,
  };
}

/**
 * When Part E says the waste arrived: a date and a UK time (the form asks for both), not after the
 * signing (with the slack of a time written from a watch), nor before Part C's collection. The time
 * defaults to the signing's for waste received today; for an earlier day there is nothing to default to.
 */
function receivedWhen(
  note: ConsignmentNote,
  body: SignConsignmentBody,
  signer: Signer,
  issues: Issues,
): { received: string; receivedTime: string } {
  const at = new Date(signer.signed_at);
  const today = londonDate(at);
  const received = body.received_date ?? today;
  if (received > today)
    issues.add('CONSIGNMENT_NOTE_INVALID', '/received_date', `must not be after today (${today})`);
  const c = note.parts.C;
  if (c && received < c.collection_date) {
    issues.add(
      'CONSIGNMENT_NOTE_INVALID',
      '/received_date',
      `must not be before the collection on ${c.collection_date}`,
    );
  }
  const untimed = body.received_time === undefined && received < today;
  if (untimed) {
    issues.add(
      'CONSIGNMENT_NOTE_INVALID',
      '/received_time',
      `is required when the waste was received on an earlier day (${received}): the UK time it arrived, HH:MM`,
    );
  }
  const receivedTime = body.received_time ?? londonTime(at);
  if (untimed || received > today || (c && received < c.collection_date)) return { received, receivedTime };
  const slack = TIME_SLACK_MINUTES * 60_000;
  const moments = londonMoments(received, receivedTime);
  if (moments.every((m) => m > at.getTime() + slack)) {
    issues.add(
      'CONSIGNMENT_NOTE_INVALID',
      '/received_time',
      `must not be after ${londonTime(at)} (UK time), when Part E is signed`,
    );
  } else if (c) {
    const collected = Math.min(...londonMoments(c.collection_date, c.collection_time));
    if (moments.every((m) => m < collected - slack)) {
      issues.add(
        'CONSIGNMENT_NOTE_INVALID',
        '/received_time',
        `must not be before the collection at ${c.collection_time} (UK time) on ${c.collection_date}`,
      );
    }
  }
  return { received, receivedTime };
}

/**
 * The permit or exempt waste operation number the consignee certifies authorises the waste at A4's
 * address: the one it gives, else A4's. None where A4 has none and none is given: the form's
 * certification is then left out (waste returned to premises that need no permit).
 */
function permitCertified(note: ConsignmentNote, body: SignConsignmentBody, issues: Issues): string | null {
  // Blank is not given, as for the other optional fields: A4's stands.
  const given = body.permit_number?.trim();
  if (!given) return note.consignee.permit_number?.trim() || null;
  // Printed inside the certificate's sentence: one line of the characters permit and exemption numbers
  // are written in (EPR/AB1234CD, EAWML 40123, WEX123456), as long as A4's may be.
  if (given.length > PERMIT_MAX || !PERMIT_NUMBER.test(given)) {
    issues.add(
      'CONSIGNMENT_NOTE_INVALID',
      '/permit_number',
      `must be the permit or exemption number, e.g. EPR/AB1234CD: one line of at most ${PERMIT_MAX} letters, digits, spaces and / - . ( )`,
    );
  }
  return given;
}

/** The characters of a permit or exemption number as regulators write them. */
const PERMIT_NUMBER = /^[A-Za-z0-9][A-Za-z0-9 /().-]*$/;

/** As long as A4's permit number may be (`consignee.permit_number`). */
const PERMIT_MAX = 60;

/**
 * Part E of a multiple collection records how many consignments formed the collection the vehicle
 * brought: the consignee enters it (NRW, "Moving hazardous waste"). It is not checked against the
 * round's collection numbers, which run on through every note given that round number.
 */
function consignmentsInCollection(
  note: ConsignmentNote,
  body: SignConsignmentBody,
  issues: Issues,
): number | undefined {
  const given = body.consignments_in_collection;
  const round = note.multiple_collection?.round_number;
  if (round === undefined) {
    if (given !== undefined) {
      issues.add(
        'CONSIGNMENT_NOTE_INVALID',
        '/consignments_in_collection',
        'is only for a note of a multiple collection: this note is a single movement, so leave it out',
      );
    }
    return undefined;
  }
  if (given === undefined) {
    issues.add(
      'CONSIGNMENT_NOTE_INVALID',
      '/consignments_in_collection',
      `is required for Part E of a multiple collection (round ${round}): the total number of consignments forming the collection the vehicle brought`,
    );
  }
  return given;
}
