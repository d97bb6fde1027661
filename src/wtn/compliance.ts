import { daysBetween } from '../platform/clock.ts';
import { LOW_CONFIDENCE_THRESHOLD } from './dependencies.ts';
import type { ComplianceIssue, NoteContent } from './wtn-schemas.ts';

/** The facts about a note that its checks and flags are judged from. */
export interface ComplianceFacts {
  /** `sic_known`: the code is in SIC 2007 (null when no code was given). */
  producer: { name: string; address: string; sic_code: string | null; sic_known: boolean | null };
  /** The carrier's address and where it came from (reg 35(2)(b): names and addresses of both parties). */
  carrier_address: { address: string | null; source: 'register' | 'request' | null; verified: boolean };
  destination: { name: string; address: string; permit_number: string | null; permit_recognised: boolean };
  /** The register's answer; null when the carrier was not checked (`auto_verify` false). */
  carrier: { status: string; expiry_date: string | null; days_until_expiry: number | null } | null;
  waste: {
    ewc_code: string | null;
    ewc_code_source: 'supplied' | 'classification' | null;
    is_hazardous: boolean | null;
    confidence: number | null;
    quantity_kg: number | null;
    container_type: string | null;
    /** Hazardous substances the description names (from the classifier), whatever code the note carries. */
    hazardous_substances: string[];
    /** The classifier's open question when it chose the code and the description did not settle it. */
    assessment_needed?: { question: string; guidance: string } | null;
  };
  /** The classifier's cross-check of a supplied code: its top codes, or 'unavailable' when it failed. */
  cross_check: { top_codes: string[] } | 'unavailable' | null;
  transfer_date: string;
  transfer_time: string | null;
  transfer_place: string | null;
  season_ticket: { valid_from: string; valid_until: string } | null;
}

/** The register confirmed a current registration (EA: lower-tier registrations never expire). */
const CURRENT_STATUSES = new Set(['valid', 'expiring_soon', 'lower_tier']);

export function dutyOfCare(facts: ComplianceFacts): NoteContent['duty_of_care'] {
  const present = (s: string | null | undefined) => Boolean(s?.trim());
  const checks = {
    // reg 35(2)(b): names and addresses of transferor and transferee.
    producer_identified: present(facts.producer.name) && present(facts.producer.address),
    carrier_verified: facts.carrier !== null && CURRENT_STATUSES.has(facts.carrier.status),
    // reg 35(2)(a): the List of Wastes code.
    waste_classified: facts.waste.ewc_code !== null,
    destination_provided: present(facts.destination.name) && present(facts.destination.address),
  };
  return { ...checks, all_checks_passed: Object.values(checks).every(Boolean) };
}

/** Flags: problems that make the note not compliant (docs/wtn.md lists the vocabulary). */
export function flagsFor(facts: ComplianceFacts): ComplianceIssue[] {
  const flags: ComplianceIssue[] = [];
  const { carrier, waste } = facts;
  if (carrier === null) {
    flags.push({
      code: 'CARRIER_NOT_VERIFIED',
      message:
        'The carrier was not checked against the public register (auto_verify was false). Check its registration before handing over waste.',
    });
  } else if (carrier.status === 'expired') {
    flags.push({
      code: 'CARRIER_EXPIRED',
      message: `The carrier's registration expired${carrier.expiry_date ? ` on ${carrier.expiry_date}` : ''}. Do not hand waste to a carrier that is not registered (EPA 1990 s34).`,
    });
  } else if (carrier.status === 'lower_tier') {
    flags.push({
      code: 'CARRIER_LOWER_TIER_ONLY',
      message:
        "The carrier holds a lower-tier registration only. Lower tier covers carrying your own waste (not construction or demolition waste), charities, public bodies and a few listed kinds of waste; a business that collects other people's waste needs an upper-tier registration.",
    });
  }
  if (waste.ewc_code === null) {
    flags.push({
      code: 'WASTE_NOT_CLASSIFIED',
      message:
        'No List of Wastes code could be given for this description. A transfer note must carry one (reg 35(2)(a)): supply ewc_code or describe the waste in more detail.',
    });
  } else if (
    waste.ewc_code_source === 'classification' &&
    waste.confidence !== null &&
    waste.confidence < LOW_CONFIDENCE_THRESHOLD
  ) {
    flags.push({
      code: 'LOW_CONFIDENCE_CLASSIFICATION',
      message: `The code ${waste.ewc_code} was chosen with confidence ${waste.confidence.toFixed(2)}, below ${LOW_CONFIDENCE_THRESHOLD}: have someone competent review it before the transfer.`,
    });
  }
  if (waste.ewc_code_source === 'classification' && waste.assessment_needed) {
    flags.push({
      code: 'ASSESSMENT_NEEDED',
      message: `The description does not settle the code ${waste.ewc_code}: ${waste.assessment_needed.question} ${waste.assessment_needed.guidance} Answer it in the description (say what the waste is, or what its assessment found, e.g. "WM3 assessment: non-hazardous"), or give ewc_code once the waste is assessed.`,
    });
  }
  if (waste.ewc_code !== null && waste.is_hazardous === false && waste.hazardous_substances.length > 0) {
    const named = waste.hazardous_substances.join(', ');
    flags.push({
      code: 'HAZARDOUS_SUBSTANCE_NAMED',
      message: `The description names ${named}, but ${waste.ewc_code} is not a hazardous entry. Have the waste assessed (WM3) and use the hazardous entry if it carries the substance; hazardous waste moves on a consignment note.`,
    });
  }
  if (waste.is_hazardous) {
    flags.push({
      code: 'HAZARDOUS_WASTE',
      message: `${waste.ewc_code} is hazardous waste. In England it must move on a hazardous waste consignment note (Hazardous Waste (England and Wales) Regulations 2005), not a transfer note.`,
    });
  }
  return flags;
}

/** Warnings: advice that does not affect compliance. */
export function warningsFor(facts: ComplianceFacts): ComplianceIssue[] {
  return [...carrierWarnings(facts), ...wasteWarnings(facts), ...recordWarnings(facts)];
}

function carrierWarnings({
  carrier,
  carrier_address,
  transfer_date,
  season_ticket,
}: ComplianceFacts): ComplianceIssue[] {
  const warnings: ComplianceIssue[] = [];
  if (carrier_address.address === null) {
    warnings.push({
      code: 'CARRIER_ADDRESS_MISSING',
      message: carrier_address.verified
        ? "The register holds no address for the carrier and none was given: a transfer note must carry the transferee's address (reg 35(2)(b)). Give carrier.address, or write it on the printed note."
        : "No address for the carrier: a transfer note must carry the transferee's address (reg 35(2)(b)). Give carrier.address, or write it on the printed note.",
    });
  } else if (carrier_address.source === 'request') {
    warnings.push({
      code: 'CARRIER_ADDRESS_FROM_REQUEST',
      message: carrier_address.verified
        ? "The carrier's address is as given in the request: the register holds none for this registration."
        : "The carrier's address is as given in the request: it was not checked against the register (auto_verify was false).",
    });
  }
  if (!carrier) return warnings;
  if (carrier.status === 'expiring_soon') {
    warnings.push({
      code: 'CARRIER_EXPIRING_SOON',
      message: `The carrier's registration expires on ${carrier.expiry_date} (in ${carrier.days_until_expiry} days, within 90). Ask the carrier about renewal.`,
    });
  }
  // EA: a registration is expired on its expiry date itself.
  if (
    carrier.status !== 'expired' &&
    carrier.expiry_date &&
    daysBetween(transfer_date, carrier.expiry_date) <= 0
  ) {
    warnings.push({
      code: 'CARRIER_EXPIRES_BEFORE_TRANSFER',
      message: `The carrier's registration expires on ${carrier.expiry_date}, on or before the transfer date ${transfer_date}: unless it is renewed, the carrier will not be registered on the day.`,
    });
  }
  if (
    season_ticket &&
    carrier.status !== 'expired' &&
    carrier.expiry_date &&
    carrier.expiry_date <= season_ticket.valid_until
  ) {
    warnings.push({
      code: 'CARRIER_EXPIRES_DURING_SEASON_TICKET',
      message: `The carrier's registration expires on ${carrier.expiry_date}, before this season ticket ends on ${season_ticket.valid_until}. Collections from that day on will be refused unless the carrier renews and you issue a new note.`,
    });
  }
  return warnings;
}

function wasteWarnings({ waste, cross_check }: ComplianceFacts): ComplianceIssue[] {
  if (cross_check === null || waste.ewc_code === null) return [];
  if (cross_check === 'unavailable') {
    return [
      {
        code: 'CLASSIFICATION_CROSS_CHECK_UNAVAILABLE',
        message: `The classifier could not cross-check the supplied code ${waste.ewc_code}; the code stands as supplied.`,
      },
    ];
  }
  if (cross_check.top_codes.includes(waste.ewc_code)) return [];
  const suggested = cross_check.top_codes.length > 0 ? cross_check.top_codes.join(', ') : 'no code';
  return [
    {
      code: 'EWC_CODE_DIFFERS_FROM_CLASSIFICATION',
      message: `The supplied code ${waste.ewc_code} is not among the classifier's top suggestions for this description (${suggested}). Your code stands; check it.`,
    },
  ];
}

function recordWarnings(facts: ComplianceFacts): ComplianceIssue[] {
  const { producer, destination, waste } = facts;
  const warnings: ComplianceIssue[] = [];
  if (!destination.permit_number) {
    warnings.push({
      code: 'PERMIT_NUMBER_MISSING',
      message:
        "No permit number for the receiving site. The note should record the transferee's permit, licence or exemption (reg 35(2)(c)).",
    });
  } else if (!destination.permit_recognised) {
    warnings.push({
      code: 'PERMIT_NUMBER_UNRECOGNISED',
      message: `The permit number ${destination.permit_number} is not in a format we recognise (e.g. EPR/AB1234CD, AB1234CD, EAWML 123456). Check it against the site's permit.`,
    });
  }
  if (!producer.sic_code) {
    warnings.push({
      code: 'SIC_CODE_MISSING',
      message:
        "The producer's SIC 2007 code is not given; a transfer note must include it (reg 35(2)(a)(iv)).",
    });
  } else if (producer.sic_known === false) {
    warnings.push({
      code: 'SIC_CODE_UNKNOWN',
      message: `${producer.sic_code} is not a UK SIC 2007 code. A transfer note needs the producer's five-digit SIC 2007 code (reg 35(2)(a)(iv)), e.g. 43320; Companies House shows a company's codes.`,
    });
  }
  // A season ticket's collections each record their own time (its schedule): the ticket has no one time.
  const timeMissing = !facts.transfer_time && !facts.season_ticket;
  const missing = [timeMissing ? 'time' : '', facts.transfer_place ? '' : 'place'].filter(Boolean);
  if (missing.length > 0) {
    warnings.push({
      code: 'TRANSFER_TIME_OR_PLACE_MISSING',
      message: `The ${missing.join(' and ')} of transfer ${missing.length > 1 ? 'are' : 'is'} not given; a transfer note must record the time and place of transfer (reg 35(2)(a)(iii)). Fill ${missing.length > 1 ? 'them' : 'it'} in on the printed note at the transfer.`,
    });
  }
  if (waste.quantity_kg === null) {
    warnings.push({
      code: 'QUANTITY_MISSING',
      message: 'No quantity is given; a transfer note must state the quantity of waste (reg 35(2)(a)).',
    });
  }
  if (waste.container_type === null) {
    warnings.push({
      code: 'CONTAINER_TYPE_MISSING',
      message:
        'No container is given; a transfer note must say whether the waste is loose or in a container, and which (reg 35(2)(a)). Use LOO for loose waste.',
    });
  }
  return warnings;
}

export function assess(facts: ComplianceFacts): Pick<NoteContent, 'duty_of_care' | 'compliance'> {
  const duty_of_care = dutyOfCare(facts);
  const flags = flagsFor(facts);
  return {
    duty_of_care,
    compliance: {
      is_compliant: duty_of_care.all_checks_passed && flags.length === 0,
      flags,
      warnings: warningsFor(facts),
    },
  };
}
