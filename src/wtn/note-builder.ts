import { ApiError } from '../platform/errors.ts';
import { assess, type ComplianceFacts } from './compliance.ts';
import { recogniseContainer } from './container-types.ts';
import type { CarrierVerification, ClassificationResult, EwcLookup } from './dependencies.ts';
import { recognisePermit } from './permit-numbers.ts';
import type { GenerateWtnInput, WasteTransferNote } from './wtn-schemas.ts';

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
export type NoteBody = Omit<WasteTransferNote, 'reference' | 'created_at'>;

/**
 * Assembles a note from a validated request and what the register and the classifier said. Pure: the
 * same inputs always give the same note, so the rules can be tested without either service.
 */
export function buildNote(input: GenerateWtnInput, findings: NoteFindings, catalogue: EwcLookup): NoteBody {
  const { carrier, daysUntilExpiry } = carrierPart(input, findings.verification);
  const { waste, confidence, crossCheck } = wastePart(input, findings.classification, catalogue);
  const producer = {
    name: input.producer.name.trim(),
    address: input.producer.address.trim(),
    sic_code: given(input.producer.sic_code),
    contact_name: given(input.producer.contact_name),
  };
  const destination = {
    name: input.destination.name.trim(),
    address: input.destination.address.trim(),
    permit_number: given(input.destination.permit_number),
  };
  const facts: ComplianceFacts = {
    producer,
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
    },
    cross_check: crossCheck,
    transfer_date: input.transfer_date,
    transfer_time: input.transfer_time ?? null,
    transfer_place: given(input.transfer_place),
  };
  return {
    status: 'complete',
    producer,
    carrier,
    waste: { ...waste, classification_confidence: confidence },
    destination,
    ...assess(facts),
    transfer_date: input.transfer_date,
    transfer_time: facts.transfer_time,
    transfer_place: facts.transfer_place,
  };
}

function carrierPart(
  input: GenerateWtnInput,
  verification: CarrierVerification | undefined,
): { carrier: NoteBody['carrier']; daysUntilExpiry: number | null } {
  const asGiven = input.carrier.registration_number.trim();
  if (!verification) {
    return {
      carrier: {
        registration_number: asGiven,
        business_name: null,
        tier: null,
        verified: false,
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
  return {
    carrier: {
      registration_number: registration.registration_number,
      business_name: registration.business_name,
      tier: registration.tier,
      verified: true,
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
