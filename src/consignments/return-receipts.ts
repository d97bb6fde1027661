import type { HazardousLoad } from '../receipts/hazardous-loads.ts';
import type { ReturnCsvCells } from './consignee-return.ts';
import type {
  ConsigneeReturn,
  ReturnConsignment,
  ReturnReceipt,
  ReturnReceiptLine,
  ReturnWarning,
} from './consignee-return-schemas.ts';
import type { Regulator } from './return-regulator.ts';

/**
 * Hazardous loads a site told us of on DWT waste receipts, for its quarterly return. Reg 53 SI 2005/894:
 * the return covers "all consignments of hazardous waste received by him in any quarter", notes made on
 * paper or in other software included, so a receipt whose consignment is on none of the return's notes
 * belongs on the return too. A receipt never names the producer (DWT's receipt has no such field) nor
 * says whether any of the load was rejected, so it cannot be a row of its own: it is listed with what the
 * consignee must add by hand.
 */

const codeKey = (code: string) => code.trim().toUpperCase();

/** The loads whose consignment code is on none of the consignments (each without a code is kept). */
export function receiptsToAdd(loads: HazardousLoad[], consignments: ReturnConsignment[]): ReturnReceipt[] {
  const onNotes = new Set(consignments.map((c) => codeKey(c.consignment_code)));
  return loads
    .filter((load) => load.consignment_code === null || !onNotes.has(codeKey(load.consignment_code)))
    .map((load) => {
      const lines: ReturnReceiptLine[] = load.items.map((item) => ({
        ewc_codes: [...item.ewc_codes],
        description: item.description,
        quantity_kg: item.quantity_kg,
        quantity_is_estimate: item.quantity_is_estimate,
        operations: [...item.operations],
        hazard_codes: [...item.hazard_codes],
        physical_form: item.physical_form,
      }));
      const kg = lines.reduce((sum, l) => sum + (l.quantity_kg ?? 0), 0);
      return {
        id: load.id,
        received_date: load.received_date,
        consignment_code: load.consignment_code,
        consignment_note_id: load.consignment_note_id,
        ewc_codes: [...new Set(lines.flatMap((l) => l.ewc_codes))],
        quantity_kg: Math.round(kg * 1000) / 1000,
        lines,
        to_add: toAdd(load.consignment_code, lines),
      };
    });
}

/** The return's fields (as the CSV's columns, in their order) that the receipt cannot fill. */
function toAdd(code: string | null, lines: ReturnReceiptLine[]): string[] {
  const several = lines.some((l) => l.ewc_codes.length !== 1);
  const missing = new Set<string>([
    ...(code === null ? ['consignment_code'] : []),
    'producer_name',
    'producer_postcode',
    ...(several ? ['ewc_code'] : []),
    ...(lines.some((l) => !l.description) ? ['waste_description'] : []),
    ...(several || lines.some((l) => l.quantity_kg === null || l.quantity_is_estimate)
      ? ['quantity_received_kg']
      : []),
    'outcome',
    ...(lines.some((l) => l.operations.length !== 1) ? ['operation'] : []),
    ...(lines.some((l) => l.hazard_codes.length === 0) ? ['hazard_codes'] : []),
    ...(lines.some((l) => !l.physical_form) ? ['physical_form'] : []),
  ]);
  return [...missing];
}

/** What the consignee must do about the receipts before sending the return; null when there are none. */
export function receiptsWarning(
  receipts: ReturnReceipt[],
  where: { site: string; quarter: string; regulator: Regulator },
): ReturnWarning | null {
  if (receipts.length === 0) return null;
  const n = receipts.length;
  const fees =
    where.regulator === 'EA'
      ? ' The fee estimate leaves them out: each adds £10 (£5 for one collection of a multiple collection).'
      : '';
  return {
    code: 'RECEIPTS_TO_ADD',
    message:
      `${n} hazardous waste receipt${n === 1 ? '' : 's'} of ${where.site} in ${where.quarter} ${n === 1 ? 'is' : 'are'} on no consignment note of this return (receipts_to_add), so this is not a null return: reg 53 puts every consignment received on it. ` +
      "A receipt does not name the producer, so for each add by hand the producer's name and the Part A2 postcode the waste was collected from, the outcome (any waste rejected, with the reason), the round and collection numbers if it was one collection of a multiple collection, and whatever else its to_add lists. " +
      `The agency CSV has a row per waste item of each, blank where you must fill in; producers' CSVs leave them out.${fees}`,
  };
}

/**
 * The CSV cells of one waste item of a receipt to add, by column: what the receipt holds, nothing where
 * the consignee must fill in (`to_add`). Several codes or R/D codes of one item are joined with "; ".
 */
export function receiptCsvCells(
  site: ConsigneeReturn['site'],
  receipt: ReturnReceipt,
  item: ReturnReceiptLine,
): ReturnCsvCells {
  return {
    consignment_code: receipt.consignment_code,
    received_date: receipt.received_date,
    ewc_code: item.ewc_codes.join('; '),
    waste_description: item.description,
    quantity_received_kg: item.quantity_kg,
    operation: item.operations.join('; ') || null,
    hazard_codes: item.hazard_codes.join('; '),
    physical_form: item.physical_form,
    site_name: site.name,
    site_permit_number: site.permit_number,
    receipt_id: receipt.id,
    to_add: receipt.to_add.join('; '),
  };
}
