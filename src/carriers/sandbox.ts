import { addDays } from '../platform/clock.ts';
import type { RegisterAnswer } from './build-result.ts';
import { postcodeKey, postcodeMatches, type RegisterRecord } from './register-record.ts';

/** The number that makes the sandbox behave as if the EA register were down. */
export const SANDBOX_OUTAGE_NUMBER = 'CBDU100503';

/**
 * Registrations test keys see instead of the EA register, dated relative to `today` (Europe/London)
 * so they never go stale. Documented in docs/carriers.md; the names contain "sandbox" where a name
 * search should find them.
 */
export function sandboxRecords(today: string): RegisterRecord[] {
  const upper = (n: string, name: string, company: string, expiresInDays: number, postcode: string) => ({
    registration_number: n,
    business_name: name,
    company_number: company,
    tier: 'upper' as const,
    registration_type: 'Carrier, Broker, Dealer',
    applicant_type: 'Company',
    registration_date: addDays(today, expiresInDays - 3 * 365),
    expiry_date: addDays(today, expiresInDays),
    postcode,
    address: `1 Test Street, Testville, ${postcode}`,
  });
  return [
    upper('CBDU100001', 'Sandbox Haulage Limited', '09100001', 400, 'TE1 1AA'),
    upper('CBDU100002', 'Sandbox Skips Limited', '09100002', 45, 'TE1 1AA'),
    upper('CBDU100003', 'Example Lapsed Waste Limited', '09100003', -30, 'TE3 3CC'),
    {
      registration_number: 'CBDL100004',
      business_name: 'Sandbox Garden Services',
      company_number: null,
      tier: 'lower',
      registration_type: 'Carrier, Broker, Dealer',
      applicant_type: 'Sole trader',
      registration_date: addDays(today, -200),
      expiry_date: null,
      postcode: 'TE4 4DD',
      address: '4 Test Lane, Testville, TE4 4DD',
    },
  ];
}

let memo: { today: string; records: RegisterRecord[] } | undefined;

/** The day's sandbox records, built once per London date. */
function recordsFor(today: string): RegisterRecord[] {
  if (memo?.today !== today) memo = { today, records: sandboxRecords(today) };
  return memo.records;
}

export type SandboxQuery = { number: string } | { name: string } | { postcode: string };

/** What the sandbox register answers; null for the outage number (the caller reports 503). */
export function sandboxAnswer(query: SandboxQuery, today: string, now: Date): RegisterAnswer | null {
  const all = recordsFor(today);
  let records: RegisterRecord[];
  if ('number' in query) {
    if (query.number === SANDBOX_OUTAGE_NUMBER) return null;
    records = all.filter((r) => r.registration_number === query.number);
  } else if ('name' in query) {
    // Any name containing "sandbox" finds the three sandbox businesses; anything else finds nothing.
    records = /sandbox/i.test(query.name) ? all.filter((r) => /sandbox/i.test(r.business_name)) : [];
  } else {
    const key = postcodeKey(query.postcode);
    records = all.filter((r) => postcodeMatches(r, key));
  }
  return { records, origin: 'sandbox', cached: false, retrievedAt: now.toISOString() };
}
