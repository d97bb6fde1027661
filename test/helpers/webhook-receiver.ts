import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  /** The raw body exactly as it arrived (what the signature covers). */
  body: string;
  json: { id: string; type: string; created: number; livemode: boolean; data: Record<string, unknown> };
}

/**
 * A webhook receiver on 127.0.0.1: records every request and answers with the next queued status
 * (200 once the queue is empty), or never answers while `hang` is set.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  readonly #answers: number[] = [];
  hang = false;
  #server: Server | undefined;
  url = '';

  /** The next requests get these statuses, in order. */
  answer(...statuses: number[]): void {
    this.#answers.push(...statuses);
  }

  /** Forgets what arrived and the statuses still queued. */
  reset(): void {
    this.received.length = 0;
    this.#answers.length = 0;
    this.hang = false;
  }

  async start(path = '/hooks'): Promise<this> {
    this.#server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        this.received.push({ headers: req.headers, body, json: JSON.parse(body) });
        if (this.hang) return;
        const status = this.#answers.shift() ?? 200;
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ received: status < 300, detail: 'x'.repeat(2000) }));
      });
    });
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server!.address() as AddressInfo).port}${path}`;
    return this;
  }

  /** Lets a process exit with the receiver still listening (benchmarks). */
  unref(): this {
    this.#server?.unref();
    return this;
  }

  /** Waits until `count` requests have arrived (the worker delivers in the background). */
  async waitFor(count: number, timeoutMs = 10_000): Promise<ReceivedWebhook[]> {
    const until = Date.now() + timeoutMs;
    while (this.received.length < count) {
      if (Date.now() > until) throw new Error(`expected ${count} webhooks, got ${this.received.length}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    return this.received;
  }

  ofType(type: string): ReceivedWebhook[] {
    return this.received.filter((r) => r.json.type === type);
  }

  async stop(): Promise<void> {
    this.#server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.#server ? this.#server.close(() => resolve()) : resolve()));
  }
}
