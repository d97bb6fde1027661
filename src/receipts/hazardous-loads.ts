import { londonDate } from '../platform/clock.ts';
import type { EwcLookup } from '../wtn/dependencies.ts';
import type { WEIGHT_UNITS } from './dwt-vocabulary.ts';
import type { StoredReceiptBody } from './receipt-types.ts';
import type { WasteReceiptRow } from './tables.ts';

/** One waste item of a hazardous load, in the words of a consignment note rather than DWT's. */
export interface HazardousLoadItem {
  /** As the List of Wastes writes them, hazardous ones starred: "13 02 05*". */
  ewc_codes: string[];
  description: string | null;
  physical_form: string | null;
  quantity_kg: number | null;
  quantity_is_estimate: boolean;
  /** HP1-HP15 and POP, as a consignment note writes them. */
  hazard_codes: string[];
  /** The R or D codes the receipt gives for the item. */
  operations: string[];
}

/**
 * A load of hazardous waste a site received as its waste receipt records it (latest revision): what the
 * consignee's quarterly return (reg 53 SI 2005/894) needs from a receipt whose note was made elsewhere.
 */
export interface HazardousLoad {
  id: string;
  /** The London date of `received_at`: the day UK law counts. */
  received_date: string;
  consignment_code: string | null;
  /** The consignment note of this service the receipt was filled from, if any. */
  consignment_note_id: string | null;
  items: HazardousLoadItem[];
}

const KG_PER: Record<keyof typeof WEIGHT_UNITS, number> = { grams: 0.001, kilograms: 1, tonnes: 1000 };

/**
 * The receipt as a hazardous load, or null when it is not one: hazardous waste moves under a consignment
 * note (SI 2005/894 reg 35), so a receipt is one when it carries a consignment code or when any of its
 * EWC codes is hazardous (the test DWT applies, receipt-rules.ts).
 */
export function hazardousLoadOf(row: WasteReceiptRow, catalogue: EwcLookup): HazardousLoad | null {
  const body = JSON.parse(row.body) as StoredReceiptBody;
  const { content } = body;
  let hazardousCode = false;
  const items = (content.waste_items ?? []).map((item): HazardousLoadItem => {
    const codes = (item.ewc_codes ?? []).map((code) => {
      const entry = catalogue.get(code);
      hazardousCode ||= entry?.is_hazardous === true;
      return entry ? `${entry.code}${entry.is_hazardous ? '*' : ''}` : code;
    });
    const weight = item.weight;
    return {
      ewc_codes: codes,
      description: item.description ?? null,
      physical_form: item.physical_form ?? null,
      // Grams at most, as the return's totals.
      quantity_kg: weight ? Math.round(weight.amount * KG_PER[weight.unit] * 1000) / 1000 : null,
      quantity_is_estimate: weight?.is_estimate ?? false,
      hazard_codes: (item.hazardous?.hp_codes ?? []).map((c) =>
        c === 'HP_POP' ? 'POP' : c.replace('_', ''),
      ),
      operations: (item.disposal_or_recovery_codes ?? []).map((d) => d.code),
    };
  });
  const code = content.hazardous_waste_consignment_code?.trim() || null;
  if (!code && !hazardousCode) return null;
  // Declared as moving under no consignment: household waste at a household waste recycling centre
  // (householders need no note), or a transfer the receiver says is not hazardous. A load that came
  // without its note (`no_doc_with_waste`) was still a consignment received.
  const reason = content.reason_for_no_consignment_code;
  if (!code && (reason === 'hwrc_receipt' || reason === 'non_haz_waste_transfer')) return null;
  return {
    id: row.id,
    received_date: londonDate(new Date(row.received_at)),
    consignment_code: code,
    consignment_note_id: body.from_consignment_note?.id ?? null,
    items,
  };
}
