import { REASONS_FOR_NO_REGISTRATION_NUMBER, SOURCES_WITH_COMPONENTS } from './dwt-stand-in-codes.ts';
import type { DwtProblem } from './dwt-stand-in-rules.ts';

/**
 * The warnings DWT adds to an accepted receipt (waste-movement-utils src/validation-warnings/**): in order,
 * every item's missing disposal or recovery codes, then POPs components, then hazardous components, then a
 * carrier with neither a registration number nor a reason. Only the warnings a receipt that passed
 * validation can raise are here (a disposal code's weight is already required by then).
 */

/** DWT's warnings code reads `carrier` unguarded, so a receipt without one fails after it has been stored. */
export class CarrierMissingError extends Error {
  constructor() {
    super("Cannot destructure property 'registrationNumber' of 'payload.carrier' as it is undefined.");
  }
}

// biome-ignore lint/suspicious/noExplicitAny: a receipt that passed validation, read field by field as DWT does
type Receipt = Record<string, any>;

const RECOMMENDED_WHEN = `when source of components is one of ${SOURCES_WITH_COMPONENTS.join(', ')}`;

const notProvided = (key: string, message: string): DwtProblem => ({
  key,
  errorType: 'NotProvided',
  message,
});

/**
 * Warnings for entries of a list: DWT writes each index into the key it built for the previous one, so
 * the second entry's key is `components.1.0` rather than `components.1` (validation-warnings.js
 * formatIndexedKeyWarning). A client sees exactly this, so the stand-in does the same.
 */
function perEntry(item: number, list: string, field: string, indices: number[], says: string): DwtProblem[] {
  const last = list.split('.').at(-1) ?? list;
  let key = `wasteItems.${item}.${list}`;
  let label = `wasteItems[${item}].${list}`;
  return indices.map((index) => {
    key = key.replace(last, `${last}.${index}`);
    label = label.replace(last, `${last}[${index}]`);
    return notProvided(`${key}.${field}`, `${label}.${field} ${says}`);
  });
}

function disposalWarnings(item: Receipt, i: number): DwtProblem[] {
  if (Array.isArray(item.disposalOrRecoveryCodes) && item.disposalOrRecoveryCodes.length > 0) return [];
  return [
    notProvided(
      `wasteItems.${i}.disposalOrRecoveryCodes`,
      `wasteItems[${i}].disposalOrRecoveryCodes is required for proper waste tracking and compliance`,
    ),
  ];
}

function componentWarnings(item: Receipt, i: number, kind: 'pops' | 'hazardous'): DwtProblem[] {
  const block = item[kind];
  const contains = kind === 'pops' ? item.containsPops : item.containsHazardous;
  if (!block || contains === false || block.sourceOfComponents === 'NOT_PROVIDED') return [];
  const components: unknown = block.components;
  if (!Array.isArray(components) || components.length === 0) {
    return [
      notProvided(
        `wasteItems.${i}.${kind}.components`,
        `wasteItems[${i}].${kind}.components are recommended ${RECOMMENDED_WHEN}`,
      ),
    ];
  }
  const withoutConcentration = components.flatMap((c: Receipt, index) =>
    c.concentration == null ? [index] : [],
  );
  return perEntry(
    i,
    `${kind}.components`,
    'concentration',
    withoutConcentration,
    `is recommended ${RECOMMENDED_WHEN}`,
  );
}

function carrierWarnings(receipt: Receipt): DwtProblem[] {
  if (receipt.carrier === undefined) throw new CarrierMissingError();
  const { registrationNumber, reasonForNoRegistrationNumber } = receipt.carrier;
  const blank = (v: unknown) => v === null || v === '';
  if (!blank(registrationNumber) || !blank(reasonForNoRegistrationNumber)) return [];
  return [
    notProvided(
      'carrier.reasonForNoRegistrationNumber',
      `carrier.reasonForNoRegistrationNumber must be one of: ${REASONS_FOR_NO_REGISTRATION_NUMBER.join(', ')}`,
    ),
  ];
}

/** The warnings for a receipt that passed `checkReceipt` (its converted value); throws `CarrierMissingError`. */
export function receiptWarnings(receipt: Receipt): DwtProblem[] {
  const items: Receipt[] = receipt.wasteItems;
  return [
    ...items.flatMap(disposalWarnings),
    ...items.flatMap((item, i) => componentWarnings(item, i, 'pops')),
    ...items.flatMap((item, i) => componentWarnings(item, i, 'hazardous')),
    ...carrierWarnings(receipt),
  ];
}
