import type { ErrorDetail } from '../platform/errors.ts';
import type { EwcLookup } from '../wtn/dependencies.ts';
import {
  AUTHORISATION_EXAMPLE,
  CONSIGNMENT_EXAMPLE,
  EMAIL_EXAMPLE,
  isConsignmentCode,
  isDwtAuthorisationNumber,
  isDwtEmail,
  isDwtRegistrationNumber,
  isUkOrIrishPostcode,
  isUkPostcode,
  normalisePostcode,
  REGISTRATION_EXAMPLE,
} from './dwt-formats.ts';
import { HP_CODES } from './dwt-vocabulary.ts';
import type { AddressInput, CarrierInput, WasteItemInput } from './receipt-schemas.ts';
import type { ReceiptContent } from './receipt-types.ts';

/** Advice DWT gives without refusing the receipt (DEFRA waste-movement-utils src/validation-warnings). */
export interface ReceiptWarning {
  code: string;
  field: string;
  message: string;
}

const REQUIRED_ITEM_FIELDS = [
  'ewc_codes',
  'description',
  'physical_form',
  'number_of_containers',
  'container_type',
  'weight',
  'contains_pops',
  'contains_hazardous',
] as const;

/** "HP4", "hp 4", "HP_4" as DWT's HP_4; undefined when it is not an HP code. */
function normaliseHpCode(value: string): string | undefined {
  const m = /^HP[\s_]?(\d{1,2}|POP)$/i.exec(value.trim());
  const code = m ? `HP_${m[1].toUpperCase()}` : undefined;
  return code && HP_CODES.includes(code) ? code : undefined;
}

/**
 * Checks a receipt, already filled from its transfer note, the way DWT's Receipt API would (DEFRA
 * waste-movement-utils src/schemas/receipt.js, waste.js, hazardous-waste-consignment.js): anything
 * refused here would be refused by DWT, so it is refused before it is stored. Returns the receipt with
 * postcodes, EWC codes and HP codes written as DWT requires them, the problems, and DWT's warnings.
 */
export function checkReceipt(
  input: ReceiptContent,
  catalogue: EwcLookup,
  now: Date,
): { receipt: ReceiptContent; errors: ErrorDetail[]; warnings: ReceiptWarning[] } {
  const errors: ErrorDetail[] = [];
  const warnings: ReceiptWarning[] = [];
  const fail = (field: string, issue: string) => errors.push({ field, issue });
  const receipt = copyOf(input);
  // null is "none", as DWT reads it: the same as leaving the field out.
  if (receipt.reason_for_no_consignment_code === null) delete receipt.reason_for_no_consignment_code;
  if (receipt.carrier?.reason_for_no_registration_number === null)
    delete receipt.carrier.reason_for_no_registration_number;

  const receivedAt = Date.parse(receipt.received_at);
  // The schema's date-time format lets through a leap second and a bracketed zone name, which no
  // date parser (and not DWT) reads.
  if (Number.isNaN(receivedAt))
    fail('/received_at', 'must be an ISO 8601 date and time, e.g. 2026-11-23T09:15:00Z');
  else if (receivedAt > now.getTime() + 5 * 60_000) {
    fail('/received_at', 'must not be in the future');
  }
  checkCarrier(receipt, fail);
  if (receipt.broker_or_dealer) {
    const b = receipt.broker_or_dealer;
    if (b.registration_number !== undefined && !isDwtRegistrationNumber(b.registration_number.trim())) {
      fail('/broker_or_dealer/registration_number', `must be ${REGISTRATION_EXAMPLE}`);
    }
    if (b.registration_number) b.registration_number = b.registration_number.trim().toUpperCase();
    if (b.address) b.address = checkAddress(b.address, '/broker_or_dealer/address', true, fail);
    if (b.email !== undefined && !isDwtEmail(b.email))
      fail('/broker_or_dealer/email', `must be ${EMAIL_EXAMPLE}`);
  }

  const items = receipt.waste_items ?? [];
  if (items.length === 0)
    fail('/waste_items', 'is required: at least one waste item (or give wtn_reference)');
  let anyHazardousCode = false;
  items.forEach((item, i) => {
    anyHazardousCode = checkItem(item, `/waste_items/${i}`, catalogue, fail, warnings) || anyHazardousCode;
  });

  checkConsignment(receipt, anyHazardousCode, fail);
  if (
    typeof receipt.authorisation_number === 'string' &&
    !isDwtAuthorisationNumber(receipt.authorisation_number)
  ) {
    fail('/authorisation_number', `must be ${AUTHORISATION_EXAMPLE}`);
  }
  return { receipt, errors, warnings };
}

export type Fail = (field: string, issue: string) => void;

function checkAddress(address: AddressInput, path: string, allowEircode: boolean, fail: Fail): AddressInput {
  const postcode = normalisePostcode(address.postcode);
  // DWT takes an Irish Eircode for carriers and brokers, and only a UK postcode for the receiving site.
  const ok = allowEircode ? isUkOrIrishPostcode(postcode) : isUkPostcode(postcode);
  if (!ok)
    fail(
      `${path}/postcode`,
      `must be a UK postcode such as TC1 2AB${allowEircode ? ', or an Irish Eircode' : ''}`,
    );
  return { ...address, postcode };
}

function checkCarrier(receipt: ReceiptContent, fail: Fail): void {
  const carrier = receipt.carrier as CarrierInput | undefined;
  if (!carrier) {
    fail(
      '/carrier',
      'is required: who brought the waste (or give wtn_reference and carrier.means_of_transport)',
    );
    return;
  }
  const number = typeof carrier.registration_number === 'string' ? carrier.registration_number.trim() : '';
  if (number) {
    if (!isDwtRegistrationNumber(number))
      fail('/carrier/registration_number', `must be ${REGISTRATION_EXAMPLE}`);
    carrier.registration_number = number.toUpperCase();
    if (carrier.reason_for_no_registration_number !== undefined) {
      fail(
        '/carrier/reason_for_no_registration_number',
        'is only allowed when there is no registration number',
      );
    }
  } else {
    carrier.registration_number = null;
    // DWT refuses a receipt with neither (production approval test C01).
    if (carrier.reason_for_no_registration_number === undefined) {
      fail(
        '/carrier/reason_for_no_registration_number',
        'is required when there is no registration number: on_site, household, one_off or marine',
      );
    }
  }
  if (!carrier.organisation_name?.trim()) fail('/carrier/organisation_name', 'is required');
  if (carrier.address) carrier.address = checkAddress(carrier.address, '/carrier/address', true, fail);
  if (carrier.email !== undefined && !isDwtEmail(carrier.email))
    fail('/carrier/email', `must be ${EMAIL_EXAMPLE}`);
  if (carrier.means_of_transport === 'road' && !carrier.vehicle_registration?.trim()) {
    fail('/carrier/vehicle_registration', 'is required when means_of_transport is road');
  }
  if (carrier.means_of_transport !== 'road' && carrier.vehicle_registration !== undefined) {
    fail('/carrier/vehicle_registration', 'is only allowed when means_of_transport is road');
  }
  if (carrier.vehicle_registration) {
    carrier.vehicle_registration = carrier.vehicle_registration.replace(/\s+/g, ' ').trim().toUpperCase();
  }
}

function checkConsignment(receipt: ReceiptContent, anyHazardousCode: boolean, fail: Fail): void {
  // Written in capitals (as DWT's SEPA and NIEA formats require) before the format is judged.
  const code = receipt.hazardous_waste_consignment_code?.trim().toUpperCase();
  if (code) {
    if (!isConsignmentCode(code)) fail('/hazardous_waste_consignment_code', `must be ${CONSIGNMENT_EXAMPLE}`);
    receipt.hazardous_waste_consignment_code = code;
  } else if (receipt.hazardous_waste_consignment_code !== undefined) {
    receipt.hazardous_waste_consignment_code = null;
  }
  // Hazardous Waste (England and Wales) Regulations 2005: hazardous waste moves under a consignment
  // note. DWT judges "hazardous" by the EWC code alone and then needs the code or a listed reason.
  if (anyHazardousCode && !code && receipt.reason_for_no_consignment_code === undefined) {
    fail(
      '/hazardous_waste_consignment_code',
      'is required because an EWC code is hazardous: give the consignment note code, or reason_for_no_consignment_code',
    );
  }
}

/** Checks one item; true when one of its EWC codes is hazardous. */
function checkItem(
  item: WasteItemInput,
  path: string,
  catalogue: EwcLookup,
  fail: Fail,
  warnings: ReceiptWarning[],
): boolean {
  for (const field of REQUIRED_ITEM_FIELDS) {
    if (item[field] === undefined) fail(`${path}/${field}`, 'is required');
  }
  let hazardous = false;
  item.ewc_codes = (item.ewc_codes ?? []).map((code, j) => {
    const entry = catalogue.get(code);
    if (!entry) {
      fail(
        `${path}/ewc_codes/${j}`,
        catalogue.normalise(code)
          ? `${code} is not in the List of Wastes`
          : 'must be a six-digit List of Wastes code, e.g. 17 09 04',
      );
      return code;
    }
    hazardous ||= entry.is_hazardous;
    return entry.code.replace(/\s/g, '');
  });
  if (new Set(item.ewc_codes).size < item.ewc_codes.length)
    fail(`${path}/ewc_codes`, 'lists the same code twice');
  checkComponents(item, 'pops', path, fail, warnings);
  checkComponents(item, 'hazardous', path, fail, warnings);
  if (item.hazardous?.hp_codes) {
    const codes = item.hazardous.hp_codes.map((c, j) => {
      const code = normaliseHpCode(c);
      if (!code) fail(`${path}/hazardous/hp_codes/${j}`, 'must be an HP code, HP_1 to HP_15 or HP_POP');
      return code ?? c;
    });
    // DWT removes repeated HP codes rather than refusing them.
    item.hazardous.hp_codes = [...new Set(codes)];
  }
  if (!item.disposal_or_recovery_codes?.length) {
    warnings.push({
      code: 'DISPOSAL_OR_RECOVERY_CODES_MISSING',
      field: `${path}/disposal_or_recovery_codes`,
      message:
        'DWT expects the disposal or recovery codes; correct the receipt to add them once they are known.',
    });
  }
  return hazardous;
}

/**
 * The POPs and hazardous blocks (DEFRA waste.js): required when contains_* is true, with a source of
 * components; guidance and own_testing need the components listed, not_provided forbids them, and a
 * hazardous block needs its HP codes. Components given under provided_with_waste are recommended.
 */
function checkComponents(
  item: WasteItemInput,
  kind: 'pops' | 'hazardous',
  path: string,
  fail: Fail,
  warnings: ReceiptWarning[],
): void {
  const contains = kind === 'pops' ? item.contains_pops : item.contains_hazardous;
  const block = item[kind];
  const at = `${path}/${kind}`;
  const components = block?.components;
  if (contains === false) {
    if (components?.length) fail(`${at}/components`, `must be empty when contains_${kind} is false`);
    return;
  }
  if (contains !== true) return;
  if (!block) {
    fail(at, `is required when contains_${kind} is true`);
    return;
  }
  const source = block.source_of_components;
  if (!source) {
    fail(`${at}/source_of_components`, `is required when contains_${kind} is true`);
    return;
  }
  if ((source === 'guidance' || source === 'own_testing') && components === undefined) {
    fail(`${at}/components`, `is required when source_of_components is ${source}`);
  }
  if (source === 'not_provided' && components?.length) {
    fail(`${at}/components`, 'must be empty when source_of_components is not_provided');
  }
  if (kind === 'hazardous' && !item.hazardous?.hp_codes?.length) {
    fail(`${at}/hp_codes`, 'is required when contains_hazardous is true: at least one HP code');
  }
  if (source === 'not_provided') return;
  if (!components?.length) {
    warnings.push({
      code: 'COMPONENTS_RECOMMENDED',
      field: `${at}/components`,
      message: `DWT recommends listing the ${kind === 'pops' ? 'POPs' : 'hazardous components'} when their source is ${source}.`,
    });
  } else {
    components.forEach((c, j) => {
      if (c.concentration === undefined || c.concentration === null) {
        warnings.push({
          code: 'CONCENTRATION_RECOMMENDED',
          field: `${at}/components/${j}/concentration`,
          message: 'DWT recommends the concentration of each component.',
        });
      }
    });
  }
}

/**
 * A deep copy of a receipt: JSON-shaped data (objects, arrays, strings, numbers, booleans, null), so a
 * plain walk does what structuredClone does at a fraction of its cost. Keys are copied as data
 * properties (Object.fromEntries), never through an assignment a `__proto__` key could misuse.
 */
function copyOf<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copyOf) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copyOf(v)])) as T;
  }
  return value;
}
