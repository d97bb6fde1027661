import type { Kysely } from 'kysely';

// The worker asks for receipts not leased (lease_until IS NULL) whose next_attempt_at has come, oldest
// first. With one index per column SQLite chose lease_until's, which matches every receipt not in
// flight, then sorted them all: each claim grew with the table (2.5 ms at a few thousand receipts). One
// index on both answers it in order from the first due row; its prefix serves the expired-lease query
// that lease_until's own index did, and nothing else asked next_attempt_at's alone.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('waste_receipts_claimable')
    .on('waste_receipts')
    .columns(['lease_until', 'next_attempt_at'])
    .execute();
  await db.schema.dropIndex('waste_receipts_leased').execute();
  await db.schema.dropIndex('waste_receipts_due').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('waste_receipts_due')
    .on('waste_receipts')
    .columns(['next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('waste_receipts_leased')
    .on('waste_receipts')
    .columns(['lease_until'])
    .execute();
  await db.schema.dropIndex('waste_receipts_claimable').execute();
}
