import { type Static, type TSchema, Type } from 'typebox';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const RegistrationStatusSchema = Type.Union(
  [Type.Literal('valid'), Type.Literal('expiring_soon'), Type.Literal('expired'), Type.Literal('lower_tier')],
  {
    description:
      'Judged on the Europe/London date: expired on the expiry date itself; lower tier never expires.',
  },
);

export const RegistrationSchema = Type.Object({
  registration_number: Type.String({ description: 'e.g. CBDU123456' }),
  business_name: Type.String(),
  company_number: Nullable(Type.String({ description: 'Companies House number; limited companies only.' })),
  tier: Type.Union([Type.Literal('upper'), Type.Literal('lower')], {
    description: 'From the record, not the prefix.',
  }),
  status: RegistrationStatusSchema,
  expiry_date: Nullable(Type.String({ format: 'date', description: 'YYYY-MM-DD; null for lower tier.' })),
  days_until_expiry: Nullable(
    Type.Integer({ description: 'From today (Europe/London); 0 or less is expired.' }),
  ),
  expiry_warning: Type.Boolean({
    description: 'True when an upper-tier registration expires within 90 days.',
  }),
  postcode: Nullable(Type.String({ description: 'Postcode of the registered address.' })),
  address: Nullable(
    Type.String({ description: 'The registered address as the register gives it; null when it has none.' }),
  ),
});

export const ComplianceFlagSchema = Type.Union(
  [
    Type.Literal('NOT_ON_REGISTER'),
    Type.Literal('REGISTRATION_EXPIRED'),
    Type.Literal('EXPIRING_WITHIN_90_DAYS'),
    Type.Literal('LOWER_TIER_ONLY'),
    Type.Literal('MULTIPLE_REGISTRATIONS_FOUND'),
    Type.Literal('TIER_DIFFERS_FROM_PREFIX'),
    Type.Literal('UNUSUAL_NUMBER_LENGTH'),
  ],
  { description: 'What each flag means: [carriers guide, Flags](/docs/guides/carriers#flags).' },
);

export const VerificationSchema = Type.Object({
  checked_at: Type.String({ format: 'date-time', description: 'When this answer was given (UTC).' }),
  source: Type.String({ description: 'The register the answer comes from, in words.' }),
  origin: Type.Union(
    [Type.Literal('ea_api'), Type.Literal('mirror'), Type.Literal('history'), Type.Literal('sandbox')],
    {
      description:
        '`ea_api`: the live register; `mirror`: the imported bulk export; `history`: our record of a registration the register has since dropped; `sandbox`: test keys.',
    },
  ),
  cached: Type.Boolean({ description: 'True when a cached copy of the register record answered.' }),
  retrieved_at: Type.String({
    format: 'date-time',
    description: 'When the register data behind this answer was read (earlier than checked_at when cached).',
  }),
  mirror: Nullable(
    Type.Object(
      {
        published_on: Type.String({
          format: 'date',
          description: 'When the EA published the imported export.',
        }),
        imported_at: Type.String({ format: 'date-time' }),
        age_days: Type.Integer({ description: 'Days from publication to today (Europe/London).' }),
      },
      { description: 'How old the mirror data is; null unless origin is `mirror`.' },
    ),
  ),
  last_listed_on: Type.Optional(
    Type.String({
      format: 'date',
      description:
        'With `not_found` only: the register listed this number, before its expiry date, when we last checked on this day, and no longer does (revoked or deregistered). It was a registration with the Environment Agency.',
    }),
  ),
});

export const VerifyCarrierResultSchema = Type.Object(
  {
    status: Type.Union(
      [RegistrationStatusSchema, Type.Literal('not_found'), Type.Literal('multiple_matches')],
      {
        description:
          'The status of the one registration the query identified. `multiple_matches` when a name or postcode matched several: no one carrier was checked, each registration carries its own status, and a check by registration number decides. `not_found` when none matched.',
      },
    ),
    verification: VerificationSchema,
    registrations: Type.Array(RegistrationSchema, { description: 'Best match first; empty when not found.' }),
    compliance: Type.Object({
      is_compliant: Type.Boolean({
        description: 'True only for one identified upper-tier registration that is valid or expiring soon.',
      }),
      flags: Type.Array(ComplianceFlagSchema),
      recommendation: Type.String({ description: 'What the person handing over waste should do.' }),
    }),
  },
  {
    description:
      'The verification: not being on the register is an answer (status `not_found`), not an error.',
  },
);

/** The 200 body of /v1/verify-carrier, and what CarrierService.verify returns. */
export type VerifyCarrierResult = Static<typeof VerifyCarrierResultSchema>;
export type VerificationOrigin = VerifyCarrierResult['verification']['origin'];
export type MirrorInfo = NonNullable<VerifyCarrierResult['verification']['mirror']>;

/** What a caller may ask: the first non-blank of number, name, postcode is used. */
export interface VerifyCarrierInput {
  registration_number?: string;
  business_name?: string;
  postcode?: string;
}
