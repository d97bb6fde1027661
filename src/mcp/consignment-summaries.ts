// What the consignment note tools answer: a few lines an assistant can quote, starting with the
// consignment code and the note's id, and saying which part is to be signed next; the key fields as
// structured data. The whole note is one get_consignment_note or REST call away.
import { permitText } from '../consignments/consignment-rules.ts';
import type { ConsignmentNote, Part } from '../consignments/consignment-schemas.ts';
import { askedAtPartD, contactLine } from '../consignments/part-rules.ts';
import { consignmentsText, registerCheckText } from '../consignments/pdf/wording.ts';

interface Summary {
  text: string;
  structured: Record<string, unknown>;
}

/** Who signs each part, in the order of the standard procedure (reg 36 SI 2005/894). */
const SIGNERS: Record<Part, string> = {
  C: 'the carrier, at collection',
  D: 'the consignor (producer), after Part C',
  E: 'the consignee, on receiving the waste',
};

function nextPart(note: ConsignmentNote): Part | null {
  return (['C', 'D', 'E'] as const).find((part) => note.parts[part] === null) ?? null;
}

function partLines(note: ConsignmentNote): string[] {
  const { C, D, E } = note.parts;
  const lines: string[] = [];
  if (C) {
    lines.push(
      `Part C: ${C.name}${C.carrier_name ? ` for ${C.carrier_name}` : ''}, ${C.registration_number}, vehicle ${C.vehicle_registration}, collected ${C.collection_date} ${C.collection_time}. ${registerCheckText(C)}`,
    );
  }
  if (D) {
    const given = [D.premises_phone, D.premises_email].filter(Boolean).join(', ');
    lines.push(
      `Part D: ${D.name}${D.position ? ` (${D.position})` : ''}, signed ${D.signed_at}${given ? `, giving the premises' contact Part A2 lacked: ${given}` : ''}.`,
    );
  }
  if (E) {
    const received = E.lines.map((l) =>
      l.accepted
        ? `line ${l.line} ${l.quantity_received_kg} kg accepted (${l.operation})`
        : `line ${l.line} ${l.quantity_received_kg} kg REJECTED: ${l.rejection_reason}`,
    );
    const count = E.consignments_in_collection;
    const collection = count === undefined ? '' : ` (a collection of ${consignmentsText(count)})`;
    const when = E.received_time ? `${E.received_date} ${E.received_time}` : E.received_date;
    const permit = E.permit_number ? `, under ${E.permit_number}` : '';
    lines.push(`Part E: ${E.name}, received ${when}${permit}${collection}: ${received.join('; ')}.`);
  }
  return lines;
}

export function consignmentSummary(note: ConsignmentNote, verb: 'Created' | 'Found' | 'Signed'): Summary {
  const next = nextPart(note);
  const signed = (['C', 'D', 'E'] as const).filter((part) => note.parts[part] !== null);
  const lines = [
    `${verb} consignment note ${note.consignment_code} (id ${note.id}, ${note.mode}, ${note.status}).`,
    `From ${note.producer.name} (${note.producer.postcode}; contact ${contactLine(note)}) to ${note.consignee.name} (${note.consignee.permit_number ? `permit ${note.consignee.permit_number}` : permitText(note.consignee)}).`,
    ...note.lines.map(
      (l) =>
        `Line ${l.line}: ${l.ewc_code} ${l.ewc_description} - ${l.description}, ${l.quantity_kg} kg ${l.physical_form}, ${l.hazard_codes.join(', ')}${l.code_source === 'classified' ? ' (code classified from the description)' : ''}.`,
    ),
    ...(note.multiple_collection
      ? [
          `Multiple collection: round ${note.multiple_collection.round_number}, collection ${note.multiple_collection.collection_number}.`,
        ]
      : []),
    ...partLines(note),
    next
      ? `Next: Part ${next}, signed by ${SIGNERS[next]}${next === 'D' ? partDAsks(note) : ''}${next === 'E' && note.multiple_collection ? ', who also gives consignments_in_collection: the total number of consignments forming the collection' : ''}.`
      : `Every part is signed; content SHA-256 ${note.content_sha256}.`,
  ];
  if (note.rejected_from) {
    lines.push(`This note moves the load rejected from ${note.rejected_from.consignment_code}.`);
  }
  if (note.further_notes.length > 0) {
    lines.push(
      `Further notes for its rejected load: ${note.further_notes.map((n) => n.consignment_code).join(', ')}.`,
    );
  }
  return {
    text: lines.join('\n'),
    structured: {
      id: note.id,
      consignment_code: note.consignment_code,
      mode: note.mode,
      status: note.status,
      nation: note.nation,
      producer: note.producer.name,
      consignee: { name: note.consignee.name, permit_number: note.consignee.permit_number },
      carrier_registration_number: note.parts.C?.registration_number ?? note.carrier.registration_number,
      lines: note.lines.map((l) => ({
        line: l.line,
        ewc_code: l.ewc_code,
        description: l.description,
        quantity_kg: l.quantity_kg,
        hazard_codes: l.hazard_codes,
        code_source: l.code_source,
      })),
      signed_parts: signed,
      next_part: next,
      multiple_collection: note.multiple_collection,
      received: note.parts.E?.lines ?? null,
      consignments_in_collection: note.parts.E?.consignments_in_collection ?? null,
      further_notes: note.further_notes,
      content_sha256: note.content_sha256,
      created_at: note.created_at,
    },
  };
}

/** What Part D will ask for besides the signature: the premises' contact details Part A2 lacks. */
function partDAsks(note: ConsignmentNote): string {
  const fields = askedAtPartD(note);
  return fields.length > 0 ? `, who must give ${fields.join(' and ')}: Part A2 lacks them` : '';
}
