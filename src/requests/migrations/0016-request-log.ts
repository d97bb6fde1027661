import type { Kysely } from 'kysely';

// The request log: one row per /v1 request made with an API key, written behind the responses in
// batches and kept REQUEST_LOG_RETENTION_DAYS. No foreign keys: a log row must never hold up or fail
// anything else. Listed per organisation and mode newest first; pruned oldest first.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_requests')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('organisation_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('mode', 'varchar(4)', (c) => c.notNull())
    .addColumn('key_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('key_prefix', 'varchar(40)', (c) => c.notNull())
    .addColumn('method', 'varchar(10)', (c) => c.notNull())
    .addColumn('route', 'varchar(200)', (c) => c.notNull())
    .addColumn('path', 'varchar(1000)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('error_code', 'varchar(64)')
    .addColumn('duration_ms', 'double precision', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('api_requests_for_listing')
    .on('api_requests')
    .columns(['organisation_id', 'mode', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('api_requests_by_age')
    .on('api_requests')
    .columns(['created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('api_requests').execute();
}
