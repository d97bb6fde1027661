import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';

// A signed part records how its signature was authenticated (an electronic signature is data which
// "serve as a method of authentication": the regulations' definition, as HazGuide quotes it): the API
// key, or the signing link and the key that made it. The part's own document (JSON, written once) carries that, so
// only the links change here: each gets an id a part can name without its token, and what it was
// created with (the organisation and the key, JSON). Links made before have no record of their key
// (null); they are given ids now, so a part signed on one later still names its link. Parts signed
// before are not touched: nobody can now say which key signed them.

interface Link {
  token_sha256: string;
  id: string | null;
  created_with: string | null;
}
type Db = Kysely<{ consignment_signing_links: Link }>;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** As newId('sl') makes them (a migration imports no application code). */
const linkId = () => `sl_${Array.from({ length: 20 }, () => BASE62[randomInt(62)]).join('')}`;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('consignment_signing_links').addColumn('id', 'varchar(40)').execute();
  await db.schema.alterTable('consignment_signing_links').addColumn('created_with', 'text').execute();
  const old = await db.selectFrom('consignment_signing_links').select('token_sha256').execute();
  for (const { token_sha256 } of old) {
    await db
      .updateTable('consignment_signing_links')
      .set({ id: linkId() })
      .where('token_sha256', '=', token_sha256)
      .execute();
  }
  await db.schema
    .createIndex('consignment_signing_links_id')
    .on('consignment_signing_links')
    .column('id')
    .unique()
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('consignment_signing_links_id').execute();
  await db.schema.alterTable('consignment_signing_links').dropColumn('created_with').execute();
  await db.schema.alterTable('consignment_signing_links').dropColumn('id').execute();
}
