import type { Kysely } from 'kysely';

// Where the server last listened, so the `wcs` command (another process, the same database) prints
// links that name the port the server really runs on when PUBLIC_URL is not set. One row per name.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('service_addresses')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('recorded_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('service_addresses').execute();
}
