import { type Static, Type } from 'typebox';

const Strict = { additionalProperties: false } as const;
const Text = (description: string, maxLength = 200) => Type.String({ minLength: 1, maxLength, description });

const fields = {
  name: Text('The site as DWT knows it.'),
  address: Type.Object(
    {
      full_address: Text('The site address in one line.', 1000),
      postcode: Text('A UK postcode, e.g. TC1 2AB (the space is added when missing).', 16),
    },
    Strict,
  ),
  authorisation_numbers: Type.Array(Type.String({ minLength: 1, maxLength: 60 }), {
    minItems: 1,
    maxItems: 20,
    description:
      'The permits or licences the site receives waste under, in a format DWT accepts (EPR/AB1234CD, AB1234CD, EAWML123456, WML123456, SEPA PPC/WML/EAS, NIEA formats). A receipt names one; the first is the default.',
  }),
  dwt_api_code: Type.String({
    format: 'uuid',
    description:
      "The site's API code from DEFRA's Digital Waste Tracking service (a UUID). DEFRA's test environment accepts its published dummy codes.",
  }),
  email: Type.Optional(Type.String({ format: 'email', maxLength: 320 })),
  phone: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
};

export const CreateSiteBody = Type.Object(fields, Strict);
export type CreateSiteBody = Static<typeof CreateSiteBody>;

export const UpdateSiteBody = Type.Partial(Type.Object(fields, Strict), {
  ...Strict,
  minProperties: 1,
  description:
    'Only the fields given change. Receipts already made keep the site details they were made with.',
});
export type UpdateSiteBody = Static<typeof UpdateSiteBody>;

export const SiteSchema = Type.Object(
  {
    id: Type.String({ description: '`site_…`' }),
    object: Type.Literal('site'),
    mode: Type.Union([Type.Literal('live'), Type.Literal('test')]),
    ...fields,
    archived: Type.Boolean({ description: 'Archived sites take no new receipts; their receipts are kept.' }),
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { $id: 'Site' },
);

export const SiteRef = Type.Unsafe<Static<typeof SiteSchema>>({ $ref: 'Site#' });
export const SiteList = Type.Object({ data: Type.Array(SiteRef) });
export const SiteParams = Type.Object({
  id: Type.String({
    maxLength: 60,
    description: 'The site id, `site_…`.',
    examples: ['site_7Hq2xZ0aB4cD6eF8gH1j'],
  }),
});
