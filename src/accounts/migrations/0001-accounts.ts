import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('organisations')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('plan', 'varchar(20)', (c) => c.notNull())
    .addColumn('monthly_limit', 'integer')
    .addColumn('per_minute_limit', 'integer')
    .addColumn('plan_changed_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('organisation_id', 'varchar(40)', (c) => c.notNull().references('organisations.id'))
    .addColumn('mode', 'varchar(4)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)')
    .addColumn('display_prefix', 'varchar(40)', (c) => c.notNull())
    .addColumn('hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('last_used_at', 'varchar(30)')
    .addColumn('revoked_at', 'varchar(30)')
    .execute();
  await db.schema
    .createIndex('api_keys_by_organisation')
    .on('api_keys')
    .columns(['organisation_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('api_keys').execute();
  await db.schema.dropTable('organisations').execute();
}
