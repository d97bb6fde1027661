import pMap from 'p-map';
import { ApiError, type ErrorCode, type ErrorDetail } from '../platform/errors.ts';
import type { CarrierService } from './carrier-service.ts';
import { parseRegistrationNumber } from './registration-number.ts';
import type { VerifyCarrierResult } from './verify-result.ts';

/** The most numbers one batch may carry. */
export const MAX_BATCH = 100;
/**
 * Register look-ups a batch makes at once. The EA publishes no rate limit; four at a time keeps a batch
 * of uncached numbers to a few seconds without one client's batch becoming a burst on the register.
 */
export const BATCH_REGISTER_CONCURRENCY = 4;
/**
 * A batch answers within this, whatever the register does: numbers not looked up by then answer
 * EA_REGISTER_UNAVAILABLE (and are not counted), so a client behind a 30 s proxy still gets the rest.
 */
export const BATCH_DEADLINE_MS = 20_000;

export interface BatchItemError {
  code: ErrorCode;
  message: string;
  status: number;
  details?: ErrorDetail[];
}

/** One number's answer: the single check's 200 body, or its error, with the number as it was sent. */
export type BatchItem =
  | ({ registration_number: string } & VerifyCarrierResult)
  | { registration_number: string; error: BatchItemError };

export interface BatchOutcome {
  results: BatchItem[];
  /** Numbers answered (counted as calls): every one but those the register could not answer in time. */
  served: number;
}

/**
 * POST /v1/verify-carrier/batch: each number checked exactly as a single verify-carrier (same caches,
 * sandbox for test keys, same statuses), in request order. A number that is malformed or that the
 * register cannot answer gets its own error; the batch still answers every other number. The same
 * number sent twice is looked up once. `signal` ends the look-ups not yet made (the client left, or
 * the batch's own deadline passed): those numbers answer EA_REGISTER_UNAVAILABLE.
 */
export async function verifyBatch(
  carriers: CarrierService,
  numbers: readonly string[],
  mode: 'live' | 'test',
  signal: AbortSignal,
): Promise<BatchOutcome> {
  const distinct = [...new Set(numbers.map(sameNumber))];
  const answers = new Map<string, VerifyCarrierResult | BatchItemError>();
  await pMap(
    distinct,
    async (number) => {
      answers.set(number, await answerOne(carriers, number, mode, signal));
    },
    { concurrency: BATCH_REGISTER_CONCURRENCY },
  );
  let served = 0;
  const results = numbers.map((registration_number): BatchItem => {
    const answer = answers.get(sameNumber(registration_number)) as VerifyCarrierResult | BatchItemError;
    if ('code' in answer) {
      if (answer.status < 500) served++;
      return { registration_number, error: answer };
    }
    served++;
    return { registration_number, ...answer };
  });
  return { results, served };
}

/** One key for the ways people write the same number (`cbdu 123`, `CBDU-123`); others as sent. */
function sameNumber(raw: string): string {
  const parsed = parseRegistrationNumber(raw);
  return parsed.ok ? parsed.number : raw.trim();
}

async function answerOne(
  carriers: CarrierService,
  number: string,
  mode: 'live' | 'test',
  signal: AbortSignal,
): Promise<VerifyCarrierResult | BatchItemError> {
  try {
    if (!number) {
      throw new ApiError('INVALID_REGISTRATION_NUMBER', 'An empty string is not a registration number.');
    }
    if (signal.aborted) throw new ApiError('EA_REGISTER_UNAVAILABLE');
    return await carriers.verify({ registration_number: number }, mode, { signal });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const { code, message, status, details } = error;
    return details ? { code, message, status, details } : { code, message, status };
  }
}
