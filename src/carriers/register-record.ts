/**
 * One registration as the register states it: a fact, safe to cache. Status and days until expiry are
 * conclusions drawn from it at response time (status-rules.ts), never stored with it.
 */
export interface RegisterRecord {
  registration_number: string;
  business_name: string;
  company_number: string | null;
  tier: 'upper' | 'lower';
  registration_type: string | null;
  applicant_type: string | null;
  registration_date: string | null;
  /** YYYY-MM-DD; null for lower tier, which never expires. */
  expiry_date: string | null;
  postcode: string | null;
  address: string | null;
}

/** Lower-case words separated by single spaces: "A.B. Skips  Ltd" and "a b skips ltd" compare equal. */
export function nameKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** A UK postcode without spaces, upper case ("te1 1aa" -> "TE11AA"). */
export function postcodeKey(postcode: string): string {
  return postcode.replace(/\s+/g, '').toUpperCase();
}

/** A full UK postcode: outward code (area, district) then inward code (sector digit, unit letters). */
const POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]?\d[A-Z]{2}$/;

export function isFullPostcode(postcode: string): boolean {
  return POSTCODE.test(postcodeKey(postcode));
}

/** "TE11AA" -> "TE1 1AA": the inward code is always the last three characters. */
export function formatPostcode(postcode: string): string {
  const key = postcodeKey(postcode);
  return POSTCODE.test(key) ? `${key.slice(0, -3)} ${key.slice(-3)}` : postcode.trim();
}

/** Does a record answer a name search? Every word of the query, in order, within the registered name. */
export function nameMatches(record: Pick<RegisterRecord, 'business_name'>, queryKey: string): boolean {
  return ` ${nameKey(record.business_name)} `.includes(` ${queryKey} `);
}

export function postcodeMatches(record: Pick<RegisterRecord, 'postcode'>, queryKey: string): boolean {
  return record.postcode !== null && postcodeKey(record.postcode) === queryKey;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A real calendar date written YYYY-MM-DD (arithmetic, not Date parsing: it runs on every imported row). */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= DAYS_IN_MONTH[month - 1] + (leap ? 1 : 0);
}
