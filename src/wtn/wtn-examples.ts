// Examples for the OpenAPI document: a note made with a test key against the sandbox register
// (CBDU100001 is valid there); test/platform/openapi-examples.test.ts holds each one to its schema.

import { stringify } from 'csv-stringify/sync';
import { NOT_AN_ENGLAND_NUMBER, REGISTER_UNAVAILABLE } from '../carriers/carrier-examples.ts';
import { errorResponse, type NamedExamples } from '../platform/openapi.ts';
import { CSV_COLUMNS, csvRow } from './note-csv.ts';
import type { WasteTransferNote } from './wtn-schemas.ts';

const SITE = '45 High Street, Bournemouth, BH1 2AA';
export const EXAMPLE_REFERENCE = 'WTN-2026-1123-D0JA';
/** Why `limit` or `starting_after` is refused with a CSV export. */
export const CSV_NOT_PAGED = 'does not apply to a CSV export, which holds every matching note';

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
  mode: 'test',
  supersedes: null,
  producer: { ...REQUEST.producer, sic_description: 'Joinery installation' },
  carrier: {
    registration_number: 'CBDU100001',
    business_name: 'Sandbox Haulage Limited',
    address: '1 Test Street, Testville, TE1 1AA',
    address_source: 'register',
    tier: 'upper',
    verified: true,
    register_origin: 'sandbox',
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
  season_ticket: null,
  created_at: '2026-11-23T18:19:00.979Z',
  superseded_by: null,
  signatures: { transferor: null, transferee: null },
  signed: 'unsigned',
  content_sha256: null,
  transfers: [],
};

const SIGNED_NOTE = {
  ...NOTE,
  signatures: {
    transferor: {
      name: 'Sam Patel',
      position: 'Site manager',
      signed_at: '2026-11-24T09:31:12.000Z',
      method: 'api',
      ip: '203.0.113.7',
      drawn: false,
    },
    transferee: {
      name: 'Jo Driver',
      position: 'Driver',
      signed_at: '2026-11-24T09:33:40.000Z',
      method: 'signing_link',
      ip: '198.51.100.23',
      drawn: true,
    },
  },
  signed: 'signed',
  content_sha256: '3f1c0e9b7d1b5a2f8e4c6d0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c',
};

export const SIGN_EXAMPLES: NamedExamples = {
  producer: {
    summary: 'The producer signs as transferor',
    value: { party: 'transferor', name: 'Sam Patel', position: 'Site manager' },
  },
};

export const SIGNED_NOTE_EXAMPLES: NamedExamples = {
  signed: { summary: 'Signed by both parties', value: SIGNED_NOTE },
};

export const SIGNING_LINK_EXAMPLES: NamedExamples = {
  driver: { summary: "A link for the carrier's driver", value: { party: 'transferee' } },
};

export const TRANSFER_EXAMPLES: NamedExamples = {
  weekly: {
    summary: 'A weekly collection',
    value: { date: '2026-12-01', time: '07:45', quantity_kg: 620, vehicle_registration: 'AB12 CDE' },
  },
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

/** Two notes as the CSV export writes them (after its byte order mark): built by the export's own code. */
export const CSV_EXAMPLE = stringify(
  [{ ...SIGNED_NOTE, reference: 'WTN-2026-1124-K7QX', created_at: '2026-11-24T08:02:11.412Z' }, NOTE].map(
    (note) => csvRow(note as WasteTransferNote),
  ),
  { header: true, columns: [...CSV_COLUMNS], record_delimiter: 'windows' },
);

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
  409: errorResponse(
    '`supersedes` names a note that a correction has already superseded. Nothing is stored.',
    [
      {
        summary: 'Already superseded',
        code: 'NOTE_SUPERSEDED',
        message: 'WTN-2026-1120-K2M4 has been superseded by WTN-2026-1121-Q8RT: use that note.',
      },
    ],
  ),
  422: errorResponse(
    'The Idempotency-Key was used in the last 24 hours with a different body, `supersedes` names no note of yours, or a season ticket for hazardous waste. Nothing is stored.',
    [
      { summary: 'Idempotency-Key reused', code: 'IDEMPOTENCY_KEY_REUSED' },
      {
        summary: 'Superseded note not found',
        code: 'SUPERSEDED_NOTE_NOT_FOUND',
        message: 'supersedes: no transfer note WTN-2026-0101-ZZZZ for this organisation in test mode.',
        details: [{ field: '/supersedes', issue: 'is not one of your notes in this mode' }],
      },
      {
        summary: 'Season ticket for hazardous waste',
        code: 'SEASON_TICKET_NOT_ALLOWED',
        message:
          '17 06 05* is hazardous waste: a season ticket covers only non-hazardous waste, and hazardous waste moves on a consignment note each time.',
      },
    ],
  ),
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
  400: errorResponse(
    'A filter that is not valid, an unknown parameter, or `limit` / `starting_after` with a CSV export.',
    [
      {
        summary: 'Filters not valid',
        code: 'INVALID_REQUEST',
        message: 'The query string is not valid: see details.',
        details: [
          { field: 'transfer_date_from', issue: 'must be on or before transfer_date_to' },
          { field: 'ewc_code', issue: 'must be a six-digit code, e.g. 17 05 04' },
        ],
      },
      {
        summary: 'Paging a CSV export',
        code: 'INVALID_REQUEST',
        message: 'The query string is not valid: see details.',
        details: [{ field: 'limit', issue: CSV_NOT_PAGED }],
      },
    ],
  ),
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

const SUPERSEDED = {
  summary: 'Note superseded',
  code: 'NOTE_SUPERSEDED',
  message: 'WTN-2026-1123-D0JA has been superseded by WTN-2026-1124-P3LQ: use that note.',
} as const;

export const SIGN_ERRORS = {
  400: errorResponse('A field missing, blank or unknown, or a party other than transferor or transferee.', [
    {
      summary: 'Fields not valid',
      code: 'INVALID_REQUEST',
      message: 'The request body is not valid: see details.',
      details: [{ field: '/party', issue: 'must be one of transferor, transferee' }],
    },
  ]),
  404: NOTE_NOT_FOUND,
  409: errorResponse('The party has already signed, or the note has been superseded. Nothing changes.', [
    {
      summary: 'Already signed',
      code: 'ALREADY_SIGNED',
      message:
        'The transferee has already signed WTN-2026-1123-D0JA: Jo Driver, 2026-11-24T09:33:40.000Z. A party signs once.',
    },
    SUPERSEDED,
  ]),
};

/** Signing by API adds the rule for printed names (src/platform/person-name.ts) to the 400s. */
export const SIGNATURE_ERRORS = {
  ...SIGN_ERRORS,
  400: errorResponse(
    'A field missing, blank or unknown, a party other than transferor or transferee, or a name or position with nothing visible or with control or text-direction characters.',
    [
      {
        summary: 'Fields not valid',
        code: 'INVALID_REQUEST',
        message: 'The request body is not valid: see details.',
        details: [{ field: '/party', issue: 'must be one of transferor, transferee' }],
      },
      {
        summary: 'A name with nothing visible',
        code: 'INVALID_REQUEST',
        message: 'The request body is not valid: see details.',
        details: [{ field: '/name', issue: 'must not be blank' }],
      },
    ],
  ),
};

export const TRANSFER_ERRORS = {
  400: errorResponse('A field missing, of the wrong type or unknown.', [
    {
      summary: 'Fields not valid',
      code: 'INVALID_REQUEST',
      message: 'The request body is not valid: see details.',
      details: [{ field: '/quantity_kg', issue: 'must be more than 0' }],
    },
  ]),
  404: NOTE_NOT_FOUND,
  409: errorResponse('The note is not a season ticket, or has been superseded. Nothing is logged.', [
    {
      summary: 'Not a season ticket',
      code: 'NOT_A_SEASON_TICKET',
      message:
        'WTN-2026-1123-D0JA is a note for a single transfer: collections can be logged only under a season ticket.',
    },
    SUPERSEDED,
  ]),
  422: errorResponse(
    "The date is outside the ticket's period, or on or after the carrier's registration expired; or the Idempotency-Key was used with another body. Nothing is logged.",
    [
      {
        summary: 'Outside the season ticket',
        code: 'TRANSFER_OUTSIDE_SEASON_TICKET',
        message:
          '2027-12-02 is outside the period WTN-2026-1123-D0JA covers (2026-12-01 to 2027-11-30). A collection outside it needs its own note.',
        details: [{ field: '/date', issue: 'must be from 2026-12-01 to 2027-11-30' }],
      },
      {
        summary: 'Carrier registration expired',
        code: 'CARRIER_REGISTRATION_EXPIRED',
        message:
          "The carrier's registration CBDU100002 expired on 2027-01-07, on or before 2027-01-12: waste must not be handed to an unregistered carrier. If it has renewed, issue a new note that supersedes WTN-2026-1123-D0JA.",
        details: [
          { field: '/date', issue: "must be before 2027-01-07, when the carrier's registration expired" },
        ],
      },
      { summary: 'Idempotency-Key reused', code: 'IDEMPOTENCY_KEY_REUSED' },
    ],
  ),
};

export const EDIT_ERRORS = {
  404: NOTE_NOT_FOUND,
  409: errorResponse('Notes are never edited or deleted; a signed note says so by name.', [
    {
      summary: 'Signed note',
      code: 'NOTE_SIGNED',
      message:
        'WTN-2026-1123-D0JA has been signed by the transferor and the transferee, so its content cannot change. To correct it, create a new note with "supersedes": "WTN-2026-1123-D0JA".',
    },
    {
      summary: 'Unsigned note',
      code: 'NOTE_IMMUTABLE',
      message:
        'Transfer notes are never edited or deleted. To correct WTN-2026-1123-D0JA, create a new note with "supersedes": "WTN-2026-1123-D0JA".',
    },
  ]),
};

export const SIGNING_LINK_RESPONSE_EXAMPLES: NamedExamples = {
  driver: {
    summary: 'A link for the driver, valid 48 hours',
    value: {
      url: 'https://wcs.example.org/sign/q3V9tX0b1mZP5kLr8cW2nYH7sJfA4dEg6uQiToBvR1w',
      party: 'transferee',
      expires_at: '2026-11-26T09:30:00.000Z',
    },
  },
};

export const TRANSFER_RESPONSE_EXAMPLES: NamedExamples = {
  weekly: {
    summary: 'The first collection',
    value: {
      number: 1,
      date: '2026-12-01',
      time: '07:45',
      quantity_kg: 620,
      vehicle_registration: 'AB12 CDE',
      logged_at: '2026-12-01T07:52:10.000Z',
    },
  },
};
