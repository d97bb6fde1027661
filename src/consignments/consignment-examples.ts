import { errorResponse, type NamedExamples } from '../platform/openapi.ts';
import { DECLARATIONS } from './part-rules.ts';

/** Examples and documented errors of /v1/consignment-notes, as the service words them. */

const GARAGE_BODY = {
  producer: {
    name: 'Garage Services Ltd',
    address: 'Unit 4, Mill Lane, Poole',
    postcode: 'BH15 2AB',
    sic_code: '45200',
    contact: 'Sam Patel',
    phone: '01202 123456',
    email: 'sam@garage.example',
  },
  consignee: { site_id: 'site_5f7Gq2LmN8pR3sT6vW9x' },
  carrier: { registration_number: 'CBDU100001' },
  process: 'Servicing of cars and light vans',
  lines: [
    {
      ewc_code: '13 02 05*',
      description: 'Waste engine oil drained from vehicles',
      quantity_kg: 180,
      physical_form: 'liquid',
      colour: 'black',
      components: [
        { name: 'Mineral base oil', concentration: 95, unit: 'percent' },
        { name: 'Water', concentration: 5, unit: 'percent' },
      ],
      hazard_codes: ['HP5', 'HP14'],
      container: { type: 'drum', number: 1, size_litres: 205 },
    },
  ],
};

export const CREATE_EXAMPLES: NamedExamples = {
  garage: { summary: "A garage's waste engine oil", value: GARAGE_BODY },
  classified: {
    summary: 'A line classified from its description',
    value: {
      ...GARAGE_BODY,
      lines: [
        {
          description: 'Oily rags and absorbents from the workshop floor',
          classify: true,
          quantity_kg: 40,
          physical_form: 'solid',
          components: [{ name: 'Mineral oil', concentration: 20, unit: 'percent' }],
          hazard_codes: ['HP14'],
          container: { type: 'drum', number: 2, size_litres: 60 },
        },
      ],
    },
  },
  round: {
    summary: 'One collection of a multiple collection',
    value: { ...GARAGE_BODY, multiple_collection: { round_number: 'R2026W48' } },
  },
};

const EXAMPLE_NOTE = {
  id: 'cn_7kQ2mX9pL4rT8vB3nC6d',
  consignment_code: 'GARAGE/00001',
  code_assigned: 'generated',
  nation: 'england',
  mode: 'test',
  created_at: '2026-11-27T09:12:03.412Z',
  producer: { ...GARAGE_BODY.producer, premises_code: null },
  consignee: {
    site_id: 'site_5f7Gq2LmN8pR3sT6vW9x',
    name: 'Southern Oil Recovery Ltd',
    address: 'Wharf Road, Southampton',
    postcode: 'SO14 3TJ',
    permit_number: 'EPR/AB1234CD',
  },
  carrier: { registration_number: 'CBDU100001' },
  process: 'Servicing of cars and light vans',
  lines: [
    {
      line: 1,
      ewc_code: '13 02 05*',
      ewc_description: 'mineral-based non-chlorinated engine, gear and lubricating oils',
      code_source: 'given',
      classification: null,
      description: 'Waste engine oil drained from vehicles',
      quantity_kg: 180,
      physical_form: 'liquid',
      colour: 'black',
      components: GARAGE_BODY.lines[0].components,
      hazard_codes: ['HP5', 'HP14'],
      container: { type: 'drum', number: 1, size_litres: 205 },
      transport: null,
    },
  ],
  multiple_collection: null,
  rejected_from: null,
  retain_until: '2029-11-27',
  status: 'awaiting_collection',
  parts: { C: null, D: null, E: null },
  further_notes: [],
  content_sha256: null,
};

export const NOTE_EXAMPLES: NamedExamples = {
  created: { summary: 'A note awaiting collection', value: EXAMPLE_NOTE },
};

export const LIST_EXAMPLES: NamedExamples = {
  page: {
    summary: 'A page of notes',
    value: { data: [EXAMPLE_NOTE], has_more: false, next_starting_after: null },
  },
};

export const SIGN_EXAMPLES: NamedExamples = {
  carrier: {
    summary: 'Part C: the carrier collects',
    value: { part: 'C', name: 'Alex Driver', vehicle_registration: 'AB12 CDE' },
  },
  consignor: {
    summary: 'Part D: the consignor',
    value: { part: 'D', name: 'Sam Patel', position: 'Workshop manager' },
  },
  consignee: {
    summary: 'Part E: the consignee receives',
    value: {
      part: 'E',
      name: 'Jo Weighbridge',
      lines: [{ line: 1, quantity_received_kg: 176, accepted: true, operation: 'R9' }],
    },
  },
  round: {
    summary: 'Part E of a multiple collection: with the collection count',
    value: {
      part: 'E',
      name: 'Jo Weighbridge',
      consignments_in_collection: 6,
      lines: [{ line: 1, quantity_received_kg: 176, accepted: true, operation: 'R9' }],
    },
  },
  rejected: {
    summary: 'Part E: the load is rejected',
    value: {
      part: 'E',
      name: 'Jo Weighbridge',
      lines: [
        {
          line: 1,
          quantity_received_kg: 180,
          accepted: false,
          rejection_reason: 'Contaminated with solvent: not permitted here',
        },
      ],
    },
  },
};

export const SIGNED_EXAMPLES: NamedExamples = {
  collected: {
    summary: 'Part C signed',
    value: {
      ...EXAMPLE_NOTE,
      status: 'collected',
      parts: {
        C: {
          name: 'Alex Driver',
          position: null,
          on_behalf_of: null,
          signed_at: '2026-11-27T10:31:00.000Z',
          method: 'api',
          authentication: {
            organisation: { id: 'org_8sD3kW5nQ1vX7pL2mR4t', name: 'Riverside Skips Ltd' },
            api_key: { id: 'key_acGzP92ZMXAEtNBwAJqx', prefix: 'wcs_test_AbC1…', name: 'Yard tablet' },
            signing_link: null,
          },
          declaration: DECLARATIONS.C,
          registration_number: 'CBDU100001',
          carrier_name: 'Sandbox Valid Carriers Ltd',
          register_status: 'valid',
          register_checked_by: 'sandbox',
          registration_expiry_date: '2027-12-31',
          vehicle_registration: 'AB12 CDE',
          collection_date: '2026-11-27',
          collection_time: '10:30',
          round_number: null,
          collection_number: null,
        },
        D: null,
        E: null,
      },
    },
  },
};

export const LINK_EXAMPLES: NamedExamples = {
  carrier: { summary: "A link for the driver's phone", value: { part: 'C', expires_in_hours: 24 } },
};

export const LINK_RESPONSE_EXAMPLES: NamedExamples = {
  link: {
    summary: 'The link, shown once',
    value: {
      id: 'sl_4nV8qR2xK7mT1wB5cZ9d',
      url: 'https://wcs.example.org/sign/consignment/3fJx0b9yWq2sL8mN4pR6tV1zC5eG7hK0aD2fH4jM6oQ',
      part: 'C',
      expires_at: '2026-11-28T10:00:00.000Z',
    },
  },
};

export const NOT_FOUND = errorResponse('No such consignment note for this organisation in this mode.', [
  { summary: 'Unknown note', code: 'CONSIGNMENT_NOTE_NOT_FOUND' },
]);

const INVALID = errorResponse('The request does not match the schema.', [
  {
    summary: 'A field is missing',
    code: 'INVALID_REQUEST',
    message: 'The request body is not valid: see details.',
    details: [{ field: '/lines/0/hazard_codes', issue: 'is required' }],
  },
]);

export const CREATE_ERRORS = {
  400: INVALID,
  409: errorResponse('The code given is already on another note of the producer.', [
    { summary: 'Code already used', code: 'CONSIGNMENT_CODE_IN_USE' },
  ]),
  422: errorResponse(
    "A line is not hazardous, the code breaks the standard, the nation is not served or the premises' postcode needs `nation`, or the note is incomplete. Every problem is in `details`.",
    [
      {
        summary: 'Not hazardous',
        code: 'NOT_HAZARDOUS_WASTE',
        message:
          'lines/0/ewc_code 17 09 04 is not a hazardous entry: non-hazardous waste moves on a transfer note (POST /v1/generate-wtn).',
        details: [
          {
            field: '/lines/0/ewc_code',
            issue:
              '17 09 04 is not a hazardous entry: non-hazardous waste moves on a transfer note (POST /v1/generate-wtn)',
          },
        ],
      },
      {
        summary: 'Code breaks the standard',
        code: 'CONSIGNMENT_CODE_INVALID',
        message:
          "consignment_code must start with GARAGE: the first six letters or digits of the producer's name in Part A2.",
        details: [
          {
            field: '/consignment_code',
            issue:
              "must start with GARAGE: the first six letters or digits of the producer's name in Part A2",
          },
        ],
      },
      {
        summary: 'Premises in Wales, no nation',
        code: 'CONSIGNMENT_NOTE_INVALID',
        message:
          'nation is required: CF10 4RT (Part A2) is in Wales, and the Hazardous Waste (Wales) Regulations 2005 apply there, not SI 2005/894 (reg 1(3)): send nation "wales" with the premises code NRW issued (producer.premises_code).',
        details: [
          {
            field: '/nation',
            issue:
              'is required: CF10 4RT (Part A2) is in Wales, and the Hazardous Waste (Wales) Regulations 2005 apply there, not SI 2005/894 (reg 1(3)): send nation "wales" with the premises code NRW issued (producer.premises_code)',
          },
        ],
      },
      { summary: 'Scotland', code: 'NATION_NOT_SUPPORTED' },
      { summary: 'Incomplete', code: 'CONSIGNMENT_NOTE_INVALID' },
      { summary: 'Key reused', code: 'IDEMPOTENCY_KEY_REUSED' },
    ],
  ),
  500: errorResponse('A line asked to be classified and the classifier failed.', [
    { summary: 'Classifier failed', code: 'CLASSIFICATION_FAILED' },
  ]),
};

export const SIGN_ERRORS = {
  400: errorResponse(
    'The request does not match the schema, or Part C names a number no register in Great Britain issues.',
    [
      {
        summary: 'A field is missing',
        code: 'INVALID_REQUEST',
        message: 'The request body is not valid: see details.',
        details: [{ field: '/name', issue: 'is required' }],
      },
      { summary: 'Not a GB registration number', code: 'INVALID_REGISTRATION_NUMBER' },
    ],
  ),
  404: NOT_FOUND,
  409: errorResponse('The part before has not been signed, or this part already has been.', [
    {
      summary: 'D before C',
      code: 'PART_OUT_OF_ORDER',
      message: 'Part C (the carrier) must be signed before Part D (the consignor).',
    },
    { summary: 'Signed already', code: 'ALREADY_SIGNED' },
  ]),
  422: errorResponse("The carrier's registration is expired or unknown, or a part's fields are missing.", [
    { summary: 'Expired carrier', code: 'CARRIER_REGISTRATION_EXPIRED' },
    { summary: 'Unknown carrier', code: 'CARRIER_NOT_REGISTERED' },
    { summary: 'Part incomplete', code: 'CONSIGNMENT_NOTE_INVALID' },
  ]),
  503: errorResponse('Part C could not be checked against the register: try again, the part is not signed.', [
    { summary: 'Register unavailable', code: 'EA_REGISTER_UNAVAILABLE' },
  ]),
};

export const LINK_ERRORS = {
  400: INVALID,
  404: NOT_FOUND,
  409: errorResponse('The part has been signed already.', [
    { summary: 'Signed already', code: 'ALREADY_SIGNED' },
  ]),
};

export const LIST_ERRORS = { 400: INVALID };
