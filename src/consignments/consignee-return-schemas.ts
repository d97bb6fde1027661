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

const ReceiptLine = Type.Object({
  ewc_codes: Type.Array(Type.String(), {
    description: "The waste item's List of Wastes codes, e.g. 13 02 05*.",
  }),
  description: Nullable(Type.String()),
  quantity_kg: Nullable(Type.Number({ description: "The item's weight in kilograms." })),
  quantity_is_estimate: Type.Boolean({ description: 'true when the receipt says the weight was estimated.' }),
  operations: Type.Array(Type.String(), { description: 'The R or D codes the receipt gives for the item.' }),
  hazard_codes: Type.Array(Type.String(), { description: 'HP1-HP15 and POP, from the receipt.' }),
  physical_form: Nullable(Type.String()),
});

const ReturnReceipt = Type.Object({
  id: Type.String({ description: 'The waste receipt, rcpt_... (/v1/waste-receipts).' }),
  received_date: Day("The receipt's received_at as a London date."),
  consignment_code: Nullable(
    Type.String({ description: "The receipt's hazardous_waste_consignment_code; null when it has none." }),
  ),
  consignment_note_id: Nullable(
    Type.String({
      description:
        'The note of yours the receipt was filled from, when there is one: its Part E was not signed at this site in the quarter.',
    }),
  ),
  ewc_codes: Type.Array(Type.String(), { description: 'Every List of Wastes code on the receipt.' }),
  quantity_kg: Type.Number({ description: 'The weights of its waste items, in kilograms.' }),
  lines: Type.Array(ReceiptLine, {
    description: "One entry per waste item of the receipt's latest revision.",
  }),
  to_add: Type.Array(Type.String(), {
    description:
      "What the return needs and the receipt does not hold, named as the CSV's columns: always producer_name, producer_postcode and outcome; consignment_code when it has none; ewc_code and quantity_received_kg when an item has several codes (one line per code); quantity_received_kg for an estimated weight; operation unless an item has exactly one; hazard_codes, physical_form or waste_description when missing. Add round_number and collection_number too if the load was one collection of a multiple collection.",
  }),
});

const ReturnWarning = Type.Object({
  code: Type.String({
    description:
      'RECEIPTS_TO_ADD, REGULATOR_ASSUMED or REGULATOR_DIFFERS_FROM_POSTCODE: see the consignment notes guide.',
  }),
  message: Type.String(),
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
    regulator: Type.Union([Type.Literal('EA'), Type.Literal('NRW')], {
      description:
        "Who the return goes to: EA for a site in England (SI 2005/894 reg 53), NRW for a site in Wales (WSI 2005/1806 reg 53). The query's `regulator` when given (with a REGULATOR_DIFFERS_FROM_POSTCODE warning where the site's postcode district says the other); else the site's postcode district; in a district on both sides of the border (or not certain), outside England and Wales, or with no usable postcode, assumed (NRW in the LL, NP and LD areas, else EA) with a REGULATOR_ASSUMED warning. Never the notes' `nation`, which is where the waste came from.",
    }),
    null_return: Type.Boolean({
      description:
        'true when the site received no hazardous waste in the quarter, neither on a note here nor on a waste receipt: say so on the return.',
    }),
    consignments: Type.Array(ReturnConsignment, {
      description:
        'Every consignment received or rejected on a note here, ordered by received date then code; each collection of a multiple collection is a consignment of its own (reg 53).',
    }),
    receipts_to_add: Type.Array(ReturnReceipt, {
      description:
        "The site's waste receipts of the quarter (by London date received) with a consignment code or a hazardous EWC code whose consignment is on none of `consignments` (matched by code) nor on another quarter's return (a note of yours received here): hazardous loads whose notes were made elsewhere. A receipt declared as moving under no consignment (`hwrc_receipt`, `non_haz_waste_transfer`) is not one. The return must include them; a receipt does not name the producer, so each is completed by hand (`to_add`, and the RECEIPTS_TO_ADD warning).",
    }),
    warnings: Type.Array(ReturnWarning, { description: 'What to do before the return is sent.' }),
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
      receipts_to_add: Type.Integer({
        description: 'Entries of `receipts_to_add`: counted in none of the figures above.',
      }),
    }),
    fee_estimate: Nullable(
      Type.Object(
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
            "The Environment Agency's per-consignment charge as published on GOV.UK, for the consignments listed (not `receipts_to_add`): an estimate, the Agency invoices. null when the return goes to NRW, whose charges were not confirmed.",
        },
      ),
    ),
  },
  { $id: 'ConsigneeReturn' },
);
export type ConsigneeReturn = Static<typeof ConsigneeReturn>;
export type ReturnConsignment = ConsigneeReturn['consignments'][number];
export type ReturnLine = ReturnConsignment['lines'][number];
export type ReturnReceipt = ConsigneeReturn['receipts_to_add'][number];
export type ReturnReceiptLine = ReturnReceipt['lines'][number];
export type ReturnWarning = ConsigneeReturn['warnings'][number];

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
    regulator: Type.Optional(
      Type.Union([Type.Literal('EA'), Type.Literal('NRW')], {
        description:
          "Who the return goes to, where the site is: EA (England) or NRW (Wales). Needed for a site in a postcode district on both sides of the border (the return warns REGULATOR_ASSUMED without it); elsewhere the site's postcode decides, and a `regulator` that says the other is taken with a REGULATOR_DIFFERS_FROM_POSTCODE warning.",
        examples: ['NRW'],
      }),
    ),
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
