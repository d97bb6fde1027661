/** What other capabilities use of carrier verification. */
export { CarrierService } from './carrier-service.ts';
export { normaliseRegistrationNumber, parseRegistrationNumber } from './registration-number.ts';
export type { VerifyCarrierInput, VerifyCarrierResult } from './verify-result.ts';
