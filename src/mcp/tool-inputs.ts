// The tools' inputs: the same fields as the API's request schemas (src/carriers/carrier-routes.ts,
// src/classification/routes.ts, src/wtn/wtn-schemas.ts), with their types and words, so an assistant
// knows what to send. Lengths, formats and cross-field rules are left to the API, the one validator:
// its refusal names every field to fix (test/mcp/tool-inputs.test.ts holds the names to the API's).
import { z } from 'zod';

const text = (description: string) => z.string().describe(description);
const optionalText = (description: string) => z.string().optional().describe(description);

export const VerifyCarrierInput = z.strictObject({
  registration_number: optionalText(
    'England registration number, e.g. CBDU123456 (spaces, hyphens and case are ignored). Preferred when known.',
  ),
  business_name: optionalText('Registered name, or words from it, e.g. "Example Haulage".'),
  postcode: optionalText('Full UK postcode of the registered address, e.g. TE1 1AA.'),
});

export const ClassifyWasteInput = z.strictObject({
  description: text(
    'The waste in plain words, e.g. "oily rags from servicing vans" (up to 2,000 characters).',
  ),
  source_industry: optionalText('The business or activity that produced it, e.g. "vehicle repair garage".'),
  additional_context: optionalText(
    'Anything else known: contamination, test results, household or business origin.',
  ),
  assessment: z
    .enum(['hazardous', 'non_hazardous', 'unknown'])
    .optional()
    .describe(
      "The answer to a mirror entry's deciding question (compliance.assessment_needed): what an assessment of the waste found. Send it with the same description.",
    ),
  max_results: z.number().int().optional().describe('How many ranked codes to return, 1-5 (default 3).'),
});

export const GenerateTransferNoteInput = z.strictObject({
  producer: z
    .strictObject({
      name: text('The transferor: the business producing or holding the waste.'),
      address: text("The transferor's address."),
      sic_code: optionalText('Five-digit SIC 2007 code of the business, e.g. 43320.'),
      contact_name: optionalText('The person responsible for the transfer.'),
    })
    .describe('Who hands the waste over.'),
  carrier: z
    .strictObject({
      registration_number: text("The carrier's registration number, e.g. CBDU123456."),
      address: optionalText("The carrier's address; used only when the register holds none."),
      auto_verify: z
        .boolean()
        .optional()
        .describe('Check the number against the EA public register (default true).'),
    })
    .describe('Who takes the waste away.'),
  waste: z
    .strictObject({
      description: text('The waste in plain words.'),
      auto_classify: z
        .boolean()
        .optional()
        .describe(
          'Classify the description (default true); with ewc_code given, the classifier cross-checks it.',
        ),
      ewc_code: optionalText('List of Wastes code if known, e.g. 17 05 04.'),
      quantity_kg: z.number().optional().describe('Weight in kilograms, > 0.'),
      container_type: optionalText('e.g. "8 yard skip", or a DWT container code (SKI, DRU, IBC, ...).'),
    })
    .describe('What is transferred.'),
  destination: z
    .strictObject({
      name: text('The receiving site.'),
      address: text("The receiving site's address."),
      permit_number: optionalText('Environmental permit, licence or exemption number, e.g. EPR/AB1234CD.'),
    })
    .describe('Where the waste goes.'),
  transfer_date: text('Date of the transfer, YYYY-MM-DD.'),
  transfer_time: optionalText('Time of the transfer, HH:MM, 24-hour UK local time.'),
  transfer_place: optionalText("Where the waste changes hands, e.g. the producer's yard."),
  supersedes: optionalText('The reference of an earlier note this one corrects, e.g. WTN-2026-0325-A7X9.'),
  season_ticket: z
    .strictObject({
      valid_from: text('First day the note covers, YYYY-MM-DD.'),
      valid_until: text('Last day the note covers, YYYY-MM-DD (at most 12 months on).'),
    })
    .optional()
    .describe(
      'Make this a season ticket: repeated transfers of the same non-hazardous waste for up to 12 months.',
    ),
});

export const GetTransferNoteInput = z.strictObject({
  reference: text('The note reference, e.g. WTN-2026-0325-A7X9.'),
});

export const ListTransferNotesInput = z.strictObject({
  limit: z.number().int().optional().describe('Notes per page, 1-100 (default 20).'),
  starting_after: optionalText('The last reference of the previous page, for the next page.'),
  transfer_date_from: optionalText('Transfer date on or after, YYYY-MM-DD.'),
  transfer_date_to: optionalText('Transfer date on or before, YYYY-MM-DD.'),
  carrier_registration_number: optionalText("Only notes naming this carrier's registration number."),
  ewc_code: optionalText('Only notes with this List of Wastes code.'),
  is_compliant: z
    .boolean()
    .optional()
    .describe('Only compliant notes (true) or only notes with flags (false).'),
  status: z.enum(['complete', 'superseded']).optional().describe('Only current or only corrected notes.'),
  signed: z
    .enum(['unsigned', 'partially_signed', 'signed'])
    .optional()
    .describe('Only notes in this signing state.'),
});

export const LookUpEwcCodeInput = z.strictObject({
  code: text('The code: 170504, 17 05 04, 17-05-04 or 17 05 04*.'),
});

export const SearchListOfWastesInput = z.strictObject({
  q: optionalText('Words in the legal description, or the start of a code, e.g. "soil".'),
  chapter: optionalText('Chapter "17" or sub-chapter "17 05".'),
  hazardous: z.boolean().optional().describe('true: only hazardous entries; false: only non-hazardous.'),
});
