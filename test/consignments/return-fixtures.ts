import type {
  ConsignmentLine,
  ConsignmentNote,
  ReceivedLine,
} from '../../src/consignments/consignment-schemas.ts';

/** Received consignment notes for the consignee-return tests: only what a return reads is realistic. */

export const SITE = {
  id: 'site_treatment01',
  name: 'Poole Treatment Centre',
  address: '4 Fleets Lane, Poole',
  postcode: 'BH15 3BW',
  permit_number: 'EPR/AB1234CD',
};

export interface WasteLine {
  ewc_code?: string;
  description?: string;
  quantity_kg?: number;
  physical_form?: string;
  hazard_codes?: string[];
  /** Part E: omitted means accepted for `operation` (R13 unless given). */
  accepted?: boolean;
  rejection_reason?: string;
  operation?: string;
}

export interface NoteSpec {
  id: string;
  code: string;
  received: string;
  producer?: { name: string; postcode: string };
  siteId?: string;
  round?: { round_number: string; collection_number: number };
  lines?: WasteLine[];
}

const OIL: WasteLine = {
  ewc_code: '13 02 05*',
  description: 'Used engine oil from vehicle servicing',
  quantity_kg: 200,
  physical_form: 'liquid',
  hazard_codes: ['HP14'],
};

const signed = (at: string) => ({
  name: 'Jo Signer',
  position: null,
  on_behalf_of: null,
  signed_at: `${at}T10:00:00.000Z`,
  method: 'api' as const,
  declaration: 'I certify...',
});

function partBLine(spec: WasteLine, line: number): ConsignmentLine {
  const waste = { ...OIL, ...spec };
  return {
    line,
    ewc_code: waste.ewc_code!,
    ewc_description: 'mineral-based non-chlorinated engine, gear and lubricating oils',
    code_source: 'given',
    classification: null,
    description: waste.description!,
    quantity_kg: waste.quantity_kg!,
    physical_form: waste.physical_form!,
    colour: null,
    components: [{ name: 'mineral oil', concentration: 95, unit: 'percent' }],
    hazard_codes: waste.hazard_codes!,
    container: { type: 'drum', number: 1, size_litres: 205 },
    transport: null,
  };
}

function partELine(spec: WasteLine, b: ConsignmentLine): ReceivedLine {
  const accepted = spec.accepted ?? true;
  return {
    line: b.line,
    ewc_code: b.ewc_code,
    quantity_received_kg: b.quantity_kg,
    accepted,
    rejection_reason: accepted ? null : (spec.rejection_reason ?? 'Not as described'),
    operation: accepted ? (spec.operation ?? 'R13') : null,
  };
}

export function receivedNote(spec: NoteSpec): ConsignmentNote {
  const specs = spec.lines ?? [{}];
  const lines = specs.map((l, i) => partBLine(l, i + 1));
  const received = lines.map((b, i) => partELine(specs[i], b));
  const accepted = received.filter((l) => l.accepted).length;
  const status =
    accepted === received.length ? 'received' : accepted === 0 ? 'rejected' : 'partially_rejected';
  const producer = spec.producer ?? { name: 'Rat Pest Control Ltd', postcode: 'BH15 1NF' };
  return {
    id: spec.id,
    consignment_code: spec.code,
    code_assigned: 'given',
    nation: 'england',
    mode: 'live',
    created_at: `${spec.received}T08:00:00.000Z`,
    producer: {
      ...producer,
      address: '1 Quay Road, Poole',
      sic_code: '81291',
      contact: 'Sam Patel',
      phone: null,
      email: null,
      premises_code: null,
    },
    consignee: {
      site_id: spec.siteId ?? SITE.id,
      name: SITE.name,
      address: SITE.address,
      postcode: SITE.postcode,
      permit_number: SITE.permit_number,
    },
    carrier: { registration_number: 'CBDU100003' },
    process: 'Vehicle servicing',
    lines,
    multiple_collection: spec.round ?? null,
    rejected_from: null,
    retain_until: '2029-12-31',
    status: status as ConsignmentNote['status'],
    parts: {
      C: null,
      D: null,
      E: { ...signed(spec.received), received_date: spec.received, lines: received },
    },
    further_notes: [],
    content_sha256: null,
  };
}
