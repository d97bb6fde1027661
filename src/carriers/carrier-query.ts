import { ApiError } from '../platform/errors.ts';
import { formatPostcode, isFullPostcode, nameKey } from './register-record.ts';
import { type EnglandRegistrationNumber, requireEnglandNumber } from './registration-number.ts';
import type { VerifyCarrierInput } from './verify-result.ts';

/** What is being asked: one number, one name, or one postcode. */
export type CarrierQuery =
  | { kind: 'number'; number: EnglandRegistrationNumber }
  | { kind: 'name'; name: string }
  | { kind: 'postcode'; postcode: string };

/** registration_number wins over business_name, which wins over postcode; blank counts as absent. */
export function toQuery(input: VerifyCarrierInput): CarrierQuery {
  const number = input.registration_number?.trim();
  if (number) return { kind: 'number', number: requireEnglandNumber(number) };
  const name = input.business_name?.trim();
  if (name) {
    if (nameKey(name).length < 2) {
      throw new ApiError('INVALID_REQUEST', 'business_name must contain at least two letters or digits.', [
        { field: 'business_name', issue: 'must contain at least two letters or digits' },
      ]);
    }
    return { kind: 'name', name };
  }
  const postcode = input.postcode?.trim();
  if (postcode) {
    if (!isFullPostcode(postcode)) {
      throw new ApiError(
        'INVALID_REQUEST',
        `"${postcode.slice(0, 20)}" is not a full UK postcode such as TE1 1AA.`,
        [{ field: 'postcode', issue: 'must be a full UK postcode, e.g. TE1 1AA' }],
      );
    }
    return { kind: 'postcode', postcode: formatPostcode(postcode) };
  }
  throw new ApiError('INVALID_REQUEST', 'Give registration_number, business_name or postcode.', [
    { field: '/', issue: 'one of registration_number, business_name or postcode is required' },
  ]);
}
