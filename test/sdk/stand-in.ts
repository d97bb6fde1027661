import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Arrival {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** performance.now() when the request arrived. */
  at: number;
}

/** What the stand-in does with a request: answer, drop the connection, or never answer. */
export type Script =
  | { status: number; headers?: Record<string, string>; body?: unknown }
  | { drop: true }
  | { hang: true };

/**
 * A stand-in for the service on 127.0.0.1 that answers from a script, one entry per request (the
 * last entry repeats), and records what each request carried, e.g. its Idempotency-Key.
 */
export class StandIn {
  readonly arrivals: Arrival[] = [];
  #script: Script[] = [];
  #server: Server | undefined;
  url = '';

  script(...entries: Script[]): void {
    this.arrivals.length = 0;
    this.#script = entries;
  }

  async start(): Promise<this> {
    this.#server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.arrivals.push({
          method: req.method ?? '',
          url: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          at: performance.now(),
        });
        const entry = this.#script.length > 1 ? this.#script.shift()! : this.#script[0];
        if (!entry || 'hang' in entry) return;
        if ('drop' in entry) return req.socket.destroy();
        const text = typeof entry.body === 'string' ? entry.body : JSON.stringify(entry.body ?? {});
        res.writeHead(entry.status, {
          'content-type': typeof entry.body === 'string' ? 'text/html' : 'application/json',
          ...entry.headers,
        });
        res.end(text);
      });
    });
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server!.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.#server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.#server ? this.#server.close(() => resolve()) : resolve()));
  }
}

/** The API's error envelope, as the service writes it. */
export function envelope(code: string, status: number, requestId = 'req_standin0000000001') {
  return { error: { code, message: `${code} from the stand-in`, status, request_id: requestId } };
}
