import { ApiError } from '../platform/errors.ts';
import { assess, type ComplianceFacts } from './compliance.ts';
import { recogniseContainer } from './container-types.ts';
import type { CarrierVerification, ClassificationResult, EwcLookup } from './dependencies.ts';
import { recognisePermit } from './permit-numbers.ts';
import { normaliseSicCode, sicEntry } from './sic-codes.ts';
import type { GenerateWtnInput, NoteContent } from './wtn-schemas.ts';

/** What the checks found for one request, gathered before the note is assembled. */
export interface NoteFindings {
  /** The register's answer; undefined when `auto_verify` was false. */
  verification?: CarrierVerification;
  /** The classifier's answer; undefined when it did not run, 'failed' when a cross-check failed. */
  classification?: ClassificationResult | 'failed';
}

/** Optional text: trimmed, and blank counts as not given. */
export function given(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** The note without its reference and creation time (the writer stamps those). */
export type NoteBody = Omit<NoteContent, 'reference' | 'created_at'>;

/** What the note is made in: the key's mode, and the canonical reference of the note it corrects. */
export interface NoteContext {
  mode: 'live' | 'test';
  supersedes?: string;
}

/**
 * Assembles a note from a validated request and what the register and the classifier said. Pure: the
 * same inputs always give the same note, so the rules can be tested without either service.
 */
export function buildNote(
  input: GenerateWtnInput,
  findings: NoteFindings,
  catalogue: EwcLookup,
  context: NoteContext = { mode: 'live' },
): NoteBody {
  const { carrier, daysUntilExpiry } = carrierPart(input, findings.verification);
  const { waste, confidence, crossCheck } = wastePart(input, findings.classification, catalogue);
  const sicGiven = given(input.producer.sic_code);
  const sic = sicGiven === null ? undefined : sicEntry(sicGiven);
  const producer = {
    name: input.producer.name.trim(),
    address: input.producer.address.trim(),
    // A known code is written as SIC 2007 writes it (five digits); anything else stands as given.
    sic_code: sic?.code ?? (sicGiven === null ? null : (normaliseSicCode(sicGiven) ?? sicGiven)),
    sic_description: sic?.description ?? null,
    contact_name: given(input.producer.contact_name),
  };
  const seasonTicket = input.season_ticket
    ? { valid_from: input.season_ticket.valid_from, valid_until: input.season_ticket.valid_until }
    : null;
  const destination = {
    name: input.destination.name.trim(),
    address: input.destination.address.trim(),
    permit_number: given(input.destination.permit_number),
  };
  const facts: ComplianceFacts = {
    producer: { ...producer, sic_known: sicGiven === null ? null : sic !== undefined },
    carrier_address: { address: carrier.address, source: carrier.address_source, verified: carrier.verified },
    destination: {
      ...destination,
      permit_recognised:
        destination.permit_number !== null && recognisePermit(destination.permit_number) !== undefined,
    },
    carrier: findings.verification
      ? {
          status: findings.verification.status,
          expiry_date: carrier.expiry_date,
          days_until_expiry: daysUntilExpiry,
        }
      : null,
    waste: {
      ...waste,
      confidence,
      hazardous_substances:
        findings.classification && findings.classification !== 'failed'
          ? (findings.classification.compliance?.hazardous_substances ?? [])
          : [],
      assessment_needed: openQuestion(findings.classification),
    },
    cross_check: crossCheck,
    transfer_date: input.transfer_date,
    transfer_time: input.transfer_time ?? null,
    transfer_place: given(input.transfer_place),
    season_ticket: seasonTicket,
  };
  return {
    status: 'complete',
    mode: context.mode,
    supersedes: context.supersedes ?? null,
    producer,
    carrier,
    waste: { ...waste, classification_confidence: confidence },
    destination,
    ...assess(facts),
    transfer_date: input.transfer_date,
    transfer_time: facts.transfer_time,
    transfer_place: facts.transfer_place,
    season_ticket: seasonTicket,
  };
}

function carrierPart(
  input: GenerateWtnInput,
  verification: CarrierVerification | undefined,
): { carrier: NoteBody['carrier']; daysUntilExpiry: number | null } {
  const asGiven = input.carrier.registration_number.trim();
  const addressGiven = given(input.carrier.address);
  if (!verification) {
    return {
      carrier: {
        registration_number: asGiven,
        business_name: null,
        address: addressGiven,
        address_source: addressGiven === null ? null : 'request',
        tier: null,
        verified: false,
        register_origin: null,
        expiry_date: null,
        status: null,
      },
      daysUntilExpiry: null,
    };
  }
  // A lookup by number answers with that registration first.
  const registration = verification.registrations[0];
  if (verification.status === 'not_found' || !registration) {
    throw new ApiError(
      'CARRIER_NOT_FOUND',
      `${asGiven} is not on the Environment Agency's public register of waste carriers. Check the number with the carrier; do not hand waste to an unregistered carrier.`,
    );
  }
  // The register's address is the carrier's registered address: it wins over one in the request.
  const address = registration.address?.trim() || null;
  return {
    carrier: {
      registration_number: registration.registration_number,
      business_name: registration.business_name,
      address: address ?? addressGiven,
      address_source: address !== null ? 'register' : addressGiven !== null ? 'request' : null,
      tier: registration.tier,
      verified: true,
      register_origin: verification.verification.origin,
      expiry_date: registration.expiry_date,
      status: verification.status,
    },
    daysUntilExpiry: registration.days_until_expiry,
  };
}

function wastePart(
  input: GenerateWtnInput,
  classification: ClassificationResult | 'failed' | undefined,
  catalogue: EwcLookup,
): {
  waste: Omit<NoteBody['waste'], 'classification_confidence'>;
  confidence: number | null;
  crossCheck: ComplianceFacts['cross_check'];
} {
  const ranked = classification && classification !== 'failed' ? classification.classifications : [];
  const confidence = ranked.length > 0 ? ranked[0].confidence : null;
  const suppliedCode = given(input.waste.ewc_code);
  // A supplied code stands (the request validator has checked it is in the catalogue); otherwise the
  // classifier's top answer goes on the note.
  const entry = suppliedCode
    ? catalogue.get(suppliedCode)
    : ranked.length > 0
      ? catalogue.get(ranked[0].ewc_code)
      : undefined;
  const containerType = given(input.waste.container_type);
  let crossCheck: ComplianceFacts['cross_check'] = null;
  if (suppliedCode && classification !== undefined) {
    crossCheck =
      classification === 'failed'
        ? 'unavailable'
        : { top_codes: ranked.slice(0, 3).map((c) => catalogue.get(c.ewc_code)?.code ?? c.ewc_code) };
  }
  return {
    waste: {
      description: input.waste.description.trim(),
      ewc_code: entry?.code ?? null,
      ewc_description: entry?.description ?? null,
      is_hazardous: entry ? entry.is_hazardous : null,
      ewc_code_source: entry ? (suppliedCode ? 'supplied' : 'classification') : null,
      quantity_kg: input.waste.quantity_kg ?? null,
      container_type: containerType,
      container_code: containerType ? (recogniseContainer(containerType) ?? null) : null,
    },
    confidence,
    crossCheck,
  };
}

/** The classifier's open question, in the words a note's flag carries. */
function openQuestion(
  classification: NoteFindings['classification'],
): ComplianceFacts['waste']['assessment_needed'] {
  if (!classification || classification === 'failed') return null;
  const open = classification.compliance?.assessment_needed;
  return open ? { question: open.question, guidance: open.until_answered.guidance } : null;
}
