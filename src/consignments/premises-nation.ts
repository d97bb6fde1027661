import { normalisePostcode } from '../receipts/dwt-formats.ts';
import type { Nation } from './consignment-code.ts';
import { postcodeArea } from './consignment-rules.ts';

/**
 * Which regulations a note is made under follows where the waste is removed from, the premises in Part
 * A2: nothing in SI 2005/894 applies to Wales (reg 1(3)), where the Hazardous Waste (Wales) Regulations
 * 2005 (WSI 2005/1806) apply, with NRW's premises codes. England is the default only where the postcode
 * area cannot be Welsh; elsewhere the caller says which nation, or the note is refused.
 */

/**
 * The England-Wales border by postcode district (the outward code: CH4, SY13). The ONS Postcode Directory,
 * which gives every postcode's country, is the authority, and this table is to be checked against it;
 * where a district's side was not certain, it is taken as split, which asks the caller rather than refuse
 * an answer. Areas wholly in Wales: CF and SA; LL, NP and LD but for their split districts.
 */
const WELSH_AREAS = new Set(['CF', 'SA', 'LL', 'NP', 'LD']);
/** Districts of English areas that lie wholly in Wales: Deeside, Flint, Mold, Holywell; mid Wales. */
const WELSH_DISTRICTS = new Set([
  'CH5',
  'CH6',
  'CH7',
  'CH8',
  ...[16, 17, 18, 19, 20, 21, 23, 24, 25].map((n) => `SY${n}`),
]);
/**
 * Districts on both sides of the border: NP7 (Abergavenny's Herefordshire edge), NP16 (Sedbury and
 * Tutshill, Gloucestershire), NP25 (Redbrook), LD7 (Knighton's station side), LD8 (Presteigne's), LL14
 * (Chirk Bank, Shropshire), CH4 (Saltney and Broughton, Flintshire), SY10 (Oswestry's Welsh hills),
 * SY13 and SY14 (Maelor), SY15 (Chirbury, Shropshire), SY22 (Llanymynech), HR2, HR3 (Hay-on-Wye) and
 * HR5 (Kington's Radnorshire edge).
 */
const SPLIT_DISTRICTS = new Set([
  'NP7',
  'NP16',
  'NP25',
  'LD7',
  'LD8',
  'LL14',
  'CH4',
  'SY10',
  'SY13',
  'SY14',
  'SY15',
  'SY22',
  'HR2',
  'HR3',
  'HR5',
]);

/**
 * Which side of the England-Wales border a postcode's district lies: wholly in Wales, split between the
 * two, or in England (null for no usable postcode).
 */
export type BorderSide = 'wales' | 'split' | 'england';
export function borderSide(postcode: string | null): BorderSide | null {
  const area = postcode ? postcodeArea(postcode) : null;
  if (!postcode || !area) return null;
  const district = normalisePostcode(postcode).split(' ')[0];
  if (SPLIT_DISTRICTS.has(district)) return 'split';
  if (WELSH_AREAS.has(area) || WELSH_DISTRICTS.has(district)) return 'wales';
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
  const side = borderSide(postcode);
  const where = normalisePostcode(postcode);
  const district = where.split(' ')[0];
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
  if (given === undefined && side === 'split') {
    return {
      issue: `is required: ${where} (Part A2) is in ${district}, a postcode district on both sides of the border of England and Wales, so it does not say which regulations apply: send nation "england", or "wales" with the premises code NRW issued (producer.premises_code)`,
    };
  }
  return { nation: given ?? 'england' };
}
