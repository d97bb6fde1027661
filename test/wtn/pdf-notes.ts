import { getCatalogue } from '../../src/classification/catalogue.ts';
import type { CarrierVerification } from '../../src/wtn/dependencies.ts';
import { buildNote } from '../../src/wtn/note-builder.ts';
import { contentSha256, noteJson, withLifecycle } from '../../src/wtn/note-lifecycle.ts';
import type { WtnSignatureRow, WtnTransferRow } from '../../src/wtn/tables.ts';
import type { GenerateWtnInput, Party, WasteTransferNote } from '../../src/wtn/wtn-schemas.ts';

/** Notes as the service would print them, built from a request and what the register said. */

export const catalogue = getCatalogue();
export const REFERENCE = 'WTN-2026-0325-A7X9';

export const input: GenerateWtnInput = {
  producer: {
    name: 'ABC Office Fit-out Ltd',
    address: '45 High Street, Bournemouth, BH1 2AA',
    sic_code: '43320',
    contact_name: 'Jo Bloggs',
  },
  carrier: { registration_number: 'CBDU100001' },
  waste: { description: 'Asbestos cement roof sheets', quantity_kg: 2500, container_type: 'sealed skip' },
  destination: {
    name: 'South Coast Landfill',
    address: 'Industrial Estate, Poole, BH15 1NF',
    permit_number: 'EPR/AB1234CD',
  },
  transfer_date: '2026-03-25',
};

export interface NoteOptions {
  status?: 'valid' | 'expired';
  origin?: CarrierVerification['verification']['origin'];
  mode?: 'live' | 'test';
  /** The register holds no address for the carrier. */
  registerAddress?: string | null;
  /** Skip the register check (auto_verify false). */
  unverified?: boolean;
  createdAt?: string;
  /** The classifier's top code for the description. */
  suggested?: string;
}

export function noteFor(request: GenerateWtnInput, options: NoteOptions = {}): WasteTransferNote {
  const status = options.status ?? 'valid';
  const verification: CarrierVerification = {
    status,
    registrations: [
      {
        registration_number: 'CBDU100001',
        business_name: 'Sandbox Haulage Limited',
        tier: 'upper',
        status,
        expiry_date: status === 'valid' ? '2027-04-30' : '2026-02-01',
        days_until_expiry: status === 'valid' ? 400 : -52,
        expiry_warning: false,
        address:
          options.registerAddress === undefined
            ? '1 Test Street, Testville, TE1 1AA'
            : options.registerAddress,
      } as CarrierVerification['registrations'][number],
    ],
    verification: { origin: options.origin ?? 'ea_api' },
  };
  const body = buildNote(
    request,
    {
      verification: options.unverified ? undefined : verification,
      classification: {
        classifications: [
          {
            ewc_code: options.suggested ?? '17 06 05',
            description: '',
            is_hazardous: true,
            confidence: 0.92,
          },
        ],
      },
    },
    catalogue,
    { mode: options.mode ?? 'live' },
  );
  const createdAt = options.createdAt ?? '2026-03-25T09:15:00.000Z';
  return JSON.parse(noteJson(JSON.stringify({ reference: REFERENCE, ...body, created_at: createdAt })));
}

/** A season ticket for plasterboard (non-hazardous) with `count` collections logged, a week apart. */
export function seasonTicket(count: number, options: NoteOptions = {}): WasteTransferNote {
  const note = noteFor(
    {
      ...input,
      waste: {
        description: 'Plasterboard offcuts',
        ewc_code: '17 08 02',
        quantity_kg: 400,
        container_type: 'SKI',
      },
      transfer_place: 'Rear yard, 45 High Street',
      season_ticket: { valid_from: '2026-03-25', valid_until: '2027-03-24' },
    },
    options,
  );
  const transfers: WtnTransferRow[] = Array.from({ length: count }, (_, i) => ({
    reference: REFERENCE,
    number: i + 1,
    date: new Date(Date.parse('2026-03-25T00:00:00Z') + i * 7 * 86_400_000).toISOString().slice(0, 10),
    time: i % 3 === 2 ? null : '07:45',
    quantity_kg: 380 + (i % 5) * 10,
    vehicle_registration: 'AB12 CDE',
    logged_at: '2026-03-25T09:15:00.000Z',
    organisation_id: 'org',
    mode: note.mode,
    idempotency_key: null,
    request_hash: null,
  }));
  return withLifecycle(
    note,
    {
      status: 'complete',
      superseded_by: null,
      signed: 'unsigned',
      content_sha256: null,
      transfer_count: count,
    },
    [],
    transfers,
  );
}

export interface Signer {
  name: string;
  position: string | null;
  signed_at: string;
  method: 'api' | 'signing_link';
  drawing?: string;
}

/** The note with the given parties' signatures, and its content hash once both have signed. */
export function signed(note: WasteTransferNote, signers: Partial<Record<Party, Signer>>): WasteTransferNote {
  const rows: WtnSignatureRow[] = Object.entries(signers).map(([party, s]) => ({
    reference: note.reference,
    party: party as Party,
    name: s.name,
    position: s.position,
    signed_at: s.signed_at,
    method: s.method,
    ip: s.method === 'signing_link' ? '203.0.113.7' : null,
    drawing: s.drawing ?? null,
  }));
  const both = rows.length === 2;
  const draft = withLifecycle(
    note,
    {
      status: 'complete',
      superseded_by: null,
      signed: both ? 'signed' : 'partially_signed',
      content_sha256: null,
      transfer_count: 0,
    },
    rows,
    [],
  );
  return both ? { ...draft, content_sha256: contentSha256(draft) } : draft;
}

export function superseded(note: WasteTransferNote, by: string): WasteTransferNote {
  return { ...note, status: 'superseded', superseded_by: by };
}
