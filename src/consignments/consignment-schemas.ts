import { type Static, type TSchema, Type } from 'typebox';

/**
 * Hazardous waste consignment notes (Hazardous Waste (England and Wales) Regulations 2005, SI 2005/894,
 * Part 6; Hazardous Waste (Wales) Regulations 2005): the request bodies and the note as the API returns
 * it. Part A (notification) and Part B (the waste) are given on create; Parts C (carrier), D (consignor)
 * and E (consignee) are signatures added in that order.
 */

const Text = (maxLength: number, description: string) =>
  Type.String({ minLength: 1, maxLength, description });
const Strict = { additionalProperties: false } as const;
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
/** One of a fixed list of strings, typed as their union (a `map` to literals would type as never). */
const OneOf = <const V extends readonly string[]>(
  values: V,
  options: { description?: string; default?: V[number] } = {},
) => Type.Unsafe<V[number]>({ type: 'string', enum: [...values], ...options });

export const NATIONS = ['england', 'wales', 'scotland', 'northern_ireland'] as const;
export const PHYSICAL_FORMS = ['gas', 'liquid', 'solid', 'powder', 'sludge', 'mixed'] as const;
/** HP1-HP15 (Annex III, Waste Framework Directive as retained) and POP (persistent organic pollutants). */
export const HAZARD_CODES = [
  'HP1',
  'HP2',
  'HP3',
  'HP4',
  'HP5',
  'HP6',
  'HP7',
  'HP8',
  'HP9',
  'HP10',
  'HP11',
  'HP12',
  'HP13',
  'HP14',
  'HP15',
  'POP',
] as const;
export const PARTS = ['C', 'D', 'E'] as const;
export type Part = (typeof PARTS)[number];
export const STATUSES = [
  'awaiting_collection',
  'collected',
  'in_transit',
  'received',
  'partially_rejected',
  'rejected',
] as const;
export type ConsignmentStatus = (typeof STATUSES)[number];
/** Recovery R1-R13 and disposal D1-D15 (Waste Framework Directive Annexes I and II). */
export const OPERATIONS = [
  ...Array.from({ length: 13 }, (_, i) => `R${i + 1}`),
  ...Array.from({ length: 15 }, (_, i) => `D${i + 1}`),
];

const Component = Type.Object(
  {
    name: Text(200, 'The chemical or biological component, e.g. "mineral oil".'),
    concentration: Type.Number({ minimum: 0, maximum: 1_000_000, description: 'How much of it.' }),
    unit: Type.Union([Type.Literal('percent'), Type.Literal('mg_per_kg')], {
      description: '`percent` (w/w, at most 100) or `mg_per_kg`.',
    }),
  },
  Strict,
);

const Container = Type.Object(
  {
    type: Text(100, 'Container type, e.g. "drum", "IBC", "bulk tanker".'),
    number: Type.Integer({ minimum: 1, maximum: 100_000, description: 'How many containers.' }),
    size_litres: Type.Optional(
      Type.Number({ exclusiveMinimum: 0, maximum: 1_000_000, description: 'Size of each, in litres.' }),
    ),
  },
  Strict,
);

const Transport = Type.Object(
  {
    un_number: Type.String({
      pattern: '^\\s*[Uu][Nn]\\s?\\d{4}\\s*$',
      description: 'UN identification number, e.g. UN1263.',
    }),
    proper_shipping_name: Text(300, 'ADR proper shipping name.'),
    un_class: Text(20, 'ADR class, e.g. "3" or "6.1".'),
    packing_group: Type.Union([Type.Literal('I'), Type.Literal('II'), Type.Literal('III')], {
      description: 'Packing group I, II or III.',
    }),
    special_handling: Type.Optional(
      Type.String({
        maxLength: 500,
        description:
          'Special handling requirements the carrier must be told of (Part D certifies it was). Left out, the PDF prints "Not given", not "None": send "None" when there are none.',
      }),
    ),
  },
  { ...Strict, description: 'Where the waste is dangerous goods for carriage (ADR).' },
);

const LineInput = Type.Object(
  {
    ewc_code: Type.Optional(
      Type.String({
        maxLength: 20,
        description:
          'A hazardous (asterisked) List of Wastes code, with or without spaces or asterisk: 130205, 13 02 05*. Omit it and send `classify: true` to have the description classified.',
      }),
    ),
    classify: Type.Optional(
      Type.Boolean({
        description:
          "Classify `description` when no `ewc_code` is given: the classifier's top hazardous answer is used and recorded as the code's source.",
      }),
    ),
    description: Text(2000, 'The waste in plain words, as on Part B.'),
    quantity_kg: Type.Number({ exclusiveMinimum: 0, maximum: 1_000_000_000, description: 'Kilograms, > 0.' }),
    physical_form: OneOf(PHYSICAL_FORMS, { description: 'gas, liquid, solid, powder, sludge or mixed.' }),
    colour: Type.Optional(Type.String({ maxLength: 100, description: 'Colour of the waste.' })),
    components: Type.Array(Component, {
      minItems: 1,
      maxItems: 50,
      description: 'Chemical and biological components with their concentrations: at least one.',
    }),
    hazard_codes: Type.Array(OneOf(HAZARD_CODES), {
      minItems: 1,
      maxItems: 16,
      uniqueItems: true,
      description: 'HP1-HP15 and POP: at least one.',
    }),
    container: Container,
    transport: Type.Optional(Transport),
  },
  Strict,
);
export type LineInput = Static<typeof LineInput>;

const Postcode = Type.String({ minLength: 5, maxLength: 10, description: 'UK postcode, e.g. BH15 1NF.' });

export const CreateConsignmentNoteBody = Type.Object(
  {
    nation: Type.Optional(
      OneOf(NATIONS, {
        // No schema default: left out is not always England (the description says when), and a client
        // that fills defaults in must not send "england" for Welsh premises.
        description:
          'Where the premises in Part A2 (the waste is removed from them) are: `england` or `wales`. Nothing in SI 2005/894 applies to Wales (reg 1(3)): a Welsh note is made under the Hazardous Waste (Wales) Regulations 2005 with the NRW premises code. Left out, `england` is assumed only where `producer.postcode` cannot be in Wales: a postcode in a Welsh district (the CF, SA, LL, NP and LD areas, CH5-CH8, SY16-SY25) or one on both sides of the border (NP7, NP16, NP25, LD7, LD8, LL14, CH4, SY10, SY13-15, SY22, HR2, HR3, HR5) is refused without it, and `england` with a postcode of a Welsh district is refused. Scotland and Northern Ireland use regulator-issued codes and pre-notification, and are refused.',
      }),
    ),
    consignment_code: Type.Optional(
      Type.String({
        maxLength: 20,
        description:
          'Your own code, checked against the coding standard. Omit it and the next code for the producer is assigned (e.g. RATPES/00001).',
      }),
    ),
    producer: Type.Object(
      {
        name: Text(200, 'Part A2: the business whose premises the waste is removed from.'),
        address: Text(500, 'Address of the premises.'),
        postcode: Postcode,
        sic_code: Type.String({
          maxLength: 20,
          description:
            "Part B2: the five-digit SIC 2007 code of the process giving rise to the waste (B1), which may differ from the business's main activity, e.g. 45200 for servicing vehicles.",
        }),
        contact: Text(200, 'Contact name.'),
        phone: Type.Optional(
          Type.String({
            maxLength: 40,
            description:
              'Telephone of the premises. A note must not be used without one (GOV.UK): left out, or not a telephone number, Part D asks the consignor for it (premises_phone).',
          }),
        ),
        email: Type.Optional(
          Type.String({
            maxLength: 254,
            description:
              'Email of the premises. A note must not be used without one (GOV.UK): left out, or not an email address, Part D asks the consignor for it (premises_email).',
          }),
        ),
        premises_code: Type.Optional(
          Type.String({
            maxLength: 12,
            description:
              'Wales only: the premises code Natural Resources Wales issued (letters then digits, e.g. ABC123), the prefix of Welsh codes.',
          }),
        ),
      },
      Strict,
    ),
    waste_producer: Type.Optional(
      Type.Object(
        {
          name: Text(200, 'The business that produced the waste.'),
          address: Text(500, 'Its address.'),
          postcode: Postcode,
        },
        {
          ...Strict,
          description:
            'Part A5: the producer of the waste when it is not the business in A2, e.g. a contractor whose work at those premises produced it. Omit it when the A2 business produced the waste.',
        },
      ),
    ),
    consignee: Type.Object(
      {
        site_id: Type.Optional(
          Type.String({
            maxLength: 40,
            description: 'A receiving site of yours (/v1/sites): fills the rest.',
          }),
        ),
        name: Type.Optional(Type.String({ maxLength: 200, description: 'The consignee.' })),
        address: Type.Optional(
          Type.String({ maxLength: 500, description: 'Address of the receiving site.' }),
        ),
        postcode: Type.Optional(Type.String({ maxLength: 10, description: 'Its postcode.' })),
        permit_number: Type.Optional(
          Type.String({
            maxLength: 60,
            description:
              "The receiving site's environmental permit number, e.g. EPR/AB1234CD. Required, except on a further note (`rejected_from`) that takes the rejected waste back to the premises it was removed from: a consignee with the address and postcode of Part A2 of the rejected note (case, punctuation and spacing aside). Leave it out there: A4 then says no permit applies.",
          }),
        ),
      },
      {
        ...Strict,
        description:
          'Part A4: `site_id`, or name, address, postcode and permit number (no permit number for rejected waste returned to the premises it came from).',
      },
    ),
    carrier: Type.Optional(
      Type.Object(
        { registration_number: Text(60, "The carrier's registration number, e.g. CBDU123456.") },
        { ...Strict, description: 'Optional until Part C, where it is checked against the register.' },
      ),
    ),
    process: Text(500, 'Part B1: the process giving rise to the waste.'),
    lines: Type.Array(LineInput, { minItems: 1, maxItems: 100, description: 'Part B: one line per waste.' }),
    multiple_collection: Type.Optional(
      Type.Object(
        {
          round_number: Type.String({
            pattern: '^\\s*[A-Za-z0-9]{1,15}\\s*$',
            description: 'Up to 15 letters or digits common to every note of the round (reg 38).',
          }),
        },
        {
          ...Strict,
          description: 'Part of a multiple collection: notes of one round are numbered 1, 2, 3...',
        },
      ),
    ),
    rejected_from: Type.Optional(
      Type.String({
        maxLength: 40,
        description:
          'The id of a note whose load the consignee rejected at Part E: this note is the further note for its return or onward movement (regs 42-44).',
      }),
    ),
  },
  { ...Strict, $id: 'CreateConsignmentNote' },
);
export type CreateConsignmentNoteBody = Static<typeof CreateConsignmentNoteBody>;

export const SignConsignmentBody = Type.Object(
  {
    part: OneOf(PARTS, { description: 'C (carrier), D (consignor), E (consignee): in that order.' }),
    name: Text(200, 'Who signs.'),
    position: Type.Optional(Type.String({ maxLength: 200, description: 'Their position.' })),
    on_behalf_of: Type.Optional(Type.String({ maxLength: 200, description: 'The business they sign for.' })),
    registration_number: Type.Optional(
      Type.String({
        maxLength: 60,
        description: "Part C: the carrier's registration number, when Part A left it out (or to confirm it).",
      }),
    ),
    vehicle_registration: Type.Optional(
      Type.String({
        maxLength: 20,
        description:
          "Part C: registration of the collecting vehicle (required). Part E: of the vehicle that delivered, or the mode of transport if not road (e.g. RAIL); defaults to Part C's.",
      }),
    ),
    collection_date: Type.Optional(Type.String({ format: 'date', description: 'Part C: YYYY-MM-DD.' })),
    collection_time: Type.Optional(
      Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', description: 'Part C: HH:MM, UK local time.' }),
    ),
    declared_registration: Type.Optional(
      Type.Object(
        {
          register: Type.Union([Type.Literal('nrw'), Type.Literal('sepa')], {
            description:
              "nrw: Natural Resources Wales's public register of waste carriers, for a CBDU or CBDL number. sepa: the Scottish Environment Protection Agency's, for a Scottish number (WCR/R/1234567, or an older SCO/, SEA/, SNO/, SWE/ or WCR/ and 6 digits).",
          }),
          carrier_name: Text(200, "The carrier's name as that register shows it."),
        },
        {
          ...Strict,
          description:
            "Part C, for a carrier registered with Natural Resources Wales or the Scottish Environment Protection Agency (each valid anywhere in Great Britain), whose registers cannot be queried: when Part C is refused with CARRIER_NOT_REGISTERED (the Environment Agency's register does not hold the number, or it is a Scottish number, which that register cannot hold), check the number on the register named and send this. Used only then; recorded as the signer's declaration. A Scottish number needs `sepa`, any other `nrw`.",
        },
      ),
    ),
    premises_phone: Type.Optional(
      Type.String({
        maxLength: 40,
        description:
          'Part D, only when Part A2 has no usable telephone (none, or a placeholder such as "tbc"): the premises\' telephone. GOV.UK says not to use a note without one, so Part D is refused until it is given; recorded as the consignor\'s, at Part D.',
      }),
    ),
    premises_email: Type.Optional(
      Type.String({
        maxLength: 254,
        description:
          'Part D, only when Part A2 has no usable email (none, or a placeholder such as "tbc"): the premises\' email. GOV.UK says not to use a note without one, so Part D is refused until it is given; recorded as the consignor\'s, at Part D.',
      }),
    ),
    received_date: Type.Optional(
      Type.String({ format: 'date', description: 'Part E: the day the waste arrived (default today).' }),
    ),
    received_time: Type.Optional(
      Type.String({
        pattern: '^([01]\\d|2[0-3]):[0-5]\\d$',
        description:
          'Part E: HH:MM, UK local time, when the waste arrived. Defaults to the time of signing for waste received today; required for an earlier day.',
      }),
    ),
    permit_number: Type.Optional(
      Type.String({
        maxLength: 60,
        description:
          "Part E: the waste permit or exempt waste operation number the consignee certifies authorises the management of the waste described in B at the address in A4. Defaults to A4's permit number.",
      }),
    ),
    consignments_in_collection: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 1000,
        description:
          'Part E, only for a note of a multiple collection (`multiple_collection` set): the total number of consignments forming the collection the vehicle brought, which the consignee enters in Part E (NRW, "Moving hazardous waste"). Required for such a note; refused for a single movement.',
      }),
    ),
    lines: Type.Optional(
      Type.Array(
        Type.Object(
          {
            line: Type.Integer({ minimum: 1, description: 'The Part B line, from 1.' }),
            quantity_received_kg: Type.Number({ minimum: 0, maximum: 1_000_000_000 }),
            accepted: Type.Boolean({ description: 'false: this waste is rejected.' }),
            rejection_reason: Type.Optional(
              Type.String({
                maxLength: 1000,
                description: 'Why it was rejected: required when not accepted.',
              }),
            ),
            operation: Type.Optional(
              Type.String({
                pattern: '^[RrDd]\\d{1,2}$',
                description: 'The waste management operation, R1-R13 or D1-D15: required when accepted.',
              }),
            ),
          },
          Strict,
        ),
        {
          minItems: 1,
          maxItems: 200,
          description:
            'Part E: one entry for every line of Part B, or two for a line partly rejected (one accepted, one rejected).',
        },
      ),
    ),
  },
  { ...Strict, $id: 'SignConsignmentNote' },
);
export type SignConsignmentBody = Static<typeof SignConsignmentBody>;

export const ConsignmentSigningLinkBody = Type.Object(
  {
    part: OneOf(PARTS),
    expires_in_hours: Type.Optional(Type.Integer({ minimum: 1, maximum: 720, default: 48 })),
  },
  Strict,
);
export type ConsignmentSigningLinkBody = Static<typeof ConsignmentSigningLinkBody>;

// ---------------------------------------------------------------- the note as returned

/**
 * How a signature was authenticated: an electronic signature is data which "serve as a method of
 * authentication" (the regulations' definition, as HazGuide quotes it), and a typed name alone is
 * whatever the caller typed. Recorded in the part, so it is kept, and hashed, with the note.
 */
const PartAuthentication = Type.Object({
  organisation: Type.Object({
    id: Type.String({ description: '`org_…`' }),
    name: Type.Union([Type.String(), Type.Null()], {
      description:
        'As it was at the signing; null for a signing link made before the key that made it was recorded.',
    }),
  }),
  api_key: Type.Union(
    [
      Type.Object({
        id: Type.String({ description: '`key_…`, as the request log names it.' }),
        prefix: Type.String({ description: 'As the portal shows the key: `wcs_live_3fA9…`.' }),
        name: Type.Union([Type.String(), Type.Null()], {
          description: "The key's name, as it was at the signing.",
        }),
      }),
      Type.Null(),
    ],
    {
      description:
        'The API key that vouched for the signature: with `method: "api"`, the key the part was signed with; with `method: "signing_link"`, the key that created the link (null for a link made before that was recorded). Never the key itself or its hash.',
    },
  ),
  signing_link: Type.Union(
    [
      Type.Object({
        id: Type.String({ description: '`sl_…`, as POST /signing-links answered (never its token).' }),
        created_at: Type.String({ description: 'ISO 8601 UTC.' }),
      }),
      Type.Null(),
    ],
    {
      description:
        'The link the part was signed on; null when it was signed through the API, or on a link made without an id (by the release before, during an upgrade).',
    },
  ),
});
export type PartAuthentication = Static<typeof PartAuthentication>;

const Signed = {
  name: Type.String(),
  position: Nullable(Type.String()),
  on_behalf_of: Nullable(Type.String()),
  signed_at: Type.String({ description: 'ISO 8601 UTC.' }),
  method: Type.Union([Type.Literal('api'), Type.Literal('signing_link')]),
  authentication: Type.Optional({
    ...PartAuthentication,
    description:
      'How the signature was authenticated: the organisation, the API key and, on a signing link, the link. Absent on a part signed before the service recorded it (29 November 2026): nobody can now say which key signed it. Part of the content hash.',
  }),
  declaration: Type.String({ description: 'The declaration the signer made, as printed.' }),
};

export const PartC = Type.Object({
  ...Signed,
  registration_number: Type.String(),
  carrier_name: Nullable(Type.String()),
  register_status: Type.String({
    description:
      "What the Environment Agency's register said when Part C was signed: valid, expiring_soon, lower_tier or not_found (with declared_registration); not_checked for a Scottish number, which it cannot hold.",
  }),
  register_checked_by: Type.String({
    description: 'ea_api, mirror, history or sandbox; none when no register was asked (a Scottish number).',
  }),
  declared_registration: Type.Optional(
    Type.Object(
      { register: Type.Union([Type.Literal('nrw'), Type.Literal('sepa')]), carrier_name: Type.String() },
      {
        description:
          "Present when the Environment Agency's register did not hold the number (or could not, a Scottish number) and the signer declared the carrier registered with Natural Resources Wales (nrw) or the Scottish Environment Protection Agency (sepa) under this name (carrier_name is the same).",
      },
    ),
  ),
  registration_expiry_date: Nullable(Type.String()),
  vehicle_registration: Type.String(),
  collection_date: Type.String(),
  collection_time: Type.String(),
  round_number: Nullable(Type.String()),
  collection_number: Nullable(Type.Integer()),
});
export type PartC = Static<typeof PartC>;

export const PartD = Type.Object({
  ...Signed,
  premises_phone: Type.Optional(
    Type.String({
      description:
        "Present when Part A2 had no telephone: the premises' telephone, given by the consignor at Part D.",
    }),
  ),
  premises_email: Type.Optional(
    Type.String({
      description:
        "Present when Part A2 had no email: the premises' email, given by the consignor at Part D.",
    }),
  ),
});
export type PartD = Static<typeof PartD>;

export const ReceivedLine = Type.Object({
  line: Type.Integer(),
  ewc_code: Type.String(),
  quantity_received_kg: Type.Number(),
  accepted: Type.Boolean(),
  rejection_reason: Nullable(Type.String()),
  operation: Nullable(Type.String()),
});
export type ReceivedLine = Static<typeof ReceivedLine>;

export const PartE = Type.Object({
  ...Signed,
  received_date: Type.String(),
  received_time: Type.Optional(
    Type.String({
      description:
        'HH:MM, UK local time, when the waste arrived. Absent on a Part E signed before it was recorded.',
    }),
  ),
  vehicle_registration: Type.Optional(
    Nullable(
      Type.String({
        description:
          'The vehicle that delivered, or the mode of transport if not road (the form\'s "Vehicle registration no. (or mode of transport, if not road)"). Absent on a Part E signed before it was recorded.',
      }),
    ),
  ),
  permit_number: Type.Optional(
    Nullable(
      Type.String({
        description:
          'The waste permit or exempt waste operation number the consignee certified authorises the management of the waste at the address in A4; null where none applied. Absent on a Part E signed before it was recorded.',
      }),
    ),
  ),
  lines: Type.Array(ReceivedLine),
  consignments_in_collection: Type.Optional(
    Type.Integer({
      description:
        'Present for a note of a multiple collection: the total number of consignments forming the collection, as the consignee gave it.',
    }),
  ),
});
export type PartE = Static<typeof PartE>;

export const ConsignmentLine = Type.Object({
  line: Type.Integer({ description: 'From 1.' }),
  ewc_code: Type.String({ description: '"13 02 05*": always a hazardous entry.' }),
  ewc_description: Type.String({ description: "The List of Wastes' own words for the code." }),
  code_source: Type.Union([Type.Literal('given'), Type.Literal('classified')]),
  classification: Nullable(
    Type.Object({
      confidence: Type.Number(),
      model: Type.String({ description: 'What chose the code.' }),
      flags: Type.Optional(
        Type.Array(Type.String(), {
          description:
            'ASSESSMENT_NEEDED when the description did not settle the code: the line carries the hazardous side WM3 prescribes until the waste is assessed, and `open_question` asks what would settle it.',
        }),
      ),
      open_question: Type.Optional(
        Nullable(Type.String({ description: "The classifier's deciding question, when one is open." })),
      ),
    }),
  ),
  description: Type.String(),
  quantity_kg: Type.Number(),
  physical_form: Type.String(),
  colour: Nullable(Type.String()),
  components: Type.Array(
    Type.Object({ name: Type.String(), concentration: Type.Number(), unit: Type.String() }),
  ),
  hazard_codes: Type.Array(Type.String()),
  container: Type.Object({
    type: Type.String(),
    number: Type.Integer(),
    size_litres: Nullable(Type.Number()),
  }),
  transport: Nullable(
    Type.Object({
      un_number: Type.String(),
      proper_shipping_name: Type.String(),
      un_class: Type.String(),
      packing_group: Type.String(),
      special_handling: Nullable(Type.String()),
    }),
  ),
});
export type ConsignmentLine = Static<typeof ConsignmentLine>;

const Party = Type.Object({
  name: Type.String(),
  address: Type.String(),
  postcode: Type.String(),
});

/** What is fixed when the note is created (Parts A and B): stored once and never changed. */
export const ConsignmentContent = Type.Object({
  id: Type.String({ description: 'cn_...' }),
  consignment_code: Type.String({ description: 'Part A1, e.g. RATPES/00001.' }),
  code_assigned: Type.Union([Type.Literal('generated'), Type.Literal('given')]),
  nation: Type.Union([Type.Literal('england'), Type.Literal('wales')]),
  mode: Type.Union([Type.Literal('live'), Type.Literal('test')]),
  created_at: Type.String(),
  producer: Type.Object({
    ...Party.properties,
    sic_code: Type.String(),
    contact: Type.String(),
    phone: Nullable(Type.String()),
    email: Nullable(Type.String()),
    premises_code: Nullable(Type.String()),
  }),
  waste_producer: Type.Optional(
    Type.Object(Party.properties, {
      description: 'Part A5: present when the producer of the waste is not the business in A2.',
    }),
  ),
  consignee: Type.Object({
    ...Party.properties,
    site_id: Nullable(Type.String()),
    permit_number: Type.String({
      description:
        'Empty when `returned_to_producer` is set and no permit number was given: no permit applies.',
    }),
    returned_to_producer: Type.Optional(
      Type.Literal(true, {
        description:
          'Present on a further note whose consignee is the premises in Part A2 of the rejected note (`rejected_from`): the waste goes back where it was removed from, so A4 needs no permit number.',
      }),
    ),
  }),
  carrier: Type.Object({ registration_number: Nullable(Type.String()) }),
  process: Type.String(),
  lines: Type.Array(ConsignmentLine),
  multiple_collection: Nullable(
    Type.Object({ round_number: Type.String(), collection_number: Type.Integer() }),
  ),
  rejected_from: Nullable(
    Type.Object(
      { id: Type.String(), consignment_code: Type.String() },
      {
        description: 'The note whose rejected load this note moves (reg 43).',
      },
    ),
  ),
  retain_until: Type.String({
    description:
      'The producer must keep the note at least until this date, 3 years from its creation (SI 2005/894 reg 49; GOV.UK: producers keep consignment notes 3 years). A minimum, not a day to discard it. The consignee returns it receives for this consignment arrive later and are kept 3 years from their arrival.',
  }),
});
export type ConsignmentContent = Static<typeof ConsignmentContent>;

export const ConsignmentNote = Type.Object(
  {
    ...ConsignmentContent.properties,
    status: OneOf(STATUSES),
    parts: Type.Object({ C: Nullable(PartC), D: Nullable(PartD), E: Nullable(PartE) }),
    further_notes: Type.Array(Type.Object({ id: Type.String(), consignment_code: Type.String() }), {
      description: "Notes created for this one's rejected load (reg 43).",
    }),
    content_sha256: Nullable(
      Type.String({
        description:
          "Set at Part E: SHA-256 of the note's canonical JSON (RFC 8785) without `further_notes` and itself.",
      }),
    ),
  },
  { $id: 'ConsignmentNote' },
);
export type ConsignmentNote = Static<typeof ConsignmentNote>;

export const ConsignmentNoteRef = Type.Ref('ConsignmentNote');

export const ConsignmentNoteList = Type.Object({
  data: Type.Array(ConsignmentNoteRef),
  has_more: Type.Boolean(),
  next_starting_after: Nullable(Type.String()),
});

export const ListConsignmentNotesQuery = Type.Object(
  {
    status: Type.Optional({ ...OneOf(STATUSES), examples: ['in_transit'] }),
    consignment_code: Type.Optional(Type.String({ maxLength: 20, examples: ['GARAGE/00001'] })),
    created_from: Type.Optional(
      Type.String({ format: 'date', description: 'YYYY-MM-DD, inclusive.', examples: ['2026-11-01'] }),
    ),
    created_to: Type.Optional(
      Type.String({ format: 'date', description: 'YYYY-MM-DD, inclusive.', examples: ['2026-11-30'] }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20, examples: [50] })),
    starting_after: Type.Optional(
      Type.String({
        maxLength: 40,
        description: 'The last id of the previous page.',
        examples: ['cn_7kQ2mX9pL4rT8vB3nC6d'],
      }),
    ),
    format: Type.Optional(
      Type.Literal('csv', { description: 'Every matching note as one CSV file.', examples: ['csv'] }),
    ),
  },
  Strict,
);
export type ListConsignmentNotesQuery = Static<typeof ListConsignmentNotesQuery>;

export const ConsignmentParams = Type.Object({
  id: Type.String({
    maxLength: 40,
    description: 'The note id, `cn_…`.',
    examples: ['cn_7kQ2mX9pL4rT8vB3nC6d'],
  }),
});
