import { figure } from '../../platform/pdf/figures.ts';
import type { ComplianceIssue, Signature, WasteTransferNote } from '../wtn-schemas.ts';

/**
 * How the printed note says things: dates as people read them in the UK, the register that answered,
 * and a short plain title for each flag and warning (the codes are for programs, not for the yard).
 */

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

const instantFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'short',
});

/** A calendar date (YYYY-MM-DD) as "24 November 2026"; anything else stands as given. */
export function dayText(date: string): string {
  const at = Date.parse(`${date}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(at) ? dayFormat.format(at) : date;
}

/** An ISO 8601 instant as London wall-clock time, "24 November 2026, 09:31 GMT" (BST in summer). */
export function instantText(iso: string): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  const part: Record<string, string> = {};
  for (const { type, value } of instantFormat.formatToParts(at)) part[type] = value;
  return `${part.day} ${part.month} ${part.year}, ${part.hour}:${part.minute} ${part.timeZoneName}`;
}

/** Messages quote dates as YYYY-MM-DD (the API's form); on paper they read as "1 February 2026". */
export function plainDates(text: string): string {
  return text.replace(/\b\d{4}-\d{2}-\d{2}\b/g, dayText);
}

export function kilograms(kg: number): string {
  return `${figure(kg, 3)} kg`;
}

/** Short titles for the codes in docs/wtn.md; a code missing here prints its message alone. */
const ISSUE_TITLES: Record<string, string> = {
  CARRIER_EXPIRED: "The carrier's registration has expired",
  CARRIER_LOWER_TIER_ONLY: 'The carrier holds a lower-tier registration only',
  CARRIER_NOT_VERIFIED: 'The carrier was not checked against the register',
  WASTE_NOT_CLASSIFIED: 'No List of Wastes code',
  LOW_CONFIDENCE_CLASSIFICATION: 'The waste code needs checking by someone competent',
  HAZARDOUS_SUBSTANCE_NAMED: 'The description names a hazardous substance',
  ASSESSMENT_NEEDED: 'The description does not settle the waste code',
  HAZARDOUS_WASTE: 'Hazardous waste needs a consignment note',
  CARRIER_ADDRESS_MISSING: 'No address for the carrier: write it in',
  CARRIER_ADDRESS_FROM_REQUEST: "The carrier's address is not from the register",
  CARRIER_EXPIRING_SOON: "The carrier's registration expires soon",
  CARRIER_EXPIRES_BEFORE_TRANSFER: "The carrier's registration ends before the transfer",
  CARRIER_EXPIRES_DURING_SEASON_TICKET: "The carrier's registration ends during this season ticket",
  EWC_CODE_DIFFERS_FROM_CLASSIFICATION: 'The waste code differs from the suggested codes',
  CLASSIFICATION_CROSS_CHECK_UNAVAILABLE: 'The waste code could not be cross-checked',
  PERMIT_NUMBER_MISSING: 'No permit number for the receiving site',
  PERMIT_NUMBER_UNRECOGNISED: 'The permit number is not in a recognised format',
  SIC_CODE_MISSING: 'No SIC code for the producer',
  SIC_CODE_UNKNOWN: 'The SIC code is not a UK SIC 2007 code',
  TRANSFER_TIME_OR_PLACE_MISSING: 'Time or place of transfer to be written in',
  QUANTITY_MISSING: 'No quantity given',
  CONTAINER_TYPE_MISSING: 'No container given',
};

/**
 * A flag or warning as people read it: a plain title (when the code is known) and its message, less
 * the title when the message opens with the same words (printed once, not twice).
 */
export function issueText(issue: ComplianceIssue): { title: string | null; message: string } {
  const title = ISSUE_TITLES[issue.code] ?? null;
  const message = plainDates(issue.message);
  if (title && message.startsWith(`${title}. `)) return { title, message: message.slice(title.length + 2) };
  return { title, message };
}

const STATUS_WORDS: Record<string, string> = {
  valid: 'registered',
  expiring_soon: 'registered, expiring soon',
  expired: 'EXPIRED',
  lower_tier: 'registered (lower tier)',
};

/**
 * What the register check was, never claiming more than happened: sandbox data is not a check of the
 * Environment Agency register, and a note made without `auto_verify` was not checked at all.
 */
export function registerCheckText(carrier: WasteTransferNote['carrier']): string {
  if (!carrier.verified || carrier.register_origin === null) {
    return 'Not checked against any register: check the registration before handing over waste.';
  }
  const status = carrier.status ? (STATUS_WORDS[carrier.status] ?? carrier.status) : 'found';
  switch (carrier.register_origin) {
    case 'sandbox':
      return `Sandbox test data (${status}): not a real register check.`;
    case 'ea_api':
      return `Checked against the Environment Agency public register: ${status}.`;
    case 'mirror':
      return `Checked against our imported copy of the Environment Agency register: ${status}.`;
    case 'history':
      return `From our last record of this registration (the Environment Agency register no longer lists it): ${status}.`;
  }
}

/** The carrier check's line in the checklist, worded for where the answer came from. */
export function carrierCheckLabel(carrier: WasteTransferNote['carrier']): string {
  if (carrier.register_origin === 'sandbox')
    return 'Carrier found in the sandbox (test data, not a real check)';
  return 'Carrier registration confirmed as current on the public register';
}

/** The signer's IP address stays in the API: the paper copy goes to the other party too. */
export function signatureMethodText(signature: Signature): string {
  return signature.method === 'api' ? 'Signed with the API' : 'Signed on a signing link';
}

/** reg 35(2)(b): the transferee's category; lower-tier registrations have no expiry date (EA). */
export function tierText(tier: WasteTransferNote['carrier']['tier']): string | null {
  if (tier === 'upper') return 'Registered waste carrier, upper tier';
  if (tier === 'lower') return 'Registered waste carrier, lower tier';
  return null;
}
