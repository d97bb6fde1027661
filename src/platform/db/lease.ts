import type { Transaction } from 'kysely';
import { CompiledOnce, inList } from '../compiled-once.ts';
import type { Database } from './schema.ts';

/** Tables whose rows a worker leases: a status, an attempt count, when next due and until when held. */
type LeasedTable = 'waste_receipts' | 'webhook_deliveries';

interface Lease {
  ids: readonly string[];
  status: string;
  leaseUntil: string;
  at: string;
}

/**
 * The UPDATE that leases rows of one table, built once per number of ids (padded to a power of two, as
 * every `in` list of the workers' queries is). Both tables carry the same leasing columns, so it is
 * written against one of them.
 */
function leaseUpdate(table: LeasedTable): CompiledOnce<Lease, unknown> {
  const leased = table as 'waste_receipts';
  return new CompiledOnce({
    shape: (a: Lease) => a.ids.length,
    parameters: (a) => [a.status, 1, null, a.leaseUntil, a.at, ...a.ids],
    build: (db, a) =>
      db
        .updateTable(leased)
        .set((eb) => ({
          status: a.status as Database['waste_receipts']['status'],
          attempts: eb('attempts', '+', 1),
          next_attempt_at: null,
          lease_until: a.leaseUntil,
          updated_at: a.at,
        }))
        .where('id', 'in', a.ids),
  });
}

const updates: Record<LeasedTable, CompiledOnce<Lease, unknown>> = {
  waste_receipts: leaseUpdate('waste_receipts'),
  webhook_deliveries: leaseUpdate('webhook_deliveries'),
};

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
  await updates[table].execute(trx, { ids: inList(ids), status, leaseUntil: leaseUntil.toISOString(), at });
}
