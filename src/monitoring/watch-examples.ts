// Examples for the OpenAPI document, as a test key's sandbox answers; test/platform/openapi-document.test.ts
// holds each one to its schema.
import { errorResponse, type NamedExamples } from '../platform/openapi.ts';

const sandboxSkips = {
  id: 'cw_4Jq8sYb2LmN6pR0tVx3z',
  object: 'carrier_watch',
  registration_number: 'CBDU100002',
  label: 'Skip hire, Testville depot',
  source: 'api',
  note_reference: null,
  watch_until: null,
  created_at: '2026-11-23T18:18:49.321Z',
  status: 'expiring_soon',
  registration: {
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
  last_checked_at: '2026-11-23T18:18:49.321Z',
  next_check_at: '2026-11-24T18:18:49.321Z',
  last_check_error: null,
};

const unchecked = {
  ...sandboxSkips,
  id: 'cw_8Rt2wQe5YuI7oP9aSd1f',
  registration_number: 'CBDU100503',
  label: null,
  status: 'unchecked',
  registration: null,
  last_checked_at: null,
  next_check_at: '2026-11-23T18:20:02.114Z',
  last_check_error: {
    at: '2026-11-23T18:20:02.114Z',
    message:
      "Sandbox: CBDU100503 always answers as the service does when the Environment Agency's register cannot be reached. This is not a 'not found'.",
  },
};

const seasonTicket = {
  ...sandboxSkips,
  id: 'cw_2Ab4Cd6Ef8Gh0Ij2Kl4M',
  registration_number: 'CBDU100001',
  label: 'Season ticket WTN-2026-1123-D0JA',
  source: 'season_ticket',
  note_reference: 'WTN-2026-1123-D0JA',
  watch_until: '2027-11-22',
  status: 'valid',
  registration: {
    ...sandboxSkips.registration,
    registration_number: 'CBDU100001',
    business_name: 'Sandbox Haulage Limited',
    company_number: '09100001',
    status: 'valid',
    expiry_date: '2027-12-28',
    days_until_expiry: 400,
    expiry_warning: false,
  },
};

export const CREATE_WATCH_EXAMPLES: NamedExamples = {
  labelled: {
    summary: 'A number with your own label',
    value: { registration_number: 'CBDU100002', label: 'Skip hire, Testville depot' },
  },
};

export const UPDATE_WATCH_EXAMPLES: NamedExamples = {
  relabel: { summary: 'A new label', value: { label: 'Skip hire, north depot' } },
  clear: { summary: 'No label', value: { label: null } },
};

export const WATCH_EXAMPLES: NamedExamples = {
  watched: { summary: 'Checked: expiring within 90 days', value: sandboxSkips },
  unchecked: { summary: 'Created while the register was unavailable', value: unchecked },
};

export const WATCH_LIST_EXAMPLES: NamedExamples = {
  page: {
    summary: 'A page of watches',
    value: { data: [seasonTicket, sandboxSkips], has_more: false, next_starting_after: null },
  },
};

export const DELETED_EXAMPLES: NamedExamples = {
  deleted: {
    summary: 'Deleted',
    value: { id: 'cw_4Jq8sYb2LmN6pR0tVx3z', object: 'carrier_watch', deleted: true },
  },
};

export const WATCH_NOT_FOUND = errorResponse('No watch with that id for this organisation in this mode.', [
  { summary: 'No such watch', code: 'CARRIER_WATCH_NOT_FOUND' },
]);

export const CREATE_WATCH_ERRORS = {
  400: errorResponse('No number, an unknown field, or a number that is not an England number.', [
    {
      summary: 'Not an England registration number',
      code: 'INVALID_REGISTRATION_NUMBER',
      message:
        '"WCR/R/123456" is not an England waste carrier registration number: expected CBDU (upper tier) or CBDL (lower tier) followed by digits, e.g. CBDU123456. Scottish (WCR/R/ and 7 digits), Northern Ireland (ROC UT …) and pre-2018 (CB/…) numbers are recognised but cannot be checked against the England register.',
      details: [
        { field: 'registration_number', issue: 'must be CBDU or CBDL followed by digits, e.g. CBDU123456' },
      ],
    },
    {
      summary: 'No number',
      code: 'INVALID_REQUEST',
      message: 'The request body is not valid: see details.',
      details: [{ field: '/registration_number', issue: 'is required' }],
    },
  ]),
  409: errorResponse(
    'The organisation already watches this number in this mode; the message names the watch.',
    [
      {
        summary: 'Already watched',
        code: 'CARRIER_WATCH_EXISTS',
        message: 'CBDU100002 is already watched in test mode by cw_4Jq8sYb2LmN6pR0tVx3z.',
        details: [{ field: 'registration_number', issue: 'is already watched by cw_4Jq8sYb2LmN6pR0tVx3z' }],
      },
    ],
  ),
};

export const LIST_WATCH_ERRORS = {
  400: errorResponse('`starting_after` names no watch of yours, or a parameter is not valid.', [
    {
      summary: 'Unknown starting_after',
      code: 'INVALID_REQUEST',
      message: 'starting_after is not the id of one of your carrier watches.',
      details: [{ field: 'starting_after', issue: 'is not a carrier watch of this organisation and mode' }],
    },
  ]),
};

export const UPDATE_WATCH_ERRORS = {
  400: errorResponse('No `label`, or a field other than `label`.', [
    {
      summary: 'Unknown field',
      code: 'INVALID_REQUEST',
      message: 'The request body is not valid: see details.',
      details: [
        { field: '/label', issue: 'is required' },
        { field: '/registration_number', issue: 'is not a recognised field' },
      ],
    },
  ]),
  404: WATCH_NOT_FOUND,
};
