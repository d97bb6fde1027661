import { sql, type Transaction } from 'kysely';
import type { Database } from './schema.ts';

/** Tables whose rows a worker leases: a status, an attempt count, when next due and until when held. */
type LeasedTable = 'waste_receipts' | 'webhook_deliveries';

/**
 * Marks claimed rows as in flight: the new status, one more attempt, no longer due, held until
 * `leaseUntil` (a worker that dies lets the lease lapse and another picks the row up).
 */
export async function markLeased(
  trx: Transaction<Database>,
  table: LeasedTable,
  ids: readonly string[],
  status: string,
  leaseUntil: Date,
  at: string,
): Promise<void> {
  await sql`UPDATE ${sql.table(table)}
    SET status = ${status}, attempts = attempts + 1, next_attempt_at = NULL,
      lease_until = ${leaseUntil.toISOString()}, updated_at = ${at}
    WHERE id IN (${sql.join(ids)})`.execute(trx);
}
