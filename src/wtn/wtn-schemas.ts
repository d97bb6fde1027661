import { type Static, type TBoolean, type TNumber, type TString, Type } from 'typebox';

const Text = (maxLength: number, description: string) =>
  Type.String({ minLength: 1, maxLength, description });
const OptionalText = (maxLength: number, description: string) =>
  Type.Optional(Type.String({ maxLength, description: `${description} Blank counts as not given.` }));
const Strict = { additionalProperties: false } as const;
/**
 * `T | null` written as a JSON Schema type array rather than `anyOf`: fast-json-stringify serialises a
 * type array directly instead of trying each branch of a union (a third of the note's serialisation).
 */
const Nullable = <T extends TString | TNumber | TBoolean>(schema: T) =>
  Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type, 'null'] });
const NullableOneOf = <const V extends string[]>(values: V, description?: string) =>
  Type.Unsafe<V[number] | null>({ type: ['string', 'null'], enum: [...values, null], description });

export const GenerateWtnBody = Type.Object(
  {
    producer: Type.Object(
      {
        name: Text(200, 'The transferor: the business producing or holding the waste.'),
        address: Text(500, "The transferor's address."),
        sic_code: OptionalText(
          20,
          'Five-digit SIC 2007 code of the business (reg 35(2)(a)(iv)), e.g. 43320.',
        ),
        contact_name: OptionalText(200, 'The person responsible for the transfer.'),
      },
      Strict,
    ),
    carrier: Type.Object(
      {
        registration_number: Text(60, "The carrier's registration number, e.g. CBDU123456."),
        address: OptionalText(
          500,
          "The carrier's address. Used only when the register holds none or `auto_verify` is false; the register's address wins otherwise.",
        ),
        auto_verify: Type.Optional(
          Type.Boolean({ default: true, description: 'Check the number against the EA public register.' }),
        ),
      },
      Strict,
    ),
    waste: Type.Object(
      {
        description: Text(2000, 'The waste in plain words.'),
        auto_classify: Type.Optional(
          Type.Boolean({
            default: true,
            description:
              'Classify the description. With `ewc_code` given, your code stands and the classifier cross-checks it.',
          }),
        ),
        ewc_code: OptionalText(
          20,
          'List of Wastes code, with or without spaces or asterisk: 170504, 17 05 04.',
        ),
        quantity_kg: Type.Optional(
          Type.Number({
            exclusiveMinimum: 0,
            maximum: 1_000_000_000,
            description: 'Weight in kilograms, > 0.',
          }),
        ),
        container_type: OptionalText(
          100,
          'Free text ("8 yard skip") or a DWT container code (SKI, WBI, DRU, IBC, LOO for loose, ...).',
        ),
      },
      Strict,
    ),
    destination: Type.Object(
      {
        name: Text(200, 'The receiving site.'),
        address: Text(500, "The receiving site's address."),
        permit_number: OptionalText(
          60,
          'Environmental permit, licence or exemption number, e.g. EPR/AB1234CD.',
        ),
      },
      Strict,
    ),
    transfer_date: Type.String({ format: 'date', description: 'A real calendar date, YYYY-MM-DD.' }),
    transfer_time: Type.Optional(
      Type.String({
        pattern: '^([01]\\d|2[0-3]):[0-5]\\d$',
        description: 'Time of the transfer, HH:MM, 24-hour UK local time (reg 35(2)(a)(iii)).',
      }),
    ),
    transfer_place: OptionalText(
      500,
      "Where the waste changes hands (reg 35(2)(a)(iii)), e.g. the producer's yard or the site address.",
    ),
    supersedes: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 40,
        description:
          'The reference of a note of yours (same mode) that this one corrects. The earlier note is kept, marked `superseded`.',
      }),
    ),
    season_ticket: Type.Optional(
      Type.Object(
        {
          valid_from: Type.String({ format: 'date', description: 'First day the note covers, YYYY-MM-DD.' }),
          valid_until: Type.String({
            format: 'date',
            description: 'Last day the note covers, YYYY-MM-DD: at most 12 months after valid_from.',
          }),
        },
        {
          ...Strict,
          description:
            'Make this a season ticket: one note for repeated transfers of the same non-hazardous waste between the same parties for up to 12 months. Log each collection with POST /v1/wtn/{reference}/transfers.',
        },
      ),
    ),
  },
  {
    ...Strict,
    description: 'What a waste transfer note records (reg 35 Waste (England and Wales) Regulations 2011).',
  },
);
export type GenerateWtnInput = Static<typeof GenerateWtnBody>;

const Issue = Type.Object({
  code: Type.String({ description: 'Stable code: see the [transfer notes guide](/docs/guides/wtn).' }),
  message: Type.String(),
});
export type ComplianceIssue = Static<typeof Issue>;

export const NOTE_STATUSES = ['complete', 'superseded'] as const;
export const SIGNED_STATES = ['unsigned', 'partially_signed', 'signed'] as const;
export const PARTIES = ['transferor', 'transferee'] as const;
export type Party = (typeof PARTIES)[number];
export type SignedState = (typeof SIGNED_STATES)[number];

const Signature = Type.Object(
  {
    name: Type.String({ description: 'The name the signer typed.' }),
    position: Nullable(Type.String({ description: 'Their role, e.g. Driver, Site manager.' })),
    signed_at: Type.String({ description: 'ISO 8601 UTC.' }),
    method: Type.Union([Type.Literal('api'), Type.Literal('signing_link')], {
      description: '`api`: signed with an API key; `signing_link`: signed on the page a signing link opens.',
    }),
    ip: Nullable(Type.String({ description: 'The address the signature came from, as the service saw it.' })),
    drawn: Type.Boolean({ description: 'A hand-drawn signature was captured too (printed on the PDF).' }),
  },
  { description: 'A signature: who, when and how.' },
);
export type Signature = Static<typeof Signature>;

const Transfer = Type.Object(
  {
    number: Type.Integer({
      description: 'Collections under this note are numbered 1, 2, 3... in the order logged.',
    }),
    date: Type.String({ description: 'The day of the collection, YYYY-MM-DD.' }),
    time: Nullable(
      Type.String({ description: 'HH:MM, 24-hour UK local time of the collection; null when not given.' }),
    ),
    quantity_kg: Type.Number({ description: 'Weight collected, in kilograms.' }),
    vehicle_registration: Type.String({
      description: 'The collecting vehicle, in capitals with single spaces, e.g. AB12 CDE.',
    }),
    logged_at: Type.String({ description: 'When the collection was logged with the service, ISO 8601 UTC.' }),
  },
  {
    description:
      "One collection logged under a season ticket (POST /v1/wtn/{reference}/transfers): the ticket's schedule, printed on its PDF.",
  },
);
export type Transfer = Static<typeof Transfer>;

/**
 * What a note records when it is created: stored once as JSON and never changed. The fields that
 * follow its life (signatures, supersession, collections) are kept beside it and added on the way out.
 */
const NoteContent = {
  reference: Type.String({
    description: 'WTN-<year>-<MMDD>-<4 letters or digits>, e.g. WTN-2026-0325-A7X9.',
  }),
  status: Type.Union([Type.Literal('complete'), Type.Literal('superseded')], {
    description: '`complete` when created; `superseded` once a later note corrects it (see superseded_by).',
  }),
  mode: Type.Union([Type.Literal('live'), Type.Literal('test')], {
    description: '`test` for notes made with a test key: sandbox data, never a real register check.',
  }),
  supersedes: Nullable(Type.String({ description: 'The note this one corrects; null when none.' })),
  producer: Type.Object({
    name: Type.String(),
    address: Type.String(),
    sic_code: Nullable(Type.String()),
    sic_description: Nullable(
      Type.String({ description: 'The SIC 2007 description of sic_code; null when not a SIC 2007 code.' }),
    ),
    contact_name: Nullable(Type.String()),
  }),
  carrier: Type.Object({
    registration_number: Type.String(),
    business_name: Nullable(Type.String()),
    address: Nullable(
      Type.String({ description: "The carrier's address; null when neither register nor request gave one." }),
    ),
    address_source: NullableOneOf(['register', 'request'], 'Where the address came from.'),
    tier: NullableOneOf(['upper', 'lower']),
    verified: Type.Boolean({ description: 'The register was consulted and holds this registration.' }),
    register_origin: NullableOneOf(
      ['ea_api', 'mirror', 'history', 'sandbox'],
      'Which register answered (as verify-carrier): `sandbox` for test keys; null when not checked.',
    ),
    expiry_date: Nullable(Type.String()),
    status: Nullable(
      Type.String({ description: 'The verification status: valid, expiring_soon, expired, lower_tier.' }),
    ),
  }),
  waste: Type.Object({
    description: Type.String(),
    ewc_code: Nullable(Type.String({ description: '"NN NN NN"' })),
    ewc_description: Nullable(Type.String()),
    is_hazardous: Nullable(Type.Boolean()),
    ewc_code_source: NullableOneOf(['supplied', 'classification']),
    classification_confidence: Nullable(
      Type.Number({ description: "The classifier's top confidence, 0-1." }),
    ),
    quantity_kg: Nullable(Type.Number()),
    container_type: Nullable(Type.String()),
    container_code: Nullable(
      Type.String({ description: 'The DWT container code the container type names.' }),
    ),
  }),
  destination: Type.Object({
    name: Type.String(),
    address: Type.String(),
    permit_number: Nullable(Type.String()),
  }),
  duty_of_care: Type.Object({
    producer_identified: Type.Boolean(),
    carrier_verified: Type.Boolean(),
    waste_classified: Type.Boolean(),
    destination_provided: Type.Boolean(),
    all_checks_passed: Type.Boolean(),
  }),
  compliance: Type.Object({
    is_compliant: Type.Boolean(),
    flags: Type.Array(Issue, { description: 'Problems: any flag makes the note not compliant.' }),
    warnings: Type.Array(Issue, { description: 'Advice that does not affect compliance.' }),
  }),
  transfer_date: Type.String(),
  transfer_time: Nullable(Type.String({ description: 'HH:MM, UK local time; null when not given.' })),
  transfer_place: Nullable(
    Type.String({ description: 'Where the waste changes hands; null when not given.' }),
  ),
  season_ticket: Type.Union(
    [Type.Object({ valid_from: Type.String(), valid_until: Type.String() }), Type.Null()],
    { description: 'The period a season ticket covers; null for a single transfer.' },
  ),
  created_at: Type.String({ description: 'ISO 8601 UTC.' }),
};

const NoteLifecycle = {
  superseded_by: Nullable(Type.String({ description: 'The note that corrects this one; null until then.' })),
  signatures: Type.Object(
    {
      transferor: Type.Union([Signature, Type.Null()], {
        description: 'The producer or holder handing over the waste.',
      }),
      transferee: Type.Union([Signature, Type.Null()], { description: 'The carrier taking the waste.' }),
    },
    { description: 'Each party signs once; the content cannot change once anyone has signed.' },
  ),
  signed: Type.Union([Type.Literal('unsigned'), Type.Literal('partially_signed'), Type.Literal('signed')], {
    description: 'unsigned, partially_signed (one party) or signed (both).',
  }),
  content_sha256: Nullable(
    Type.String({
      description:
        "Once both have signed: SHA-256 (hex) of the note's canonical JSON (RFC 8785) without status, superseded_by, transfers and content_sha256. See the transfer notes guide.",
    }),
  ),
  transfers: Type.Array(Transfer, { description: 'Collections logged under a season ticket, oldest first.' }),
};

export const NoteContentSchema = Type.Object(NoteContent);
/** The note as created and stored. */
export type NoteContent = Static<typeof NoteContentSchema>;
export const NoteLifecycleSchema = Type.Object(NoteLifecycle);
/** What the note's life has added: signatures, supersession, collections. */
export type NoteLifecycle = Static<typeof NoteLifecycleSchema>;

export const WasteTransferNote = Type.Object(
  { ...NoteContent, ...NoteLifecycle },
  {
    $id: 'WasteTransferNote',
    description:
      'A waste transfer note. Its content never changes once created; signatures, a correction and the collections of a season ticket are added to it.',
  },
);
export type WasteTransferNote = Static<typeof WasteTransferNote>;

export const ReferenceParams = Type.Object({
  reference: Type.String({
    description: 'The note reference, e.g. WTN-2026-0325-A7X9.',
    examples: ['WTN-2026-1123-D0JA'],
  }),
});

export const ListWtnQuery = Type.Object(
  {
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'Notes per page.', examples: [20] }),
    ),
    starting_after: Type.Optional(
      Type.String({
        description: 'The reference of the last note of the previous page.',
        examples: ['WTN-2026-1123-D0JA'],
      }),
    ),
    transfer_date_from: Type.Optional(
      Type.String({ format: 'date', description: 'Transfer date on or after.', examples: ['2026-11-01'] }),
    ),
    transfer_date_to: Type.Optional(
      Type.String({ format: 'date', description: 'Transfer date on or before.', examples: ['2026-11-30'] }),
    ),
    carrier_registration_number: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 60,
        description: "Only notes naming this carrier's registration number.",
        examples: ['CBDU100001'],
      }),
    ),
    ewc_code: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 20,
        description: 'With or without spaces.',
        examples: ['17 08 02'],
      }),
    ),
    is_compliant: Type.Optional(
      Type.Boolean({
        description: 'Only compliant notes (true) or only notes with flags (false).',
        examples: [true],
      }),
    ),
    status: Type.Optional(
      Type.Union([Type.Literal('complete'), Type.Literal('superseded')], {
        description: 'Only current notes (complete) or only corrected ones (superseded).',
        examples: ['complete'],
      }),
    ),
    signed: Type.Optional(
      Type.Union([Type.Literal('unsigned'), Type.Literal('partially_signed'), Type.Literal('signed')], {
        description: 'Only notes in this signing state.',
        examples: ['unsigned'],
      }),
    ),
    format: Type.Optional(
      Type.Union([Type.Literal('json'), Type.Literal('csv')], {
        description:
          '`csv`: every matching note as one CSV file (as `Accept: text/csv`), without `limit` or `starting_after`. `json` (the default) answers JSON whatever `Accept` says.',
        examples: ['csv'],
      }),
    ),
  },
  Strict,
);
export type ListWtnQuery = Static<typeof ListWtnQuery>;

/** Routes refer to the note by $id (added once in the wtn plugin), so OpenAPI names it once. */
export const NoteRef = Type.Unsafe<WasteTransferNote>({ $ref: 'WasteTransferNote#' });

export const WtnList = Type.Object({
  data: Type.Array(NoteRef),
  has_more: Type.Boolean(),
  next_starting_after: Nullable(Type.String({ description: 'Pass as `starting_after` for the next page.' })),
});

const Name = Type.String({
  minLength: 1,
  maxLength: 200,
  description:
    'The name of the person signing, printed on the note: trimmed; it must show something visible and hold no control or text-direction (bidi) characters.',
});
const Position = Type.Optional(
  Type.String({
    maxLength: 200,
    description:
      'Their role, e.g. Driver, Yard manager. Blank counts as not given; when given, the same rule as `name`.',
  }),
);
const PartyField = Type.Union([Type.Literal('transferor'), Type.Literal('transferee')], {
  description: '`transferor`: the producer or holder handing the waste over; `transferee`: the carrier.',
});

export const SignBody = Type.Object({ party: PartyField, name: Name, position: Position }, Strict);
export type SignBody = Static<typeof SignBody>;

export const SigningLinkBody = Type.Object(
  {
    party: PartyField,
    expires_in_hours: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 168,
        default: 48,
        description: 'How long the link works: 1 to 168 hours (7 days); 48 when not given.',
      }),
    ),
  },
  Strict,
);
export type SigningLinkBody = Static<typeof SigningLinkBody>;

export const SigningLink = Type.Object({
  url: Type.String({ description: 'Send this to the signer. It works once, without an account.' }),
  party: PartyField,
  expires_at: Type.String({ description: 'ISO 8601 UTC.' }),
});

export const TransferBody = Type.Object(
  {
    date: Type.String({
      format: 'date',
      description:
        "The day of the collection, YYYY-MM-DD: within the ticket's `valid_from` to `valid_until`, and before the carrier's registration expires as recorded on the note.",
    }),
    time: Type.Optional(
      Type.String({
        pattern: '^([01]\\d|2[0-3]):[0-5]\\d$',
        description:
          "HH:MM, 24-hour UK local time of the collection: each collection's own time of transfer.",
      }),
    ),
    quantity_kg: Type.Number({
      exclusiveMinimum: 0,
      maximum: 1_000_000_000,
      description: 'Weight collected, in kilograms (more than 0).',
    }),
    vehicle_registration: Type.String({
      minLength: 2,
      maxLength: 20,
      pattern: '^[A-Za-z0-9][A-Za-z0-9 -]*[A-Za-z0-9]$',
      description: 'The collecting vehicle, e.g. AB12 CDE.',
    }),
  },
  Strict,
);
export type TransferBody = Static<typeof TransferBody>;
export const TransferSchema = Transfer;
