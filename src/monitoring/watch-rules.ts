import { type RegistrationFacts, registrationOn } from '../carriers/index.ts';

/**
 * Days before expiry at which a watch warns, once each per expiry date. 90 is when verify-carrier starts
 * answering `expiring_soon` (the EA opens renewal three months ahead); 30 and 7 are the last month and the
 * last week, when a collection may have to be moved to another carrier (docs/decisions.md).
 */
export const WARNING_DAYS = [90, 30, 7] as const;

/** What a watch last knew: the registration's facts, or null when the register did not list the number. */
export interface WatchedState {
  registration: RegistrationFacts | null;
}

/** The warnings already sent for one expiry date; a renewal (a new date) starts them afresh. */
export interface Warned {
  expiry_date: string | null;
  days: number[];
  expired: boolean;
}

/** The facts whose change is news to someone relying on the carrier (what a transfer note records). */
export const CHANGE_FIELDS = ['business_name', 'tier', 'address', 'postcode', 'expiry_date'] as const;
export type ChangeField = (typeof CHANGE_FIELDS)[number];

export type Finding =
  | { type: 'carrier.expiring_soon'; threshold_days: number }
  | { type: 'carrier.expired' }
  | { type: 'carrier.removed' }
  | { type: 'carrier.changed'; changed_fields: ChangeField[] };

export interface CheckFacts {
  /** The state before this check; null when this is the first answer (the baseline). */
  before: WatchedState | null;
  warned: Warned | null;
  /** The registration the register gave now; null when it does not list the number. */
  after: RegistrationFacts | null;
  /** Europe/London date of the check: EA expiry rules are judged on the calendar date. */
  today: string;
  /**
   * The sandbox dates its registrations from today, so their expiry date moves every day: for test keys
   * a moving date is neither a change nor a renewal.
   */
  datesMove: boolean;
}

/**
 * What one successful check found, compared with what the watch knew. The baseline finds nothing: the
 * person who created the watch was shown the registration, so only what happens after is news; it still
 * records which warnings the current days-to-expiry have already passed.
 */
export function assess(facts: CheckFacts): { warned: Warned; findings: Finding[] } {
  const { after, today } = facts;
  const previous = facts.before?.registration ?? null;
  const findings: Finding[] = [];
  let warned = forExpiryOf(after, facts.warned, facts.datesMove);

  if (previous && after) {
    const changed = changedFields(previous, after, facts.datesMove);
    if (changed.length > 0) findings.push({ type: 'carrier.changed', changed_fields: changed });
  }
  if (after) {
    const now = registrationOn(after, today);
    if (now.status === 'expired' && !warned.expired) {
      findings.push({ type: 'carrier.expired' });
      warned = { ...warned, days: [...WARNING_DAYS], expired: true };
    } else if (now.status === 'expiring_soon' && now.days_until_expiry !== null) {
      const left = now.days_until_expiry;
      const pending = WARNING_DAYS.filter((d) => left <= d && !warned.days.includes(d));
      // One event for the nearest threshold reached; the ones further out are passed with it.
      if (pending.length > 0) {
        findings.push({ type: 'carrier.expiring_soon', threshold_days: Math.min(...pending) });
        warned = { ...warned, days: WARNING_DAYS.filter((d) => left <= d || warned.days.includes(d)) };
      }
    }
  } else if (previous) {
    // EA: the register drops a registration once it expires, so a number gone after its expiry date has
    // lapsed; one gone before it was revoked or deregistered.
    const lapsed =
      previous.tier === 'upper' && previous.expiry_date !== null && previous.expiry_date <= today;
    if (!lapsed) findings.push({ type: 'carrier.removed' });
    else if (!warned.expired) {
      findings.push({ type: 'carrier.expired' });
      warned = { ...warned, days: [...WARNING_DAYS], expired: true };
    }
  }
  return { warned, findings: facts.before === null ? [] : findings };
}

/** The warnings that apply to the registration's current expiry date. */
function forExpiryOf(after: RegistrationFacts | null, warned: Warned | null, datesMove: boolean): Warned {
  const none = (expiry: string | null): Warned => ({ expiry_date: expiry, days: [], expired: false });
  if (!after) return warned ?? none(null);
  const expiry = after.tier === 'upper' ? after.expiry_date : null;
  if (warned && (warned.expiry_date === expiry || datesMove)) return warned;
  return none(expiry);
}

function changedFields(
  before: RegistrationFacts,
  after: RegistrationFacts,
  datesMove: boolean,
): ChangeField[] {
  return CHANGE_FIELDS.filter(
    (field) => before[field] !== after[field] && !(datesMove && field === 'expiry_date'),
  );
}
