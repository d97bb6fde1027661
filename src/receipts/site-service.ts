import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/database.ts';
import { ApiError, type ErrorDetail } from '../platform/errors.ts';
import { newId } from '../platform/ids.ts';
import { printedTextProblem } from '../platform/person-name.ts';
import {
  AUTHORISATION_EXAMPLE,
  EMAIL_EXAMPLE,
  isDwtAuthorisationNumber,
  isDwtEmail,
  isUkPostcode,
  normalisePostcode,
} from './dwt-formats.ts';
import type { ReceiptScope } from './receipt-types.ts';
import type { CreateSiteBody, UpdateSiteBody } from './site-schemas.ts';
import { SiteStore } from './site-store.ts';
import type { Site } from './site-types.ts';

const siteNotFound = () => new ApiError('SITE_NOT_FOUND');

/**
 * Receiving sites: the permitted places waste arrives at, each with the permit numbers and the DWT API
 * code its receipts are reported under. Checked with DWT's own formats, so a receipt never fails at DWT
 * for a site detail.
 */
export class SiteService {
  readonly #store: SiteStore;
  readonly #clock: Clock;
  constructor(db: Db, clock: Clock) {
    this.#store = new SiteStore(db);
    this.#clock = clock;
  }

  async create(scope: ReceiptScope, body: CreateSiteBody): Promise<Site> {
    const at = this.#clock.now().toISOString();
    const site: Site = {
      id: newId('site'),
      object: 'site',
      mode: scope.mode,
      ...checked(body),
      archived: false,
      created_at: at,
      updated_at: at,
    } as Site;
    await this.#store.insert(scope, site);
    return site;
  }

  async get(scope: ReceiptScope, id: string): Promise<Site> {
    const site = await this.#store.get(scope, id);
    if (!site) throw siteNotFound();
    return site;
  }

  /** The site, or undefined: for callers that answer its absence their own way. */
  find(scope: ReceiptScope, id: string): Promise<Site | undefined> {
    return this.#store.get(scope, id);
  }

  list(scope: ReceiptScope, includeArchived = false): Promise<Site[]> {
    return this.#store.list(scope, includeArchived);
  }

  async update(scope: ReceiptScope, id: string, changes: UpdateSiteBody): Promise<Site> {
    const site = await this.get(scope, id);
    const merged = checked({ ...site, ...changes } as CreateSiteBody);
    const updated: Site = { ...site, ...merged, updated_at: this.#clock.now().toISOString() };
    await this.#store.replace(scope, updated);
    return updated;
  }

  /** Sites are archived, never deleted: receipts made at them are kept for years and name them. */
  async archive(scope: ReceiptScope, id: string): Promise<Site> {
    const site = await this.get(scope, id);
    const archived: Site = { ...site, archived: true, updated_at: this.#clock.now().toISOString() };
    await this.#store.replace(scope, archived);
    return archived;
  }
}

/** The site's fields in the form DWT requires, or a 400 naming every field DWT would refuse. */
function checked(body: CreateSiteBody): CreateSiteBody {
  const details: ErrorDetail[] = [];
  const postcode = normalisePostcode(body.address.postcode);
  // DWT's receipt address takes a UK postcode only (utils src/schemas/receipt.js receiverAddressSchema).
  if (!isUkPostcode(postcode))
    details.push({ field: '/address/postcode', issue: 'must be a UK postcode such as TC1 2AB' });
  const numbers = body.authorisation_numbers.map((n) => n.trim().toUpperCase());
  numbers.forEach((n, i) => {
    if (!isDwtAuthorisationNumber(n)) {
      details.push({ field: `/authorisation_numbers/${i}`, issue: `must be ${AUTHORISATION_EXAMPLE}` });
    }
  });
  // The name and address are printed as a consignment note's consignee: the rule of printed text.
  for (const [field, value] of [
    ['/name', body.name],
    ['/address/full_address', body.address.full_address],
  ] as const) {
    const problem = printedTextProblem(value.trim());
    if (problem) details.push({ field, issue: problem });
  }
  // The site's email goes to DWT as the receiver's emailAddress, checked as DWT checks it.
  if (body.email !== undefined && !isDwtEmail(body.email))
    details.push({ field: '/email', issue: `must be ${EMAIL_EXAMPLE}` });
  if (details.length > 0)
    throw new ApiError('INVALID_REQUEST', 'The site is not valid: see details.', details);
  return {
    name: body.name.trim(),
    address: { full_address: body.address.full_address.trim(), postcode },
    authorisation_numbers: [...new Set(numbers)],
    dwt_api_code: body.dwt_api_code.toLowerCase(),
    ...(body.email ? { email: body.email } : {}),
    ...(body.phone ? { phone: body.phone } : {}),
  };
}
