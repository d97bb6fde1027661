import type { ConsignmentLine, ConsignmentNote } from '../../src/consignments/consignment-schemas.ts';
import { partEDeclaration } from '../../src/consignments/part-e-rules.ts';
import { DECLARATIONS } from '../../src/consignments/part-rules.ts';

/** Consignment notes as the service returns them, for tests that print or read them. */

export const CODE = 'GARAGE/00001';
export const PERMIT = 'EPR/AB1234CD';
export const CONTENT_SHA256 = '3f9a1c0e7b52d4a8e6f1029b3c7d5e8a4b6c2d0f9e1a3b5c7d9e0f2a4b6c8d0e';

/** The waste engine oil a garage sends for recovery: the first line of every sample note. */
export function engineOil(overrides: Partial<ConsignmentLine> = {}): ConsignmentLine {
  return {
    line: 1,
    ewc_code: '13 02 05*',
    ewc_description: 'mineral-based non-chlorinated engine, gear and lubricating oils',
    code_source: 'given',
    classification: null,
    description: 'Waste engine oil',
    quantity_kg: 205,
    physical_form: 'liquid',
    colour: 'black',
    components: [{ name: 'mineral oil', concentration: 95, unit: 'percent' }],
    hazard_codes: ['HP5', 'HP14'],
    container: { type: 'drum', number: 1, size_litres: 205 },
    transport: {
      un_number: 'UN3082',
      proper_shipping_name: 'ENVIRONMENTALLY HAZARDOUS SUBSTANCE, LIQUID, N.O.S. (waste engine oil)',
      un_class: '9',
      packing_group: 'III',
      special_handling: 'Keep upright; carry spill kit',
    },
    ...overrides,
  };
}

/** A garage's note, collected, signed at C, D and E and received: every Part filled in. */
export function sampleNote(overrides: Partial<ConsignmentNote> = {}): ConsignmentNote {
  return {
    id: 'cn_01JQ3K7Y8Z9A0B1C2D3E4F5G6H',
    consignment_code: CODE,
    code_assigned: 'generated',
    nation: 'england',
    mode: 'live',
    created_at: '2026-03-25T09:15:00Z',
    producer: {
      name: 'Garage Services Ltd',
      address: 'Unit 4, Station Road, Poole',
      postcode: 'BH15 2AB',
      sic_code: '45200',
      contact: 'Jo Bloggs',
      phone: '01202 555123',
      email: 'office@garage-services.example',
      premises_code: null,
    },
    consignee: {
      name: 'South Coast Oil Recovery Ltd',
      address: 'Marsh Lane Industrial Estate, Southampton',
      postcode: 'SO15 0AA',
      site_id: null,
      permit_number: PERMIT,
    },
    carrier: { registration_number: 'CBDU100001' },
    process: 'Vehicle servicing and repair: oil changes',
    lines: [engineOil()],
    multiple_collection: null,
    rejected_from: null,
    retain_until: '2029-03-25',
    status: 'received',
    parts: {
      C: {
        name: 'Sam Driver',
        position: 'Driver',
        on_behalf_of: 'Sandbox Haulage Limited',
        signed_at: '2026-03-25T09:40:00Z',
        method: 'api',
        declaration: DECLARATIONS.C,
        registration_number: 'CBDU100001',
        carrier_name: 'Sandbox Haulage Limited',
        register_status: 'valid',
        register_checked_by: 'ea_api',
        registration_expiry_date: '2027-04-30',
        vehicle_registration: 'AB12 CDE',
        collection_date: '2026-03-25',
        collection_time: '09:40',
        round_number: null,
        collection_number: null,
      },
      D: {
        name: 'Jo Bloggs',
        position: 'Workshop manager',
        on_behalf_of: 'Garage Services Ltd',
        signed_at: '2026-03-25T09:45:00Z',
        method: 'signing_link',
        declaration: DECLARATIONS.D,
      },
      E: {
        name: 'Pat Receiver',
        position: 'Site manager',
        on_behalf_of: 'South Coast Oil Recovery Ltd',
        signed_at: '2026-03-25T14:10:00Z',
        method: 'api',
        declaration: partEDeclaration({ permit: PERMIT, received: '25 March 2026 at 14:05' }),
        received_date: '2026-03-25',
        received_time: '14:05',
        vehicle_registration: 'AB12 CDE',
        permit_number: PERMIT,
        lines: [
          {
            line: 1,
            ewc_code: '13 02 05*',
            quantity_received_kg: 205,
            accepted: true,
            rejection_reason: null,
            operation: 'R9',
          },
        ],
      },
    },
    further_notes: [],
    content_sha256: CONTENT_SHA256,
    ...overrides,
  };
}

/** The same note before anyone has signed: awaiting collection, Parts C to E blank. */
export function unsignedNote(overrides: Partial<ConsignmentNote> = {}): ConsignmentNote {
  return sampleNote({
    status: 'awaiting_collection',
    parts: { C: null, D: null, E: null },
    content_sha256: null,
    ...overrides,
  });
}

/** A note of `count` lines (a garage clearing out), each received and accepted at Part E. */
export function manyLines(count: number, overrides: Partial<ConsignmentNote> = {}): ConsignmentNote {
  const lines = Array.from({ length: count }, (_, i) =>
    engineOil({
      line: i + 1,
      description: `Waste engine oil, drum ${i + 1}`,
      quantity_kg: 200 + i,
    }),
  );
  const note = sampleNote({ lines, ...overrides });
  const e = note.parts.E;
  if (e) {
    e.lines = lines.map((line) => ({
      line: line.line,
      ewc_code: line.ewc_code,
      quantity_received_kg: line.quantity_kg,
      accepted: true,
      rejection_reason: null,
      operation: 'R9',
    }));
  }
  return note;
}

const WORDS =
  'drums of spent solvent mixed with paint sludge rags filters absorbent granules oily water from the interceptor tank contaminated packaging aerosol cans batteries fluorescent tubes brake fluid antifreeze'.split(
    ' ',
  );

/** `length` characters of words, varied by `seed`, as a person would write them (not one long run). */
export function prose(length: number, seed: number): string {
  let text = '';
  for (let i = seed; text.length < length; i++) text += `${WORDS[(i * 7 + seed) % WORDS.length]} `;
  return text.slice(0, length).trim();
}

/** Line i of the largest note: every text near its field's limit, 24 components. */
export function largeLine(i: number) {
  return {
    description: prose(2000, i),
    colour: prose(100, i + 1),
    components: Array.from({ length: 24 }, (_, c) => ({
      name: prose(200, i + c),
      concentration: c % 2 ? 3 : 1500,
      unit: (c % 2 ? 'percent' : 'mg_per_kg') as 'percent' | 'mg_per_kg',
    })),
    container: { type: prose(100, i + 2), number: 3, size_litres: 205 },
    transport: { proper_shipping_name: prose(300, i + 3), special_handling: prose(500, i + 4) },
  };
}

/**
 * The largest note the API accepts: 100 lines, each at or near every field's limit (a 2,000-character
 * description, 24 components, long carriage details), about 0.9 MB of JSON within the 1 MiB body limit.
 */
export function largeNote(overrides: Partial<ConsignmentNote> = {}): ConsignmentNote {
  const note = manyLines(100, overrides);
  note.lines = note.lines.map((line, i) => {
    const large = largeLine(i);
    return {
      ...line,
      ...large,
      transport: {
        ...line.transport!,
        proper_shipping_name: large.transport.proper_shipping_name.toUpperCase(),
        special_handling: large.transport.special_handling,
      },
    };
  });
  return note;
}
