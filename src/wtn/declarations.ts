import type { Party } from './wtn-schemas.ts';

/**
 * What each party declares when it signs a transfer note: the same words on the signing page and in
 * the party's box on the printed note, so a note signed on paper says what one signed on a phone says.
 */

/**
 * reg 12 and reg 35(2)(d) Waste (England and Wales) Regulations 2011: the transferor confirms on the
 * note that it has applied the waste hierarchy.
 */
export const HIERARCHY_DECLARATION =
  'I confirm that I have fulfilled my duty to apply the waste hierarchy as required by Regulation 12 of the Waste (England and Wales) Regulations 2011 (prevention, preparing for re-use, recycling, other recovery, disposal).';

export const ACCURACY_DECLARATION = 'I confirm that the information on this note is correct.';

/** The transferee signs for the waste it takes: EPA 1990 s34(1)(c), a written description transferred with it. */
export const RECEIPT_DECLARATION = 'I confirm that I have received the waste described on this note.';

/**
 * What the signer declares. The transferor confirms the waste hierarchy and the note's content; the
 * transferee that it received the waste the note describes.
 */
export function declarationOf(party: Party): string[] {
  return party === 'transferor' ? [HIERARCHY_DECLARATION, ACCURACY_DECLARATION] : [RECEIPT_DECLARATION];
}
