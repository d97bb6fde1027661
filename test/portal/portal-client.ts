import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** A browser stand-in over app.inject: keeps cookies, reads each page's CSRF token, sends forms. */
export class PortalClient {
  readonly app: FastifyInstance;
  readonly cookies = new Map<string, string>();
  /** The CSRF token of the last page that had a form. */
  token = '';
  /** The address requests come from: one network of its own, unless two browsers are meant to share one. */
  readonly address: string;
  /** Sent with every request, e.g. the X-Forwarded-For a proxy in front would add. */
  readonly extraHeaders: Record<string, string>;

  constructor(app: FastifyInstance, options: { address?: string; headers?: Record<string, string> } = {}) {
    this.app = app;
    this.address = options.address ?? uniqueAddress();
    this.extraHeaders = options.headers ?? {};
  }

  async get(url: string): Promise<LightMyRequestResponse> {
    const res = await this.app.inject({
      method: 'GET',
      url,
      headers: this.#headers(),
      remoteAddress: this.address,
    });
    this.#remember(res);
    return res;
  }

  /** Sends a form as a browser would, with the page's CSRF token unless `_csrf` is given. */
  async post(url: string, form: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    const body = new URLSearchParams({ _csrf: this.token, ...form }).toString();
    const res = await this.app.inject({
      method: 'POST',
      url,
      payload: body,
      headers: { ...this.#headers(), 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: this.address,
    });
    this.#remember(res);
    return res;
  }

  async signUp(
    email: string,
    organisation = 'Acme Waste Ltd',
    password = 'a long enough password',
  ): Promise<void> {
    await this.get('/portal/signup');
    const res = await this.post('/portal/signup', { organisation_name: organisation, email, password });
    if (res.statusCode !== 303) throw new Error(`sign-up failed with ${res.statusCode}: ${res.body}`);
  }

  async logIn(email: string, password = 'a long enough password'): Promise<LightMyRequestResponse> {
    await this.get('/portal/login');
    return this.post('/portal/login', { email, password });
  }

  /** Creates a key through the portal and returns the secret shown once. */
  async createKey(name: string, mode: 'live' | 'test' = 'test'): Promise<string> {
    await this.get('/portal/keys');
    const res = await this.post('/portal/keys', { name, mode });
    const secret = /id="new-key"[^>]*value="(wcs_(?:live|test)_[0-9A-Za-z]+)"/.exec(res.body)?.[1];
    if (!secret) throw new Error(`no key shown (${res.statusCode}): ${res.body.slice(0, 300)}`);
    return secret;
  }

  #headers(): Record<string, string> {
    if (this.cookies.size === 0) return { ...this.extraHeaders };
    return { ...this.extraHeaders, cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
  }

  #remember(res: LightMyRequestResponse): void {
    for (const c of res.cookies as { name: string; value: string; expires?: Date; maxAge?: number }[]) {
      const expired =
        c.maxAge === 0 || (c.expires !== undefined && c.expires.getTime() < Date.now()) || !c.value;
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    const token = /name="_csrf" value="([^"]+)"/.exec(res.body)?.[1];
    if (token) this.token = token;
  }
}

/**
 * An email address no other test (or earlier run) uses: with REDIS_URL set, failed-log-in counts live
 * in a Redis shared by every test, keyed by email.
 */
export function uniqueEmail(name: string): string {
  return `${name}.${randomBytes(5).toString('hex')}@example.com`;
}

/**
 * An IPv6 network no other test (or earlier run) uses, for the same reason: with REDIS_URL set, failed
 * log-ins per client network are counted in the shared Redis too. 2001:db8::/32 is for documentation.
 */
export function uniqueAddress(): string {
  const [a, b] = [randomBytes(2).toString('hex'), randomBytes(2).toString('hex')];
  return `2001:db8:${a}:${b}::1`;
}

/** The one problem a page's error summary reports (the text of its first item, linked or not). */
export function problem(body: string): string {
  return /<div class="error-summary"[\s\S]*?<li>(?:<a [^>]*>)?([^<]*)</.exec(body)?.[1] ?? '';
}

/** One log-in as a browser makes it: the form first (its CSRF token), then the post. */
export async function attempt(browser: PortalClient, email: string, password: string) {
  await browser.get('/portal/login');
  return browser.post('/portal/login', { email, password });
}
