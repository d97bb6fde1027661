import { afterEach, describe, expect, it } from 'vitest';
import { afterCommit } from '../../src/platform/db/after-commit.ts';
import type { Db } from '../../src/platform/db/database.ts';
import { migratedDatabase } from '../helpers/database.ts';

// What a worker told of new work by afterCommit sees: the transaction's rows, from any connection.
describe('afterCommit', () => {
  let db: Db;
  afterEach(() => db?.close());

  const organisation = (id: string) => ({
    id,
    name: `After Commit ${id}`,
    plan: 'free',
    monthly_limit: null,
    per_minute_limit: null,
    plan_changed_at: new Date().toISOString(),
    created_at: new Date().toISOString(),
  });
  const named = (id: string) =>
    db.kysely.selectFrom('organisations').select('id').where('id', '=', id).executeTakeFirst();

  it('runs once the transaction has committed, when what it wrote can be read', async () => {
    db = await migratedDatabase();
    const seen: Array<string | undefined> = [];
    let told!: Promise<void>;
    await db.kysely.transaction().execute(async (trx) => {
      await trx.insertInto('organisations').values(organisation('org_after1')).execute();
      await afterCommit(trx, () => {
        told = named('org_after1').then((row) => {
          seen.push(row?.id);
        });
      });
      // Not while the transaction is open.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(told).toBeUndefined();
    });
    await told;
    expect(seen).toEqual(['org_after1']);
  });

  it('never runs for a transaction that rolled back', async () => {
    db = await migratedDatabase();
    let ran = false;
    await expect(
      db.kysely.transaction().execute(async (trx) => {
        await trx.insertInto('organisations').values(organisation('org_after2')).execute();
        await afterCommit(trx, () => {
          ran = true;
        });
        throw new Error('changed its mind');
      }),
    ).rejects.toThrow('changed its mind');
    // The next transaction on the same connection commits; what the first was given stays dropped.
    await db.kysely.transaction().execute(async (trx) => {
      await trx.insertInto('organisations').values(organisation('org_after3')).execute();
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ran).toBe(false);
    expect(await named('org_after2')).toBeUndefined();
  });
});
