// The consignment note tools' inputs: the fields of the API's request schemas
// (src/consignments/consignment-schemas.ts), in the same order and with their words, so an assistant
// knows what a hazardous waste consignment note needs. As in tool-inputs.ts, lengths, formats and the
// rules across fields (a hazardous code on every line, the order of the parts) are left to the API,
// which names every field to fix; test/mcp/tool-inputs.test.ts holds the names to the API's.
import { z } from 'zod';
import { HAZARD_CODES, NATIONS, PARTS, PHYSICAL_FORMS } from '../consignments/consignment-schemas.ts';

const text = (description: string) => z.string().describe(description);
const optionalText = (description: string) => z.string().optional().describe(description);

const ConsignmentLine = z.strictObject({
  ewc_code: optionalText(
    'A hazardous (asterisked) List of Wastes code, e.g. 13 02 05*. A non-hazardous code is refused: that waste needs a transfer note. Omit it and send classify: true to have the description classified.',
  ),
  classify: z
    .boolean()
    .optional()
    .describe(
      "Classify the description when no ewc_code is given: the classifier's top hazardous code is used.",
    ),
  description: text('The waste in plain words, as on Part B.'),
  quantity_kg: z.number().describe('Kilograms, > 0.'),
  physical_form: z.enum(PHYSICAL_FORMS).describe('gas, liquid, solid, powder, sludge or mixed.'),
  colour: optionalText('Colour of the waste.'),
  components: z
    .array(
      z.strictObject({
        name: text('The chemical or biological component, e.g. "mineral oil".'),
        concentration: z.number().describe('How much of it.'),
        unit: z.enum(['percent', 'mg_per_kg']).describe('percent (w/w, at most 100) or mg_per_kg.'),
      }),
    )
    .describe('Chemical and biological components with their concentrations: at least one.'),
  hazard_codes: z
    .array(z.enum(HAZARD_CODES))
    .describe('Hazardous properties HP1-HP15 and POP: at least one.'),
  container: z
    .strictObject({
      type: text('Container type, e.g. "drum", "IBC", "bulk tanker".'),
      number: z.number().int().describe('How many containers.'),
      size_litres: z.number().optional().describe('Size of each, in litres.'),
    })
    .describe('How the waste is contained.'),
  transport: z
    .strictObject({
      un_number: text('UN identification number, e.g. UN1263.'),
      proper_shipping_name: text('ADR proper shipping name.'),
      un_class: text('ADR class, e.g. "3" or "6.1".'),
      packing_group: z.enum(['I', 'II', 'III']).describe('Packing group I, II or III.'),
      special_handling: optionalText(
        'Special handling requirements the carrier must be told of; send "None" when there are none (left out, the note prints "Not given").',
      ),
    })
    .optional()
    .describe('Where the waste is dangerous goods for carriage (ADR).'),
});

export const CreateConsignmentNoteInput = z.strictObject({
  nation: z
    .enum(NATIONS)
    .optional()
    .describe(
      'Where the premises the waste is removed from are: england or wales (Welsh notes follow the Hazardous Waste (Wales) Regulations 2005, with the NRW premises code). Left out, england is assumed only where producer.postcode cannot be in Wales or outside England: a Welsh postcode district, one on both sides of the border (e.g. CH4, SY10, HR3, NP16), or a Scottish or Northern Irish one needs it. Scotland and Northern Ireland are refused (regulator-issued codes).',
    ),
  consignment_code: optionalText(
    'Your own consignment code; omit it and the next code for the producer is assigned, e.g. GARAGE/00001.',
  ),
  producer: z
    .strictObject({
      name: text('Part A2: the business whose premises the waste is removed from.'),
      address: text('Address of the premises.'),
      postcode: text('UK postcode, e.g. BH15 1NF.'),
      sic_code: text(
        'Part B2: five-digit SIC 2007 code of the process giving rise to the waste (not necessarily the business), e.g. 45200.',
      ),
      contact: text('Contact name.'),
      phone: optionalText(
        'Telephone of the premises. A note must not be used without one: left out, Part D asks the consignor for it.',
      ),
      email: optionalText(
        'Email of the premises. A note must not be used without one: left out, Part D asks the consignor for it.',
      ),
      premises_code: optionalText(
        'Wales only: the premises code Natural Resources Wales issued, e.g. ABC123.',
      ),
    })
    .describe('Who produces the waste (the consignor).'),
  waste_producer: z
    .strictObject({
      name: text('The business that produced the waste.'),
      address: text('Its address.'),
      postcode: text('UK postcode, e.g. BH15 1NF.'),
    })
    .optional()
    .describe(
      'Part A5: the producer of the waste when it is not the business in A2 (e.g. a contractor working at those premises).',
    ),
  consignee: z
    .strictObject({
      site_id: optionalText('A receiving site of this organisation (site_...): fills the rest.'),
      name: optionalText('The consignee.'),
      address: optionalText('Address of the receiving site.'),
      postcode: optionalText('Its postcode.'),
      permit_number: optionalText(
        "The receiving site's permit number, e.g. EPR/AB1234CD. Leave it out only on a further note (rejected_from) taking the waste back to the premises in Part A2 of the rejected note (its address and postcode): no permit applies there.",
      ),
    })
    .describe('Part A4: site_id, or name, address, postcode and permit number.'),
  carrier: z
    .strictObject({
      registration_number: text("The carrier's registration number, e.g. CBDU123456."),
    })
    .optional()
    .describe('Optional until Part C, where it is checked against the register.'),
  process: text('Part B1: the process giving rise to the waste.'),
  lines: z.array(ConsignmentLine).describe('Part B: one line per waste, at least one.'),
  multiple_collection: z
    .strictObject({
      round_number: text('Up to 15 letters or digits common to every note of the round.'),
    })
    .optional()
    .describe('Part of a multiple collection: notes of one round are numbered 1, 2, 3...'),
  rejected_from: optionalText(
    'The id of a note whose load the consignee rejected at Part E: this note moves that load on.',
  ),
});

export const GetConsignmentNoteInput = z.strictObject({
  id: text('The note id, cn_... (not the consignment code).'),
});

export const SignConsignmentNoteInput = z.strictObject({
  id: text('The note id, cn_...'),
  part: z
    .enum(PARTS)
    .describe(
      'C (the carrier, at collection), D (the consignor), E (the consignee, on receipt): in that order.',
    ),
  name: text('Who signs.'),
  position: optionalText('Their position.'),
  on_behalf_of: optionalText('The business they sign for.'),
  registration_number: optionalText(
    "Part C: the carrier's registration number, when Part A left it out (or to confirm it).",
  ),
  vehicle_registration: optionalText(
    "Part C (required there): registration of the collecting vehicle. Part E: of the vehicle that delivered, or the mode of transport if not road (default Part C's).",
  ),
  collection_date: optionalText('Part C: YYYY-MM-DD (default today).'),
  collection_time: optionalText('Part C: HH:MM, UK local time (default now).'),
  declared_registration: z
    .strictObject({
      register: z
        .enum(['nrw', 'sepa'])
        .describe(
          "nrw: Natural Resources Wales's register, for a CBDU or CBDL number; sepa: the Scottish Environment Protection Agency's, for a Scottish number (WCR/R/...).",
        ),
      carrier_name: text("The carrier's name as that register shows it."),
    })
    .optional()
    .describe(
      'Part C: only after CARRIER_NOT_REGISTERED, for a carrier registered with Natural Resources Wales or SEPA (valid anywhere in Great Britain, registers that cannot be queried), once its number was checked on that register.',
    ),
  premises_phone: optionalText(
    "Part D, only when Part A2 has no usable telephone (none, or a placeholder such as tbc): the premises' telephone (Part D is refused without it; recorded as the consignor's).",
  ),
  premises_email: optionalText(
    "Part D, only when Part A2 has no usable email (none, or a placeholder such as tbc): the premises' email (Part D is refused without it; recorded as the consignor's).",
  ),
  received_date: optionalText('Part E: the day the waste arrived, YYYY-MM-DD (default today).'),
  received_time: optionalText(
    'Part E: HH:MM, UK local time, when the waste arrived (default now for waste received today; required for an earlier day).',
  ),
  permit_number: optionalText(
    "Part E: the waste permit or exempt waste operation number the consignee certifies authorises the waste at A4's address (default A4's).",
  ),
  consignments_in_collection: z
    .number()
    .int()
    .min(1)
    .max(1000)
    .optional()
    .describe(
      'Part E, only for a note of a multiple collection (it has a round number): the total number of consignments forming the collection the vehicle brought (required there).',
    ),
  lines: z
    .array(
      z.strictObject({
        line: z.number().int().describe('The Part B line, from 1.'),
        quantity_received_kg: z.number().describe('Kilograms received.'),
        accepted: z.boolean().describe('false: this waste is rejected.'),
        rejection_reason: optionalText('Why it was rejected: required when not accepted.'),
        operation: optionalText(
          'The recovery or disposal operation, R1-R13 or D1-D15: required when accepted.',
        ),
      }),
    )
    .optional()
    .describe(
      'Part E: one entry for every line of Part B, or two for a line partly rejected (one accepted with its operation, one rejected with its reason, each with its own quantity).',
    ),
});
