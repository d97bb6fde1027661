import { errorResponse } from '../platform/openapi.ts';

/** Examples and error responses for the sites and waste receipts reference (OpenAPI). */

export const SITE_REQUEST_EXAMPLES = {
  site: {
    summary: 'A transfer station',
    value: {
      name: 'Testtown Transfer Station',
      address: { full_address: '1 Quarry Lane, Testtown', postcode: 'TC1 2AB' },
      authorisation_numbers: ['EPR/AB1234CD'],
      dwt_api_code: '1f83215e-4b90-4785-9ab2-2614839aa2e9',
    },
  },
};

export const RECEIPT_REQUEST_EXAMPLES = {
  fromNote: {
    summary: 'From a stored transfer note',
    value: {
      site_id: 'site_7Hq2xZ0aB4cD6eF8gH1j',
      wtn_reference: 'WTN-2026-1123-7K3Q',
      received_at: '2026-11-23T09:15:00Z',
      carrier: { means_of_transport: 'road', vehicle_registration: 'AB12 CDE' },
      waste_items: [
        { physical_form: 'solid', number_of_containers: 1, contains_pops: false, contains_hazardous: false },
      ],
    },
  },
  full: {
    summary: 'Every field given',
    value: {
      site_id: 'site_7Hq2xZ0aB4cD6eF8gH1j',
      received_at: '2026-11-23T09:15:00Z',
      your_reference: 'WB-000123',
      carrier: {
        registration_number: 'CBDU123456',
        organisation_name: 'Acme Skips Ltd',
        address: { full_address: '2 Depot Road, Testtown', postcode: 'TC2 3CD' },
        means_of_transport: 'road',
        vehicle_registration: 'AB12 CDE',
      },
      waste_items: [
        {
          ewc_codes: ['170904'],
          description: 'Mixed construction and demolition waste',
          physical_form: 'mixed',
          number_of_containers: 1,
          container_type: 'SKI',
          weight: { amount: 2.4, unit: 'tonnes', is_estimate: false },
          contains_pops: false,
          contains_hazardous: false,
          disposal_or_recovery_codes: [
            { code: 'R5', weight: { amount: 2.4, unit: 'tonnes', is_estimate: true } },
          ],
        },
      ],
    },
  },
};

export const RECEIPT_NOT_FOUND = errorResponse(
  'No receipt with that id for this organisation in this mode.',
  [{ summary: 'No such receipt', code: 'RECEIPT_NOT_FOUND' }],
);

export const SITE_NOT_FOUND = errorResponse('No site with that id for this organisation in this mode.', [
  { summary: 'No such site', code: 'SITE_NOT_FOUND' },
]);

export const SITE_INVALID = errorResponse(
  'A field missing or in a form DWT refuses (every problem in `details`).',
  [
    {
      summary: 'Site not valid',
      code: 'INVALID_REQUEST',
      message: 'The site is not valid: see details.',
      details: [
        {
          field: '/authorisation_numbers/0',
          issue: 'must be a permit or licence number DWT accepts, e.g. EPR/AB1234CD or WML123456',
        },
      ],
    },
  ],
);

const RECEIPT_INVALID = errorResponse(
  "The receipt breaks one of DWT's rules (every problem in `details`); nothing is stored or sent.",
  [
    {
      summary: 'Hazardous without consignment code',
      code: 'INVALID_REQUEST',
      message: 'The receipt is not valid: see details.',
      details: [
        {
          field: '/hazardous_waste_consignment_code',
          issue:
            'is required because an EWC code is hazardous: give the consignment note code, or reason_for_no_consignment_code',
        },
      ],
    },
  ],
);

export const CREATE_RECEIPT_ERRORS = {
  400: RECEIPT_INVALID,
  422: errorResponse(
    'The site or note named is not yours in this mode, the site is archived, or an Idempotency-Key was reused with another body.',
    [
      { summary: 'Unknown site', code: 'RECEIPT_SITE_UNKNOWN' },
      { summary: 'Site archived', code: 'SITE_ARCHIVED' },
      { summary: 'Unknown note', code: 'RECEIPT_WTN_NOT_FOUND' },
      { summary: 'Unknown consignment note', code: 'RECEIPT_CONSIGNMENT_NOTE_NOT_FOUND' },
      { summary: 'Key reused', code: 'IDEMPOTENCY_KEY_REUSED' },
    ],
  ),
  503: errorResponse('A live key, and this service is not connected to DWT.', [
    { summary: 'DWT not configured', code: 'DWT_NOT_CONFIGURED' },
  ]),
};

export const CORRECT_RECEIPT_ERRORS = {
  400: RECEIPT_INVALID,
  404: RECEIPT_NOT_FOUND,
  422: errorResponse('The correction names another site, or a note that is not yours in this mode.', [
    { summary: 'Site changed', code: 'RECEIPT_SITE_CHANGED' },
    { summary: 'Unknown note', code: 'RECEIPT_WTN_NOT_FOUND' },
    { summary: 'Unknown consignment note', code: 'RECEIPT_CONSIGNMENT_NOTE_NOT_FOUND' },
  ]),
};

export const RESOLVE_ERRORS = {
  400: errorResponse('in_dwt without its waste_tracking_id, or an unknown field.', [
    {
      summary: 'Id missing',
      code: 'INVALID_REQUEST',
      message: 'The body is not valid: see details.',
      details: [{ field: '/waste_tracking_id', issue: 'is required when outcome is in_dwt' }],
    },
  ]),
  404: RECEIPT_NOT_FOUND,
  409: errorResponse('The receipt is not waiting for review.', [
    { summary: 'Not in review', code: 'RECEIPT_NOT_IN_REVIEW' },
  ]),
};

export const LIST_RECEIPT_ERRORS = {
  400: errorResponse('A filter that is not valid, or an unknown parameter.', [
    {
      summary: 'Filters not valid',
      code: 'INVALID_REQUEST',
      message: 'The query string is not valid: see details.',
      details: [{ field: 'received_from', issue: 'must be on or before received_to' }],
    },
  ]),
};

const SITE = {
  id: 'site_7Hq2xZ0aB4cD6eF8gH1j',
  object: 'site',
  mode: 'live',
  name: 'Testtown Transfer Station',
  address: { full_address: '1 Quarry Lane, Testtown', postcode: 'TC1 2AB' },
  authorisation_numbers: ['EPR/AB1234CD'],
  dwt_api_code: '1f83215e-4b90-4785-9ab2-2614839aa2e9',
  archived: false,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
};
export const SITE_EXAMPLES = { site: { summary: 'A receiving site', value: SITE } };
export const SITE_LIST_EXAMPLES = { sites: { summary: 'One site', value: { data: [SITE] } } };

const SUBMITTED = {
  id: 'rcpt_0VbVRL1spb2oasfVooGcrr7U',
  object: 'waste_receipt',
  mode: 'live',
  status: 'submitted',
  site_id: 'site_7Hq2xZ0aB4cD6eF8gH1j',
  waste_tracking_id: '26RUTG29',
  submission_due_by: '2026-11-25T23:59:59.999Z',
  overdue: false,
  due_soon: false,
  submitted_at: '2026-11-23T09:20:04.894Z',
  revision: 1,
  dwt_revision: 1,
  from_wtn: null,
  from_consignment_note: null,
  receiver: {
    name: 'Testtown Transfer Station',
    address: { full_address: '1 Quarry Lane, Testtown', postcode: 'TC1 2AB' },
    dwt_api_code: '1f83215e-4b90-4785-9ab2-2614839aa2e9',
  },
  received_at: '2026-11-23T09:15:00.000Z',
  authorisation_number: 'EPR/AB1234CD',
  your_reference: 'WB-000123',
  carrier: {
    registration_number: 'CBDU123456',
    organisation_name: 'Acme Skips Ltd',
    address: { full_address: '2 Depot Road, Testtown', postcode: 'TC2 3CD' },
    means_of_transport: 'road',
    vehicle_registration: 'AB12 CDE',
  },
  waste_items: [
    {
      ewc_codes: ['170904'],
      description: 'Mixed construction and demolition waste',
      physical_form: 'mixed',
      number_of_containers: 1,
      container_type: 'SKI',
      weight: { amount: 2.4, unit: 'tonnes', is_estimate: false },
      contains_pops: false,
      contains_hazardous: false,
    },
  ],
  warnings: [
    {
      code: 'DISPOSAL_OR_RECOVERY_CODES_MISSING',
      field: '/waste_items/0/disposal_or_recovery_codes',
      message:
        'DWT expects the disposal or recovery codes; correct the receipt to add them once they are known.',
    },
  ],
  submission: {
    attempts: 1,
    next_attempt_at: null,
    message: 'DWT recorded the receipt.',
    errors: [],
    dwt_warnings: [],
  },
  created_at: '2026-11-23T09:20:04.288Z',
  updated_at: '2026-11-23T09:20:04.894Z',
};
const REJECTED = {
  ...SUBMITTED,
  status: 'rejected',
  waste_tracking_id: null,
  submitted_at: null,
  dwt_revision: 0,
  submission: {
    attempts: 1,
    next_attempt_at: null,
    message: 'DWT refused the receipt. Correct the receipt (PUT) to send it again.',
    errors: [
      {
        field: '/carrier/registration_number',
        issue: 'carrier.registrationNumber must be in a valid format',
        dwt_key: 'carrier.registrationNumber',
        dwt_error_type: 'InvalidFormat',
      },
    ],
    dwt_warnings: [],
  },
};
export const RECEIPT_EXAMPLES = {
  submitted: { summary: "Submitted, with DWT's id", value: SUBMITTED },
  rejected: { summary: 'Refused by DWT', value: REJECTED },
};
export const RECEIPT_LIST_EXAMPLES = {
  page: { summary: 'A page', value: { data: [SUBMITTED], has_more: false, next_starting_after: null } },
};
export const RESOLVE_EXAMPLES = {
  found: { summary: 'Found in DWT', value: { outcome: 'in_dwt', waste_tracking_id: '26RUTG29' } },
  notFound: { summary: 'Not in DWT: send again', value: { outcome: 'not_in_dwt' } },
};
export const SITE_UPDATE_EXAMPLES = {
  permits: {
    summary: 'Another permit',
    value: { authorisation_numbers: ['EPR/AB1234CD', 'EPR/AB1234CD/D0002'] },
  },
};
