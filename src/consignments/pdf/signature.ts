import type { Item } from '../../wtn/pdf/layout.ts';
import { instantText } from '../../wtn/pdf/wording.ts';
import type { PartD } from '../consignment-schemas.ts';
import { type Block, columns } from './blocks.ts';
import { methodText } from './wording.ts';

/** What every signed Part has: who signed, for whom, when and how. */
export type Signed = Pick<
  PartD,
  'name' | 'position' | 'on_behalf_of' | 'signed_at' | 'method' | 'authentication'
>;

/**
 * The signature of a Part: who signed, their position and business, the time in UK local time and how
 * it was given (an electronic signature is "data ... which serve as a method of authentication", so the
 * method and the key or link that vouched for it are printed), with the hand-drawn signature when there is one. Unsigned, the same places print
 * as ruled blanks to sign on paper.
 */
export function signatureBlock(signed: Signed | null, drawing: string | undefined, title: string): Block {
  if (!signed) {
    return columns(
      {
        title,
        items: [
          { kind: 'field', label: 'Name', value: null },
          { kind: 'field', label: 'Position', value: null },
          { kind: 'field', label: 'On behalf of', value: null },
        ],
      },
      {
        title: 'Sign here',
        items: [
          { kind: 'field', label: 'Signature', value: null, lineHeight: 30 },
          { kind: 'field', label: 'Date', value: null },
          { kind: 'field', label: 'Time', value: null },
        ],
      },
    );
  }
  const right: Item[] = [
    { kind: 'field', label: 'Date and time', value: instantText(signed.signed_at) },
    { kind: 'field', label: 'How', value: methodText(signed) },
  ];
  if (drawing) right.push({ kind: 'image', label: 'Signature', src: drawing, height: 30 });
  return columns(
    {
      title,
      items: [
        { kind: 'field', label: 'Signed by', value: signed.name },
        { kind: 'field', label: 'Position', value: signed.position ?? 'Not given' },
        { kind: 'field', label: 'On behalf of', value: signed.on_behalf_of ?? 'Not given' },
      ],
    },
    { title: 'Signed', items: right },
  );
}
