import { normalisePostcode } from '../receipts/dwt-formats.ts';
import type { Nation } from './consignment-code.ts';
import { postcodeArea } from './consignment-rules.ts';

/**
 * Which regulations a note is made under follows where the waste is removed from, the premises in Part
 * A2: nothing in SI 2005/894 applies to Wales (reg 1(3)), where the Hazardous Waste (Wales) Regulations
 * 2005 (WSI 2005/1806) apply, with NRW's premises codes. England is the default only where the postcode
 * area cannot be Welsh; elsewhere the caller says which nation, or the note is refused.
 */

/** Postcode areas wholly in Wales. */
const WALES = new Set(['CF', 'SA']);
/**
 * Welsh areas with a few English addresses at the border: NP16 takes in Sedbury and Tutshill
 * (Gloucestershire), LD7 Knighton station (Shropshire), and LL a sliver of Shropshire. An English
 * premises there may say `england`; no premises there is assumed to be either.
 */
const MOSTLY_WALES = new Set(['LL', 'NP', 'LD']);
/** English areas reaching into Wales: CH (Deeside, Flintshire), SY (mid Wales), HR (Hay-on-Wye). */
const BORDER = new Set(['CH', 'SY', 'HR']);

/**
 * Where a postcode's area lies against the England-Wales border (the ONS Postcode Directory, which
 * gives every postcode's country, is the authority): wholly in Wales, in Wales but for a few English
 * addresses, an English area reaching into Wales, or away from the border (null for no postcode).
 */
export type BorderSide = 'wales' | 'mostly_wales' | 'border' | 'england';
export function borderSide(postcode: string | null): BorderSide | null {
  const area = postcode ? postcodeArea(postcode) : null;
  if (!area) return null;
  if (WALES.has(area)) return 'wales';
  if (MOSTLY_WALES.has(area)) return 'mostly_wales';
  if (BORDER.has(area)) return 'border';
  return 'england';
}

/**
 * The nation the note is made under, or what is wrong with `nation` (an issue for `/nation`) when the
 * premises' postcode forbids the default or contradicts the nation given.
 */
export function nationOfPremises(
  given: Nation | undefined,
  postcode: string,
): { nation: Nation } | { issue: string } {
  const area = postcodeArea(postcode);
  const side = borderSide(postcode);
  const where = normalisePostcode(postcode);
  const welshRules = 'the Hazardous Waste (Wales) Regulations 2005 apply there, not SI 2005/894 (reg 1(3))';
  const withCode = 'send nation "wales" with the premises code NRW issued (producer.premises_code)';
  if (side === 'wales') {
    if (given === undefined) {
      return { issue: `is required: ${where} (Part A2) is in Wales, and ${welshRules}: ${withCode}` };
    }
    if (given === 'england') {
      return {
        issue: `is "england", but ${where} (Part A2, where the waste is removed from) is in Wales, and ${welshRules}: ${withCode}, or correct the postcode`,
      };
    }
  }
  if (given === undefined && side === 'mostly_wales') {
    return {
      issue: `is required: ${where} (Part A2) is in the ${area} postcode area, in Wales but for a few addresses on the English side of the border, and ${welshRules}: ${withCode}, or "england" if the premises are in England`,
    };
  }
  if (given === undefined && side === 'border') {
    return {
      issue: `is required: the ${area} postcode area spans the border of England and Wales, so ${where} (Part A2) does not say which regulations apply and England cannot be assumed: send nation "england" or "wales" (in Wales with the premises code NRW issued, producer.premises_code)`,
    };
  }
  return { nation: given ?? 'england' };
}
