// biome-ignore-all lint/suspicious/noThenProperty: Joi's when() takes its conditions as { is, then }
import Joi, { type CustomHelpers, type ErrorReport, type ValidationErrorItem } from 'joi';
import {
  CARRIER_REGISTRATION_FORMATS,
  CONSIGNMENT_CODE_FORMATS,
  CONTAINER_TYPES,
  DISPOSAL_OR_RECOVERY_CODES,
  EWC_CODES,
  HAZARDOUS_EWC_CODES,
  IRISH_EIRCODE,
  MEANS_OF_TRANSPORT,
  NO_CONSIGNMENT_REASONS,
  PHYSICAL_FORMS,
  REASONS_FOR_NO_REGISTRATION_NUMBER,
  SITE_AUTHORISATION_FORMATS,
  UK_POSTCODE,
  WEIGHT_UNITS,
} from './dwt-stand-in-codes.ts';
import { hazardous, pops } from './dwt-stand-in-component-rules.ts';

/**
 * DWT's receipt validation, rebuilt with Joi from reading DEFRA's sources: waste-movement-utils
 * src/schemas/receipt.js, waste.js, weight.js and hazardous-waste-consignment.js, as the external API
 * applies them (waste-movement-external-api src/schemas/receive-movement-input.js: `apiCode` required,
 * `submittingOrganisation` refused; src/server.js: every error reported, unknown keys refused).
 * Keys are declared in DWT's order and built from the same Joi rules, so the errors come out with DWT's
 * keys, messages and order.
 */

/** One entry of `validation.errors` or `validation.warnings` in DWT's answers. */
export interface DwtProblem {
  key: string;
  errorType: string;
  message: string;
}

const oneOf = (codes: string[]) => codes.join(', ');

const postcode = Joi.alternatives()
  .try(Joi.string().pattern(UK_POSTCODE), Joi.string().pattern(IRISH_EIRCODE))
  .messages({ 'alternatives.match': '{{#label}} must be in valid UK or Ireland format' });

const address = Joi.object({ fullAddress: Joi.string(), postcode: postcode.required() });

const registrationNumber = Joi.alternatives()
  .try(...CARRIER_REGISTRATION_FORMATS.map((format) => Joi.string().pattern(format)))
  .messages({ 'alternatives.match': '{{#label}} must be in a valid England, SEPA, NRW or NI format' });

const carrier = Joi.object({
  registrationNumber: registrationNumber.allow(null, '').required(),
  // A carrier without a number says why (ON_SITE, HOUSEHOLD, ...); one with a number must not.
  reasonForNoRegistrationNumber: Joi.string()
    .valid(...REASONS_FOR_NO_REGISTRATION_NUMBER)
    .allow(null, '')
    .when('registrationNumber', {
      switch: [
        { is: null, then: Joi.required() },
        { is: '', then: Joi.required() },
      ],
      otherwise: Joi.forbidden(),
    })
    .messages({
      'string.empty':
        'Either carrier.registrationNumber or carrier.reasonForNoRegistrationNumber is required',
      'string.base': 'Either carrier.registrationNumber or carrier.reasonForNoRegistrationNumber is required',
      'any.unknown':
        'carrier.reasonForNoRegistrationNumber should only be provided when carrier.registrationNumber is not provided',
      'any.only': `{{#label}} must be one of: ${oneOf(REASONS_FOR_NO_REGISTRATION_NUMBER)}`,
    }),
  organisationName: Joi.string().required(),
  address,
  emailAddress: Joi.string().email(),
  phoneNumber: Joi.string(),
  vehicleRegistration: Joi.when('meansOfTransport', {
    is: Joi.string().required().valid('Road'),
    then: Joi.string().required(),
    otherwise: Joi.forbidden(),
  }).messages({
    'any.required': 'If carrier.meansOfTransport is "Road" then carrier.vehicleRegistration is required',
    'any.unknown':
      'If carrier.meansOfTransport is not "Road" then carrier.vehicleRegistration is not applicable',
  }),
  meansOfTransport: Joi.string()
    .valid(...MEANS_OF_TRANSPORT)
    .required(),
  otherMeansOfTransport: Joi.string(),
});

const authorisationNumber = Joi.string()
  .strict()
  .custom((value: string, helpers) =>
    SITE_AUTHORISATION_FORMATS.some((format) => format.test(value.trim()))
      ? value
      : helpers.error('InvalidFormat.authorisationNumber'),
  )
  .messages({ 'InvalidFormat.authorisationNumber': '{{#label}} must be in a valid UK format' })
  .required();

const receiver = Joi.object({
  siteName: Joi.string().required(),
  emailAddress: Joi.string().email(),
  phoneNumber: Joi.string(),
  authorisationNumber,
  regulatoryPositionStatements: Joi.array().items(Joi.number().strict().integer().positive()),
});

// Receivers are in the UK: an Eircode is not accepted for the receipt address.
const receiptAddress = address.keys({
  fullAddress: Joi.string().required(),
  postcode: Joi.string().pattern(UK_POSTCODE).message('{{#label}} must be in valid UK format').required(),
});

const brokerOrDealer = Joi.object({
  organisationName: Joi.string().required(),
  address,
  registrationNumber,
  phoneNumber: Joi.string(),
  emailAddress: Joi.string().email(),
});

const weight = Joi.object({
  metric: Joi.string()
    .valid(...WEIGHT_UNITS)
    .required(),
  amount: Joi.number().strict().required().positive(),
  isEstimate: Joi.bool().strict().required(),
});

function checkEwcCode(value: string, helpers: CustomHelpers): string | ErrorReport {
  if (!/^\d{6}$/.test(value)) return helpers.error('InvalidFormat.ewcCode', { value });
  if (!EWC_CODES.has(value)) return helpers.error('InvalidValue.ewcCode', { value });
  return value;
}

const wasteItem = Joi.object({
  ewcCodes: Joi.array()
    .items(
      Joi.string().custom(checkEwcCode, 'EWC code validation').messages({
        'InvalidFormat.ewcCode': '{{#label}} must be a valid 6-digit numeric code',
        'InvalidValue.ewcCode': '{{#label}} must be a valid EWC code from the official list',
      }),
    )
    .required()
    .min(1)
    .max(5)
    .messages({ 'array.max': '{{#label}} must contain no more than 5 EWC codes' }),
  wasteDescription: Joi.string().required(),
  physicalForm: Joi.string()
    .valid(...PHYSICAL_FORMS)
    .required(),
  numberOfContainers: Joi.number().strict().integer().required().min(0),
  typeOfContainers: Joi.string()
    .required()
    .custom((value: string, helpers) =>
      CONTAINER_TYPES.includes(value) ? value : helpers.error('InvalidValue.containerType', { value }),
    )
    .messages({ 'InvalidValue.containerType': '{{#label}} must be a valid container type' }),
  weight,
  containsPops: Joi.boolean().strict().required(),
  // Waste that contains POPs or hazardous substances must say so in its block: waste-movement-utils
  // dee757b (DWTA-276), newer than the commit the external API pins (eccac1a), which let a missing block by.
  pops: pops.when('containsPops', { is: true, then: Joi.required() }),
  containsHazardous: Joi.boolean().strict().required(),
  hazardous: hazardous.when('containsHazardous', { is: true, then: Joi.required() }),
  disposalOrRecoveryCodes: Joi.array().items(
    Joi.object({
      code: Joi.string()
        .valid(...DISPOSAL_OR_RECOVERY_CODES)
        .required(),
      weight: weight.required(),
    }),
  ),
});

/** DWT strips spaces before looking a code up, so "16 06 01" still counts as hazardous here. */
function hasHazardousEwcCode(receipt: { wasteItems?: unknown }): boolean {
  const items = Array.isArray(receipt.wasteItems) ? receipt.wasteItems : [];
  return items
    .flatMap((item) => (Array.isArray(item?.ewcCodes) ? item.ewcCodes : []))
    .some((code) => typeof code === 'string' && HAZARDOUS_EWC_CODES.has(code.replace(/\s/g, '')));
}

// A hazardous waste movement travels with a consignment note (Hazardous Waste (England and Wales)
// Regulations 2005 reg 35); DWT wants its code, or a reason there is none.
const consignmentCode = Joi.custom((value, helpers) => {
  const receipt = helpers.state.ancestors[0];
  if (hasHazardousEwcCode(receipt) && value === null && !receipt.reasonForNoConsignmentCode) {
    return helpers.error('BusinessRuleViolation.hazardousConsignmentRequired');
  }
  if (value && !CONSIGNMENT_CODE_FORMATS.some((format) => format.test(value))) {
    return helpers.error('InvalidFormat.consignmentCode');
  }
  return value;
}).messages({
  'InvalidFormat.consignmentCode':
    '{{#label}} must be in one of the valid formats: EA/NRW (2 or more alphanumeric characters followed by / and 5-6 alphanumeric characters, e.g. CJTILE/A0001), SEPA (SA|SB|SC followed by 7 digits), or NIEA (DA|DB|DC followed by 7 digits)',
  'BusinessRuleViolation.hazardousConsignmentRequired':
    '{{#label}} is required when hazardous EWC codes are present',
});

export const receiptSchema = Joi.object({
  apiCode: Joi.string().uuid().required(),
  // Only DWT itself fills this in, from the apiCode.
  submittingOrganisation: Joi.object({ defraCustomerOrganisationId: Joi.string().required() }).forbidden(),
  dateTimeReceived: Joi.date().iso().required(),
  hazardousWasteConsignmentCode: consignmentCode,
  reasonForNoConsignmentCode: Joi.string().allow(null, ''),
  yourUniqueReference: Joi.string(),
  otherReferencesForMovement: Joi.array().items(
    Joi.object({ label: Joi.string().min(1).required(), reference: Joi.string().min(1).required() }),
  ),
  specialHandlingRequirements: Joi.string().max(5000),
  wasteItems: Joi.array().items(wasteItem).required().min(1),
  carrier,
  brokerOrDealer,
  receiver: receiver.required(),
  receipt: Joi.object({ address: receiptAddress.required() }).required(),
})
  .custom((value, helpers) => {
    if (hasHazardousEwcCode(value) && !value.hazardousWasteConsignmentCode) {
      const local = { local: { fieldName: 'reasonForNoConsignmentCode' } };
      if (!value.reasonForNoConsignmentCode)
        return helpers.error('BusinessRuleViolation.reasonRequired', local);
      if (!NO_CONSIGNMENT_REASONS.includes(value.reasonForNoConsignmentCode)) {
        return helpers.error('InvalidValue.reasonForNoConsignmentCode', local);
      }
    }
    return value;
  })
  .messages({
    'InvalidValue.reasonForNoConsignmentCode': `"reasonForNoConsignmentCode" must be one of: ${oneOf(NO_CONSIGNMENT_REASONS)}`,
    'BusinessRuleViolation.reasonRequired':
      '"reasonForNoConsignmentCode" is required when wasteItems[*].ewcCodes contains a hazardous code and hazardousWasteConsignmentCode is not provided',
  })
  .label('ReceiveMovementRequest');

/** waste-movement-utils src/constants/validation-error-categories.js */
const CATEGORY_OF_JOI_TYPE: Record<string, string> = {
  'any.required': 'NotProvided',
  'object.missing': 'NotProvided',
  'object.with': 'NotProvided',
  'object.unknown': 'NotAllowed',
  'any.unknown': 'NotAllowed',
  'string.base': 'InvalidType',
  'number.base': 'InvalidType',
  'boolean.base': 'InvalidType',
  'array.base': 'InvalidType',
  'object.base': 'InvalidType',
  'date.base': 'InvalidType',
  'string.email': 'InvalidFormat',
  'string.uuid': 'InvalidFormat',
  'string.guid': 'InvalidFormat',
  'string.pattern.base': 'InvalidFormat',
  'date.format': 'InvalidFormat',
  'alternatives.match': 'InvalidFormat',
  'any.only': 'InvalidValue',
  'any.invalid': 'InvalidValue',
  'string.empty': 'InvalidValue',
  'string.min': 'OutOfRange',
  'string.max': 'OutOfRange',
  'number.min': 'OutOfRange',
  'number.max': 'OutOfRange',
  'number.positive': 'OutOfRange',
  'number.negative': 'OutOfRange',
  'number.integer': 'OutOfRange',
  'array.min': 'OutOfRange',
  'array.max': 'OutOfRange',
};
const CATEGORY_PREFIXES = [
  'InvalidType',
  'InvalidFormat',
  'InvalidValue',
  'OutOfRange',
  'BusinessRuleViolation',
];

/** Joi's error type to DWT's `errorType`; anything unlisted is `UnexpectedError`, as in DWT. */
function category(type: string): string {
  return (
    CATEGORY_OF_JOI_TYPE[type] ?? CATEGORY_PREFIXES.find((p) => type.startsWith(`${p}.`)) ?? 'UnexpectedError'
  );
}

/** waste-movement-utils src/helpers/validation-error-formatter.js: the path, else the rule's field, else the label. */
function toProblem(item: ValidationErrorItem): DwtProblem {
  const key = item.path.join('.') || item.context?.local?.fieldName || item.context?.label || '';
  return { key, errorType: category(item.type), message: item.message };
}

export type ReceiptCheck = { ok: true; value: Record<string, unknown> } | { ok: false; errors: DwtProblem[] };

/** Validates a parsed JSON body as DWT does; on success returns the converted value DWT works with. */
export function checkReceipt(body: unknown): ReceiptCheck {
  const { error, value } = receiptSchema.validate(body, { abortEarly: false });
  if (error) return { ok: false, errors: error.details.map(toProblem) };
  return { ok: true, value };
}
