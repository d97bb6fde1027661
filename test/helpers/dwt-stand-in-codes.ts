import { readFileSync } from 'node:fs';

/**
 * The code lists and number formats DWT checks a receipt against, as DEFRA publishes them
 * (waste-movement-utils src/constants/*). The List of Wastes comes from our own copy of the complete list
 * (same 842 codes and the same 408 hazardous ones as DEFRA's src/constants/ewc-codes.js).
 */

interface ListOfWastesEntry {
  code_compact: string;
  hazardous: boolean;
}

const listOfWastes = JSON.parse(
  readFileSync(new URL('../../data/ewc/ewc-codes.json', import.meta.url), 'utf8'),
) as ListOfWastesEntry[];

export const EWC_CODES: ReadonlySet<string> = new Set(listOfWastes.map((e) => e.code_compact));
/** Absolute and mirror hazardous entries alike: DWT's `isHazardous` is true for both. */
export const HAZARDOUS_EWC_CODES: ReadonlySet<string> = new Set(
  listOfWastes.filter((e) => e.hazardous).map((e) => e.code_compact),
);

/** src/constants/container-types.js (the codes only). */
export const CONTAINER_TYPES = [
  'BAG',
  'BAL',
  'BOX',
  'CAN',
  'CAR',
  'CAS',
  'CON',
  'DRU',
  'FIB',
  'IBC',
  'LOO',
  'PAL',
  'ROR',
  'SKI',
  'TAN',
  'WBI',
];

/** src/constants/haz-codes.js: HP 1-15 of Annex III to the Waste Framework Directive, plus POPs. */
export const HAZARDOUS_PROPERTY_CODES = [...Array.from({ length: 15 }, (_, i) => `HP_${i + 1}`), 'HP_POP'];

/** src/constants/pop-names.js: the POPs of Annex IV to Regulation (EU) 2019/1021 as retained in UK law. */
export const POP_CODES = [
  'END',
  'HCBD',
  'PCNS',
  'SCCPS',
  'TETRABDE',
  'PENTABDE',
  'HEXABDE',
  'HEPTABDE',
  'DECABDE',
  'PBDES',
  'PFOS',
  'PCDD_PCDF',
  'DDT',
  'CHL',
  'HCH',
  'DLD',
  'ENDN',
  'HPT',
  'HCB',
  'CLD',
  'ALD',
  'PECBZ',
  'PCB',
  'MRX',
  'TOX',
  'HBB',
  'HBCD',
  'PCP',
  'PFOA',
  'DCF',
  'PFHXS',
];

/** src/constants/treatment-codes.js: Annex II (R1-R13) and Annex I (D1-D15) of the Waste Framework Directive. */
export const DISPOSAL_OR_RECOVERY_CODES = [
  ...Array.from({ length: 13 }, (_, i) => `R${i + 1}`),
  ...Array.from({ length: 15 }, (_, i) => `D${i + 1}`),
];

/** src/constants/reasons-for-no-registration-number.js */
export const REASONS_FOR_NO_REGISTRATION_NUMBER = ['ON_SITE', 'HOUSEHOLD', 'ONE_OFF', 'MARINE'];

/** src/constants/no-consignment-reasons.js */
export const NO_CONSIGNMENT_REASONS = ['NON_HAZ_WASTE_TRANSFER', 'NO_DOC_WITH_WASTE', 'HWRC_RECEIPT'];

/** src/constants/source-of-components.js: the sources under which components were determined. */
export const SOURCES_WITH_COMPONENTS = ['PROVIDED_WITH_WASTE', 'GUIDANCE', 'OWN_TESTING'];
export const SOURCES_OF_COMPONENTS = [...SOURCES_WITH_COMPONENTS, 'NOT_PROVIDED'];

/** src/constants/means-of-transport.js */
export const MEANS_OF_TRANSPORT = ['Road', 'Rail', 'Air', 'Sea', 'Inland Waterway', 'Piped', 'Other'];

/** src/schemas/waste.js */
export const PHYSICAL_FORMS = ['Gas', 'Liquid', 'Solid', 'Powder', 'Sludge', 'Mixed'];
export const WEIGHT_UNITS = ['Grams', 'Kilograms', 'Tonnes'];

/** src/constants/regexes.js: the GOV.UK bulk data transfer postcode pattern (outward and inward parts). */
export const UK_POSTCODE =
  /^((GIR 0A{2})|((([A-Z]\d{1,2})|(([A-Z][A-HJ-Y]\d{1,2})|(([A-Z]\d[A-Z])|([A-Z][A-HJ-Y]\d?[A-Z])))) \d[A-Z]{2}))$/i;
/** An Eircode: routing key and unique identifier (eircode.ie). */
export const IRISH_EIRCODE = /^(?:D6W|[AC-FHKNPRTV-Y]\d{2}) ?[0-9AC-FHKNPRTV-Y]{4}$/i;

/**
 * Carrier, broker and dealer registration numbers (src/constants/regexes.js): EA and NRW `CBDU`/`CBDL`,
 * SEPA's current and former prefixes and its `PCT-` numbers, NIEA's `ROC UT`/`ROC LT`. DWT lists the
 * England form twice (again for NRW); the list keeps that so Joi reports the same alternatives.
 */
export const CARRIER_REGISTRATION_FORMATS = [
  /^CBD[LU]\d{3,}$/i,
  /^((WCR\/R\/\d{7})|((SCO|SEA|SNO|SWE|WCR)\/\d{6}))$/i,
  /^PCT-[A-Z]-\d{3,7}$/i,
  /^CBD[LU]\d{3,}$/i,
  /^ROC\W*[UL]T\W*\d{1,5}$/i,
];

/** Receiving site permits and licences of the four regulators (src/constants/regexes.js). */
export const SITE_AUTHORISATION_FORMATS = [
  // Environment Agency (and NRW, whose two forms are among these)
  /^[A-Z]{2}\d{4}[A-Z]{2}$/i,
  /^[A-Z]{2}\d{4}[A-Z]{2}\/D\d{4}$/i,
  /^EPR\/[A-Z]{2}\d{4}[A-Z]{2}$/i,
  /^EPR\/[A-Z]{2}\d{4}[A-Z]{2}\/D\d{4}$/i,
  /^EAWML\d{5,6}$/i,
  /^WML\d{5,6}$/i,
  // SEPA
  /^PPC\/[AWEN]\/\d{7}$/i,
  /^WML\/[LWEN]\/\d{7}$/i,
  /^WML\/[LWEN]\/\d{7}\/\d{2}$/i,
  /^PPC\/A\/SEPA\d{4}-\d{4}$/i,
  /^WML\/L\/SEPA\d{4}-\d{4}$/i,
  /^EAS\/P\/\d{6}$/i,
  // NIEA: a WML file reference is valid only with its LN licence or PAC appeal number
  /^P\d{4}\/\d{2}[A-Z]$/i,
  /^P\d{4}\/\d{2}[A-Z]\/V\d+$/i,
  /^WPPC \d{2}\/\d{2}$/i,
  /^WPPC \d{2}\/\d{2}\/V\d+$/i,
  /^WML \d{2}\/\d+(\/T)? LN\/\d{2}\/\d+(\/([MTCN]|V\d+))*$/i,
  /^WML \d{2}\/\d+ PAC\/\d{4}\/WCL\d{3}$/i,
];

/**
 * Hazardous waste consignment note codes (src/schemas/hazardous-waste-consignment.js): EA and NRW
 * (premises code / 5 characters, e.g. CJTILE/A0001), SEPA (SA|SB|SC + 7 digits), NIEA (DA|DB|DC + 7 digits).
 */
export const CONSIGNMENT_CODE_FORMATS = [
  /^[A-Za-z0-9]{2,}\/[A-Za-z0-9]{5}[A-Za-z]?$/,
  /^S[ABC]\d{7}$/,
  /^D[ABC]\d{7}$/,
];
