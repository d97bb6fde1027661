import type { Doc, Item } from '../../wtn/pdf/layout.ts';
import { dayText } from '../../wtn/pdf/wording.ts';
import type { ConsignmentNote } from '../consignment-schemas.ts';
import { DECLARATIONS } from '../part-rules.ts';
import { type Block, columns, drawTogether, full, partHeading } from './blocks.ts';
import { signatureBlock } from './signature.ts';
import { registerCheckText } from './wording.ts';

export type Drawings = Partial<Record<'C' | 'D' | 'E', string>>;

/**
 * A signed Part prints the declaration its signer made; an unsigned one the words the service will have
 * its signer make. GOV.UK refuses a note whose declarations are worded differently from the example.
 */
export function declaration(text: string): Block {
  return full([
    { kind: 'gap', height: 2 },
    { kind: 'text', text, size: 8.5 },
    { kind: 'gap', height: 2 },
  ]);
}

/**
 * Part C, completed by the carrier before removal (reg 35): who carries the waste, their registration,
 * the vehicle, and for a multiple collection the round and collection numbers (reg 38).
 */
export function partC(doc: Doc, note: ConsignmentNote, drawings: Drawings): void {
  const c = note.parts.C;
  const round = c
    ? c.round_number === null
      ? null
      : { round: c.round_number, number: c.collection_number }
    : note.multiple_collection && {
        round: note.multiple_collection.round_number,
        number: note.multiple_collection.collection_number,
      };
  const carrier: Item[] = c
    ? [
        { kind: 'field', label: 'Carrier name', value: c.carrier_name ?? 'Not on the register' },
        {
          kind: 'field',
          label: 'Registration no.',
          value: c.registration_number,
          note: registerCheckText(c),
        },
      ]
    : [
        { kind: 'field', label: 'Carrier name', value: null },
        {
          kind: 'field',
          label: 'Registration no.',
          value: note.carrier.registration_number,
          note: note.carrier.registration_number
            ? 'As given when the note was made: check it at collection.'
            : undefined,
        },
      ];
  const collection: Item[] = [
    { kind: 'field', label: 'Vehicle registration', value: c?.vehicle_registration ?? null },
    { kind: 'field', label: 'Collection date', value: c ? dayText(c.collection_date) : null },
    { kind: 'field', label: 'Collection time', value: c?.collection_time ?? null },
  ];
  if (round) {
    collection.push(
      { kind: 'field', label: 'Round number', value: round.round },
      { kind: 'field', label: 'Collection no.', value: round.number === null ? null : String(round.number) },
    );
  }
  drawTogether(doc, [
    partHeading('C', "Carrier's certificate"),
    declaration(c?.declaration ?? DECLARATIONS.C),
    columns({ title: 'Carrier', items: carrier }, { title: 'Collection', items: collection }),
    signatureBlock(c, drawings.C, "Carrier's signatory"),
  ]);
}

/**
 * Part D, signed by the consignor when the carrier arrives and before the waste is removed (NRW: "not
 * before the carrier arrives"), with the waste hierarchy declaration.
 */
export function partD(doc: Doc, note: ConsignmentNote, drawings: Drawings): void {
  const d = note.parts.D;
  drawTogether(doc, [
    partHeading('D', "Consignor's certificate"),
    declaration(d?.declaration ?? DECLARATIONS.D),
    signatureBlock(d, drawings.D, 'Consignor'),
  ]);
}
