import { request as httpRequest, type IncomingMessage } from 'node:http';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.ts';
import type { NoteScope } from '../../src/wtn/note-store.ts';
import type { GenerateWtnInput } from '../../src/wtn/wtn-schemas.ts';
import { validBody, type WtnApp, wtnApp } from './wtn-app.ts';

// A CSV export of 10,000 notes over a real socket, read slowly, and proof that the store is read page
// by page as the reader takes the text rather than all at once.

const NOTES = 10_000;
const clock = new ManualClock('2026-05-12T08:00:00.000Z');
let t: WtnApp;
let scope: NoteScope;
let base: string;

/** A note whose row is large (about 3 KB), so buffers in between hold only a small share of the export. */
function bulkyBody(i: number): GenerateWtnInput {
  const body = validBody({ transfer_date: '2026-05-12' }) as unknown as GenerateWtnInput;
  body.waste.description = `Load ${i}: ${'plasterboard offcuts, ceiling tiles and timber battens, '.repeat(40)}`;
  body.producer.address = `Unit ${i}, ${'Long Industrial Estate Road, '.repeat(12)}Bournemouth, BH1 2AA`;
  return body;
}

beforeAll(async () => {
  t = await wtnApp({ clock, unlimited: true });
  const account = await t.get('/v1/account');
  scope = { organisationId: account.json().organisation.id, mode: 'test' };
  // Through the service, many at once: the writer commits them in batches (one transaction each).
  for (let start = 0; start < NOTES; start += 500) {
    const batch = Array.from({ length: Math.min(500, NOTES - start) }, (_, i) =>
      t.app.services.wtn.generate(bulkyBody(start + i), scope),
    );
    await Promise.all(batch);
    clock.advance(1000);
  }
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
}, 120_000);
afterAll(async () => {
  await t.close();
});

function get(path: string, headers: Record<string, string>): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    httpRequest(`${base}${path}`, { headers }, resolve).on('error', reject).end();
  });
}

/** Passes chunks on one event-loop turn later each: a reader slower than the server can write. */
function slowly(): Transform {
  return new Transform({
    highWaterMark: 1024,
    transform(chunk, _encoding, done) {
      setImmediate(() => done(null, chunk));
    },
  });
}

describe('a CSV export of 10,000 notes', () => {
  it('streams over a socket to a slow reader and parses to exactly one row per note', async () => {
    const response = await get('/v1/wtn', { authorization: `Bearer ${t.testKey}`, accept: 'text/csv' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['transfer-encoding']).toBe('chunked');
    let rows = 0;
    let header: string[] = [];
    const references = new Set<string>();
    await pipeline(response, slowly(), parse({ bom: true }), async (records: AsyncIterable<string[]>) => {
      for await (const record of records) {
        if (header.length === 0) {
          header = record;
          continue;
        }
        rows++;
        references.add(record[0]);
        expect(record.length).toBe(header.length);
      }
    });
    expect(header[0]).toBe('reference');
    expect(rows).toBe(NOTES);
    expect(references.size).toBe(NOTES);
  }, 60_000);

  it('reads the store page by page as the reader takes the text, not all at once', async () => {
    // The reader takes one chunk and stops. A note created now sorts after every other (its creation
    // time is the oldest), so it lands on the export's last page: it is in the file only if that page
    // is read after this moment. Everything buffered between the store and the reader is a small
    // share of the 30 MB export, so the last page cannot have been read yet, however fast the server.
    const response = await t.app.inject({
      method: 'GET',
      url: '/v1/wtn?format=csv',
      headers: { authorization: `Bearer ${t.testKey}` },
      payloadAsStream: true,
    });
    const reader = response.stream()[Symbol.asyncIterator]();
    const first = await reader.next();
    clock.set('2026-05-01T00:00:00.000Z');
    const late = await t.app.services.wtn.generate(validBody() as unknown as GenerateWtnInput, scope);
    const lateReference = JSON.parse(late.document).reference;
    const chunks: Buffer[] = [first.value];
    for (let next = await reader.next(); !next.done; next = await reader.next()) chunks.push(next.value);
    const csv = Buffer.concat(chunks).toString('utf8');
    expect(csv.length).toBeGreaterThan(NOTES * 2_500);
    const records: string[][] = parseSync(csv, { bom: true });
    expect(records.length).toBe(1 + NOTES + 1);
    expect(records.at(-1)?.[0]).toBe(lateReference);
  }, 60_000);

  it('lets a client walk away mid-download without harm to the service', async () => {
    const response = await get('/v1/wtn', { authorization: `Bearer ${t.testKey}`, accept: 'text/csv' });
    await new Promise((resolve) => response.once('data', resolve));
    response.destroy();
    const after = await t.get('/v1/wtn?limit=1');
    expect(after.statusCode).toBe(200);
    expect(after.json().data).toHaveLength(1);
  });

  it('counts a finished live export once, and not one the service could not finish', async () => {
    // The notes become the live key's, and the oldest (on the last page) becomes unreadable: a
    // database that fails part of the way through an export.
    await t.db.kysely
      .updateTable('wtn_notes')
      .set({ mode: 'live' })
      .where('organisation_id', '=', scope.organisationId)
      .execute();
    const used = async () => (await t.get('/v1/usage', t.liveKey)).json().used as number;
    const download = async () => {
      const response = await get('/v1/wtn', { authorization: `Bearer ${t.liveKey}`, accept: 'text/csv' });
      expect(response.statusCode).toBe(200);
      return new Promise<'whole' | 'cut short'>((resolve) => {
        response.resume();
        response.once('end', () => resolve(response.complete ? 'whole' : 'cut short'));
        response.once('error', () => resolve('cut short'));
      });
    };
    const before = await used();
    expect(await download()).toBe('whole');
    expect(await used()).toBe(before + 1);

    const oldest = await t.db.kysely
      .selectFrom('wtn_notes')
      .select('reference')
      .where('organisation_id', '=', scope.organisationId)
      .orderBy('created_at', 'asc')
      .limit(1)
      .executeTakeFirstOrThrow();
    await t.db.kysely
      .updateTable('wtn_notes')
      .set({ document: '{"cut' })
      .where('reference', '=', oldest.reference)
      .execute();
    expect(await download()).toBe('cut short');
    // The call is settled when the server closes the response, and its database row written within 250 ms.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await used()).toBe(before + 1);
  }, 60_000);
});
