import Fastify from 'fastify';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cycleAt } from '../../src/limits/cycle.ts';
import { UsageLedger } from '../../src/limits/usage-ledger.ts';
import type { Db } from '../../src/platform/db/database.ts';
import type { Database } from '../../src/platform/db/schema.ts';
import { installErrorHandling } from '../../src/platform/error-handler.ts';
import { migratedDatabase } from '../helpers/database.ts';
import { freePort } from '../helpers/server-process.ts';

/** What node-postgres really throws when nothing listens where the database should be. */
async function refusedConnection(): Promise<Error> {
  const client = new pg.Client({ host: '127.0.0.1', port: await freePort(), user: 'wcs' });
  return client.connect().then(
    () => new Error('unexpectedly connected'),
    (error: Error) => error,
  );
}

/** A server-sent error as node-postgres builds it (pg-protocol's DatabaseError carries the SQLSTATE). */
function serverError(message: string, code: string): Error {
  return Object.assign(new Error(message), { name: 'error', severity: 'FATAL', code });
}

describe('a request that fails because the database cannot be reached', () => {
  const app = Fastify({ logger: false });
  const thrown = new Map<string, Error>();

  beforeAll(async () => {
    thrown.set('refused', await refusedConnection());
    thrown.set('shutdown', serverError('terminating connection due to administrator command', '57P01'));
    thrown.set('starting', serverError('the database system is starting up', '57P03'));
    thrown.set('terminated', new Error('Connection terminated unexpectedly'));
    thrown.set(
      'every address refused',
      new AggregateError([
        Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' }),
      ]),
    );
    thrown.set('syntax', serverError('syntax error at or near "SELEC"', '42601'));
    thrown.set(
      'bug',
      new Error('connection to db-internal-7.example failed: password authentication failed'),
    );
    installErrorHandling(app);
    app.get('/:what', async (request) => {
      throw thrown.get((request.params as { what: string }).what);
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it.each(['refused', 'shutdown', 'starting', 'terminated', 'every address refused'])(
    '(%s) is 503 SERVICE_UNAVAILABLE with Retry-After, never 500',
    async (what) => {
      const res = await app.inject({ method: 'GET', url: `/${encodeURIComponent(what)}` });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json().error).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        status: 503,
        message: 'The service cannot reach its database just now. Try again in a few seconds.',
      });
    },
  );

  it.each(['syntax', 'bug'])('(%s: a fault, not an outage) stays 500 INTERNAL_ERROR', async (what) => {
    const res = await app.inject({ method: 'GET', url: `/${what}` });
    expect(res.statusCode).toBe(500);
    expect(res.headers['retry-after']).toBeUndefined();
    expect(res.json().error.code).toBe('INTERNAL_ERROR');
  });
});

describe('counted calls while the database cannot be reached', () => {
  it('wait for it, however many rounds, and are all recorded when it is back', async () => {
    const real = await migratedDatabase();
    const now = '2026-01-01T00:00:00.000Z';
    await real.kysely
      .insertInto('organisations')
      .values({
        id: 'org_outage',
        name: 'Outage Ltd',
        plan: 'free',
        monthly_limit: null,
        per_minute_limit: null,
        plan_changed_at: now,
        created_at: now,
      })
      .execute();
    await real.kysely
      .insertInto('api_keys')
      .values({
        id: 'key_outage',
        organisation_id: 'org_outage',
        mode: 'live',
        name: null,
        display_prefix: 'key_outage',
        hash: 'key_outage',
        created_at: now,
        last_used_at: null,
        revoked_at: null,
      })
      .execute();
    // A PostgreSQL pool pointed at a port nobody listens on: every write fails as in an outage.
    const away = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ host: '127.0.0.1', port: await freePort() }) }),
    });
    let reachable = false;
    const db: Db = {
      get kysely() {
        return reachable ? real.kysely : away;
      },
      dialect: real.dialect,
      location: real.location,
      close: () => real.close(),
    };
    const ledger = new UsageLedger(db, pino({ level: 'silent' }));
    try {
      for (let i = 0; i < 7; i++) ledger.record('key_outage', '2026-03-05');
      // Well over the five refusals after which a row the database refuses is dropped (250 ms rounds).
      await new Promise((r) => setTimeout(r, 2_000));
      ledger.record('key_outage', '2026-03-05');
      reachable = true;
      await ledger.flush();
      expect(await ledger.used('key_outage', cycleAt(new Date('2026-03-15T00:00:00Z')))).toBe(8);
    } finally {
      await away.destroy();
      await db.close();
    }
  });
});
