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

export const WasteTransferNote = Type.Object(
  {
    reference: Type.String({
      description: 'WTN-<year>-<MMDD>-<4 letters or digits>, e.g. WTN-2026-0325-A7X9.',
    }),
    status: Type.Literal('complete'),
    producer: Type.Object({
      name: Type.String(),
      address: Type.String(),
      sic_code: Nullable(Type.String()),
      contact_name: Nullable(Type.String()),
    }),
    carrier: Type.Object({
      registration_number: Type.String(),
      business_name: Nullable(Type.String()),
      tier: NullableOneOf(['upper', 'lower']),
      verified: Type.Boolean({ description: 'The register was consulted and holds this registration.' }),
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
    created_at: Type.String({ description: 'ISO 8601 UTC.' }),
  },
  { $id: 'WasteTransferNote', description: 'A waste transfer note. Immutable once created.' },
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
