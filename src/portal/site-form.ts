import { Value } from 'typebox/value';
import type { KeyMode } from '../accounts/api-key-format.ts';
import type { ErrorDetail } from '../platform/errors.ts';
import { CreateSiteBody } from '../receipts/site-schemas.ts';
import type { FieldErrors, FormBody, FormResult } from './forms.ts';

/** The add-a-site form's fields, in the order the page shows them (and the error summary lists them). */
export const SITE_FIELDS = [
  'mode',
  'name',
  'full_address',
  'postcode',
  'authorisation_numbers',
  'dwt_api_code',
  'email',
  'phone',
] as const;
export type SiteField = (typeof SITE_FIELDS)[number];

/** What the user typed, kept as typed so a refused form comes back ready to correct. */
export type SiteFormValues = Partial<Record<SiteField, string>>;

export interface SiteForm {
  /** Sites belong to a mode, as API keys do: a test key never sees a live site (docs/dwt.md). */
  mode: KeyMode;
  body: CreateSiteBody;
}

const LABELS: Record<SiteField, string> = {
  mode: 'Mode',
  name: 'Site name',
  full_address: 'Address',
  postcode: 'Postcode',
  authorisation_numbers: 'Permit numbers',
  dwt_api_code: 'DWT API code',
  email: 'Email',
  phone: 'Phone',
};

const REQUIRED: Partial<Record<SiteField, string>> = {
  name: 'Enter the site’s name.',
  full_address: 'Enter the site’s address.',
  postcode: 'Enter the site’s postcode.',
  authorisation_numbers: 'Enter at least one permit or licence number.',
  dwt_api_code: 'Enter the site’s DWT API code.',
};

/** DEFRA's published dummy code for its test environment (docs/dwt.md), as an example of the shape. */
const API_CODE_EXAMPLE = '1f83215e-4b90-4785-9ab2-2614839aa2e9';

export function siteFormValues(body: FormBody): SiteFormValues {
  return Object.fromEntries(SITE_FIELDS.map((f) => [f, body[f]]));
}

/**
 * Permit numbers one per line or separated by commas. Not by spaces: NIEA numbers contain them
 * ("WPPC 12/34", DEFRA waste-movement-utils src/constants/regexes.js).
 */
export function permitNumbers(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(/[\r\n,]+/)
    .map((n) => n.trim())
    .filter(Boolean);
}

/**
 * The form as the body POST /v1/sites takes, checked against that route's own schema so the portal
 * accepts exactly what the API accepts. The DWT rules (postcode, permit formats) are the service's:
 * its refusals come back through `serviceProblems`.
 */
export function readSite(body: FormBody): FormResult<SiteForm> {
  const errors: FieldErrors = {};
  const mode = body.mode;
  if (mode !== 'live' && mode !== 'test') errors.mode = 'Choose live or test.';
  const line = (raw: string | undefined) => (raw ?? '').trim().replace(/\s+/g, ' ');
  const optional = (raw: string | undefined) => line(raw) || undefined;
  // The API takes the address on one line; a user naturally types it on several.
  const address = (body.full_address ?? '').split(/\r?\n/).map(line).filter(Boolean).join(', ');
  const email = optional(body.email);
  const phone = optional(body.phone);
  const site: CreateSiteBody = {
    name: line(body.name),
    address: { full_address: address, postcode: line(body.postcode) },
    authorisation_numbers: permitNumbers(body.authorisation_numbers),
    dwt_api_code: line(body.dwt_api_code),
    ...(email ? { email } : {}),
    ...(phone ? { phone } : {}),
  };
  const missing: Record<string, boolean> = {
    name: !site.name,
    full_address: !site.address.full_address,
    postcode: !site.address.postcode,
    authorisation_numbers: site.authorisation_numbers.length === 0,
    dwt_api_code: !site.dwt_api_code,
  };
  for (const [field, empty] of Object.entries(missing)) {
    if (empty) errors[field] = REQUIRED[field as SiteField]!;
  }
  for (const error of Value.Errors(CreateSiteBody, site)) {
    const field = fieldOf(error.instancePath);
    errors[field] ??= schemaProblem(field, error.keyword, error.params as { limit?: number });
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { mode: mode as KeyMode, body: site } };
}

/**
 * The service's INVALID_REQUEST details (JSON pointers such as `/authorisation_numbers/0`) as words
 * next to the form's fields. Permit numbers are named, since the form holds several in one box.
 */
export function serviceProblems(details: ErrorDetail[] | undefined, site: CreateSiteBody): FieldErrors {
  const errors: FieldErrors = {};
  const badPermits: string[] = [];
  for (const detail of details ?? []) {
    const field = fieldOf(detail.field);
    const index = /^\/authorisation_numbers\/(\d+)$/.exec(detail.field)?.[1];
    if (index !== undefined) badPermits.push(site.authorisation_numbers[Number(index)]);
    else if (field === 'form') errors.form ??= `The site could not be added: ${detail.issue}.`;
    else errors[field] ??= `${LABELS[field]} ${detail.issue}.`;
  }
  if (badPermits.length > 0) errors.authorisation_numbers = permitProblem(badPermits);
  return errors;
}

function permitProblem(numbers: string[]): string {
  const list = numbers.map((n) => `“${n}”`).join(', ');
  return numbers.length === 1
    ? `Permit number ${list} is not in a format DWT accepts. Enter it as written on the permit, for example EPR/AB1234CD or WML123456.`
    : `Permit numbers ${list} are not in a format DWT accepts. Enter each as written on the permit, for example EPR/AB1234CD or WML123456.`;
}

/** `/address/postcode` -> `postcode`: the form field a JSON pointer into the site's body refers to. */
function fieldOf(pointer: string): SiteField | 'form' {
  const parts = pointer.split('/').filter(Boolean);
  const name = parts[0] === 'address' ? parts[1] : parts[0];
  return (SITE_FIELDS as readonly string[]).includes(name ?? '') ? (name as SiteField) : 'form';
}

function schemaProblem(field: SiteField | 'form', keyword: string, params: { limit?: number }): string {
  if (field === 'form') return 'The site could not be added. Check each field and try again.';
  if (field === 'dwt_api_code')
    return `Enter the DWT API code exactly as DEFRA issued it, like ${API_CODE_EXAMPLE}.`;
  if (field === 'email' && keyword === 'format') return 'Enter an email address like name@example.com.';
  if (field === 'authorisation_numbers' && keyword === 'maxItems')
    return `Enter at most ${params.limit} permit numbers.`;
  if (field === 'authorisation_numbers' && keyword === 'maxLength')
    return `Each permit number must be ${params.limit} characters or fewer.`;
  if (keyword === 'maxLength') return `${LABELS[field]} must be ${params.limit} characters or fewer.`;
  return `${LABELS[field]} is not valid.`;
}
