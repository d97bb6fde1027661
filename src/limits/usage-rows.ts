import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.ts';

/** Calls to add to one key's count for one UTC day. */
export interface UsageIncrement {
  key_id: string;
  day: string;
  calls: number;
  /** Failed writes so far (kept in memory only). */
  attempts?: number;
}

/** Rows per statement: well under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters. */
const ROWS_PER_STATEMENT = 1_000;

/** Adds the increments to `api_key_usage` in one atomic commit (one statement, or one transaction). */
export async function addUsage(db: Kysely<Database>, rows: UsageIncrement[]): Promise<void> {
  if (rows.length <= ROWS_PER_STATEMENT) return upsert(db, rows);
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT)
      await upsert(trx, rows.slice(i, i + ROWS_PER_STATEMENT));
  });
}

async function upsert(db: Kysely<Database>, rows: UsageIncrement[]): Promise<void> {
  await db
    .insertInto('api_key_usage')
    .values(rows.map(({ key_id, day, calls }) => ({ key_id, day, calls })))
    .onConflict((oc) =>
      oc
        .columns(['key_id', 'day'])
        .doUpdateSet((eb) => ({ calls: eb('api_key_usage.calls', '+', eb.ref('excluded.calls')) })),
    )
    .execute();
}
