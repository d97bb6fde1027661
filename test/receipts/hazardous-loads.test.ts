import { describe, expect, it } from 'vitest';
import { getCatalogue } from '../../src/classification/catalogue.ts';
import { hazardousLoadOf } from '../../src/receipts/hazardous-loads.ts';
import type { WasteReceiptRow } from '../../src/receipts/tables.ts';

/** A stored receipt row as the consignee return reads it: only `id`, `received_at` and `body` matter. */
function row(content: Record<string, unknown>, fromNote: string | null = null): WasteReceiptRow {
  return {
    id: 'rcpt_test',
    received_at: '2026-10-31T23:30:00.000Z',
    body: JSON.stringify({
      content,
      receiver: {},
      from_wtn: null,
      from_consignment_note: fromNote && { id: fromNote, consignment_code: 'X', filled: [] },
      warnings: [],
    }),
  } as WasteReceiptRow;
}

const item = (codes: string[], weight: Record<string, unknown>, hp: string[] = []) => ({
  ewc_codes: codes,
  description: 'Waste',
  physical_form: 'solid',
  weight,
  ...(hp.length ? { hazardous: { hp_codes: hp } } : {}),
  disposal_or_recovery_codes: [{ code: 'R4', weight }],
});

describe('hazardousLoadOf', () => {
  const catalogue = getCatalogue();

  it('writes codes, weights and HP codes as a consignment note does, on the London date received', () => {
    const load = hazardousLoadOf(
      row(
        {
          hazardous_waste_consignment_code: null,
          waste_items: [
            item(['160601'], { amount: 1.25, unit: 'tonnes', is_estimate: true }, ['HP_8', 'HP_POP']),
            item(['170904'], { amount: 250, unit: 'grams', is_estimate: false }),
          ],
        },
        'cn_abc',
      ),
      catalogue,
    );
    expect(load).toEqual({
      id: 'rcpt_test',
      // 23:30 UTC on 31 October is 23:30 GMT: still the 31st in London.
      received_date: '2026-10-31',
      consignment_code: null,
      consignment_note_id: 'cn_abc',
      items: [
        {
          ewc_codes: ['16 06 01*'],
          description: 'Waste',
          physical_form: 'solid',
          quantity_kg: 1250,
          quantity_is_estimate: true,
          hazard_codes: ['HP8', 'POP'],
          operations: ['R4'],
        },
        {
          ewc_codes: ['17 09 04'],
          description: 'Waste',
          physical_form: 'solid',
          quantity_kg: 0.25,
          quantity_is_estimate: false,
          hazard_codes: [],
          operations: ['R4'],
        },
      ],
    });
  });

  it('is a load with a consignment code whatever its codes, and none without a code or a hazardous EWC code', () => {
    const weight = { amount: 1, unit: 'kilograms', is_estimate: false };
    expect(
      hazardousLoadOf(
        row({ hazardous_waste_consignment_code: 'CJTILE/A0001', waste_items: [item(['170904'], weight)] }),
        catalogue,
      )?.consignment_code,
    ).toBe('CJTILE/A0001');
    expect(hazardousLoadOf(row({ waste_items: [item(['170904'], weight)] }), catalogue)).toBeNull();
  });
});
