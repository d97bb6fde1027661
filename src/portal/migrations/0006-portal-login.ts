import type { Kysely } from 'kysely';

/**
 * Portal log-in hardening: a credential version on users and sessions (a password reset bumps it and
 * every older session stops working), trusted devices (the device cookie) and password-reset tokens.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('portal_users')
    .addColumn('credential_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('portal_sessions')
    .addColumn('credential_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('portal_trusted_devices')
    .addColumn('id_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(40)', (c) => c.notNull().references('portal_users.id'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('last_login_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('portal_trusted_devices_by_user')
    .on('portal_trusted_devices')
    .columns(['user_id'])
    .execute();
  await db.schema
    .createIndex('portal_trusted_devices_by_expiry')
    .on('portal_trusted_devices')
    .columns(['expires_at'])
    .execute();

  await db.schema
    .createTable('portal_password_resets')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(40)', (c) => c.notNull().references('portal_users.id'))
    .addColumn('issued_by', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(30)')
    .execute();
  await db.schema
    .createIndex('portal_password_resets_by_user')
    .on('portal_password_resets')
    .columns(['user_id'])
    .execute();
  await db.schema
    .createIndex('portal_password_resets_by_expiry')
    .on('portal_password_resets')
    .columns(['expires_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('portal_password_resets').execute();
  await db.schema.dropTable('portal_trusted_devices').execute();
  await db.schema.alterTable('portal_sessions').dropColumn('credential_version').execute();
  await db.schema.alterTable('portal_users').dropColumn('credential_version').execute();
}
