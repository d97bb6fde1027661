import { daysBetween, londonDate } from '../platform/clock.ts';
import type { CarrierQuery } from './carrier-query.ts';
import { recommend } from './recommendation.ts';
import type { RegisterRecord } from './register-record.ts';
import { bestFirst, type ComplianceFlag, flagsFor, isCompliant, judge } from './status-rules.ts';
import type { VerificationOrigin, VerifyCarrierResult } from './verify-result.ts';

/** What a register source found: facts only, judged at response time by buildResult. */
export interface RegisterAnswer {
  records: RegisterRecord[];
  origin: VerificationOrigin;
  cached: boolean;
  /** ISO timestamp: when this data was read from the register. */
  retrievedAt: string;
  /** Set when the mirror answered. */
  mirror?: { publishedOn: string; importedAt: string };
  /** More matched than `records` holds. */
  truncated?: boolean;
  /** A number we saw on the register before its expiry that the register no longer lists. */
  droppedAfter?: string;
}

export const SOURCE_NAME = 'Environment Agency public register of waste carriers, brokers and dealers';

const SOURCE_TEXT: Record<VerificationOrigin, string> = {
  ea_api: SOURCE_NAME,
  mirror: `${SOURCE_NAME} (imported bulk export)`,
  history: `${SOURCE_NAME} (our last record of a registration the register no longer lists)`,
  sandbox: `${SOURCE_NAME} (sandbox data for test keys)`,
};

/** Turns register facts into the API's answer, judging every status against `now` in Europe/London. */
export function buildResult(query: CarrierQuery, answer: RegisterAnswer, now: Date): VerifyCarrierResult {
  const today = londonDate(now);
  const judged = bestFirst(answer.records.map((r) => judge(r, today)));
  const [best] = judged;

  const flags: ComplianceFlag[] = [];
  if (!best) flags.push('NOT_ON_REGISTER');
  if (judged.length > 1) flags.push('MULTIPLE_REGISTRATIONS_FOUND');
  if (best) flags.push(...flagsFor(best, query.kind === 'number' ? query.number.prefixTier : undefined));
  if (query.kind === 'number' && query.number.warning) flags.push('UNUSUAL_NUMBER_LENGTH');

  return {
    // Several matches identify no carrier: saying the best one's status would read as a check of it.
    status: judged.length > 1 ? 'multiple_matches' : (best?.status ?? 'not_found'),
    verification: {
      checked_at: now.toISOString(),
      source: SOURCE_TEXT[answer.origin],
      origin: answer.origin,
      cached: answer.cached,
      retrieved_at: answer.retrievedAt,
      mirror: answer.mirror
        ? {
            published_on: answer.mirror.publishedOn,
            imported_at: answer.mirror.importedAt,
            age_days: Math.max(0, daysBetween(answer.mirror.publishedOn, today)),
          }
        : null,
      ...(answer.droppedAfter && { last_listed_on: answer.droppedAfter }),
    },
    registrations: judged.map((j) => ({
      registration_number: j.record.registration_number,
      business_name: j.record.business_name,
      company_number: j.record.company_number,
      tier: j.record.tier,
      status: j.status,
      expiry_date: j.record.tier === 'lower' ? null : j.record.expiry_date,
      days_until_expiry: j.days_until_expiry,
      expiry_warning: j.expiry_warning,
      postcode: j.record.postcode,
      address: j.record.address,
    })),
    compliance: {
      is_compliant: isCompliant(judged),
      flags,
      recommendation: recommend({
        query,
        registrations: judged,
        truncated: answer.truncated ?? false,
        lastListedOn: answer.origin === 'history' ? londonDate(new Date(answer.retrievedAt)) : undefined,
        droppedAfter: answer.droppedAfter,
      }),
    },
  };
}
