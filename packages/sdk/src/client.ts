import createClient from 'openapi-fetch';
import { WcsError } from './errors.ts';
import type { paths } from './openapi.ts';
import type { Api } from './resources/api.ts';
import { ConsigneeReturns, ConsignmentNotes } from './resources/consignments.ts';
import { Account, Carriers, Waste } from './resources/lookups.ts';
import { Notes } from './resources/notes.ts';
import { Receipts, Sites } from './resources/receipts.ts';
import { CarrierWatches, Events, WebhookEndpoints } from './resources/webhooks.ts';
import { type RetryEvent, retryingFetch } from './retry.ts';

export interface ClientOptions {
  /** `wcs_live_…` or `wcs_test_…`. Default: the WCS_API_KEY environment variable. */
  apiKey?: string;
  /** The service's address. Default: WCS_BASE_URL, else http://127.0.0.1:8080 (`wcs serve`'s default). */
  baseUrl?: string;
  /** Retries after a 429, a 503 or a connection failure (default 2, so at most 3 tries). 0 turns them off. */
  maxRetries?: number;
  /** The longest Retry-After waited for, in ms (default 60 000); longer ones (a spent monthly quota) throw. */
  maxRetryDelayMs?: number;
  /** How long each try may take, in ms (default 60 000). */
  timeoutMs?: number;
  /** A fetch to use instead of the global one (same signature). */
  fetch?: typeof globalThis.fetch;
  /** Called before each retry, e.g. to log it. */
  onRetry?: (event: RetryEvent) => void;
}

const DEFAULT_BASE_URL = 'http://127.0.0.1:8080';

/** The environment's variables where there is one (Node.js, Deno, Bun); none in a browser. */
function environment(): Record<string, string | undefined> {
  return (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {};
}

/**
 * A client for the Waste Compliance Service API. Every method answers the API's JSON, typed from its
 * OpenAPI document, or throws a WcsApiError (with `code`, `status`, `details`, `requestId`) or a
 * WcsConnectionError.
 *
 *   const wcs = new WasteComplianceClient({ apiKey: 'wcs_test_…' });
 *   const note = await wcs.notes.create({ ... });
 */
export class WasteComplianceClient {
  /** The typed openapi-fetch client underneath (key, base URL and retries set), for anything else. */
  readonly api: Api;
  readonly account: Account;
  readonly carriers: Carriers;
  readonly waste: Waste;
  readonly notes: Notes;
  readonly consignmentNotes: ConsignmentNotes;
  readonly consigneeReturns: ConsigneeReturns;
  readonly sites: Sites;
  readonly receipts: Receipts;
  readonly webhookEndpoints: WebhookEndpoints;
  readonly events: Events;
  readonly carrierWatches: CarrierWatches;

  constructor(options: ClientOptions = {}) {
    const env = environment();
    const apiKey = options.apiKey ?? env.WCS_API_KEY;
    if (!apiKey) {
      throw new WcsError(
        'No API key: pass { apiKey } or set WCS_API_KEY (create one in the developer portal).',
      );
    }
    const baseUrl = options.baseUrl ?? env.WCS_BASE_URL ?? DEFAULT_BASE_URL;
    this.api = createClient<paths>({
      baseUrl,
      headers: { authorization: `Bearer ${apiKey}` },
      fetch: retryingFetch(options.fetch ?? globalThis.fetch, {
        maxRetries: options.maxRetries ?? 2,
        maxRetryDelayMs: options.maxRetryDelayMs ?? 60_000,
        timeoutMs: options.timeoutMs ?? 60_000,
        onRetry: options.onRetry,
      }),
    });
    this.account = new Account(this.api);
    this.carriers = new Carriers(this.api);
    this.waste = new Waste(this.api);
    this.notes = new Notes(this.api);
    this.consignmentNotes = new ConsignmentNotes(this.api);
    this.consigneeReturns = new ConsigneeReturns(this.api);
    this.sites = new Sites(this.api);
    this.receipts = new Receipts(this.api);
    this.webhookEndpoints = new WebhookEndpoints(this.api);
    this.events = new Events(this.api);
    this.carrierWatches = new CarrierWatches(this.api);
  }
}
