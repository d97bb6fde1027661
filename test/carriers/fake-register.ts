import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the EA public register API, served over real HTTP on 127.0.0.1: the item endpoint,
 * the list endpoint with name-search / address-search / number-search (all partial matches, as the
 * EA's are) and _limit/_offset paging, plus switches for the ways a real upstream fails.
 */
export interface FakeItemSpec {
  number: string;
  name: string;
  tier: 'Upper' | 'Lower';
  expiry?: string;
  postcode?: string;
  company?: string;
  tradingName?: string;
  /** Serve `holder` as an array (seen in the wild). */
  holderAsArray?: boolean;
}

export function eaItem(spec: FakeItemSpec): Record<string, unknown> {
  const holder = {
    '@id': `http://environment.data.gov.uk/public-register/holder/${spec.number}`,
    name: spec.name,
    ...(spec.tradingName ? { tradingName: spec.tradingName } : {}),
    ...(spec.company ? { companyNumber: spec.company } : {}),
  };
  return {
    '@id': `http://environment.data.gov.uk/public-register/waste-carriers-brokers/registration/${spec.number}`,
    registrationNumber: spec.number,
    label: spec.name,
    register: {
      '@id': 'http://environment.data.gov.uk/public-register/waste-carriers-brokers',
      label: 'Waste Carriers and Brokers',
    },
    holder: spec.holderAsArray ? [holder] : holder,
    tier: { '@id': `http://environment.data.gov.uk/def/tier/${spec.tier.toLowerCase()}`, label: spec.tier },
    registrationType: { label: 'Carrier, Broker, Dealer' },
    applicantType: { prefLabel: spec.company ? 'Company' : 'Sole trader' },
    registrationDate: '2024-06-01',
    ...(spec.expiry ? { expiryDate: spec.expiry } : {}),
    site: {
      siteAddress: {
        address: `1 Example Road, Testville, ${spec.postcode ?? 'TE9 9ZZ'}`,
        postcode: spec.postcode ?? 'TE9 9ZZ',
      },
    },
  };
}

export type FailureMode =
  | 'none'
  | 'http500'
  | 'http503'
  | 'slow'
  /** Accept the request and never answer. */
  | 'hang'
  | 'not-json'
  | 'no-items'
  | 'item-404';

export class FakeRegister {
  readonly items = new Map<string, Record<string, unknown>>();
  /** Every request path with its query, in order. */
  readonly requests: string[] = [];
  failure: FailureMode = 'none';
  /** Fail only the next N requests (then behave); Infinity = until changed. */
  failCount = Number.POSITIVE_INFINITY;
  slowMs = 1_000;
  /** Requests whose client closed the connection before an answer was sent. */
  abandoned = 0;
  url = '';
  readonly #server: Server;

  constructor() {
    this.#server = createServer((req, res) => this.#handle(req, res));
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}/public-register`;
    return this;
  }

  /** Lets a process exit with the server still listening (benchmarks). */
  unref(): this {
    this.#server.unref();
    return this;
  }

  async stop(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  add(...specs: FakeItemSpec[]): this {
    for (const spec of specs) this.items.set(spec.number, eaItem(spec));
    return this;
  }

  fail(mode: FailureMode, count = Number.POSITIVE_INFINITY): void {
    this.failure = mode;
    this.failCount = count;
  }

  #handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://fake');
    this.requests.push(url.pathname + url.search);
    res.once('close', () => {
      if (!res.writableEnded) this.abandoned++;
    });
    if (this.failure !== 'none' && this.failCount > 0) {
      this.failCount--;
      if (this.#misbehave(res)) return;
    }
    const item = /^\/public-register\/waste-carriers-brokers\/registration\/([^/]+)\.json$/.exec(
      url.pathname,
    );
    if (item) {
      const found = this.items.get(decodeURIComponent(item[1]));
      if (!found || this.failure === 'item-404') send(res, 404, { error: 'Not found' });
      else send(res, 200, { meta: { version: '0.1' }, items: [found] });
    } else if (url.pathname === '/public-register/waste-carriers-brokers/registration.json') {
      send(res, 200, { meta: meta(url), items: this.#list(url.searchParams) });
    } else {
      send(res, 404, { error: 'Not found' });
    }
  }

  /** Returns true when the response has been dealt with. */
  #misbehave(res: ServerResponse): boolean {
    switch (this.failure) {
      case 'http500':
        send(res, 500, { error: 'Internal Server Error' });
        return true;
      case 'http503':
        res.writeHead(503, { 'content-type': 'text/html' }).end('<html>Service Unavailable</html>');
        return true;
      case 'slow':
        setTimeout(() => {
          if (!res.destroyed) send(res, 200, { meta: {}, items: [] });
        }, this.slowMs);
        return true;
      case 'hang':
        return true;
      case 'not-json':
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Maintenance</body></html>');
        return true;
      case 'no-items':
        send(res, 200, { meta: {}, result: 'unexpected' });
        return true;
      default:
        return false;
    }
  }

  #list(params: URLSearchParams): unknown[] {
    const fold = (s: string) => s.toLowerCase().replace(/\s+/g, '');
    const name = params.get('name-search');
    const address = params.get('address-search');
    const number = params.get('number-search');
    const all = [...this.items.values()].filter((item) => {
      const holder = Array.isArray(item.holder) ? item.holder[0] : item.holder;
      const h = holder as { name: string; tradingName?: string };
      // The EA's name search is loose: any word of the query in the name or trading name.
      if (
        name &&
        !name
          .toLowerCase()
          .split(/\s+/)
          .some((w) => `${h.name} ${h.tradingName ?? ''}`.toLowerCase().includes(w))
      ) {
        return false;
      }
      const site = item.site as { siteAddress: { address: string } };
      if (address && !fold(site.siteAddress.address).includes(fold(address))) return false;
      if (number && !String(item.registrationNumber).includes(number.toUpperCase())) return false;
      return true;
    });
    const offset = Number(params.get('_offset') ?? 0);
    const limit = Number(params.get('_limit') ?? 10);
    return all.slice(offset, offset + limit);
  }
}

function meta(url: URL) {
  return {
    publisher: 'Environment Agency',
    limit: Number(url.searchParams.get('_limit') ?? 10),
    offset: Number(url.searchParams.get('_offset') ?? 0),
  };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
