/** What other capabilities use of carrier verification. */
export { CarrierService, type VerifyCall } from './carrier-service.ts';
export { factsOf, type Registration, type RegistrationFacts, registrationOn } from './registration-facts.ts';
export { normaliseRegistrationNumber, parseRegistrationNumber } from './registration-number.ts';
export { RegistrationSchema, type VerifyCarrierInput, type VerifyCarrierResult } from './verify-result.ts';
