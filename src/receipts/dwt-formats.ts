import { isEmailValid } from '@hapi/address';
import { tlds } from '@hapi/tlds';

/**
 * The formats DWT accepts for postcodes, registration, permit and consignment numbers, written from
 * DEFRA waste-movement-utils src/constants/regexes.js and src/schemas/hazardous-waste-consignment.js
 * (commit 4986c60, after DWTA-213 and DWTA-253 widened the SEPA carrier and authorisation formats when
 * real numbers were refused). Matching the same set is the point: whatever we accept, DWT accepts.
 */

// GOV.UK Bulk Data Transfer postcode validation (valid from 12 November 2015): the space is required.
const UK_POSTCODE =
  /^((GIR 0A{2})|((([A-Z]\d{1,2})|(([A-Z][A-HJ-Y]\d{1,2})|(([A-Z]\d[A-Z])|([A-Z][A-HJ-Y]\d?[A-Z])))) \d[A-Z]{2}))$/i;
// Irish Eircode: routing key and unique identifier. DWT takes it for carrier and broker addresses only.
const EIRCODE = /^(?:D6W|[AC-FHKNPRTV-Y]\d{2}) ?[0-9AC-FHKNPRTV-Y]{4}$/i;

/**
 * A UK postcode written the way DWT requires it (upper case, one space before the inward code), so
 * "tc12ab" and "TC1  2AB" are accepted for "TC1 2AB". Other text is returned trimmed, unchanged.
 */
export function normalisePostcode(value: string): string {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  if (compact.length >= 5 && compact.length <= 7) {
    const spaced = `${compact.slice(0, -3)} ${compact.slice(-3)}`;
    if (UK_POSTCODE.test(spaced)) return spaced;
  }
  return value.trim();
}

export const isUkPostcode = (value: string) => UK_POSTCODE.test(value);
export const isUkOrIrishPostcode = (value: string) => UK_POSTCODE.test(value) || EIRCODE.test(value);

// Carrier, broker and dealer registrations: EA and NRW (CBDU/CBDL), SEPA (WCR/R/nnnnnnn,
// SCO|SEA|SNO|SWE|WCR/nnnnnn, PCT-X-nnn), NIEA (ROC UT/LT nnnnn).
const REGISTRATION_NUMBERS = [
  /^CBD[LU]\d{3,}$/i,
  /^((WCR\/R\/\d{7})|((SCO|SEA|SNO|SWE|WCR)\/\d{6}))$/i,
  /^PCT-[A-Z]-\d{3,7}$/i,
  /^ROC\W*[UL]T\W*\d{1,5}$/i,
];

export const isDwtRegistrationNumber = (value: string) => REGISTRATION_NUMBERS.some((r) => r.test(value));

// A receiving site's permit or authorisation number: EA (XX9999XX with EPR/ and /D9999 variants, EAWML,
// WML), SEPA (PPC, WML, EAS), NRW (as EA), NIEA (P9999/99X, WPPC, combined WML + LN or PAC).
const AUTHORISATION_NUMBERS = [
  /^[A-Z]{2}\d{4}[A-Z]{2}$/i,
  /^[A-Z]{2}\d{4}[A-Z]{2}\/D\d{4}$/i,
  /^EPR\/[A-Z]{2}\d{4}[A-Z]{2}$/i,
  /^EPR\/[A-Z]{2}\d{4}[A-Z]{2}\/D\d{4}$/i,
  /^EAWML\d{5,6}$/i,
  /^WML\d{5,6}$/i,
  /^PPC\/[AWEN]\/\d{7}$/i,
  /^WML\/[LWEN]\/\d{7}$/i,
  /^WML\/[LWEN]\/\d{7}\/\d{2}$/i,
  /^PPC\/A\/SEPA\d{4}-\d{4}$/i,
  /^WML\/L\/SEPA\d{4}-\d{4}$/i,
  /^EAS\/P\/\d{6}$/i,
  /^P\d{4}\/\d{2}[A-Z]$/i,
  /^P\d{4}\/\d{2}[A-Z]\/V\d+$/i,
  /^WPPC \d{2}\/\d{2}$/i,
  /^WPPC \d{2}\/\d{2}\/V\d+$/i,
  /^WML \d{2}\/\d+(\/T)? LN\/\d{2}\/\d+(\/([MTCN]|V\d+))*$/i,
  /^WML \d{2}\/\d+ PAC\/\d{4}\/WCL\d{3}$/i,
];

/** DWT trims an authorisation number before matching it (utils src/schemas/receipt.js). */
export const isDwtAuthorisationNumber = (value: string) =>
  AUTHORISATION_NUMBERS.some((r) => r.test(value.trim()));

// Hazardous waste consignment note codes: EA and NRW (premises code / five characters, e.g.
// CJTILE/A0001), SEPA (SA1234567) and NIEA (DA1234567). Hazardous Waste (England and Wales)
// Regulations 2005 reg 36; DEFRA src/schemas/hazardous-waste-consignment.js.
const CONSIGNMENT_CODES = [/^[A-Za-z0-9]{2,}\/[A-Za-z0-9]{5}[A-Za-z]?$/, /^S[ABC]\d{7}$/, /^D[ABC]\d{7}$/];

export const isConsignmentCode = (value: string) => CONSIGNMENT_CODES.some((r) => r.test(value));

// DWT checks email addresses with Joi's email rule, which is @hapi/address with the IANA list of top-level
// domains: no bare host names, IP literals or quoted local parts. The same library answers here.
const EMAIL_OPTIONS = { tlds: { allow: tlds, deny: null } };
export const isDwtEmail = (value: string) => isEmailValid(value, EMAIL_OPTIONS);
export const EMAIL_EXAMPLE = 'an email address with a real domain, e.g. ops@example.co.uk';

export const REGISTRATION_EXAMPLE = 'a carrier, broker or dealer registration, e.g. CBDU123456';
export const AUTHORISATION_EXAMPLE = 'a permit or licence number DWT accepts, e.g. EPR/AB1234CD or WML123456';
export const CONSIGNMENT_EXAMPLE = 'a consignment note code, e.g. CJTILE/A0001, SA1234567 or DA1234567';
