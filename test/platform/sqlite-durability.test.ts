import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/platform/db/database.ts';
import { createSqlite } from '../../src/platform/db/sqlite.ts';

// SQLite commits with synchronous=NORMAL and its log is synced off the event loop
// (src/platform/db/sqlite.ts): callers must still never hear of a write, or read one, before it is on
// disk. The sync is held back here to see what waits for it.

/** A stand-in for fdatasync that finishes only when told to. */
class HeldSync {
  calls = 0;
  #release: (() => void)[] = [];
  #fail: Error | undefined;
  readonly syncData = (_fd: number) => {
    this.calls++;
    if (this.#fail) return Promise.reject(this.#fail);
    return new Promise<void>((resolve) => this.#release.push(resolve));
  };
  releaseAll(): void {
    for (const release of this.#release.splice(0)) release();
  }
  failWith(error: Error): void {
    this.#fail = error;
  }
}

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
  return done;
};

let dir: string;
let file: string;
let db: Db;
let held: HeldSync;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wcs-durable-'));
  file = join(dir, 'test.sqlite');
  held = new HeldSync();
  db = createSqlite(file, { syncData: held.syncData });
  await released(sql`create table t (n integer)`.execute(db.kysely));
});

/** Waits for `promise`, letting every sync it waits for finish. */
async function released<T>(promise: Promise<T>): Promise<T> {
  let done = false;
  const watched = promise.finally(() => {
    done = true;
  });
  while (!done) {
    held.releaseAll();
    await new Promise((r) => setImmediate(r));
  }
  return watched;
}

afterEach(async () => {
  held.releaseAll();
  await released(db.close());
  rmSync(dir, { recursive: true, force: true });
});

const insert = (n: number) => sql`insert into t (n) values (${n})`.execute(db.kysely);
const count = async () =>
  Number((await sql<{ n: number }>`select count(*) as n from t`.execute(db.kysely)).rows[0].n);

describe('SQLite commits synced off the event loop', () => {
  it('answers a write only once its commit is synced, while the next query runs meanwhile', async () => {
    const first = insert(1);
    expect(await settled(first)).toBe(false);
    // The connection is free during the sync: another write commits (another connection sees it).
    const second = db.kysely.transaction().execute((trx) => sql`insert into t (n) values (2)`.execute(trx));
    await new Promise((r) => setImmediate(r));
    const other = new SqliteDatabase(file, { readonly: true });
    expect(other.prepare('select count(*) as n from t').get()).toEqual({ n: 2 });
    other.close();
    expect(await settled(second)).toBe(false);
    held.releaseAll();
    await first;
    // The second commit came after the first sync began: it needs a sync of its own.
    expect(await settled(second)).toBe(false);
    held.releaseAll();
    await second;
  });

  it('holds back a read of a commit that is not yet synced', async () => {
    const write = insert(1);
    const read = count();
    expect(await settled(read)).toBe(false);
    held.releaseAll();
    await write;
    expect(await read).toBe(1);
  });

  it('answers reads at once when nothing is waiting to be synced', async () => {
    expect(await count()).toBe(0);
    expect(held.calls).toBe(1);
  });

  it('syncs once for every commit made while a sync runs', async () => {
    const before = held.calls;
    const first = insert(1);
    await new Promise((r) => setImmediate(r));
    const rest = [insert(2), insert(3), insert(4)];
    await new Promise((r) => setImmediate(r));
    held.releaseAll();
    await first;
    await released(Promise.all(rest));
    expect(held.calls - before).toBe(2);
  });

  it('refuses every write once a sync has failed: a later sync could not prove the lost pages written', async () => {
    held.failWith(Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' }));
    await expect(insert(1)).rejects.toThrow(/could not be synced to disk: EIO/);
    await expect(insert(2)).rejects.toThrow(/could not be synced to disk/);
  });

  it('needs no sync in memory', async () => {
    const memory = createSqlite(':memory:', { syncData: held.syncData });
    const before = held.calls;
    await sql`create table m (n integer)`.execute(memory.kysely);
    await sql`insert into m (n) values (1)`.execute(memory.kysely);
    expect(held.calls).toBe(before);
    await memory.close();
  });
});

describe('checkpoints in a worker thread', () => {
  it('copies committed pages into the database file while the service keeps its connection', async () => {
    const background = createSqlite(join(dir, 'checkpointed.sqlite'), { checkpointInBackground: true });
    try {
      await sql`create table c (n integer, filler text)`.execute(background.kysely);
      for (let i = 0; i < 50; i++) {
        await sql`insert into c (n, filler) values (${i}, ${'x'.repeat(4_000)})`.execute(background.kysely);
      }
      // The rows are in the log; the database file grows only when pages are copied into it, which
      // the service's connection leaves to the worker (its own checkpoint waits for 10,000 pages).
      const file = join(dir, 'checkpointed.sqlite');
      let copied = false;
      for (let i = 0; i < 40 && !copied; i++) {
        await new Promise((r) => setTimeout(r, 100));
        copied = statSync(file).size > 50 * 4_000;
      }
      expect(copied).toBe(true);
      expect(
        Number((await sql<{ n: number }>`select count(*) as n from c`.execute(background.kysely)).rows[0].n),
      ).toBe(50);
    } finally {
      await background.close();
    }
  });
});
