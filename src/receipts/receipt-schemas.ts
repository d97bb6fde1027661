import { type Static, Type } from 'typebox';
import { CONTAINER_CODES } from '../wtn/container-types.ts';
import {
  COMPONENT_SOURCES,
  MAX_EWC_CODES,
  MAX_TEXT,
  MEANS_OF_TRANSPORT,
  NO_CONSIGNMENT_REASONS,
  NO_REGISTRATION_REASONS,
  PHYSICAL_FORMS,
  POP_CODES,
  TREATMENT_CODES,
  WEIGHT_UNITS,
} from './dwt-vocabulary.ts';
import { RECEIPT_STATUSES } from './tables.ts';

const Strict = { additionalProperties: false } as const;
const OneOf = <const V extends readonly string[]>(values: V, description: string) =>
  Type.Unsafe<V[number]>({ type: 'string', enum: [...values], description });
/** An enumeration that also takes null ("none"), as DWT does. */
const OrNull = <const V extends readonly string[]>(values: V, description: string) =>
  Type.Unsafe<V[number] | null>({ type: ['string', 'null'], enum: [...values, null], description });
const keys = <T extends object>(table: T) => Object.keys(table) as (keyof T & string)[];
const Text = (description: string, maxLength = 500) => Type.String({ minLength: 1, maxLength, description });
// Checked in full as DWT checks it (receipt-rules.ts: a real top-level domain).
const Email = Type.String({ minLength: 3, maxLength: 320 });
// DWT (Joi) refuses numbers beyond JavaScript's safe integers.
const SAFE = Number.MAX_SAFE_INTEGER;
const Phone = Type.String({ minLength: 1, maxLength: 40 });

export const Address = Type.Object(
  {
    full_address: Type.Optional(Text('The address in one line.', 1000)),
    postcode: Text(
      'A UK postcode ("TC1 2AB"; the space is added when missing) or, for carriers and brokers, an Irish Eircode.',
      16,
    ),
  },
  Strict,
);

export const Weight = Type.Object(
  {
    amount: Type.Number({ exclusiveMinimum: 0, maximum: SAFE, description: 'Greater than 0.' }),
    unit: OneOf(keys(WEIGHT_UNITS), 'grams, kilograms or tonnes.'),
    is_estimate: Type.Boolean({ description: 'true when the weight was estimated rather than weighed.' }),
  },
  Strict,
);

const Concentration = Type.Union([Type.Number({ exclusiveMinimum: 0, maximum: SAFE }), Type.Null()], {
  description: 'Concentration, greater than 0; null when not known.',
});
const Source = OneOf(
  keys(COMPONENT_SOURCES),
  'Where the components come from: provided_with_waste, guidance, own_testing (these two require components) or not_provided (no components).',
);

export const Pops = Type.Object(
  {
    source_of_components: Type.Optional(Source),
    components: Type.Optional(
      Type.Array(
        Type.Object(
          {
            code: OneOf(
              Object.keys(POP_CODES),
              'A POP code from the UK POPs Regulation Annex IV, e.g. PFOS, HBCD, PCB.',
            ),
            concentration: Type.Optional(Concentration),
          },
          Strict,
        ),
        { maxItems: 50 },
      ),
    ),
  },
  Strict,
);

export const Hazardous = Type.Object(
  {
    source_of_components: Type.Optional(Source),
    hp_codes: Type.Optional(
      Type.Array(
        Type.String({
          maxLength: 10,
          description: 'HP_1 to HP_15 or HP_POP; "HP4" and "HP 4" are read as HP_4.',
        }),
        {
          maxItems: 16,
        },
      ),
    ),
    components: Type.Optional(
      Type.Array(
        Type.Object(
          { name: Text('The hazardous substance.'), concentration: Type.Optional(Concentration) },
          Strict,
        ),
        {
          maxItems: 50,
        },
      ),
    ),
  },
  Strict,
);

/**
 * A waste item as DWT records it. Every field DWT requires is required here too, unless `wtn_reference`
 * fills it from the transfer note (EWC code, description, weight, container): what is still missing
 * after that is reported as required.
 */
export const WasteItem = Type.Object(
  {
    ewc_codes: Type.Optional(
      Type.Array(
        Type.String({ maxLength: 12, description: 'A List of Wastes code, e.g. "17 09 04" or "170904".' }),
        {
          minItems: 1,
          maxItems: MAX_EWC_CODES,
        },
      ),
    ),
    description: Type.Optional(Text('What the waste is.', MAX_TEXT)),
    physical_form: Type.Optional(OneOf(keys(PHYSICAL_FORMS), 'gas, liquid, solid, powder, sludge or mixed.')),
    number_of_containers: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
    container_type: Type.Optional(
      OneOf(
        keys(CONTAINER_CODES),
        "DWT's container code: SKI (skip), WBI (wheelie bin), LOO (loose), IBC, DRU...",
      ),
    ),
    weight: Type.Optional(Weight),
    contains_pops: Type.Optional(Type.Boolean()),
    pops: Type.Optional(Pops),
    contains_hazardous: Type.Optional(Type.Boolean()),
    hazardous: Type.Optional(Hazardous),
    disposal_or_recovery_codes: Type.Optional(
      Type.Array(Type.Object({ code: OneOf(TREATMENT_CODES, 'R1-R13 or D1-D15.'), weight: Weight }, Strict), {
        maxItems: 28,
      }),
    ),
  },
  Strict,
);

export const Carrier = Type.Object(
  {
    registration_number: Type.Optional(
      Type.Union([Type.String({ maxLength: 40 }), Type.Null()], {
        description:
          'The carrier registration (CBDU…, SEPA, NIEA formats). null or absent with a reason below.',
      }),
    ),
    reason_for_no_registration_number: Type.Optional(
      OrNull(
        keys(NO_REGISTRATION_REASONS),
        'Only without a registration number: on_site, household, one_off or marine.',
      ),
    ),
    organisation_name: Type.Optional(Text('The carrier as registered.')),
    address: Type.Optional(Address),
    email: Type.Optional(Email),
    phone: Type.Optional(Phone),
    means_of_transport: OneOf(
      keys(MEANS_OF_TRANSPORT),
      'road, rail, air, sea, inland_waterway, piped or other.',
    ),
    other_means_of_transport: Type.Optional(Text('What "other" was.')),
    vehicle_registration: Type.Optional(Text('Required for road transport, and only then.', 20)),
  },
  Strict,
);

export const BrokerOrDealer = Type.Object(
  {
    organisation_name: Text('The broker or dealer.'),
    registration_number: Type.Optional(
      Type.String({ maxLength: 40, description: 'Same formats as a carrier.' }),
    ),
    address: Type.Optional(Address),
    email: Type.Optional(Email),
    phone: Type.Optional(Phone),
  },
  Strict,
);

const receiptFields = {
  received_at: Type.String({
    format: 'date-time',
    description:
      'When the load arrived: ISO 8601 with a time zone, e.g. 2026-11-23T09:15:00Z. Not in the future.',
  }),
  authorisation_number: Type.Optional(
    Type.Union([
      Type.String({
        maxLength: 60,
        description: "The site's permit the waste was received under; defaults to the site's first.",
      }),
      Type.Null(),
    ]),
  ),

  your_reference: Type.Optional(Text('Your own reference for the load (e.g. weighbridge ticket).', 100)),
  other_references: Type.Optional(
    Type.Array(
      Type.Object(
        { label: Text('What the reference is.', 100), reference: Text('The reference.', 100) },
        Strict,
      ),
      {
        maxItems: 20,
      },
    ),
  ),
  special_handling_requirements: Type.Optional(Text('Anything the next holder must know.', MAX_TEXT)),
  hazardous_waste_consignment_code: Type.Optional(
    Type.Union([Type.String({ maxLength: 40 }), Type.Null()], {
      description:
        'The hazardous waste consignment note code, e.g. CJTILE/A0001. Required, or a reason, when any EWC code is hazardous.',
    }),
  ),
  reason_for_no_consignment_code: Type.Optional(
    OrNull(
      keys(NO_CONSIGNMENT_REASONS),
      'Why there is no consignment code: non_haz_waste_transfer, no_doc_with_waste or hwrc_receipt.',
    ),
  ),
  regulatory_position_statements: Type.Optional(
    Type.Array(Type.Integer({ minimum: 1, maximum: SAFE }), {
      maxItems: 20,
      description: 'Numbers of the RPSs the site relied on.',
    }),
  ),
  carrier: Type.Optional(Carrier),
  broker_or_dealer: Type.Optional(BrokerOrDealer),
  waste_items: Type.Optional(Type.Array(WasteItem, { minItems: 1, maxItems: 100 })),
};

export const CreateReceiptBody = Type.Object(
  {
    site_id: Type.String({ minLength: 1, maxLength: 40, description: 'The receiving site (see /v1/sites).' }),
    wtn_reference: Type.Optional(
      Type.String({
        maxLength: 40,
        description:
          'A stored transfer note (same key mode): fills the carrier and the waste item from it wherever this body is silent.',
      }),
    ),
    consignment_note_id: Type.Optional(
      Type.String({
        maxLength: 40,
        description:
          'A stored hazardous waste consignment note (same key mode) received at this site: fills the consignment code, the carrier of Part C and one waste item per line accepted at Part E (quantity received, physical form, containers, components, HP codes, R/D operation) wherever this body is silent.',
      }),
    ),
    wtn_transfer_number: Type.Optional(
      Type.Integer({
        minimum: 1,
        description: 'For a season ticket: the collection whose weight and vehicle to use.',
      }),
    ),
    ...receiptFields,
  },
  Strict,
);
export type CreateReceiptBody = Static<typeof CreateReceiptBody>;
export type CarrierInput = Static<typeof Carrier>;
export type WasteItemInput = Static<typeof WasteItem>;
export type AddressInput = Static<typeof Address>;

const FieldProblem = Type.Object({
  field: Type.String({ description: 'JSON pointer to our field, e.g. /waste_items/0/ewc_codes/0.' }),
  issue: Type.String({ description: "DWT's own message." }),
  dwt_key: Type.String({ description: "DWT's key for the field, e.g. wasteItems.0.ewcCodes.0." }),
  dwt_error_type: Type.String({
    description: "DWT's category: NotProvided, InvalidFormat, InvalidValue, BusinessRuleViolation…",
  }),
});

const Warning = Type.Object({
  code: Type.String({
    description: 'DISPOSAL_OR_RECOVERY_CODES_MISSING, COMPONENTS_RECOMMENDED, CONCENTRATION_RECOMMENDED.',
  }),
  field: Type.String(),
  message: Type.String(),
});

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

export const ReceiptStatusField = OneOf(
  RECEIPT_STATUSES,
  'pending: waiting to be sent; submitting: a request to DWT is in flight; retrying: DWT was unavailable and it will be sent again at next_attempt_at; submitted: DWT holds the latest revision; rejected: DWT refused it (see submission.errors; correct it to resend); needs_review: DWT may or may not have it (see docs/dwt.md, resolve it).',
);

export const WasteReceipt = Type.Object(
  {
    id: Type.String({ description: '`rcpt_…`' }),
    object: Type.Literal('waste_receipt'),
    mode: Type.Union([Type.Literal('live'), Type.Literal('test')]),
    status: ReceiptStatusField,
    site_id: Type.String(),
    waste_tracking_id: Nullable(Type.String({ description: "DWT's id for the movement, e.g. 26HRA0B2." })),
    submission_due_by: Type.String({
      description:
        'End of the second working day after receipt (England and Wales bank holidays excluded), ISO 8601 UTC.',
    }),
    overdue: Type.Boolean({ description: 'Not in DWT and past submission_due_by.' }),
    due_soon: Type.Boolean({ description: 'Not in DWT and due within the next 24 hours.' }),
    submitted_at: Nullable(Type.String({ description: 'When DWT first accepted the receipt.' })),
    revision: Type.Integer({ description: '1, then one more per correction.' }),
    dwt_revision: Type.Integer({ description: 'The revision DWT holds; 0 before it accepts one.' }),
    from_wtn: Type.Union([
      Type.Object({
        reference: Type.String(),
        transfer_number: Type.Union([Type.Integer(), Type.Null()]),
        filled: Type.Array(Type.String(), { description: 'The fields the note filled, as JSON pointers.' }),
      }),
      Type.Null(),
    ]),
    from_consignment_note: Type.Union([
      Type.Object({
        id: Type.String(),
        consignment_code: Type.String(),
        filled: Type.Array(Type.String(), { description: 'The fields the note filled, as JSON pointers.' }),
      }),
      Type.Null(),
    ]),
    receiver: Type.Object(
      {
        name: Type.String(),
        address: Type.Object({ full_address: Type.String(), postcode: Type.String() }),
        dwt_api_code: Type.String(),
      },
      { description: 'The site as it was when this revision was made.' },
    ),
    ...Type.Omit(CreateReceiptBody, [
      'site_id',
      'wtn_reference',
      'wtn_transfer_number',
      'authorisation_number',
    ]).properties,
    authorisation_number: Type.String(),
    warnings: Type.Array(Warning, {
      description: 'What DWT will warn about; the receipt is still accepted.',
    }),
    submission: Type.Object({
      attempts: Type.Integer(),
      next_attempt_at: Nullable(Type.String()),
      message: Nullable(Type.String({ description: 'What happened last, in words.' })),
      errors: Type.Array(FieldProblem, { description: "DWT's reasons, when it refused the receipt." }),
      dwt_warnings: Type.Array(FieldProblem, { description: 'Warnings DWT gave when it accepted.' }),
    }),
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { $id: 'WasteReceipt' },
);
export type WasteReceipt = Static<typeof WasteReceipt>;
export const WasteReceiptRef = Type.Unsafe<WasteReceipt>({ $ref: 'WasteReceipt#' });

export const ReceiptList = Type.Object({
  data: Type.Array(WasteReceiptRef),
  has_more: Type.Boolean(),
  next_starting_after: Type.Union([Type.String(), Type.Null()]),
});

export const ListReceiptsQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20, examples: [50] })),
    starting_after: Type.Optional(
      Type.String({
        maxLength: 60,
        description: 'The last id of the previous page.',
        examples: ['rcpt_0VbVRL1spb2oasfVooGcrr7U'],
      }),
    ),
    status: Type.Optional({ ...ReceiptStatusField, examples: ['needs_review'] }),
    site_id: Type.Optional(Type.String({ maxLength: 60, examples: ['site_7Hq2xZ0aB4cD6eF8gH1j'] })),
    received_from: Type.Optional(
      Type.String({
        format: 'date',
        description: 'Received on or after this London date.',
        examples: ['2026-11-01'],
      }),
    ),
    received_to: Type.Optional(
      Type.String({
        format: 'date',
        description: 'Received on or before this London date.',
        examples: ['2026-11-30'],
      }),
    ),
    overdue: Type.Optional(
      Type.Boolean({ description: 'true: not in DWT and past due; false: the others.', examples: [true] }),
    ),
  },
  Strict,
);
export type ListReceiptsQuery = Static<typeof ListReceiptsQuery>;

export const ReceiptParams = Type.Object({
  id: Type.String({
    maxLength: 60,
    description: 'The receipt id, `rcpt_…`.',
    examples: ['rcpt_0VbVRL1spb2oasfVooGcrr7U'],
  }),
});

export const ResolveBody = Type.Object(
  {
    outcome: OneOf(
      ['in_dwt', 'not_in_dwt'],
      'in_dwt: you found the movement in DWT (give its waste_tracking_id); not_in_dwt: DWT does not have it, send it again.',
    ),
    waste_tracking_id: Type.Optional(
      Type.String({ pattern: '^[A-Za-z0-9]{6,16}$', description: "DWT's id, e.g. 26HRA0B2." }),
    ),
  },
  Strict,
);
export type ResolveBody = Static<typeof ResolveBody>;
