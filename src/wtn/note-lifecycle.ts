import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import type { WtnSignatureRow, WtnTransferRow } from './tables.ts';
import type { NoteLifecycle, Signature, Transfer, WasteTransferNote } from './wtn-schemas.ts';

/** The note row's summary of what has happened to a note since it was created. */
export interface LifecycleSummary {
  status: 'complete' | 'superseded';
  superseded_by: string | null;
  signed: 'unsigned' | 'partially_signed' | 'signed';
  content_sha256: string | null;
  transfer_count: number;
}

/** A note that nothing has happened to yet: the suffix its stored document gets on the way out. */
const UNTOUCHED_SUFFIX =
  ',"superseded_by":null,"signatures":{"transferor":null,"transferee":null},"signed":"unsigned","content_sha256":null,"transfers":[]}';

export function isUntouched(summary: LifecycleSummary): boolean {
  return summary.status === 'complete' && summary.signed === 'unsigned' && summary.transfer_count === 0;
}

/**
 * The note as the API returns it: its stored content (created once, never changed) with its
 * lifecycle added. A note nothing has happened to is spliced as text (the common case, and what
 * generate-wtn answers); otherwise the lifecycle fields replace or follow the stored ones.
 */
export function noteJson(
  document: string,
  summary?: LifecycleSummary,
  signatures: WtnSignatureRow[] = [],
  transfers: WtnTransferRow[] = [],
): string {
  if (!summary || isUntouched(summary)) return `${document.slice(0, -1)}${UNTOUCHED_SUFFIX}`;
  return JSON.stringify(withLifecycle(JSON.parse(document), summary, signatures, transfers));
}

export function withLifecycle(
  content: object,
  summary: LifecycleSummary,
  signatures: WtnSignatureRow[],
  transfers: WtnTransferRow[],
): WasteTransferNote {
  const lifecycle: NoteLifecycle & { status: LifecycleSummary['status'] } = {
    status: summary.status,
    superseded_by: summary.superseded_by,
    signatures: {
      transferor: signatureOf(signatures.find((s) => s.party === 'transferor')),
      transferee: signatureOf(signatures.find((s) => s.party === 'transferee')),
    },
    signed: summary.signed,
    content_sha256: summary.content_sha256,
    transfers: transfers.map(transferOf),
  };
  return { ...content, ...lifecycle } as WasteTransferNote;
}

function signatureOf(row: WtnSignatureRow | undefined): Signature | null {
  if (!row) return null;
  return {
    name: row.name,
    position: row.position,
    signed_at: row.signed_at,
    method: row.method,
    ip: row.ip,
    drawn: row.drawing !== null,
  };
}

/** A collection as the API returns it. */
export function transferOf(row: WtnTransferRow): Transfer {
  return {
    number: row.number,
    date: row.date,
    time: row.time,
    quantity_kg: Number(row.quantity_kg),
    vehicle_registration: row.vehicle_registration,
    logged_at: row.logged_at,
  };
}

/**
 * The fields a content hash leaves out: those that may still change after both parties have signed
 * (a correction, collections under a season ticket) and the hash itself.
 */
export const UNHASHED_FIELDS = ['status', 'superseded_by', 'transfers', 'content_sha256'] as const;

/**
 * SHA-256 (hex) of a note's canonical JSON (RFC 8785: keys sorted, no whitespace, numbers as
 * ECMAScript prints them) without the fields that may change after signing. Anyone holding the JSON
 * the API returned can recompute it: docs/wtn.md shows how.
 */
export function contentSha256(note: WasteTransferNote): string {
  const hashed: Record<string, unknown> = { ...note };
  for (const field of UNHASHED_FIELDS) delete hashed[field];
  return createHash('sha256').update(canonicalize(hashed)!, 'utf8').digest('hex');
}
