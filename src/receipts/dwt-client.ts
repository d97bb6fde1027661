import type { Logger } from 'pino';
import type { Clock } from '../platform/clock.ts';
import type { DwtFieldError } from './dwt-payload.ts';

/**
 * What one request to DWT came to. `retry` means DWT certainly did not record the movement (no
 * connection was made, or DWT refused before reading it: 401, 402, 403, 429, 503), so sending again is
 * safe. `unknown` means the request may have been recorded (a timeout after sending, a dropped
 * connection, a 5xx from behind the gateway): a create is then never sent again without a person.
 */
export type DwtOutcome =
  | { result: 'accepted'; status: number; wasteTrackingId?: string; warnings: DwtFieldError[] }
  | { result: 'rejected'; status: number; errors: DwtFieldError[]; message: string }
  | { result: 'retry'; status: number | null; message: string }
  | { result: 'unknown'; status: number | null; message: string };

export interface DwtSubmitter {
  create(payload: Record<string, unknown>): Promise<DwtOutcome>;
  update(wasteTrackingId: string, payload: Record<string, unknown>): Promise<DwtOutcome>;
}

export interface DwtClientOptions {
  apiUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
  clock: Clock;
  logger: Logger;
}

// Failures that happen before a single byte of the request reaches DWT.
const NOT_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);
// Statuses DWT's gateway answers without handing the request on (DEFRA Receipt API: 401 bad token, 402
// unpaid charge, 403, 429 rate limit; 503 service unavailable).
const REFUSED_UNREAD = new Set([401, 402, 403, 429, 503]);
// Renew a token this long before DWT says it expires.
const TOKEN_MARGIN_MS = 60_000;

function failureCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: string } }).cause;
  return cause?.code ?? (error as { code?: string }).code;
}

/**
 * DWT's Receipt API over HTTPS: OAuth 2 client credentials against the Cognito token endpoint
 * (DEFRA waste-tracking-service docs/api-authentication-guide.md), the token kept until shortly before
 * it expires, then `POST /movements/receive` or `PUT /movements/{id}/receive` with it.
 */
export class DwtClient implements DwtSubmitter {
  readonly #o: DwtClientOptions;
  #token: { value: string; expiresAt: number } | undefined;
  #tokenRequest: Promise<string> | undefined;

  constructor(options: DwtClientOptions) {
    this.#o = options;
  }

  create(payload: Record<string, unknown>): Promise<DwtOutcome> {
    return this.#send('POST', '/movements/receive', payload);
  }

  update(wasteTrackingId: string, payload: Record<string, unknown>): Promise<DwtOutcome> {
    return this.#send('PUT', `/movements/${encodeURIComponent(wasteTrackingId)}/receive`, payload);
  }

  async #send(
    method: string,
    path: string,
    payload: Record<string, unknown>,
    renewed = false,
  ): Promise<DwtOutcome> {
    let token: string;
    try {
      token = await this.#accessToken();
    } catch (error) {
      // Nothing reached the Receipt API.
      return {
        result: 'retry',
        status: null,
        message: `DWT's token endpoint failed: ${(error as Error).message}`,
      };
    }
    let response: Response;
    try {
      response = await fetch(new URL(path.slice(1), `${this.#o.apiUrl.replace(/\/?$/, '/')}`), {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(this.#o.timeoutMs),
      });
    } catch (error) {
      const code = failureCode(error);
      if (code && NOT_SENT.has(code))
        return { result: 'retry', status: null, message: `DWT could not be reached (${code}).` };
      const timedOut = (error as Error).name === 'TimeoutError';
      return {
        result: 'unknown',
        status: null,
        message: timedOut
          ? `DWT did not answer within ${this.#o.timeoutMs} ms after the receipt was sent.`
          : `The connection to DWT failed after the receipt was sent (${code ?? (error as Error).message}).`,
      };
    }
    const body = await response.text().catch(() => '');
    const json = parse(body);
    if (response.status === 401 && !renewed) {
      this.#token = undefined;
      return this.#send(method, path, payload, true);
    }
    if (response.status === 200 || response.status === 201) {
      return {
        result: 'accepted',
        status: response.status,
        wasteTrackingId: typeof json?.wasteTrackingId === 'string' ? json.wasteTrackingId : undefined,
        warnings: validationList(json, 'warnings'),
      };
    }
    if (response.status === 400) {
      return {
        result: 'rejected',
        status: 400,
        errors: validationList(json, 'errors'),
        message: 'DWT refused the receipt.',
      };
    }
    if (response.status === 404 && method === 'PUT') {
      return {
        result: 'rejected',
        status: 404,
        errors: [],
        message: 'DWT does not know this waste tracking id.',
      };
    }
    const said = typeof json?.message === 'string' ? `: ${json.message}` : '';
    if (REFUSED_UNREAD.has(response.status)) {
      return { result: 'retry', status: response.status, message: `DWT answered ${response.status}${said}` };
    }
    return { result: 'unknown', status: response.status, message: `DWT answered ${response.status}${said}` };
  }

  /** One token request at a time; concurrent submissions wait for the same one. */
  #accessToken(): Promise<string> {
    const now = this.#o.clock.now().getTime();
    if (this.#token && this.#token.expiresAt - TOKEN_MARGIN_MS > now)
      return Promise.resolve(this.#token.value);
    this.#tokenRequest ??= this.#requestToken().finally(() => {
      this.#tokenRequest = undefined;
    });
    return this.#tokenRequest;
  }

  async #requestToken(): Promise<string> {
    const { clientId, clientSecret, tokenUrl, timeoutMs } = this.#o;
    const response = await fetch(tokenUrl, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId }).toString(),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const json = parse(await response.text());
    if (!response.ok || typeof json?.access_token !== 'string') {
      throw new Error(
        `token request answered ${response.status}${json?.error ? ` (${String(json.error)})` : ''}`,
      );
    }
    const expiresIn = typeof json.expires_in === 'number' ? json.expires_in : 3600;
    this.#token = { value: json.access_token, expiresAt: this.#o.clock.now().getTime() + expiresIn * 1000 };
    this.#o.logger.debug({ expiresIn }, 'DWT access token obtained');
    return json.access_token;
  }
}

function parse(text: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function validationList(
  json: Record<string, unknown> | undefined,
  kind: 'errors' | 'warnings',
): DwtFieldError[] {
  const list = (json?.validation as Record<string, unknown> | undefined)?.[kind];
  if (!Array.isArray(list)) return [];
  return list
    .filter((e): e is Record<string, unknown> => typeof e === 'object' && e !== null)
    .map((e) => ({
      key: String(e.key ?? ''),
      errorType: String(e.errorType ?? ''),
      message: String(e.message ?? ''),
    }));
}
