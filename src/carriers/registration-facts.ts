import type { Static } from 'typebox';
import { judge } from './status-rules.ts';
import type { RegistrationSchema } from './verify-result.ts';

/** One registration as verify-carrier returns it. */
export type Registration = Static<typeof RegistrationSchema>;

/**
 * A registration's facts as the register stated them, without the conclusions drawn from them on one
 * day (status, days until expiry, the warning): what may be kept and judged again on a later day.
 */
export type RegistrationFacts = Omit<Registration, 'status' | 'days_until_expiry' | 'expiry_warning'>;

export function factsOf(registration: Registration): RegistrationFacts {
  const { status: _status, days_until_expiry: _days, expiry_warning: _warning, ...facts } = registration;
  return facts;
}

/** The registration as verify-carrier would return it on `today` (Europe/London), judged by the same rules. */
export function registrationOn(facts: RegistrationFacts, today: string): Registration {
  const judged = judge(
    { ...facts, registration_type: null, applicant_type: null, registration_date: null },
    today,
  );
  return {
    ...facts,
    status: judged.status,
    days_until_expiry: judged.days_until_expiry,
    expiry_warning: judged.expiry_warning,
  };
}
