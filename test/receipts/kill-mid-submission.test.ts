import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WasteReceipt } from '../../src/receipts/receipt-schemas.ts';
import { type DwtStandIn, startDwtStandIn } from '../helpers/dwt-stand-in.ts';
import {
  runCli,
  type ServerProcess,
  sharedDatabaseUrl,
  startServerProcess,
} from '../helpers/server-process.ts';
import { receiptBody, siteBody } from './receipt-app.ts';

const dialect = process.env.DATABASE_URL?.startsWith('postgres') ? 'PostgreSQL' : 'SQLite file';

describe(`a server killed while a receipt is with DWT (${dialect})`, () => {
  let db: Awaited<ReturnType<typeof sharedDatabaseUrl>>;
  let dwt: DwtStandIn;
  let server: ServerProcess | undefined;
  let env: Record<string, string>;
  let key: string;

  beforeAll(async () => {
    db = await sharedDatabaseUrl();
    dwt = await startDwtStandIn();
    env = {
      DATABASE_URL: db.url,
      DWT_API_URL: dwt.url,
      DWT_TOKEN_URL: dwt.tokenUrl,
      DWT_CLIENT_ID: dwt.clientId,
      DWT_CLIENT_SECRET: dwt.clientSecret,
      // A lease of 2 x 1 s + 5 s: how long a restarted server waits before it concludes the attempt died.
      DWT_TIMEOUT_MS: '1000',
      DWT_POLL_MS: '100',
    };
    const org = JSON.parse(
      await runCli(['org', 'create', '--name', 'Receiving Ltd', '--plan', 'business', '--json'], env),
    );
    key = JSON.parse(await runCli(['key', 'create', '--org', org.id, '--mode', 'live', '--json'], env)).key;
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await dwt?.close();
    await db?.dispose();
  });

  const call = (path: string, body?: unknown) =>
    fetch(`${server!.url}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });

  async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = await probe();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it('leaves the receipt for review after a restart, with one movement at DWT', {
    timeout: 90_000,
  }, async () => {
    server = await startServerProcess(env);
    const site = (await (await call('/v1/sites', siteBody())).json()) as { id: string };
    // DWT records the movement and never answers; the server is killed while it waits.
    dwt.hang(1);
    const created = await call('/v1/waste-receipts', receiptBody(site.id));
    expect(created.status).toBe(202);
    const { id } = (await created.json()) as WasteReceipt;
    await until('the movement at DWT', async () => (dwt.movements.length === 1 ? true : undefined));
    await server.stop('SIGKILL');

    server = await startServerProcess(env);
    const settled = await until('the receipt to settle', async () => {
      const receipt = (await (await call(`/v1/waste-receipts/${id}`)).json()) as WasteReceipt;
      return receipt.status === 'submitting' ? undefined : receipt;
    });
    expect(settled.status).toBe('needs_review');
    expect(settled.submission.message).toContain('stopped while this receipt was being sent');
    // Several more worker rounds: still one movement, no second request.
    await new Promise((r) => setTimeout(r, 500));
    expect(dwt.movements).toHaveLength(1);
    expect(dwt.requests.filter((r) => r.path === '/movements/receive')).toHaveLength(1);

    // Someone finds it in DWT: the receipt records DWT's id.
    const resolved = await call(`/v1/waste-receipts/${id}/resolve`, {
      outcome: 'in_dwt',
      waste_tracking_id: dwt.movements[0].wasteTrackingId,
    });
    expect(await resolved.json()).toMatchObject({
      status: 'submitted',
      waste_tracking_id: dwt.movements[0].wasteTrackingId,
    });
  });
});
