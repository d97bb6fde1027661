import type { Kysely } from 'kysely';

// Every query for due deliveries names the endpoint (fair claims go endpoint by endpoint), so the
// partial index on (endpoint_id, next_attempt_at) from 0013 answers them all, and the index on
// next_attempt_at alone served nothing: each delivery written, retried or finished still paid for it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('webhook_deliveries_due').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('webhook_deliveries_due')
    .on('webhook_deliveries')
    .columns(['next_attempt_at'])
    .execute();
}
