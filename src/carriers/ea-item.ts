import { isIsoDate, type RegisterRecord } from './register-record.ts';

/** The register answered, but not with the JSON we know how to read: an outage, never a "not found". */
export class UnexpectedRegisterResponse extends Error {}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Linked-data values arrive as a string, `{label}`/`{prefLabel}`/`{notation}`, or an array of those. */
function text(value: unknown): string | null {
  if (Array.isArray(value)) return value.length > 0 ? text(value[0]) : null;
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number') return String(value);
  if (isObject(value)) return text(value.label ?? value.prefLabel ?? value.name ?? value.notation);
  return null;
}

/** `{ meta, items: [...] }`: anything else means the register is not answering as it should. */
export function itemsOf(body: unknown): unknown[] {
  if (!isObject(body) || !Array.isArray(body.items)) {
    throw new UnexpectedRegisterResponse('register response has no items array');
  }
  return body.items;
}

/** The registration number an item claims, folded for comparison; null if it has none. */
export function itemNumber(item: unknown): string | null {
  if (!isObject(item)) return null;
  const raw = text(item.registrationNumber) ?? text(item.notation);
  return raw ? raw.replace(/[\s-]+/g, '').toUpperCase() : null;
}

/** `holder` may be one object or an array of them (seen in several clients); the first named one counts. */
function holderOf(item: Json): Json | undefined {
  const holders = Array.isArray(item.holder) ? item.holder : [item.holder];
  return holders.find((h): h is Json => isObject(h) && text(h.name) !== null);
}

function businessName(item: Json, holder: Json | undefined): string | null {
  const name = text(holder?.name) ?? text(item.label);
  if (!name) return null;
  const trading = text(holder?.tradingName);
  // The EA writes "<legal name> trading as <trading name>" for upper tier (can_present_entity_display_name.rb).
  if (!trading || name.toLowerCase().includes(trading.toLowerCase())) return name;
  return `${name} trading as ${trading}`;
}

/** `tier.label` is "Upper" or "Lower"; one client reads `regime.prefLabel` instead, so fall back to it. */
function tierOf(item: Json): 'upper' | 'lower' | null {
  for (const value of [text(item.tier), text(item.regime)]) {
    if (value && /\bupper\b/i.test(value)) return 'upper';
    if (value && /\blower\b/i.test(value)) return 'lower';
  }
  return null;
}

function dateOf(value: unknown): string | null {
  const raw = text(value);
  return raw && isIsoDate(raw.slice(0, 10)) ? raw.slice(0, 10) : null;
}

/** The feed leaves the company number out unless it is a real one (epr_serializer.rb trims; all zeros dropped). */
function companyNumberOf(item: Json, holder: Json | undefined): string | null {
  const raw = text(holder?.companyNumber) ?? text(item.companyNumber);
  if (!raw || /^0+$/.test(raw)) return null;
  return raw.toUpperCase();
}

function addressOf(item: Json): { postcode: string | null; address: string | null } {
  const site = isObject(item.site) ? item.site : undefined;
  const address = site && isObject(site.siteAddress) ? site.siteAddress : undefined;
  if (!address) return { postcode: null, address: null };
  const postcode = text(address.postcode);
  const full =
    text(address.address) ??
    ([address.organization_name, address.street_address, address.locality, address.postcode]
      .map(text)
      .filter(Boolean)
      .join(', ') ||
      null);
  return { postcode, address: full };
}

/** One register item as a record; throws UnexpectedRegisterResponse when a field we rely on is missing. */
export function parseItem(item: unknown): RegisterRecord {
  const number = itemNumber(item);
  if (!isObject(item) || !number || !/^CBD[UL]\d+$/.test(number)) {
    throw new UnexpectedRegisterResponse('register item has no England registration number');
  }
  const holder = holderOf(item);
  const name = businessName(item, holder);
  const tier = tierOf(item);
  if (!name || !tier) throw new UnexpectedRegisterResponse(`register item ${number} lacks a name or tier`);
  const expiry = dateOf(item.expiryDate);
  // Upper tier always carries an expiry date (3 years from activation); without one we cannot judge it.
  if (tier === 'upper' && !expiry)
    throw new UnexpectedRegisterResponse(`register item ${number} lacks an expiry date`);
  return {
    registration_number: number,
    business_name: name,
    company_number: companyNumberOf(item, holder),
    tier,
    registration_type: text(item.registrationType),
    applicant_type: text(item.applicantType),
    registration_date: dateOf(item.registrationDate),
    expiry_date: tier === 'upper' ? expiry : null,
    ...addressOf(item),
  };
}
