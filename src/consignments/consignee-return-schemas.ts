import { type Static, type TSchema, Type } from 'typebox';

/**
 * The consignee's quarterly return (reg 53, Hazardous Waste (England and Wales) Regulations 2005,
 * SI 2005/894): what a receiving site reports, for one quarter, about every consignment it received or
 * rejected there. See consignee-return.ts for how it is built and what is still unconfirmed.
 */

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Day = (description: string) => Type.String({ format: 'date', description });

export const Quarter = Type.Object({
  quarter: Type.String({ description: 'e.g. 2026-Q4.' }),
  from: Day('First day of the quarter, YYYY-MM-DD.'),
  to: Day('Last day of the quarter, YYYY-MM-DD (inclusive).'),
  due_by: Day('The last day the return may be made (reg 53): 30 April, 31 July, 31 October or 31 January.'),
});
export type Quarter = Static<typeof Quarter>;

export const OUTCOMES = ['accepted', 'partially_rejected', 'rejected'] as const;
export type ConsignmentOutcome = (typeof OUTCOMES)[number];

const ReturnLine = Type.Object({
  ewc_code: Type.String({ description: 'The List of Wastes code as received at Part E.' }),
  description: Nullable(Type.String({ description: 'The waste as Part B describes it.' })),
  quantity_received_kg: Type.Number(),
  accepted: Type.Boolean(),
  rejection_reason: Nullable(Type.String()),
  operation: Nullable(Type.String({ description: 'R1-R13 or D1-D15; null for a rejected waste.' })),
  hazard_codes: Type.Array(Type.String(), { description: 'HP1-HP15 and POP, from Part B.' }),
  physical_form: Nullable(Type.String({ description: 'From Part B.' })),
});

const ReturnConsignment = Type.Object({
  id: Type.String({ description: 'The consignment note, cn_...' }),
  consignment_code: Type.String(),
  received_date: Day('Part E: the day the waste arrived.'),
  producer: Type.Object({
    name: Type.String(),
    postcode: Type.String({ description: 'The Part A2 postcode: where the waste was collected from.' }),
  }),
  round_number: Nullable(Type.String({ description: 'Multiple collections only (reg 38).' })),
  collection_number: Nullable(Type.Integer({ description: 'Multiple collections only: 1, 2, 3...' })),
  // Spelled out: a mapped array would type as never.
  outcome: Type.Union(
    [Type.Literal('accepted'), Type.Literal('partially_rejected'), Type.Literal('rejected')],
    { description: 'From Part E: every waste accepted, some rejected, or all rejected.' },
  ),
  lines: Type.Array(ReturnLine, { description: 'One entry per waste of Part E, in Part B order.' }),
});

export const ConsigneeReturn = Type.Object(
  {
    site: Type.Object({
      id: Type.String(),
      name: Type.String(),
      address: Nullable(Type.String()),
      postcode: Nullable(Type.String()),
      permit_number: Nullable(Type.String()),
    }),
    quarter: Type.String({ description: 'e.g. 2026-Q4.' }),
    period: Type.Object({ from: Day('First day, inclusive.'), to: Day('Last day, inclusive.') }),
    due_by: Day('reg 53: the deadline for this return.'),
    generated_at: Type.String({ description: 'ISO 8601 UTC.' }),
    null_return: Type.Boolean({
      description: 'true when the site received no hazardous waste in the quarter: say so on the return.',
    }),
    consignments: Type.Array(ReturnConsignment, {
      description:
        'Every consignment received or rejected, ordered by received date then code; each collection of a multiple collection is a consignment of its own (reg 53).',
    }),
    totals: Type.Object({
      consignments: Type.Integer(),
      single: Type.Integer({ description: 'Consignments that were not part of a multiple collection.' }),
      multiple_collection: Type.Integer({ description: 'Consignments that were one collection of a round.' }),
      rejected: Type.Integer({ description: 'Consignments rejected whole.' }),
      partially_rejected: Type.Integer({ description: 'Consignments with some wastes rejected.' }),
      quantity_received_kg: Type.Number({ description: 'Every line received, accepted or not.' }),
      quantity_accepted_kg: Type.Number({
        description: 'The lines accepted: what the site took in, rejected loads left out.',
      }),
    }),
    fee_estimate: Type.Object(
      {
        currency: Type.Literal('GBP'),
        basis: Type.Literal('electronic'),
        single_rate: Type.Number(),
        multiple_collection_rate: Type.Number(),
        amount: Type.Number({ description: 'For an electronic return.' }),
        paper_amount: Type.Number({ description: 'The same return on paper.' }),
        source: Type.String({ description: 'Where the rates are published.' }),
      },
      {
        description:
          "The Environment Agency's per-consignment charge as published on GOV.UK: an estimate, the Agency invoices.",
      },
    ),
  },
  { $id: 'ConsigneeReturn' },
);
export type ConsigneeReturn = Static<typeof ConsigneeReturn>;
export type ReturnConsignment = ConsigneeReturn['consignments'][number];
export type ReturnLine = ReturnConsignment['lines'][number];

export const ConsigneeReturnRef = Type.Ref('ConsigneeReturn');

export const ConsigneeReturnQuery = Type.Object(
  {
    site_id: Type.String({
      maxLength: 40,
      description: 'The receiving site (/v1/sites).',
      examples: ['site_5f7Gq2LmN8pR3sT6vW9x'],
    }),
    quarter: Type.String({
      pattern: '^\\d{4}-[Qq][1-4]$',
      description: 'e.g. 2026-Q4.',
      examples: ['2026-Q4'],
    }),
    format: Type.Optional(
      Type.Literal('csv', { description: 'csv: one row per waste line.', examples: ['csv'] }),
    ),
    recipient: Type.Optional(
      Type.Union([Type.Literal('agency'), Type.Literal('producer')], {
        examples: ['agency'],
        description:
          'CSV only. `agency` (default): every consignment. `producer`: only those of `producer`, a separate document as the producer must be sent its own return.',
      }),
    ),
    producer: Type.Optional(
      Type.String({
        maxLength: 200,
        description: 'With recipient=producer: the producer name, or its consignment code prefix (RATPES).',
        examples: ['GARAGE'],
      }),
    ),
  },
  { additionalProperties: false },
);
export type ConsigneeReturnQuery = Static<typeof ConsigneeReturnQuery>;
