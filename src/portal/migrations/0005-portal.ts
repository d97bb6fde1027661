import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('portal_users')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('organisation_id', 'varchar(40)', (c) => c.notNull().references('organisations.id'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
    .addColumn('role', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('last_login_at', 'varchar(30)')
    .execute();
  await db.schema
    .createIndex('portal_users_by_organisation')
    .on('portal_users')
    .columns(['organisation_id'])
    .execute();

  await db.schema
    .createTable('portal_sessions')
    .addColumn('id_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(40)', (c) => c.notNull().references('portal_users.id'))
    .addColumn('organisation_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('absolute_expires_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('portal_sessions_by_expiry')
    .on('portal_sessions')
    .columns(['expires_at'])
    .execute();

  await db.schema
    .createTable('portal_plan_changes')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('organisation_id', 'varchar(40)', (c) => c.notNull().references('organisations.id'))
    .addColumn('user_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('from_plan', 'varchar(20)', (c) => c.notNull())
    .addColumn('to_plan', 'varchar(20)', (c) => c.notNull())
    .addColumn('changed_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('portal_plan_changes_by_organisation')
    .on('portal_plan_changes')
    .columns(['organisation_id', 'changed_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('portal_plan_changes').execute();
  await db.schema.dropTable('portal_sessions').execute();
  await db.schema.dropTable('portal_users').execute();
}
