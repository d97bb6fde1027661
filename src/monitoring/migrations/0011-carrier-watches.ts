import type { Kysely } from 'kysely';

// Carrier watches: a registration number an organisation wants to hear about. The row keeps the last
// known state of the registration (JSON) and which expiry warnings were already sent for its current
// expiry date; the checker claims rows whose next_check_at has come and holds them by lease_until.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('carrier_watches')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('organisation_id', 'varchar(40)', (c) => c.notNull().references('organisations.id'))
    .addColumn('mode', 'varchar(4)', (c) => c.notNull())
    .addColumn('registration_number', 'varchar(40)', (c) => c.notNull())
    .addColumn('label', 'varchar(200)')
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('note_reference', 'varchar(40)')
    .addColumn('watch_until', 'varchar(10)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('state', 'text')
    .addColumn('warned', 'text')
    .addColumn('last_checked_at', 'varchar(30)')
    .addColumn('last_check_error', 'text')
    .addColumn('next_check_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('lease_until', 'varchar(30)')
    .addUniqueConstraint('carrier_watches_once', ['organisation_id', 'mode', 'registration_number'])
    .execute();
  await db.schema
    .createIndex('carrier_watches_for_listing')
    .on('carrier_watches')
    .columns(['organisation_id', 'mode', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('carrier_watches_due')
    .on('carrier_watches')
    .columns(['next_check_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('carrier_watches').execute();
}
