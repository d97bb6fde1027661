import { type Kysely, sql } from 'kysely';

type Json = Record<string, unknown>;
const BATCH = 500;

/**
 * Notes written before this step lack the fields a note now records. They are added as "not recorded"
 * (null), in the order a new note has them, and `mode` from the row: nothing the note said changes.
 */
function withNewFields(document: string, mode: string): string {
  const note = JSON.parse(document) as Json;
  if ('mode' in note) return document;
  const producer = note.producer as Json;
  const carrier = note.carrier as Json;
  const { reference, status, created_at, ...rest } = note;
  return JSON.stringify({
    reference,
    status,
    mode,
    supersedes: null,
    ...rest,
    producer: {
      name: producer.name,
      address: producer.address,
      sic_code: producer.sic_code,
      sic_description: null,
      contact_name: producer.contact_name,
    },
    carrier: {
      registration_number: carrier.registration_number,
      business_name: carrier.business_name,
      address: null,
      address_source: null,
      tier: carrier.tier,
      verified: carrier.verified,
      register_origin: null,
      expiry_date: carrier.expiry_date,
      status: carrier.status,
    },
    season_ticket: null,
    created_at,
  });
}

async function upgradeDocuments(db: Kysely<unknown>): Promise<void> {
  let after = '';
  for (;;) {
    const { rows } = await sql<{ reference: string; mode: string; document: string }>`
      select reference, mode, document from wtn_notes where reference > ${after} order by reference limit ${BATCH}`.execute(
      db,
    );
    for (const row of rows) {
      const upgraded = withNewFields(row.document, row.mode);
      if (upgraded !== row.document) {
        await sql`update wtn_notes set document = ${upgraded} where reference = ${row.reference}`.execute(db);
      }
    }
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1].reference;
  }
}

// A note's content never changes (its `document`). What happens to it afterwards is recorded beside
// it: each signature, each collection under a season ticket and each signing link is a row of its own
// that is only ever added, and the note row carries the summary the list filters on (its status, who
// it was superseded by, its signing state and content hash, how many collections it has).
export async function up(db: Kysely<unknown>): Promise<void> {
  await upgradeDocuments(db);
  await db.schema
    .alterTable('wtn_notes')
    .addColumn('status', 'varchar(12)', (c) => c.notNull().defaultTo('complete'))
    .execute();
  await db.schema.alterTable('wtn_notes').addColumn('superseded_by', 'varchar(24)').execute();
  await db.schema
    .alterTable('wtn_notes')
    .addColumn('signed', 'varchar(20)', (c) => c.notNull().defaultTo('unsigned'))
    .execute();
  await db.schema.alterTable('wtn_notes').addColumn('content_sha256', 'varchar(64)').execute();
  await db.schema
    .alterTable('wtn_notes')
    .addColumn('transfer_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // The list's one index gains the two new filters, so they are judged on index entries too.
  await db.schema.dropIndex('wtn_notes_for_listing').execute();
  await db.schema
    .createIndex('wtn_notes_for_listing')
    .on('wtn_notes')
    .columns([
      'organisation_id',
      'mode',
      'created_at',
      'reference',
      'carrier_registration_number',
      'ewc_code',
      'transfer_date',
      'is_compliant',
      'status',
      'signed',
    ])
    .execute();

  await db.schema
    .createTable('wtn_signatures')
    .addColumn('reference', 'varchar(24)', (c) => c.notNull().references('wtn_notes.reference'))
    .addColumn('party', 'varchar(12)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('position', 'varchar(200)')
    .addColumn('signed_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('method', 'varchar(20)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)')
    // A hand-drawn signature as a PNG data URL, when one was captured.
    .addColumn('drawing', 'text')
    .addPrimaryKeyConstraint('wtn_signatures_pk', ['reference', 'party'])
    .execute();

  await db.schema
    .createTable('wtn_signing_links')
    .addColumn('token_sha256', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('reference', 'varchar(24)', (c) => c.notNull().references('wtn_notes.reference'))
    .addColumn('organisation_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('mode', 'varchar(4)', (c) => c.notNull())
    .addColumn('party', 'varchar(12)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(30)')
    .execute();

  await db.schema
    .createTable('wtn_transfers')
    .addColumn('reference', 'varchar(24)', (c) => c.notNull().references('wtn_notes.reference'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('time', 'varchar(5)')
    .addColumn('quantity_kg', 'double precision', (c) => c.notNull())
    .addColumn('vehicle_registration', 'varchar(20)', (c) => c.notNull())
    .addColumn('logged_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('organisation_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('mode', 'varchar(4)', (c) => c.notNull())
    .addColumn('idempotency_key', 'varchar(255)')
    .addColumn('request_hash', 'varchar(64)')
    .addPrimaryKeyConstraint('wtn_transfers_pk', ['reference', 'number'])
    .execute();
  await db.schema
    .createIndex('wtn_transfers_by_idempotency_key')
    .on('wtn_transfers')
    .columns(['organisation_id', 'mode', 'idempotency_key'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('wtn_transfers').execute();
  await db.schema.dropTable('wtn_signing_links').execute();
  await db.schema.dropTable('wtn_signatures').execute();
  await db.schema.dropIndex('wtn_notes_for_listing').execute();
  for (const column of ['transfer_count', 'content_sha256', 'signed', 'superseded_by', 'status']) {
    await db.schema.alterTable('wtn_notes').dropColumn(column).execute();
  }
  await db.schema
    .createIndex('wtn_notes_for_listing')
    .on('wtn_notes')
    .columns([
      'organisation_id',
      'mode',
      'created_at',
      'reference',
      'carrier_registration_number',
      'ewc_code',
      'transfer_date',
      'is_compliant',
    ])
    .execute();
}
