import type { Kysely } from 'kysely';

// Retention removes events older than EVENT_RETENTION_DAYS with their deliveries and attempts, a batch
// at a time. The oldest events are found by age, and an event's deliveries by its id (the unique
// constraint leads with endpoint_id, so it cannot serve that lookup, nor PostgreSQL's foreign-key check
// when an event is deleted).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('events_by_age').on('events').columns(['created_at', 'id']).execute();
  await db.schema
    .createIndex('webhook_deliveries_by_event')
    .on('webhook_deliveries')
    .columns(['event_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('webhook_deliveries_by_event').execute();
  await db.schema.dropIndex('events_by_age').execute();
}
