import type { Kysely } from 'kysely';

/** Monthly quota use per API key, one row per key and UTC day (frozen: imports no application code). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_key_usage')
    .addColumn('key_id', 'varchar(40)', (c) => c.notNull().references('api_keys.id'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('calls', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('api_key_usage_pk', ['key_id', 'day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('api_key_usage').execute();
}
