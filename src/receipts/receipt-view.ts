import { type DwtFieldError, ourField } from './dwt-payload.ts';
import type { WasteReceipt } from './receipt-schemas.ts';
import type { StoredReceiptBody } from './receipt-types.ts';
import type { WasteReceiptRow } from './tables.ts';

const DUE_SOON_MS = 24 * 3_600_000;

/** What the last attempt left for the user to read (waste_receipts.outcome). */
export interface StoredOutcome {
  message: string;
  errors?: { field: string; issue: string; dwt_key: string; dwt_error_type: string }[];
  warnings?: DwtFieldError[];
}

/**
 * A stored receipt as the API returns it, with its deadline judged at `now`. `body`: the row's body when
 * the caller holds it already (it has just been written), sparing a parse of what was just serialised.
 */
export function receiptView(
  row: WasteReceiptRow,
  now: Date,
  body: StoredReceiptBody = JSON.parse(row.body) as StoredReceiptBody,
): WasteReceipt {
  const outcome = row.outcome ? (JSON.parse(row.outcome) as StoredOutcome) : undefined;
  const inDwt = row.status === 'submitted';
  const left = Date.parse(row.due_by) - now.getTime();
  const { name, address, dwt_api_code } = body.receiver;
  return {
    id: row.id,
    object: 'waste_receipt',
    mode: row.mode,
    status: row.status,
    site_id: row.site_id,
    waste_tracking_id: row.waste_tracking_id,
    submission_due_by: row.due_by,
    overdue: !inDwt && left < 0,
    due_soon: !inDwt && left >= 0 && left <= DUE_SOON_MS,
    submitted_at: row.submitted_at,
    revision: row.revision,
    dwt_revision: row.dwt_revision,
    from_wtn: body.from_wtn,
    from_consignment_note: body.from_consignment_note ?? null,
    receiver: { name, address, dwt_api_code },
    ...body.content,
    authorisation_number: body.content.authorisation_number ?? '',
    warnings: body.warnings,
    submission: {
      attempts: row.attempts,
      next_attempt_at: row.next_attempt_at,
      message: outcome?.message ?? null,
      errors: outcome?.errors ?? [],
      dwt_warnings: (outcome?.warnings ?? []).map((w) => ({
        field: ourField(w.key),
        issue: w.message,
        dwt_key: w.key,
        dwt_error_type: w.errorType,
      })),
    },
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
