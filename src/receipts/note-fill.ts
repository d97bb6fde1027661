import type { WasteTransferNote } from '../wtn/wtn-schemas.ts';
import { normalisePostcode } from './dwt-formats.ts';
import type { CarrierInput, CreateReceiptBody, WasteItemInput } from './receipt-schemas.ts';
import type { FromNote, ReceiptContent } from './receipt-types.ts';

// A UK postcode at the end of a one-line address ("…, Testtown TC1 2AB").
const TRAILING_POSTCODE = /([A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2})\s*$/i;

/**
 * A receipt's content with what the stored transfer note knows filled in wherever the request is
 * silent: the carrier's registration, name and address, and one waste item with the note's EWC code,
 * description, weight (an estimate: it is the producer's figure, not the weighbridge's) and container.
 * For a season ticket, a collection's weight and vehicle. The request always wins where it speaks.
 */
export function fillFromNote(
  body: CreateReceiptBody,
  note: WasteTransferNote,
  transferNumber: number | undefined,
): { content: ReceiptContent; from: FromNote } | { missingTransfer: true } {
  const {
    site_id: _site,
    wtn_reference: _ref,
    wtn_transfer_number: _n,
    consignment_note_id: _c,
    ...content
  } = structuredClone(body);
  const filled: string[] = [];
  const transfer =
    transferNumber === undefined ? undefined : note.transfers.find((t) => t.number === transferNumber);
  if (transferNumber !== undefined && !transfer) return { missingTransfer: true };

  if (content.carrier) {
    const carrier: CarrierInput = content.carrier;
    const set = <K extends keyof CarrierInput>(key: K, value: CarrierInput[K] | null | undefined) => {
      if (carrier[key] === undefined && value !== null && value !== undefined) {
        carrier[key] = value;
        filled.push(`/carrier/${key}`);
      }
    };
    if (carrier.reason_for_no_registration_number === undefined) {
      set('registration_number', note.carrier.registration_number);
    }
    set('organisation_name', note.carrier.business_name);
    const postcode = note.carrier.address ? TRAILING_POSTCODE.exec(note.carrier.address)?.[1] : undefined;
    if (note.carrier.address && postcode) {
      set('address', { full_address: note.carrier.address, postcode: normalisePostcode(postcode) });
    }
    if (carrier.means_of_transport === 'road') set('vehicle_registration', transfer?.vehicle_registration);
  }

  const items = content.waste_items ?? [{}];
  const first: WasteItemInput = items[0];
  const setItem = <K extends keyof WasteItemInput>(key: K, value: WasteItemInput[K] | null | undefined) => {
    if (first[key] === undefined && value !== null && value !== undefined) {
      first[key] = value;
      filled.push(`/waste_items/0/${key}`);
    }
  };
  setItem('ewc_codes', note.waste.ewc_code ? [note.waste.ewc_code.replace(/\s/g, '')] : undefined);
  setItem('description', note.waste.description);
  const kg = transfer?.quantity_kg ?? note.waste.quantity_kg;
  setItem('weight', kg ? { amount: kg, unit: 'kilograms', is_estimate: true } : undefined);
  setItem('container_type', note.waste.container_code as WasteItemInput['container_type'] | null);
  content.waste_items = items;

  return {
    content: content as ReceiptContent,
    from: { reference: note.reference, transfer_number: transferNumber ?? null, filled },
  };
}
