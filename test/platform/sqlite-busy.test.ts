// Another connection holding SQLite's write lock past busy_timeout (a second process on the same file, a
// backup) is the database being unavailable for a moment, not a fault: 503 with Retry-After, as for a
// PostgreSQL server that cannot be reached (test/faults/unreachable-database.test.ts), never a 500.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import type { FastifyError } from 'fastify';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqlite } from '../../src/platform/db/sqlite.ts';
import { toApiError } from '../../src/platform/error-handler.ts';

const dir = mkdtempSync(join(tmpdir(), 'wcs-busy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The error better-sqlite3 throws when a write finds the lock taken and stops waiting. */
function busyError(): unknown {
  const file = join(dir, 'busy.sqlite');
  const holder = new SqliteDatabase(file);
  holder.pragma('journal_mode = WAL');
  holder.exec('CREATE TABLE t (x INTEGER)');
  const writer = new SqliteDatabase(file);
  writer.pragma('busy_timeout = 0');
  holder.exec('BEGIN IMMEDIATE');
  try {
    writer.exec('INSERT INTO t VALUES (1)');
    return undefined;
  } catch (error) {
    return error;
  } finally {
    holder.exec('ROLLBACK');
    holder.close();
    writer.close();
  }
}

describe('a write that finds SQLite locked by another connection', () => {
  it('is 503 SERVICE_UNAVAILABLE with Retry-After, not an internal error', () => {
    const error = busyError();
    expect((error as { code?: string }).code).toBe('SQLITE_BUSY');
    const answer = toApiError(error as FastifyError);
    expect(answer.status).toBe(503);
    expect(answer.code).toBe('SERVICE_UNAVAILABLE');
    expect(answer.message).toBe(
      'The service cannot reach its database just now. Try again in a few seconds.',
    );
    expect(answer.headers).toEqual({ 'retry-after': '5' });
  });
});

describe('a transaction that reads, then writes, while another process commits', () => {
  it('holds the write lock from its start, so the other commit waits rather than failing this one', async () => {
    const file = join(dir, 'upgrade.sqlite');
    const db = createSqlite(file);
    const other = new SqliteDatabase(file);
    other.pragma('busy_timeout = 0');
    try {
      await sql`create table counters (name text primary key, n integer not null)`.execute(db.kysely);
      await sql`insert into counters values ('a', 1)`.execute(db.kysely);
      let otherCommit: unknown;
      await db.kysely.transaction().execute(async (trx) => {
        const { rows } = await sql<{ n: number }>`select n from counters where name = 'a'`.execute(trx);
        // Another process (the server beside a `wcs` command) commits between this read and the write.
        try {
          other.exec(`insert into counters values ('b', 1)`);
        } catch (error) {
          otherCommit = error;
        }
        await sql`update counters set n = ${rows[0]!.n + 1} where name = 'a'`.execute(trx);
      });
      // The other connection found the lock taken (with its busy_timeout it would have waited for it).
      expect((otherCommit as { code?: string })?.code).toBe('SQLITE_BUSY');
      expect(other.prepare(`select n from counters where name = 'a'`).get()).toEqual({ n: 2 });
    } finally {
      other.close();
      await db.close();
    }
  });
});
