import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type RetryEvent,
  WasteComplianceClient,
  WcsConnectionError,
  WcsRateLimitError,
  WcsServerError,
  WcsTimeoutError,
} from '../../packages/sdk/src/index.ts';
import { recordUsage } from '../limits/limited-app.ts';
import { noteBody, rejection, sdkServer } from './sdk-server.ts';
import { envelope, StandIn } from './stand-in.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const NOTE = { reference: 'WTN-2026-0325-A7X9' };

let standIn: StandIn;
let retries: RetryEvent[];
let wcs: WasteComplianceClient;

beforeAll(async () => {
  standIn = await new StandIn().start();
  wcs = new WasteComplianceClient({
    apiKey: 'wcs_test_standin',
    baseUrl: standIn.url,
    onRetry: (event) => retries.push(event),
  });
});
afterAll(() => standIn.stop());

function script(...entries: Parameters<StandIn['script']>): void {
  retries = [];
  standIn.script(...entries);
}

describe('retries', () => {
  it('waits what Retry-After asks after a 429, then sends the create again with the same Idempotency-Key', async () => {
    script(
      { status: 429, headers: { 'retry-after': '1' }, body: envelope('RATE_LIMIT_EXCEEDED', 429) },
      { status: 201, body: NOTE },
    );
    const note = await wcs.notes.create(noteBody());
    expect(note.reference).toBe(NOTE.reference);

    const [first, second] = standIn.arrivals;
    expect(standIn.arrivals).toHaveLength(2);
    expect(first.headers['idempotency-key']).toMatch(UUID);
    expect(second.headers['idempotency-key']).toBe(first.headers['idempotency-key']);
    expect(second.body).toBe(first.body);
    expect(second.headers.authorization).toBe('Bearer wcs_test_standin');
    expect(retries).toMatchObject([{ attempt: 1, delayMs: 1000, status: 429, method: 'POST' }]);
    expect(second.at - first.at).toBeGreaterThanOrEqual(950);
  });

  it('gives each create call its own key, or the caller’s', async () => {
    script({ status: 201, body: NOTE });
    await wcs.notes.create(noteBody());
    await wcs.notes.create(noteBody());
    await wcs.notes.create(noteBody(), { idempotencyKey: 'order-1234-wtn' });
    const keys = standIn.arrivals.map((a) => a.headers['idempotency-key']);
    expect(keys[0]).not.toBe(keys[1]);
    expect(keys[2]).toBe('order-1234-wtn');
  });

  it('sends a create again with the same key when the connection drops before an answer', async () => {
    script({ drop: true }, { status: 201, body: NOTE });
    await wcs.notes.create(noteBody());
    expect(standIn.arrivals).toHaveLength(2);
    expect(standIn.arrivals[1].headers['idempotency-key']).toBe(
      standIn.arrivals[0].headers['idempotency-key'],
    );
    expect(retries).toMatchObject([{ attempt: 1, error: expect.any(WcsConnectionError) }]);
  });

  it('retries a 503 with backoff and gives up after maxRetries with the last error', async () => {
    script({ status: 503, body: envelope('EA_REGISTER_UNAVAILABLE', 503) });
    const error = await rejection(wcs.carriers.verify({ registration_number: 'CBDU100001' }), WcsServerError);
    expect(error.code).toBe('EA_REGISTER_UNAVAILABLE');
    expect(error.status).toBe(503);
    expect(error.requestId).toBe('req_standin0000000001');
    expect(standIn.arrivals).toHaveLength(3);
    expect(retries.map((r) => r.attempt)).toEqual([1, 2]);
    // Exponential with full jitter: within 0-0.5 s, then 0-1 s.
    expect(retries[0].delayMs).toBeLessThanOrEqual(500);
    expect(retries[1].delayMs).toBeLessThanOrEqual(1000);
  });

  it('does not wait for a Retry-After longer than maxRetryDelayMs (a spent monthly quota)', async () => {
    script({
      status: 429,
      headers: { 'retry-after': '86400' },
      body: envelope('MONTHLY_QUOTA_EXCEEDED', 429),
    });
    const error = await rejection(wcs.notes.list(), WcsRateLimitError);
    expect(error.code).toBe('MONTHLY_QUOTA_EXCEEDED');
    expect(error.retryAfter).toBe(86400);
    expect(standIn.arrivals).toHaveLength(1);
    expect(retries).toEqual([]);
  });

  it('never repeats a create that takes no Idempotency-Key after a 503 or a dropped connection', async () => {
    const site = {
      name: 'Poole Recycling Centre',
      address: { full_address: 'Nuffield Industrial Estate, Poole', postcode: 'BH17 0RB' },
      authorisation_numbers: ['EPR/AB1234CD'],
      dwt_api_code: '3f8e2a6c-1b4d-4f7a-9c2e-5d6b7a8c9e0f',
    };
    script({ status: 503, body: envelope('SERVICE_UNAVAILABLE', 503) });
    await rejection(wcs.sites.create(site), WcsServerError);
    expect(standIn.arrivals).toHaveLength(1);

    script({ drop: true });
    await rejection(wcs.sites.create(site), WcsConnectionError);
    expect(standIn.arrivals).toHaveLength(1);

    // A 429 is answered before anything is done, so even such a create is sent again.
    script({ status: 429, headers: { 'retry-after': '0' } }, { status: 201, body: { id: 'site_1' } });
    await wcs.sites.create(site);
    expect(standIn.arrivals).toHaveLength(2);
  });

  it('reports an answer without the error envelope (a proxy page) as UNEXPECTED_RESPONSE', async () => {
    script({ status: 502, body: '<html><body>Bad gateway</body></html>' });
    const error = await rejection(wcs.notes.get('WTN-2026-0325-A7X9'), WcsServerError);
    expect(error.code).toBe('UNEXPECTED_RESPONSE');
    expect(error.status).toBe(502);
    expect(error.message).toContain('Bad gateway');
    expect(standIn.arrivals).toHaveLength(1);
  });

  it('gives up on a try that takes longer than timeoutMs', async () => {
    script({ hang: true });
    const impatient = new WasteComplianceClient({
      apiKey: 'wcs_test_standin',
      baseUrl: standIn.url,
      timeoutMs: 200,
      maxRetries: 0,
    });
    await rejection(impatient.notes.list(), WcsTimeoutError);
  });
});

describe('rate limits of the real service', () => {
  it('throws RATE_LIMIT_EXCEEDED with Retry-After and the request id when the wait is too long to retry', async () => {
    const server = await sdkServer();
    try {
      const { key } = await server.newKey({ mode: 'live', plan: 'free' });
      const client = new WasteComplianceClient({ apiKey: key, baseUrl: server.url, maxRetryDelayMs: 0 });
      let error: WcsRateLimitError | undefined;
      for (let i = 0; i < 20 && !error; i++) {
        error = await client.account.get().then(
          () => undefined,
          (e: unknown) => e as WcsRateLimitError,
        );
      }
      expect(error).toBeInstanceOf(WcsRateLimitError);
      expect(error!.code).toBe('RATE_LIMIT_EXCEEDED');
      expect(error!.retryAfter).toBeGreaterThanOrEqual(1);
      expect(error!.retryAfter).toBeLessThanOrEqual(60);
      expect(error!.requestId).toBe(error!.headers.get('request-id'));
    } finally {
      await server.close();
    }
  });

  it('throws MONTHLY_QUOTA_EXCEEDED for a spent month at once, without retrying before the reset', async () => {
    const server = await sdkServer();
    try {
      const { key, keyId } = await server.newKey({ mode: 'live', plan: 'free' });
      await recordUsage(server.db, keyId, new Date().toISOString().slice(0, 10), 50);
      const seen: RetryEvent[] = [];
      const client = new WasteComplianceClient({
        apiKey: key,
        baseUrl: server.url,
        onRetry: (event) => seen.push(event),
      });
      const error = await rejection(
        client.waste.classify({ description: 'broken pallets' }),
        WcsRateLimitError,
      );
      expect(error.code).toBe('MONTHLY_QUOTA_EXCEEDED');
      expect(error.status).toBe(429);
      expect(error.retryAfter).toBeGreaterThan(60);
      expect(seen).toEqual([]);
      // Free routes still answer.
      await expect(client.account.get()).resolves.toBeDefined();
    } finally {
      await server.close();
    }
  });
});
