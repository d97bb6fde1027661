// Examples for the OpenAPI document: a note made with a test key against the sandbox register
// (CBDU100001 is valid there); test/platform/openapi-examples.test.ts holds each one to its schema.
import { NOT_AN_ENGLAND_NUMBER, REGISTER_UNAVAILABLE } from '../carriers/carrier-examples.ts';
import { errorResponse, type NamedExamples } from '../platform/openapi.ts';

const SITE = '45 High Street, Bournemouth, BH1 2AA';
export const EXAMPLE_REFERENCE = 'WTN-2026-1123-D0JA';

const REQUEST = {
  producer: { name: 'ABC Office Fit-out Ltd', address: SITE, sic_code: '43320', contact_name: 'Sam Patel' },
  carrier: { registration_number: 'CBDU100001' },
  waste: {
    description: 'Mixed plasterboard offcuts and broken ceiling tiles from an office refit',
    quantity_kg: 850,
    container_type: '8 yard skip',
  },
  destination: {
    name: 'Poole Recycling Centre',
    address: 'Unit 4, Nuffield Industrial Estate, Poole, BH17 0RB',
    permit_number: 'EPR/AB1234CD',
  },
  transfer_date: '2026-11-24',
  transfer_time: '09:30',
  transfer_place: SITE,
};

const NOTE = {
  reference: EXAMPLE_REFERENCE,
  status: 'complete',
  producer: REQUEST.producer,
  carrier: {
    registration_number: 'CBDU100001',
    business_name: 'Sandbox Haulage Limited',
    tier: 'upper',
    verified: true,
    expiry_date: '2027-12-28',
    status: 'valid',
  },
  waste: {
    description: REQUEST.waste.description,
    ewc_code: '17 08 02',
    ewc_description: 'gypsum-based construction materials other than those mentioned in 17 08 01',
    is_hazardous: false,
    ewc_code_source: 'classification',
    classification_confidence: 0.85,
    quantity_kg: 850,
    container_type: '8 yard skip',
    container_code: 'SKI',
  },
  destination: REQUEST.destination,
  duty_of_care: {
    producer_identified: true,
    carrier_verified: true,
    waste_classified: true,
    destination_provided: true,
    all_checks_passed: true,
  },
  compliance: { is_compliant: true, flags: [], warnings: [] },
  transfer_date: '2026-11-24',
  transfer_time: '09:30',
  transfer_place: SITE,
  created_at: '2026-11-23T18:19:00.979Z',
};

export const GENERATE_REQUEST_EXAMPLES: NamedExamples = {
  officeRefit: { summary: 'Plasterboard from an office refit, classified by the service', value: REQUEST },
};

export const NOTE_EXAMPLES: NamedExamples = {
  officeRefit: { summary: 'A compliant note', value: NOTE },
};

export const LIST_EXAMPLES: NamedExamples = {
  onePage: {
    summary: 'limit=1: one note, and more to come',
    value: { data: [NOTE], has_more: true, next_starting_after: EXAMPLE_REFERENCE },
  },
};

export const GENERATE_ERRORS = {
  400: errorResponse(
    'Fields missing, blank, of the wrong type or unknown (every problem in `details`), a carrier number that is not an England number, or an Idempotency-Key longer than 255 characters. Nothing is stored.',
    [
      {
        summary: 'Fields not valid',
        code: 'INVALID_REQUEST',
        message: 'The request body is not valid: see details.',
        details: [
          { field: '/producer/name', issue: 'must not be blank' },
          { field: '/producer/address', issue: 'is required' },
          { field: '/waste/quantity_kgs', issue: 'is not a recognised field' },
          { field: '/transfer_date', issue: 'must be a real calendar date, YYYY-MM-DD' },
        ],
      },
      NOT_AN_ENGLAND_NUMBER,
      {
        summary: 'Idempotency-Key too long',
        code: 'INVALID_REQUEST',
        message: 'The Idempotency-Key header must be one value of 1 to 255 characters, e.g. a UUID.',
        details: [{ field: 'Idempotency-Key', issue: 'must be 1 to 255 characters' }],
      },
    ],
  ),
  404: errorResponse('`auto_verify` is on and the register does not hold the carrier. Nothing is stored.', [
    {
      summary: 'Carrier not on the register',
      code: 'CARRIER_NOT_FOUND',
      message:
        "CBDU999999 is not on the Environment Agency's public register of waste carriers. Check the number with the carrier; do not hand waste to an unregistered carrier.",
    },
  ]),
  422: errorResponse('The Idempotency-Key was used in the last 24 hours with a different body.', [
    { summary: 'Idempotency-Key reused', code: 'IDEMPOTENCY_KEY_REUSED' },
  ]),
  500: errorResponse('Something failed on our side. Nothing is stored; never counted against the quota.', [
    { summary: 'The classifier failed', code: 'CLASSIFICATION_FAILED' },
    { summary: 'Unexpected failure', code: 'INTERNAL_ERROR' },
  ]),
  503: errorResponse('The register could not be reached, or no reference is free today. Nothing is stored.', [
    REGISTER_UNAVAILABLE,
    {
      summary: 'No reference free today',
      code: 'SERVICE_UNAVAILABLE',
      message: "No transfer note reference is free for today's date. Try again.",
    },
  ]),
};

export const LIST_ERRORS = {
  400: errorResponse('A filter that is not valid, or an unknown parameter.', [
    {
      summary: 'Filters not valid',
      code: 'INVALID_REQUEST',
      message: 'The query string is not valid: see details.',
      details: [
        { field: 'transfer_date_from', issue: 'must be on or before transfer_date_to' },
        { field: 'ewc_code', issue: 'must be a six-digit code, e.g. 17 05 04' },
      ],
    },
  ]),
};

export const NOTE_NOT_FOUND = errorResponse(
  'No note with that reference for this organisation in this mode (live and test notes are separate).',
  [
    {
      summary: 'No such note',
      code: 'WTN_NOT_FOUND',
      message: `No waste transfer note WTN-2026-0101-ZZZZ for this organisation in test mode.`,
    },
  ],
);
