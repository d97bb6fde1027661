import { randomBytes, randomInt } from 'node:crypto';
import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
  STATUS_CODES,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  boom,
  jsonPayload,
  movementRoute,
  type Outcome,
  parseOrText,
  readBody,
  send,
  withWarnings,
} from './dwt-stand-in-http.ts';
import { checkReceipt, type DwtProblem } from './dwt-stand-in-rules.ts';
import { CognitoTokens } from './dwt-stand-in-tokens.ts';
import { CarrierMissingError, receiptWarnings } from './dwt-stand-in-warnings.ts';

/**
 * A stand-in for DEFRA's Digital Waste Tracking Receipt API and its Cognito token endpoint, over real HTTP
 * on 127.0.0.1, answering as DWT does (waste-movement-external-api src/routes, src/handlers,
 * src/plugins/jwt-auth.js and error-handler.js; waste-tracking-service docs/api-authentication-guide.md),
 * with switches for the ways the real service fails. Faults apply to movement requests only (POST and PUT),
 * except `refuseTokens` and `down`.
 */
export interface DwtStandInOptions {
  clientId?: string;
  clientSecret?: string;
  /** Lifetime of an access token in seconds; 3600 by default, as Cognito's. */
  expiresIn?: number;
  /** 0 (the default) takes any free port. */
  port?: number;
  /** The clock in ms since the epoch, so a test can let tokens expire without waiting. */
  now?: () => number;
  /** Also serve `/_control/*` (the stand-in in its own process is steered through it). */
  control?: boolean;
}

export interface DwtMovement {
  /** 2-digit year and 6 uppercase letters or digits, e.g. `26HRA0B2`. */
  wasteTrackingId: string;
  /** The body as last received (the POST's, or the latest PUT's). */
  payload: unknown;
  /** How many payloads were accepted for it: 1 after the POST, 2 after the first PUT, ... */
  revisions: number;
  createdAt: Date;
}

export interface DwtRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  /** Parsed JSON when it parses, else the raw text. */
  body: unknown;
  /** The status answered; null while unanswered, or never answered (hang, drop). */
  status: number | null;
}

/** What each fault switch holds, and for how many more requests. */
interface Faults {
  refusal: Outcome;
  tokenRefusal: Outcome;
  silence: 'hang' | 'drop';
  delay: number;
}
type FaultSwitches = { [K in keyof Faults]?: { value: Faults[K]; left: number } };

export class DwtStandIn {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly movements: DwtMovement[] = [];
  readonly requests: DwtRequest[] = [];
  #url = '';
  #tokenRequests = 0;
  readonly #tokens: CognitoTokens;
  readonly #now: () => number;
  readonly #control: boolean;
  readonly #server: Server;
  #port: number;
  #faults: FaultSwitches = {};
  readonly #timers = new Set<NodeJS.Timeout>();

  constructor(options: DwtStandInOptions = {}) {
    this.clientId = options.clientId ?? 'dwt-test-client';
    this.clientSecret = options.clientSecret ?? randomBytes(18).toString('base64url');
    this.#now = options.now ?? Date.now;
    this.#tokens = new CognitoTokens(this, options.expiresIn ?? 3600, this.#now);
    this.#control = options.control ?? false;
    this.#port = options.port ?? 0;
    this.#server = createServer((req, res) => {
      this.#handle(req, res).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500).end(String(error));
      });
    });
  }

  /** The base address, e.g. `http://127.0.0.1:PORT`. */
  get url(): string {
    return this.#url;
  }

  get tokenUrl(): string {
    return `${this.#url}/oauth2/token`;
  }

  get tokenRequests(): number {
    return this.#tokenRequests;
  }

  async start(): Promise<this> {
    await this.up();
    this.#port = (this.#server.address() as AddressInfo).port;
    this.#url = `http://127.0.0.1:${this.#port}`;
    return this;
  }

  /** Answer `status` (and `body`, JSON unless a string) to the next `times` movement requests; store nothing. */
  refuse(status: number, body?: unknown, times = Number.POSITIVE_INFINITY): void {
    this.#faults.refusal = {
      value: { status, body: body ?? boom(status, STATUS_CODES[status] ?? 'Error') },
      left: times,
    };
  }

  /** The same for the token endpoint (Cognito failing on its own). */
  refuseTokens(status: number, body?: unknown, times = Number.POSITIVE_INFINITY): void {
    this.#faults.tokenRefusal = { value: { status, body: body ?? { error: 'server_error' } }, left: times };
  }

  /** Process (and store) the next `times` movement requests, then never answer: the socket stays open. */
  hang(times = Number.POSITIVE_INFINITY): void {
    this.#faults.silence = { value: 'hang', left: times };
  }

  /** Process (and store) the next `times` movement requests, then destroy the socket without a response. */
  dropAfterAccept(times = Number.POSITIVE_INFINITY): void {
    this.#faults.silence = { value: 'drop', left: times };
  }

  /** Wait `ms` before handling each of the next `times` movement requests. */
  delay(ms: number, times = Number.POSITIVE_INFINITY): void {
    this.#faults.delay = { value: ms, left: times };
  }

  /** Every token issued so far is now expired; tokens issued later work. */
  expireTokens(): void {
    this.#tokens.expireAll();
  }

  clearFaults(): void {
    this.#faults = {};
  }

  /** Forget movements, requests, tokens and faults (the client's credentials stay). */
  reset(): void {
    this.clearFaults();
    this.movements.length = 0;
    this.requests.length = 0;
    this.#tokens.clear();
    this.#tokenRequests = 0;
  }

  /** Stop listening and cut every open connection: clients see the connection refused. */
  async down(): Promise<void> {
    if (!this.#server.listening) return;
    const closed = new Promise<void>((resolve) => this.#server.close(() => resolve()));
    this.#server.closeAllConnections();
    await closed;
  }

  /** Listen again on the same port. */
  async up(): Promise<void> {
    if (this.#server.listening) return;
    await new Promise<void>((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen(this.#port, '127.0.0.1', () => {
        this.#server.off('error', reject);
        resolve();
      });
    });
  }

  async close(): Promise<void> {
    for (const timer of this.#timers) clearTimeout(timer);
    await this.down();
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://stand-in').pathname.replace(/(.)\/+$/, '$1');
    if (this.#control && path.startsWith('/_control/')) return this.#steer(req.method ?? '', path, res);
    const raw = await readBody(req);
    const record: DwtRequest = {
      method: req.method ?? '',
      path,
      authorization: req.headers.authorization,
      body: parseOrText(raw),
      status: null,
    };
    this.requests.push(record);
    const answer = (outcome: Outcome) => {
      record.status = outcome.status;
      send(res, outcome);
    };
    if (path === '/oauth2/token') {
      this.#tokenRequests++;
      return answer(this.#take('tokenRefusal') ?? this.#tokens.issue(req, raw));
    }
    const route = movementRoute(req.method, path);
    if (!route) return answer({ status: 404, body: boom(404, 'Not Found') });

    const delay = this.#take('delay');
    if (delay) await this.#sleep(delay);
    const refusal = this.#take('refusal');
    if (refusal) return answer(refusal);
    const outcome = this.#receive(route, req, raw);
    const silence = this.#take('silence');
    if (silence === 'hang') return; // the client is left waiting until it gives up
    if (silence === 'drop') return void req.socket.destroy();
    answer(outcome);
  }

  /** What DWT does with a movement request, in hapi's order: authenticate, parse, validate, handle. */
  #receive(route: { wasteTrackingId?: string }, req: IncomingMessage, raw: Buffer): Outcome {
    const refused = this.#tokens.refusal(req.headers.authorization);
    if (refused) return refused;
    const parsed = jsonPayload(req, raw);
    if ('refusal' in parsed) return parsed.refusal;
    const { body } = parsed;
    const check = checkReceipt(body);
    if (!check.ok) return { status: 400, body: { validation: { errors: check.errors } } };
    return route.wasteTrackingId === undefined
      ? this.#create(body, check.value)
      : this.#update(route.wasteTrackingId, body, check.value);
  }

  // DWT stores the movement before it works out the warnings (src/handlers/create-receipt-movement.js).
  #create(payload: unknown, value: Record<string, unknown>): Outcome {
    const wasteTrackingId = this.#newWasteTrackingId();
    this.movements.push({ wasteTrackingId, payload, revisions: 1, createdAt: new Date(this.#now()) });
    const warnings = this.#warnings(value);
    if (!warnings) {
      return {
        status: 500,
        body: { error: 'Internal Server Error', message: 'Failed to create waste movement' },
      };
    }
    return { status: 201, body: { wasteTrackingId, ...withWarnings(warnings) } };
  }

  #update(wasteTrackingId: string, payload: unknown, value: Record<string, unknown>): Outcome {
    const movement = this.movements.find((m) => m.wasteTrackingId === wasteTrackingId);
    if (movement) {
      movement.payload = payload;
      movement.revisions++;
    }
    const warnings = this.#warnings(value);
    if (!warnings) return { status: 500, body: boom(500, 'An internal server error occurred') };
    if (!movement) return { status: 404, body: boom(404, 'Movement not found') };
    return { status: 200, body: withWarnings(warnings) };
  }

  /** null where DWT's warnings code throws (a receipt without a carrier). */
  #warnings(value: Record<string, unknown>): DwtProblem[] | null {
    try {
      return receiptWarnings(value);
    } catch (error) {
      if (error instanceof CarrierMissingError) return null;
      throw error;
    }
  }

  #newWasteTrackingId(): string {
    const year = String(new Date(this.#now()).getUTCFullYear() % 100).padStart(2, '0');
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
    for (;;) {
      const id = year + Array.from({ length: 6 }, () => alphabet[randomInt(alphabet.length)]).join('');
      if (!this.movements.some((m) => m.wasteTrackingId === id)) return id;
    }
  }

  #steer(method: string, path: string, res: ServerResponse): void {
    const controls: Record<string, () => unknown> = {
      'GET /_control/movements': () => this.movements,
      'GET /_control/requests': () => this.requests,
      'POST /_control/hang': () => {
        this.hang(1);
        return {};
      },
      'POST /_control/reset': () => {
        this.reset();
        return {};
      },
    };
    const control = controls[`${method} ${path}`];
    send(res, control ? { status: 200, body: control() } : { status: 404, body: boom(404, 'Not Found') });
  }

  /** The switch's value if it is on, counting this request against it. */
  #take<K extends keyof Faults>(kind: K): Faults[K] | undefined {
    const fault = this.#faults[kind];
    if (!fault) return undefined;
    if (--fault.left <= 0) delete this.#faults[kind];
    return fault.value;
  }

  #sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#timers.delete(timer);
        resolve();
      }, ms);
      this.#timers.add(timer);
    });
  }
}

export async function startDwtStandIn(options: DwtStandInOptions = {}): Promise<DwtStandIn> {
  return new DwtStandIn(options).start();
}
