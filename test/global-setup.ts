import { TEST_SCHEMA_PREFIX, withPgClient } from './helpers/database.ts';

/** After the whole run on PostgreSQL, drop every schema the tests created. */
export async function teardown(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url?.startsWith('postgres')) return;
  await withPgClient(url, async (client) => {
    const { rows } = await client.query<{ nspname: string }>(
      'SELECT nspname FROM pg_namespace WHERE starts_with(nspname, $1)',
      [TEST_SCHEMA_PREFIX],
    );
    for (const { nspname } of rows) await client.query(`DROP SCHEMA IF EXISTS "${nspname}" CASCADE`);
  });
}
