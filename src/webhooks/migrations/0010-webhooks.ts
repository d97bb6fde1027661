import type { Kysely } from 'kysely';

// Events and their delivery to webhook endpoints. An event is written once, in the same transaction as
// the fact it reports, together with one delivery per subscribed endpoint: the delivery row is the
// outbox entry a worker claims by next_attempt_at and holds by lease_until while a request is in flight.
// Every attempt is kept beside its delivery.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('events')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('organisation_id', 'varchar(40)', (c) => c.notNull().references('organisations.id'))
    .addColumn('mode', 'varchar(4)', (c) => c.notNull())
    .addColumn('type', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('events_for_listing')
    .on('events')
    .columns(['organisation_id', 'mode', 'created_at', 'id', 'type'])
    .execute();

  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('organisation_id', 'varchar(40)', (c) => c.notNull().references('organisations.id'))
    .addColumn('mode', 'varchar(4)', (c) => c.notNull())
    .addColumn('url', 'varchar(2048)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)')
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('disabled_reason', 'text')
    .addColumn('secret', 'varchar(100)', (c) => c.notNull())
    .addColumn('previous_secret', 'varchar(100)')
    .addColumn('previous_secret_expires_at', 'varchar(30)')
    .addColumn('failing_since', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_endpoints_for_listing')
    .on('webhook_endpoints')
    .columns(['organisation_id', 'mode', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('endpoint_id', 'varchar(40)', (c) => c.notNull().references('webhook_endpoints.id'))
    .addColumn('event_id', 'varchar(40)', (c) => c.notNull().references('events.id'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'varchar(30)')
    .addColumn('lease_until', 'varchar(30)')
    .addColumn('window_started_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('delivered_at', 'varchar(30)')
    .addColumn('last_http_status', 'integer')
    .addColumn('last_error', 'text')
    .addUniqueConstraint('webhook_deliveries_once', ['endpoint_id', 'event_id'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_for_listing')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_due')
    .on('webhook_deliveries')
    .columns(['next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_leased')
    .on('webhook_deliveries')
    .columns(['lease_until'])
    .execute();

  await db.schema
    .createTable('webhook_delivery_attempts')
    .addColumn('delivery_id', 'varchar(40)', (c) => c.notNull().references('webhook_deliveries.id'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('finished_at', 'varchar(30)')
    .addColumn('http_status', 'integer')
    .addColumn('error', 'text')
    .addColumn('response_excerpt', 'text')
    .addColumn('duration_ms', 'integer')
    .addPrimaryKeyConstraint('webhook_delivery_attempts_pk', ['delivery_id', 'number'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_delivery_attempts').execute();
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
  await db.schema.dropTable('events').execute();
}
