import type { KeyMode } from '../accounts/api-key-format.ts';

/**
 * What a transfer note needs from the carriers and classification capabilities: the parts of their
 * service results it reads. Declared here, structurally, so this capability depends on their public
 * answers (the /v1/verify-carrier and /v1/classify-waste bodies) and never on their internals.
 */
export interface CarrierRegistration {
  registration_number: string;
  business_name: string;
  tier: 'upper' | 'lower';
  status: string;
  expiry_date: string | null;
  days_until_expiry: number | null;
  expiry_warning: boolean;
  /** The registered address; null when the register holds none. */
  address: string | null;
}

export interface CarrierVerification {
  status: 'valid' | 'expiring_soon' | 'expired' | 'not_found' | 'lower_tier' | 'multiple_matches';
  registrations: CarrierRegistration[];
  /** Which register answered: the live EA register, its imported export, our history, or the sandbox. */
  verification: {
    origin: 'ea_api' | 'mirror' | 'history' | 'sandbox';
    /** With not_found: the day the register last listed the number (it was an EA registration). */
    last_listed_on?: string;
  };
}

export interface CarrierVerifier {
  /**
   * Throws ApiError INVALID_REGISTRATION_NUMBER (400) or EA_REGISTER_UNAVAILABLE (503), the latter also
   * when the register has not answered within `deadlineMs` or `signal` aborted.
   */
  verify(
    input: { registration_number?: string },
    mode: KeyMode,
    call?: { deadlineMs?: number; signal?: AbortSignal },
  ): Promise<CarrierVerification>;
}

/**
 * The monitoring capability, as a note issued under a season ticket needs it: the ticket's carrier is
 * watched until the ticket's last day (unless the organisation already watches the number).
 */
export interface SeasonTicketWatcher {
  watchSeasonTicket(
    scope: { organisationId: string; mode: KeyMode },
    note: {
      registration_number: string;
      note_reference: string;
      valid_until: string;
      /** The register's answer the note was made with; null when the note skipped the check. */
      verification: CarrierVerification | null;
    },
  ): Promise<void>;
}

export interface WasteClassification {
  ewc_code: string;
  description: string;
  is_hazardous: boolean;
  confidence: number;
}

export interface ClassificationResult {
  classifications: WasteClassification[];
  /** Hazardous substances the description names and does not negate ("asbestos", "oil or fuel"). */
  compliance?: {
    hazardous_substances: string[];
    /** The deciding question when the description does not settle the code (docs/classification.md). */
    assessment_needed?: {
      question: string;
      until_answered: { ewc_code: string | null; is_hazardous: boolean; guidance: string };
    } | null;
  };
}

export interface WasteClassifier {
  /**
   * `mode` picks the engine as /v1/classify-waste does for the same key (a test key never reaches a paid
   * model). Throws ApiError CLASSIFICATION_FAILED (500).
   */
  classify(
    input: { description: string; source_industry?: string; additional_context?: string },
    maxResults: number,
    mode: KeyMode,
  ): Promise<ClassificationResult>;
}

/** A List of Wastes entry as the note needs it. */
export interface CatalogueEntry {
  code: string;
  description: string;
  is_hazardous: boolean;
}

export interface EwcLookup {
  /** Accepts "170504", "17 05 04", "17 05 04*"; undefined when the code is not in the List of Wastes. */
  get(code: string): CatalogueEntry | undefined;
  /** "170504" or "17-05-04*" as "17 05 04"; null when it cannot be a code. */
  normalise(code: string): string | null;
}

/**
 * Below this top confidence a classification needs a person to review it: the classifier flags it
 * LOW_CONFIDENCE and a note carrying its code gets a review warning. One figure for both.
 */
export { LOW_CONFIDENCE_THRESHOLD } from '../classification/service.ts';
