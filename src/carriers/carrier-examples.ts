// Examples for the OpenAPI document, as a test key's sandbox answers (docs/carriers.md, "Test keys: the
// sandbox"); test/platform/openapi-examples.test.ts holds each one to its schema.
import { type ErrorExample, errorResponse, type NamedExamples } from '../platform/openapi.ts';

const SANDBOX_SOURCE =
  'Environment Agency public register of waste carriers, brokers and dealers (sandbox data for test keys)';

const sandboxVerification = (at: string) => ({
  checked_at: at,
  source: SANDBOX_SOURCE,
  origin: 'sandbox',
  cached: false,
  retrieved_at: at,
  mirror: null,
});

export const VERIFY_REQUEST_EXAMPLES: NamedExamples = {
  byNumber: { summary: 'By registration number', value: { registration_number: 'CBDU100002' } },
  byPostcode: { summary: 'By postcode of the registered address', value: { postcode: 'TE1 1AA' } },
};

export const VERIFY_RESULT_EXAMPLES: NamedExamples = {
  expiringSoon: {
    summary: 'Registered, expiring within 90 days',
    value: {
      status: 'expiring_soon',
      verification: sandboxVerification('2026-11-23T18:18:49.321Z'),
      registrations: [
        {
          registration_number: 'CBDU100002',
          business_name: 'Sandbox Skips Limited',
          company_number: '09100002',
          tier: 'upper',
          status: 'expiring_soon',
          expiry_date: '2027-01-07',
          days_until_expiry: 45,
          expiry_warning: true,
          postcode: 'TE1 1AA',
          address: '1 Test Street, Testville, TE1 1AA',
        },
      ],
      compliance: {
        is_compliant: true,
        flags: ['EXPIRING_WITHIN_90_DAYS'],
        recommendation:
          'CBDU100002 (Sandbox Skips Limited) is registered as an upper-tier carrier until 2027-01-07, 45 days from today. You can hand over waste before then; for a transfer on or after 2027-01-07, ask the carrier for proof of renewal and check again.',
      },
    },
  },
  multipleMatches: {
    summary: 'A postcode that matches two registrations: neither is checked',
    value: {
      status: 'multiple_matches',
      verification: sandboxVerification('2026-11-23T18:18:49.402Z'),
      registrations: [
        {
          registration_number: 'CBDU100001',
          business_name: 'Sandbox Haulage Limited',
          company_number: '09100001',
          tier: 'upper',
          status: 'valid',
          expiry_date: '2027-12-28',
          days_until_expiry: 400,
          expiry_warning: false,
          postcode: 'TE1 1AA',
          address: '1 Test Street, Testville, TE1 1AA',
        },
        {
          registration_number: 'CBDU100002',
          business_name: 'Sandbox Skips Limited',
          company_number: '09100002',
          tier: 'upper',
          status: 'expiring_soon',
          expiry_date: '2027-01-07',
          days_until_expiry: 45,
          expiry_warning: true,
          postcode: 'TE1 1AA',
          address: '1 Test Street, Testville, TE1 1AA',
        },
      ],
      compliance: {
        is_compliant: false,
        flags: ['MULTIPLE_REGISTRATIONS_FOUND'],
        recommendation:
          '2 registrations match the postcode TE1 1AA, so this does not identify the carrier. Ask the carrier for their registration number and check it before handing over waste. The best match is CBDU100001 (Sandbox Haulage Limited), registered (upper tier) until 2027-12-28.',
      },
    },
  },
  notFound: {
    summary: 'Not on the register (an answer, not an error)',
    value: {
      status: 'not_found',
      verification: sandboxVerification('2026-11-23T18:18:49.514Z'),
      registrations: [],
      compliance: {
        is_compliant: false,
        flags: ['NOT_ON_REGISTER'],
        recommendation:
          "CBDU999999 is not on the Environment Agency's public register of waste carriers, brokers and dealers. Check the number for typing mistakes and ask the carrier for proof of registration. Do not hand over waste until the carrier shows you a current registration. A Welsh registration is held by Natural Resources Wales (NRW) and is not on the EA register: if the carrier registered in Wales, check NRW's public register instead.",
      },
    },
  },
};

/** A number from another register: refused here and when a transfer note names it. */
export const NOT_AN_ENGLAND_NUMBER: ErrorExample = {
  summary: 'Not an England registration number',
  code: 'INVALID_REGISTRATION_NUMBER',
  message:
    '"WCR/R/123456" is not an England waste carrier registration number: expected CBDU (upper tier) or CBDL (lower tier) followed by digits, e.g. CBDU123456. Scottish (WCR/R/ and 7 digits), Northern Ireland (ROC UT …) and pre-2018 (CB/…) numbers are recognised but cannot be checked against the England register.',
  details: [
    { field: 'registration_number', issue: 'must be CBDU or CBDL followed by digits, e.g. CBDU123456' },
  ],
};

export const REGISTER_UNAVAILABLE: ErrorExample = {
  summary: 'The register cannot be reached',
  code: 'EA_REGISTER_UNAVAILABLE',
};

export const VERIFY_ERRORS = {
  400: errorResponse('Nothing to look up, an unknown field, or a number that is not an England number.', [
    {
      summary: 'Nothing to look up',
      code: 'INVALID_REQUEST',
      message: 'Give registration_number, business_name or postcode.',
      details: [{ field: '/', issue: 'one of registration_number, business_name or postcode is required' }],
    },
    NOT_AN_ENGLAND_NUMBER,
  ]),
  503: errorResponse(
    "The register could not be reached: never a 'not found'. Not counted against the quota; try again shortly.",
    [REGISTER_UNAVAILABLE],
  ),
};

const expiringSoon = VERIFY_RESULT_EXAMPLES.expiringSoon?.value as Record<string, unknown>;
const notFound = VERIFY_RESULT_EXAMPLES.notFound?.value as Record<string, unknown>;

export const VERIFY_BATCH_REQUEST_EXAMPLES: NamedExamples = {
  threeNumbers: {
    summary: 'Three numbers, one of them from another register',
    value: { registration_numbers: ['CBDU100002', 'WCR/R/123456', 'CBDU999999'] },
  },
};

export const VERIFY_BATCH_RESULT_EXAMPLES: NamedExamples = {
  threeNumbers: {
    summary: 'One answer per number, in the order sent',
    value: {
      results: [
        { registration_number: 'CBDU100002', ...expiringSoon },
        {
          registration_number: 'WCR/R/123456',
          error: {
            code: NOT_AN_ENGLAND_NUMBER.code,
            message: NOT_AN_ENGLAND_NUMBER.message,
            status: 400,
            details: NOT_AN_ENGLAND_NUMBER.details,
          },
        },
        { registration_number: 'CBDU999999', ...notFound },
      ],
    },
  },
};

export const VERIFY_BATCH_ERRORS = {
  400: errorResponse('No numbers, more than 100, or something other than a list of strings.', [
    {
      summary: 'Too many numbers',
      code: 'INVALID_REQUEST',
      message: 'body/registration_numbers must NOT have more than 100 items',
      details: [{ field: '/registration_numbers', issue: 'must NOT have more than 100 items' }],
    },
  ]),
};
