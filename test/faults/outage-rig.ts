import { type DwtStandIn, startDwtStandIn } from '../helpers/dwt-stand-in.ts';
import { runCli, type ServerProcess, startServerProcess } from '../helpers/server-process.ts';
import { WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { killOnExit } from './child-processes.ts';
import { sleep } from './outage-load.ts';
import { ThrowawayPostgres } from './throwaway-postgres.ts';
import { ThrowawayRedis } from './throwaway-redis.ts';

/** Short leases and retries, so whatever an outage interrupts is settled within the test. */
const WORKERS = {
  DWT_TIMEOUT_MS: '1000',
  DWT_POLL_MS: '100',
  DWT_RETRY_BASE_MS: '200',
  DWT_RETRY_MAX_MS: '1000',
  WEBHOOKS_ALLOW_HTTP_LOOPBACK: 'true',
  WEBHOOK_TIMEOUT_MS: '1000',
  WEBHOOK_POLL_MS: '100',
  WEBHOOK_RETRY_BASE_MS: '200',
  WATCH_INTERVAL: 'off',
};

export interface Delivery {
  id: string;
  event_id: string;
  status: string;
  attempts: { http_status: number | null; error: string | null }[];
}

/**
 * Everything the outage test runs: a PostgreSQL and a Redis of its own, the DWT stand-in, a webhook
 * receiver, two `wcs serve` processes on them, and the keys and webhook endpoints the load uses.
 */
export class OutageRig {
  postgres: ThrowawayPostgres | undefined;
  redis: ThrowawayRedis | undefined;
  dwt: DwtStandIn | undefined;
  receiver: WebhookReceiver | undefined;
  servers: ServerProcess[] = [];
  testKey = '';
  liveKey = '';
  /** Three live keys on the free plan (10 requests a minute), one for each look at the limits. */
  freeKeys: string[] = [];
  endpoints: { id: string; key: string }[] = [];

  /** Starts it all; whatever started is stopped again if a later step fails. */
  async start(pgBin: string): Promise<this> {
    try {
      [this.postgres, this.redis, this.dwt, this.receiver] = await Promise.all([
        ThrowawayPostgres.start(pgBin),
        ThrowawayRedis.start(),
        startDwtStandIn(),
        new WebhookReceiver().start(),
      ]);
      await this.#accounts(this.postgres.url);
      const dwt = this.dwt;
      const env = {
        DATABASE_URL: this.postgres.url,
        REDIS_URL: this.redis.url,
        LOG_FORMAT: 'json',
        DWT_API_URL: dwt.url,
        DWT_TOKEN_URL: dwt.tokenUrl,
        DWT_CLIENT_ID: dwt.clientId,
        DWT_CLIENT_SECRET: dwt.clientSecret,
        ...WORKERS,
      };
      this.servers = await Promise.all([startServerProcess(env), startServerProcess(env)]);
      for (const s of this.servers) killOnExit(s.child);
      for (const [key, events] of [
        [this.testKey, ['wtn.created']],
        [this.liveKey, ['waste_receipt.submitted', 'waste_receipt.rejected', 'waste_receipt.needs_review']],
      ] as const) {
        const res = await this.call(0, key, 'POST', '/v1/webhook-endpoints', {
          url: this.receiver.url,
          events,
        });
        if (res.status !== 201) throw new Error(`webhook endpoint: ${res.status} ${await res.text()}`);
        this.endpoints.push({ id: ((await res.json()) as { id: string }).id, key });
      }
      return this;
    } catch (error) {
      await this.stop();
      throw error;
    }
  }

  async stop(): Promise<void> {
    await Promise.allSettled(this.servers.map((s) => s.stop('SIGKILL')));
    await Promise.allSettled([
      this.postgres?.destroy(),
      this.redis?.destroy(),
      this.dwt?.close(),
      this.receiver?.stop(),
    ]);
  }

  call(instance: number, key: string, method: string, path: string, body?: unknown): Promise<Response> {
    return fetch(`${this.servers[instance].url}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(10_000),
    });
  }

  /** 30 requests at once with one free key (10 a minute), alternating between the instances. */
  async freeKeyBurst(
    key: string,
  ): Promise<{ instance: number; status: number; retryAfter: string | null }[]> {
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => this.call(i % 2, key, 'GET', '/v1/account')),
    );
    return responses.map((r, i) => ({
      instance: i % 2,
      status: r.status,
      retryAfter: r.headers.get('retry-after'),
    }));
  }

  /** Every delivery to every endpoint, through the API's pages. */
  async deliveries(): Promise<Delivery[]> {
    const all: Delivery[] = [];
    for (const { id, key } of this.endpoints) {
      for (let after: string | null = null, more = true; more; ) {
        const query = `limit=100${after ? `&starting_after=${after}` : ''}`;
        const res = await this.call(0, key, 'GET', `/v1/webhook-endpoints/${id}/deliveries?${query}`);
        const page = (await res.json()) as {
          data: Delivery[];
          has_more: boolean;
          next_starting_after: string | null;
        };
        all.push(...page.data);
        more = page.has_more;
        after = page.next_starting_after;
      }
    }
    return all;
  }

  /** For a failure message: what each instance logged (each message once, with a count), and its end. */
  serverLogs(): string {
    return this.servers
      .map((s, i) => {
        const counts = new Map<string, number>();
        for (const [, msg] of s.output().matchAll(/"msg":"([^"]*)"/g))
          counts.set(msg, (counts.get(msg) ?? 0) + 1);
        const messages = [...counts].map(([msg, n]) => `  ${n} x ${msg}`).join('\n');
        return `--- instance ${i}\n${messages}\n${s.output().slice(-1500)}`;
      })
      .join('\n');
  }

  /** Organisations and keys, made with the CLI before any server runs. */
  async #accounts(databaseUrl: string): Promise<void> {
    const env = { DATABASE_URL: databaseUrl, REDIS_URL: '' };
    await runCli(['migrate'], env); // once, before two processes race to migrate
    const org = async (plan: string) =>
      JSON.parse(await runCli(['org', 'create', '--name', 'Outage Ltd', '--plan', plan, '--json'], env))
        .id as string;
    const key = async (orgId: string, mode: string) =>
      JSON.parse(await runCli(['key', 'create', '--org', orgId, '--mode', mode, '--json'], env))
        .key as string;
    // The load's own keys never meet a limit: the limits are shown with the free keys.
    const enterprise = await org('enterprise');
    await runCli(['org', 'set-plan', enterprise, '--plan', 'enterprise', '--per-minute', '5000'], env);
    this.testKey = await key(enterprise, 'test');
    this.liveKey = await key(enterprise, 'live');
    const free = await org('free');
    this.freeKeys = [await key(free, 'live'), await key(free, 'live'), await key(free, 'live')];
  }
}

/** Polls `probe` until it returns a value; fails naming `what` after `ms`. */
export async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}
