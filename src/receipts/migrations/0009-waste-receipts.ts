import type { Kysely } from 'kysely';

// Receiving sites and the receipts reported from them to DEFRA's Digital Waste Tracking service.
// A receipt is the outbox row of its own submission: it is written before the client is answered and
// the worker claims it by its status and next_attempt_at. Nothing is ever deleted: a receipt's
// revisions and every submission attempt are kept beside it (append-only).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('receiving_sites')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('organisation_id', 'varchar(40)', (c) => c.notNull().references('organisations.id'))
    .addColumn('mode', 'varchar(4)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('archived_at', 'varchar(30)')
    .addColumn('document', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('receiving_sites_for_listing')
    .on('receiving_sites')
    .columns(['organisation_id', 'mode', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('waste_receipts')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('organisation_id', 'varchar(40)', (c) => c.notNull().references('organisations.id'))
    .addColumn('mode', 'varchar(4)', (c) => c.notNull())
    .addColumn('site_id', 'varchar(40)', (c) => c.notNull().references('receiving_sites.id'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('received_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('due_by', 'varchar(30)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('dwt_revision', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('waste_tracking_id', 'varchar(40)')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'varchar(30)')
    .addColumn('lease_until', 'varchar(30)')
    .addColumn('submitted_at', 'varchar(30)')
    .addColumn('outcome', 'text')
    .addColumn('idempotency_key', 'varchar(255)')
    .addColumn('request_hash', 'varchar(64)')
    .addUniqueConstraint('waste_receipts_idempotency', ['organisation_id', 'mode', 'idempotency_key'])
    .execute();
  await db.schema
    .createIndex('waste_receipts_for_listing')
    .on('waste_receipts')
    .columns(['organisation_id', 'mode', 'created_at', 'id', 'status', 'site_id'])
    .execute();
  // The worker's question: what is due now? Only receipts with work to do have next_attempt_at.
  await db.schema
    .createIndex('waste_receipts_due')
    .on('waste_receipts')
    .columns(['next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('waste_receipts_leased')
    .on('waste_receipts')
    .columns(['lease_until'])
    .execute();

  await db.schema
    .createTable('waste_receipt_revisions')
    .addColumn('receipt_id', 'varchar(40)', (c) => c.notNull().references('waste_receipts.id'))
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('waste_receipt_revisions_pk', ['receipt_id', 'revision'])
    .execute();

  await db.schema
    .createTable('waste_receipt_attempts')
    .addColumn('receipt_id', 'varchar(40)', (c) => c.notNull().references('waste_receipts.id'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('operation', 'varchar(8)', (c) => c.notNull())
    .addColumn('started_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('finished_at', 'varchar(30)')
    .addColumn('result', 'varchar(16)')
    .addColumn('http_status', 'integer')
    .addColumn('detail', 'text')
    .addPrimaryKeyConstraint('waste_receipt_attempts_pk', ['receipt_id', 'number'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('waste_receipt_attempts').execute();
  await db.schema.dropTable('waste_receipt_revisions').execute();
  await db.schema.dropTable('waste_receipts').execute();
  await db.schema.dropTable('receiving_sites').execute();
}
