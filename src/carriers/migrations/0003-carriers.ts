import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('carrier_registrations')
    .addColumn('registration_number', 'varchar(20)', (c) => c.primaryKey())
    .addColumn('business_name', 'varchar(500)', (c) => c.notNull())
    .addColumn('name_key', 'varchar(500)', (c) => c.notNull())
    .addColumn('company_number', 'varchar(20)')
    .addColumn('tier', 'varchar(5)', (c) => c.notNull())
    .addColumn('registration_type', 'varchar(60)')
    .addColumn('applicant_type', 'varchar(60)')
    .addColumn('registration_date', 'varchar(10)')
    .addColumn('expiry_date', 'varchar(10)')
    .addColumn('postcode', 'varchar(16)')
    .addColumn('postcode_key', 'varchar(16)')
    .addColumn('address', 'varchar(1000)')
    .addColumn('first_seen_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('last_seen_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('last_seen_via', 'varchar(6)', (c) => c.notNull())
    .addColumn('mirror_seq', 'integer')
    .execute();
  await db.schema
    .createIndex('carrier_registrations_by_postcode')
    .on('carrier_registrations')
    .columns(['postcode_key'])
    .execute();

  await db.schema
    .createTable('carrier_register_imports')
    .addColumn('seq', 'integer', (c) => c.primaryKey())
    .addColumn('file_name', 'varchar(500)', (c) => c.notNull())
    .addColumn('published_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('started_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('completed_at', 'varchar(30)')
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('rows_imported', 'integer', (c) => c.notNull())
    .addColumn('rows_rejected', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('carrier_register_imports').execute();
  await db.schema.dropTable('carrier_registrations').execute();
}
