import type { Kysely } from 'kysely';

// Hazardous waste consignment notes (SI 2005/894 Part 6): the note (Parts A and B, written once), its
// signed parts C, D and E (one row each, never changed), signing links, and the counters that number a
// producer's codes and a round's collections. Nothing is ever deleted.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('consignment_notes')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('organisation_id', 'varchar(40)', (c) => c.notNull().references('organisations.id'))
    .addColumn('mode', 'varchar(4)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('consignment_code', 'varchar(20)', (c) => c.notNull())
    .addColumn('code_prefix', 'varchar(12)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('site_id', 'varchar(40)')
    .addColumn('received_date', 'varchar(10)')
    .addColumn('rejected_from', 'varchar(40)')
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('content_sha256', 'varchar(64)')
    .addColumn('idempotency_key', 'varchar(255)')
    .addColumn('request_hash', 'varchar(64)')
    .addUniqueConstraint('consignment_notes_code', ['organisation_id', 'mode', 'consignment_code'])
    .addUniqueConstraint('consignment_notes_idempotency', ['organisation_id', 'mode', 'idempotency_key'])
    .execute();
  await db.schema
    .createIndex('consignment_notes_for_listing')
    .on('consignment_notes')
    .columns(['organisation_id', 'mode', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('consignment_notes_received_at_site')
    .on('consignment_notes')
    .columns(['organisation_id', 'mode', 'site_id', 'received_date'])
    .execute();
  await db.schema
    .createIndex('consignment_notes_rejected_from')
    .on('consignment_notes')
    .columns(['rejected_from'])
    .execute();

  await db.schema
    .createTable('consignment_parts')
    .addColumn('note_id', 'varchar(40)', (c) => c.notNull().references('consignment_notes.id'))
    .addColumn('part', 'varchar(1)', (c) => c.notNull())
    .addColumn('signed_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)')
    .addColumn('drawing', 'text')
    .addPrimaryKeyConstraint('consignment_parts_pk', ['note_id', 'part'])
    .execute();

  await db.schema
    .createTable('consignment_signing_links')
    .addColumn('token_sha256', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('note_id', 'varchar(40)', (c) => c.notNull().references('consignment_notes.id'))
    .addColumn('organisation_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('mode', 'varchar(4)', (c) => c.notNull())
    .addColumn('part', 'varchar(1)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(30)')
    .execute();

  await db.schema
    .createTable('consignment_sequences')
    .addColumn('organisation_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('mode', 'varchar(4)', (c) => c.notNull())
    .addColumn('name', 'varchar(40)', (c) => c.notNull())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('consignment_sequences_pk', ['organisation_id', 'mode', 'name'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'consignment_sequences',
    'consignment_signing_links',
    'consignment_parts',
    'consignment_notes',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
