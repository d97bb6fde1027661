/**
 * When a registration expires, in words a person reads: "in 400 days", "tomorrow", "today",
 * "30 days ago". `days` is days_until_expiry (Europe/London); 0 or less is expired, since the EA treats a
 * registration as expired on its expiry date.
 */
export function whenExpires(days: number): string {
  if (days > 1) return `in ${days} days`;
  if (days === 1) return 'tomorrow';
  if (days === 0) return 'today';
  if (days === -1) return 'yesterday';
  return `${-days} days ago`;
}

/** "expires 2027-12-31 (in 400 days)" or "expired 2026-10-28 (30 days ago)". */
export function expiryPhrase(expiryDate: string, days: number): string {
  return `${days > 0 ? 'expires' : 'expired'} ${expiryDate} (${whenExpires(days)})`;
}
