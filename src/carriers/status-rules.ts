import { daysBetween } from '../platform/clock.ts';
import type { RegisterRecord } from './register-record.ts';

export type RegistrationStatus = 'valid' | 'expiring_soon' | 'expired' | 'lower_tier';
export type OverallStatus = RegistrationStatus | 'not_found' | 'multiple_matches';

/** Upper tier with this many days left or fewer (and at least one) is `expiring_soon`. */
export const EXPIRY_WARNING_DAYS = 90;

export interface JudgedRegistration {
  record: RegisterRecord;
  status: RegistrationStatus;
  days_until_expiry: number | null;
  expiry_warning: boolean;
}

/**
 * The status of one registration on `today` (the Europe/London calendar date).
 *
 * - EA: "a registration is expired on its expiry date" (waste-carriers-engine expiry_check_service.rb:
 *   `expiry_date <= today`), so 0 days left is expired, not expiring.
 * - Lower tier never expires (dst-guides activation_expiration.md), whatever date a record carries.
 * - 90 days inclusive: the EA opens renewal 3 months before expiry, and 90 days covers the shortest
 *   3-month window, so a carrier inside it is told in time (docs/decisions.md).
 */
export function judge(record: RegisterRecord, today: string): JudgedRegistration {
  if (record.tier === 'lower') {
    return { record, status: 'lower_tier', days_until_expiry: null, expiry_warning: false };
  }
  if (record.expiry_date === null) {
    // The register never omits an upper-tier expiry date; parsers reject such records, so this is defensive.
    return { record, status: 'valid', days_until_expiry: null, expiry_warning: false };
  }
  const days = daysBetween(today, record.expiry_date);
  if (days <= 0) return { record, status: 'expired', days_until_expiry: days, expiry_warning: false };
  if (days <= EXPIRY_WARNING_DAYS) {
    return { record, status: 'expiring_soon', days_until_expiry: days, expiry_warning: true };
  }
  return { record, status: 'valid', days_until_expiry: days, expiry_warning: false };
}

const PREFERENCE: Record<RegistrationStatus, number> = {
  valid: 0,
  expiring_soon: 1,
  lower_tier: 2,
  expired: 3,
};

/**
 * Best match first: a current upper-tier registration before one expiring, then lower tier, then
 * expired; among equals the later expiry, then the number, so the order is stable.
 */
export function bestFirst(registrations: JudgedRegistration[]): JudgedRegistration[] {
  return [...registrations].sort(
    (a, b) =>
      PREFERENCE[a.status] - PREFERENCE[b.status] ||
      (b.days_until_expiry ?? 0) - (a.days_until_expiry ?? 0) ||
      a.record.registration_number.localeCompare(b.record.registration_number),
  );
}

export type ComplianceFlag =
  | 'NOT_ON_REGISTER'
  | 'REGISTRATION_EXPIRED'
  | 'EXPIRING_WITHIN_90_DAYS'
  | 'LOWER_TIER_ONLY'
  | 'MULTIPLE_REGISTRATIONS_FOUND'
  | 'TIER_DIFFERS_FROM_PREFIX'
  | 'UNUSUAL_NUMBER_LENGTH';

/** The flags one registration raises. */
export function flagsFor(registration: JudgedRegistration, prefixTier?: 'upper' | 'lower'): ComplianceFlag[] {
  const flags: ComplianceFlag[] = [];
  if (registration.status === 'expired') flags.push('REGISTRATION_EXPIRED');
  if (registration.status === 'expiring_soon') flags.push('EXPIRING_WITHIN_90_DAYS');
  if (registration.status === 'lower_tier') flags.push('LOWER_TIER_ONLY');
  if (prefixTier && prefixTier !== registration.record.tier) flags.push('TIER_DIFFERS_FROM_PREFIX');
  return flags;
}

/**
 * Duty of care is met by one identified upper-tier registration that is current on the day of the
 * transfer (s.34 Environmental Protection Act 1990; reg 35 Waste (England and Wales) Regulations 2011).
 * Lower tier does not cover carrying other people's waste for reward, and several matches do not say
 * which carrier is in front of you.
 */
export function isCompliant(registrations: JudgedRegistration[]): boolean {
  if (registrations.length !== 1) return false;
  const [only] = registrations;
  return only.record.tier === 'upper' && (only.status === 'valid' || only.status === 'expiring_soon');
}
