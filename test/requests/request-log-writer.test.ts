import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { statementSizes } from '../../src/requests/request-log-store.ts';
import { FLUSH_AT_ROWS, MAX_BUFFERED, RequestLogWriter } from '../../src/requests/request-log-writer.ts';
import type { ApiRequestRow } from '../../src/requests/tables.ts';

function row(n: number): ApiRequestRow {
  return {
    id: `req_test${String(n).padStart(6, '0')}`,
    organisation_id: 'org_1',
    mode: 'test',
    key_id: 'key_1',
    key_prefix: 'wcs_test_AbC1…',
    method: 'GET',
    route: '/v1/account',
    path: '/v1/account',
    status: 200,
    error_code: null,
    duration_ms: 1.2,
    created_at: new Date(Date.UTC(2026, 10, 23, 9, 0, 0, n)).toISOString(),
  };
}

/** A logger whose lines are kept, to read what the writer said. */
function recordingLogger() {
  const lines: { level: number; msg: string; [field: string]: unknown }[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}

describe('the request log writer', () => {
  it('writes the rows of a burst together, off the request path, in one insert', async () => {
    const writes: ApiRequestRow[][] = [];
    const writer = new RequestLogWriter(async (rows) => void writes.push(rows), pino({ level: 'silent' }));
    for (let i = 0; i < 150; i++) writer.record(row(i));
    await Promise.resolve();
    // Handed over, not written: nothing waits on the database while the responses go out.
    expect(writes).toEqual([]);
    await until(() => writes.length > 0);
    expect(writes.map((w) => w.length)).toEqual([150]);
    expect(writes[0].map((r) => r.id)).toEqual(Array.from({ length: 150 }, (_, i) => row(i).id));
  });

  it('writes at once when a batch is large, and what arrives during a write in the next', async () => {
    const writes: number[] = [];
    const writer = new RequestLogWriter(
      async (rows) => void writes.push(rows.length),
      pino({ level: 'silent' }),
    );
    for (let i = 0; i < FLUSH_AT_ROWS + 250; i++) writer.record(row(i));
    await writer.flush();
    expect(writes).toEqual([FLUSH_AT_ROWS, 250]);
  });

  it('gathers the rows that arrive during a write into one later write, not one write per few rows', async () => {
    // A durable write takes a while (its commit waits for the disk); rows trickle in meanwhile, as a
    // steady stream of requests hands them over.
    const writes: number[] = [];
    let release: () => void = () => {};
    const writer = new RequestLogWriter(
      async (rows) => {
        writes.push(rows.length);
        if (writes.length === 1) await new Promise<void>((r) => (release = r));
      },
      pino({ level: 'silent' }),
    );
    writer.record(row(0));
    await until(() => writes.length === 1);
    for (let i = 1; i <= 5; i++) writer.record(row(i));
    release();
    await new Promise((r) => setTimeout(r, 20));
    for (let i = 6; i <= 10; i++) writer.record(row(i));
    await until(() => writes.length === 2);
    // The five rows that waited through the first write were not written the moment it ended: they
    // waited for the batch to fill, and went with the five after them.
    expect(writes).toEqual([1, 10]);
  });

  it('never throws to the request, logs a failed write once, and says how much was lost when it recovers', async () => {
    const { logger, lines } = recordingLogger();
    let failing = true;
    const written: ApiRequestRow[] = [];
    const writer = new RequestLogWriter(async (rows) => {
      if (failing) throw new Error('no such table: api_requests');
      written.push(...rows);
    }, logger);
    for (let i = 0; i < 3; i++) expect(() => writer.record(row(i))).not.toThrow();
    await writer.flush();
    for (let i = 3; i < 5; i++) writer.record(row(i));
    await writer.flush();
    expect(lines.filter((l) => l.msg === 'request log: rows not recorded')).toHaveLength(1);
    failing = false;
    writer.record(row(5));
    await writer.flush();
    expect(written.map((r) => r.id)).toEqual([row(5).id]);
    expect(lines.find((l) => l.msg === 'request log: recording again after losing rows')).toMatchObject({
      lost: 5,
    });
  });

  it('holds at most MAX_BUFFERED rows while the database is slow, dropping the rest', async () => {
    const { logger, lines } = recordingLogger();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let rowsWritten = 0;
    const writer = new RequestLogWriter(async (rows) => {
      await held;
      rowsWritten += rows.length;
    }, logger);
    // The first FLUSH_AT_ROWS start a write that hangs; then the buffer fills.
    for (let i = 0; i < FLUSH_AT_ROWS + MAX_BUFFERED + 5; i++) writer.record(row(i));
    expect(lines.filter((l) => l.msg === 'request log: buffer full; dropping rows')).toHaveLength(1);
    release();
    await writer.flush();
    expect(rowsWritten).toBe(FLUSH_AT_ROWS + MAX_BUFFERED);
  });

  it('inserts a batch in statements of power-of-two sizes, so few distinct statements are prepared', () => {
    expect(statementSizes(137)).toEqual([128, 8, 1]);
    expect(statementSizes(1_000)).toEqual([512, 256, 128, 64, 32, 8]);
    expect(statementSizes(1)).toEqual([1]);
    expect(statementSizes(0)).toEqual([]);
  });
});
