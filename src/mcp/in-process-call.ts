import { EventEmitter } from 'node:events';
import { Readable } from 'node:stream';
import { errorCodes, type FastifyInstance } from 'fastify';

/** One request to this app made in-process: a tool's /v1 call. */
export interface InProcessRequest {
  method: 'GET' | 'POST';
  /** Path and query, already percent-encoded (`/v1/wtn/WTN-1?limit=5`). */
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface InProcessAnswer {
  status: number;
  /** Every header as text, a repeated one joined with ", ". */
  headers: Record<string, string>;
  body: string;
}

/**
 * What `app.inject` would present as the client: light-my-request's address, agent and host, so a tool's
 * call looks the same in the request log and the access log as it did when tools went through inject.
 */
const CLIENT_ADDRESS = '127.0.0.1';
const CLIENT_HEADERS = { 'user-agent': 'lightMyRequest', host: 'localhost:80' };

/** A path and query that WHATWG URL parsing (what inject applies) would leave exactly as they are. */
const SETTLED_URL = /^\/[A-Za-z0-9\-._~!$&'()*+,;=:@/%]*(\?[A-Za-z0-9\-._~!$&()*+,;=:@/%?]+)?$/;
const DOT_SEGMENT = /\/(\.|%2e){1,2}(\/|\?|$)/i;

/** inject's URL handling (dot segments resolved, stray characters encoded), applied only when needed. */
function settledUrl(url: string): string {
  if (SETTLED_URL.test(url) && !DOT_SEGMENT.test(url)) return url;
  const parsed = new URL(url, 'http://localhost');
  return parsed.pathname + parsed.search;
}

/** The request side of Node's IncomingMessage, as far as Fastify reads it: a stream of the body. */
class Incoming extends Readable {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly rawHeaders: string[] = [];
  readonly httpVersion = '1.1';
  readonly httpVersionMajor = 1;
  readonly httpVersionMinor = 1;
  readonly aborted = false;
  readonly socket: EventEmitter & { remoteAddress: string; destroyed: boolean };
  #body: string | undefined;

  constructor(request: InProcessRequest) {
    super({ autoDestroy: false });
    this.method = request.method;
    this.url = settledUrl(request.url);
    this.headers = { ...request.headers, ...CLIENT_HEADERS };
    if (request.body !== undefined) this.headers['content-length'] = String(Buffer.byteLength(request.body));
    this.#body = request.body;
    this.socket = Object.assign(new EventEmitter(), { remoteAddress: CLIENT_ADDRESS, destroyed: false });
  }

  override _read(): void {
    if (this.#body !== undefined) this.push(this.#body);
    this.#body = undefined;
    this.push(null);
  }
}

/**
 * The response side of Node's ServerResponse, as far as Fastify writes it: the status, headers and body
 * are kept, and `finish` then `close` are emitted as a server emits them, so onResponse hooks (the
 * request log) and `close` listeners (the limits settling a call) run as for any request.
 */
class Outgoing extends EventEmitter {
  statusCode = 200;
  statusMessage = '';
  headersSent = false;
  writableEnded = false;
  destroyed = false;
  readonly sendDate = false;
  readonly #headers: Record<string, unknown> = {};
  #body = '';
  readonly #settle: (answer: InProcessAnswer | Error) => void;

  constructor(settle: (answer: InProcessAnswer | Error) => void) {
    super();
    this.#settle = settle;
  }

  setHeader(name: string, value: unknown): this {
    this.#headers[name.toLowerCase()] = value;
    return this;
  }

  getHeader(name: string): unknown {
    return this.#headers[name.toLowerCase()];
  }

  getHeaders(): Record<string, unknown> {
    return { ...this.#headers };
  }

  hasHeader(name: string): boolean {
    return this.#headers[name.toLowerCase()] !== undefined;
  }

  removeHeader(name: string): void {
    delete this.#headers[name.toLowerCase()];
  }

  writeHead(status: number, headers?: Record<string, unknown>): this {
    this.statusCode = status;
    for (const name in headers) this.#headers[name.toLowerCase()] = headers[name];
    this.headersSent = true;
    return this;
  }

  write(chunk: string | Uint8Array): boolean {
    this.headersSent = true;
    this.#body += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString();
    return true;
  }

  end(chunk?: string | Uint8Array | (() => void)): this {
    if (this.writableEnded) return this;
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') this.write(chunk);
    this.headersSent = true;
    this.writableEnded = true;
    this.emit('finish');
    this.#close();
    // After `close`, as inject answers: the call's limits are settled before its caller carries on.
    const answer = { status: this.statusCode, headers: this.#texts(), body: this.#body };
    process.nextTick(() => this.#settle(answer));
    return this;
  }

  /** Fastify destroys a response it cannot finish: the call fails as inject's does. */
  destroy(error?: Error): this {
    if (this.destroyed) return this;
    if (!this.writableEnded) {
      const failure = new Error('response destroyed before completion') as Error & { code?: string };
      failure.code = 'LIGHT_ECONNRESET';
      this.#settle(error ?? failure);
    }
    this.#close();
    return this;
  }

  addTrailers(): void {}

  #close(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    process.nextTick(() => this.emit('close'));
  }

  #texts(): Record<string, string> {
    const texts: Record<string, string> = {};
    for (const [name, value] of Object.entries(this.#headers)) {
      if (value !== undefined) texts[name] = Array.isArray(value) ? value.join(', ') : String(value);
    }
    return texts;
  }
}

/**
 * Answers requests through the app's own router (`fastify.routing`), so each passes every hook, schema
 * and error handler a request from the network passes. It stands in for `app.inject`, whose emulation
 * of a socket, a URL parse and a Node ServerResponse per call cost more than the call's own route; a
 * tool's call needs only its status, headers and JSON text back.
 */
export function inProcessCaller(
  app: FastifyInstance,
): (request: InProcessRequest) => Promise<InProcessAnswer> {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  return (request) =>
    new Promise((resolve, reject) => {
      // As inject does: a closing app takes no more calls.
      if (closing) return reject(new errorCodes.FST_ERR_REOPENED_CLOSE_SERVER());
      const settle = (answer: InProcessAnswer | Error) =>
        answer instanceof Error ? reject(answer) : resolve(answer);
      app.routing(new Incoming(request) as never, new Outgoing(settle) as never);
    });
}
