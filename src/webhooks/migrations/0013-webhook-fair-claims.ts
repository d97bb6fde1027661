import type { Kysely } from 'kysely';

// Fair delivery claims work endpoint by endpoint: each endpoint's oldest due delivery, and how many
// requests are open to it (leased), are found through these without reading the whole queue. Both are
// partial, so they hold only queued or in-flight deliveries, never the delivered history.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('webhook_deliveries_queued_by_endpoint')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'next_attempt_at'])
    .where('next_attempt_at', 'is not', null)
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_leased_by_endpoint')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'lease_until'])
    .where('lease_until', 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('webhook_deliveries_leased_by_endpoint').execute();
  await db.schema.dropIndex('webhook_deliveries_queued_by_endpoint').execute();
}
