import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WasteComplianceClient,
  WcsApiError,
  WcsAuthenticationError,
  WcsConnectionError,
  WcsError,
  WcsInvalidRequestError,
  WcsNotFoundError,
} from '../../packages/sdk/src/index.ts';
import { freePort } from '../helpers/server-process.ts';
import { noteBody, rejection, type SdkServer, sdkServer } from './sdk-server.ts';

let server: SdkServer;
let wcs: WasteComplianceClient;

beforeAll(async () => {
  server = await sdkServer();
  wcs = new WasteComplianceClient({ apiKey: server.testKey, baseUrl: server.url });
});
afterAll(() => server.close());

/** A client that records the URL of every request it sends. */
function countingClient(): { requests: string[]; counting: WasteComplianceClient } {
  const requests: string[] = [];
  const counting = new WasteComplianceClient({
    apiKey: server.testKey,
    baseUrl: server.url,
    fetch: (input, init) => {
      requests.push(new Request(input).url);
      return fetch(input, init);
    },
  });
  return { requests, counting };
}

describe('the SDK against a running service', () => {
  it('creates a note, fetches it and finds it in the list', async () => {
    const note = await wcs.notes.create(noteBody());
    expect(note.reference).toMatch(/^WTN-\d{4}-\d{4}-[A-Z0-9]{4}$/);
    expect(note.carrier.verified).toBe(true);
    expect(note.waste.ewc_code).toBe('17 08 02');

    const fetched = await wcs.notes.get(note.reference);
    expect(fetched).toEqual(note);

    const page = await wcs.notes.list({ limit: 10 });
    expect(page.data.map((n) => n.reference)).toContain(note.reference);
  });

  it('exports the notes as CSV, one row per note, as a stream', async () => {
    const note = await wcs.notes.create(noteBody({ description: 'Plasterboard for the export' }));
    const total = (await wcs.notes.list({ limit: 100 })).data.length;
    const stream = await wcs.notes.exportCsv();
    const text = await new Response(stream).text();
    const rows = parse(text, { bom: true, columns: true }) as Array<Record<string, string>>;
    expect(rows).toHaveLength(total);
    expect(rows.map((r) => r.reference)).toContain(note.reference);
  });

  it('lets an export be read for longer than timeoutMs, which limits only the wait for it to start', async () => {
    const total = (await wcs.notes.list({ limit: 100 })).data.length;
    const impatient = new WasteComplianceClient({
      apiKey: server.testKey,
      baseUrl: server.url,
      timeoutMs: 300,
    });
    const reader = (await impatient.notes.exportCsv()).getReader();
    const chunks: Uint8Array[] = [];
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      chunks.push(next.value);
      // A reader slower than the timeout: a file written to a slow disk, a row at a time to a database.
      await new Promise((resolve) => setTimeout(resolve, 400));
    }
    const text = new TextDecoder().decode(Buffer.concat(chunks));
    expect(parse(text, { bom: true, columns: true })).toHaveLength(total);
  });

  it('iterates every note across pages, newest first, in as many requests as pages', async () => {
    const made = [];
    for (let i = 0; i < 5; i++) {
      made.push(await wcs.notes.create(noteBody({ description: `Plasterboard batch ${i}` })));
    }
    const { requests, counting } = countingClient();
    const seen: string[] = [];
    for await (const note of counting.notes.iterate({ limit: 2 })) seen.push(note.reference);

    const all = (await wcs.notes.list({ limit: 100 })).data.map((n) => n.reference);
    expect(seen).toEqual(all);
    expect(seen.slice(0, 5)).toEqual(made.map((n) => n.reference).reverse());
    expect(new Set(seen).size).toBe(seen.length);
    expect(requests).toHaveLength(Math.ceil(all.length / 2));
    expect(requests[1]).toContain(`starting_after=${seen[1]}`);
  });

  it('stops iterating when the loop breaks, without fetching further pages', async () => {
    const { requests, counting } = countingClient();
    for await (const _ of counting.notes.iterate({ limit: 1 })) break;
    expect(requests).toHaveLength(1);
  });

  it('answers the same note for a repeated Idempotency-Key', async () => {
    const first = await wcs.notes.create(noteBody(), { idempotencyKey: 'job-42' });
    const again = await wcs.notes.create(noteBody(), { idempotencyKey: 'job-42' });
    expect(again.reference).toBe(first.reference);
  });

  it('verifies a carrier, classifies waste and prints a note', async () => {
    const carrier = await wcs.carriers.verify({ registration_number: 'CBDU100001' });
    expect(carrier.status).toBe('valid');

    const classified = await wcs.waste.classify({ description: 'broken plasterboard from a refit' });
    expect(classified.classifications[0].ewc_code).toBe('17 08 02');

    const note = await wcs.notes.create(noteBody());
    const pdf = await wcs.notes.pdf(note.reference);
    expect(new TextDecoder().decode(pdf.slice(0, 5))).toBe('%PDF-');
  });

  it('throws a typed error with code, status, message, request id and details', async () => {
    const notFound = await rejection(wcs.notes.get('WTN-2026-0101-ZZZZ'), WcsNotFoundError);
    expect(notFound).toBeInstanceOf(WcsApiError);
    expect(notFound.code).toBe('WTN_NOT_FOUND');
    expect(notFound.status).toBe(404);
    expect(notFound.message).toMatch(/No waste transfer note/);
    expect(notFound.requestId).toMatch(/^req_/);
    expect(notFound.requestId).toBe(notFound.headers.get('request-id'));

    const invalid = await rejection(
      wcs.notes.create({ ...noteBody(), transfer_date: '2026-02-30' }),
      WcsInvalidRequestError,
    );
    expect(invalid.code).toBe('INVALID_REQUEST');
    expect(invalid.details).toContainEqual({
      field: '/transfer_date',
      issue: 'must be a real calendar date, YYYY-MM-DD',
    });

    const badKey = new WasteComplianceClient({ apiKey: 'wcs_test_nope', baseUrl: server.url });
    const refused = await rejection(badKey.account.get(), WcsAuthenticationError);
    expect(refused.code).toBe('INVALID_API_KEY');
    expect(refused.status).toBe(401);
  });

  it('takes the key and base URL from WCS_API_KEY and WCS_BASE_URL, and says when there is no key', async () => {
    const saved = { key: process.env.WCS_API_KEY, url: process.env.WCS_BASE_URL };
    try {
      process.env.WCS_API_KEY = server.testKey;
      process.env.WCS_BASE_URL = server.url;
      const account = await new WasteComplianceClient().account.get();
      expect(account.key.mode).toBe('test');

      delete process.env.WCS_API_KEY;
      expect(() => new WasteComplianceClient()).toThrow(WcsError);
      expect(() => new WasteComplianceClient()).toThrow(/WCS_API_KEY/);
    } finally {
      restore('WCS_API_KEY', saved.key);
      restore('WCS_BASE_URL', saved.url);
    }
  });

  it('reports a service it cannot reach as a connection error, after retrying a read', async () => {
    const port = await freePort();
    const retries: number[] = [];
    const offline = new WasteComplianceClient({
      apiKey: server.testKey,
      baseUrl: `http://127.0.0.1:${port}`,
      maxRetries: 1,
      onRetry: (event) => retries.push(event.attempt),
    });
    const error = await rejection(offline.notes.list(), WcsConnectionError);
    expect(error).not.toBeInstanceOf(WcsApiError);
    expect(error.message).toContain(`127.0.0.1:${port}`);
    expect(retries).toEqual([1]);
  });
});

function restore(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}
