import type { ConsignmentNote } from '../consignments/consignment-schemas.ts';
import { recogniseContainer } from '../wtn/container-types.ts';
import type { CarrierInput, CreateReceiptBody, WasteItemInput } from './receipt-schemas.ts';
import type { FromNote, ReceiptContent } from './receipt-types.ts';

/** "HP4" as DWT writes it, HP_4; "POP" as HP_POP (DEFRA waste-movement-utils src/constants/haz-codes.js). */
export const dwtHazardCode = (code: string): string => `HP_${code.replace(/^HP/, '')}`;

/**
 * A receipt's content filled from a hazardous waste consignment note wherever the request is silent:
 * the consignment code, the carrier of Part C (on the road, in the vehicle Part C names), and one waste
 * item per line the consignee accepted at Part E, with the quantity received, physical form, containers,
 * components and HP codes of Part B, and the R or D operation of Part E. The request always wins where
 * it speaks; a `waste_items` it gives replaces the lines.
 */
export function fillFromConsignment(
  body: CreateReceiptBody,
  note: ConsignmentNote,
): { content: ReceiptContent; from: FromNote } | { nothingReceived: true } {
  const { site_id: _s, consignment_note_id: _c, ...content } = structuredClone(body);
  const filled: string[] = [];
  const set = <T extends object, K extends keyof T>(
    target: T,
    key: K,
    value: T[K] | null | undefined,
    at: string,
  ) => {
    if (target[key] === undefined && value !== null && value !== undefined) {
      target[key] = value;
      filled.push(at);
    }
  };
  set(
    content,
    'hazardous_waste_consignment_code',
    note.consignment_code,
    '/hazardous_waste_consignment_code',
  );

  const c = note.parts.C;
  const carrier = (content.carrier ?? { means_of_transport: 'road' }) as CarrierInput;
  if (carrier.reason_for_no_registration_number === undefined) {
    set(
      carrier,
      'registration_number',
      c?.registration_number ?? note.carrier.registration_number,
      '/carrier/registration_number',
    );
  }
  set(carrier, 'organisation_name', c?.carrier_name, '/carrier/organisation_name');
  if (carrier.means_of_transport === 'road')
    set(carrier, 'vehicle_registration', c?.vehicle_registration, '/carrier/vehicle_registration');
  content.carrier = carrier;

  if (content.waste_items === undefined) {
    const received = note.parts.E?.lines ?? [];
    const accepted = note.parts.E ? received.filter((l) => l.accepted) : [];
    if (note.parts.E && accepted.length === 0) return { nothingReceived: true };
    const lines = note.parts.E
      ? accepted.map((l) => ({ line: note.lines[l.line - 1], e: l }))
      : note.lines.map((line) => ({ line, e: undefined }));
    content.waste_items = lines.map(({ line, e }, i): WasteItemInput => {
      const kg = e?.quantity_received_kg ?? line.quantity_kg;
      const hazards = line.hazard_codes.map(dwtHazardCode);
      filled.push(`/waste_items/${i}`);
      return {
        ewc_codes: [line.ewc_code.replace(/[\s*]/g, '')],
        description: line.description,
        physical_form: line.physical_form as WasteItemInput['physical_form'],
        number_of_containers: line.container.number,
        container_type: recogniseContainer(line.container.type),
        weight: { amount: kg, unit: 'kilograms', is_estimate: e === undefined },
        contains_pops: line.hazard_codes.includes('POP'),
        // A note names its components in words; DWT's POPs block wants its own codes (PFOS, HBCD...),
        // which only the receiver can give: the block says they were not provided with the waste.
        ...(line.hazard_codes.includes('POP')
          ? { pops: { source_of_components: 'not_provided' as const } }
          : {}),
        contains_hazardous: true,
        hazardous: {
          source_of_components: 'provided_with_waste',
          hp_codes: hazards,
          // DWT takes one concentration per component: a percentage as mg/kg (1% = 10,000 mg/kg).
          components: line.components.map((comp) => ({
            name: comp.name,
            concentration: comp.unit === 'percent' ? comp.concentration * 10_000 : comp.concentration,
          })),
        },
        ...(e?.operation
          ? {
              disposal_or_recovery_codes: [
                { code: e.operation as never, weight: { amount: kg, unit: 'kilograms', is_estimate: false } },
              ],
            }
          : {}),
      };
    });
  }
  return {
    content: content as ReceiptContent,
    from: { reference: note.consignment_code, transfer_number: null, filled },
  };
}
