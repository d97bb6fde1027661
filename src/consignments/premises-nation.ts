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
 * Where a postcode lies, by district (the outward code: CH4, SY13). The ONS Postcode Directory, which
 * gives every postcode's country, is the authority, and this table is to be checked against it. A
 * district is taken as Welsh (and `england` refused there) only where that is certain: an English
 * address wrongly in it could get no note at all. Where a district's side was not certain, it is split,
 * which asks the caller rather than refuse an answer; so is every district of the Welsh border areas
 * (LL, NP, LD) not listed as Welsh.
 */
const WELSH_AREAS = new Set(['CF', 'SA']);
const WELSH_DISTRICTS = new Set([
  // North Wales: Conwy, Denbighshire, Gwynedd, Anglesey; Deeside, Flint, Mold, Holywell.
  ...Array.from({ length: 64 }, (_, i) => `LL${i + 15}`),
  'CH5',
  'CH6',
  'CH7',
  'CH8',
  // Mid Wales: Llandrindod, Builth, Rhayader, Llanwrtyd; Newtown to Aberystwyth.
  ...[1, 2, 3, 4, 5, 6].map((n) => `LD${n}`),
  ...[16, 17, 18, 19, 20, 23, 24, 25].map((n) => `SY${n}`),
  // South-east Wales: Newport, Cwmbran, Pontypool, the valleys, Usk, Crickhowell, Caldicot.
  ...[1, 2, 3, 4, 8, 10, 11, 12, 13, 15, 18, 19, 20, 22, 23, 24, 26, 44].map((n) => `NP${n}`),
]);
/** Areas of the border whose districts not listed as Welsh are split. */
export const WELSH_BORDER_AREAS: ReadonlySet<string> = new Set(['LL', 'NP', 'LD']);
/**
 * Districts of English areas on both sides of the border, or whose side was not certain: CH1 and CH4
 * (Chester's edge, Saltney and Broughton), SY5, SY10 (Oswestry's Welsh hills), SY13 and SY14 (Maelor),
 * SY15 (Chirbury), SY21 and SY22 (Welshpool, Llanymynech), HR2, HR3 (Hay-on-Wye) and HR5 (Kington).
 */
const SPLIT_DISTRICTS = new Set([
  'CH1',
  'CH4',
  'SY5',
  'SY10',
  'SY13',
  'SY14',
  'SY15',
  'SY21',
  'SY22',
  'HR2',
  'HR3',
  'HR5',
]);
/** Postcode areas of Scotland (TD, the Borders, reaches Berwick-upon-Tweed in England) and of Northern Ireland. */
const SCOTTISH_AREAS = new Set([
  'AB',
  'DD',
  'DG',
  'EH',
  'FK',
  'G',
  'HS',
  'IV',
  'KA',
  'KW',
  'KY',
  'ML',
  'PA',
  'PH',
  'ZE',
]);
const BORDER_WITH_SCOTLAND = new Set(['TD']);
/**
 * Northern Ireland (BT), the Crown Dependencies (Jersey, Guernsey, the Isle of Man: outside the UK's
 * waste law), British Forces (BF, BFPO) and the non-geographic ZZ: none is premises in England or Wales.
 */
const OUTSIDE_GREAT_BRITAIN = new Set(['BT', 'JE', 'GY', 'IM', 'BF', 'ZZ']);

/**
 * Which side of the England-Wales border a postcode's district lies: wholly in Wales, split between the
 * two (or not certain), in England, or outside England and Wales (Scotland, Northern Ireland, or the TD
 * area across the Scottish border); null for no usable postcode.
 */
export type BorderSide = 'wales' | 'split' | 'england' | 'elsewhere';
export function borderSide(postcode: string | null): BorderSide | null {
  const area = postcode ? postcodeArea(postcode) : null;
  if (!postcode || !area) return null;
  const district = normalisePostcode(postcode).split(' ')[0];
  if (SCOTTISH_AREAS.has(area) || BORDER_WITH_SCOTLAND.has(area) || OUTSIDE_GREAT_BRITAIN.has(area)) {
    return 'elsewhere';
  }
  if (WELSH_AREAS.has(area) || WELSH_DISTRICTS.has(district)) return 'wales';
  if (SPLIT_DISTRICTS.has(district) || WELSH_BORDER_AREAS.has(area)) return 'split';
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
  if (side === 'elsewhere' && given === undefined) {
    return {
      issue: `is required: ${where} (Part A2) is not in England or Wales, whose notes these are (in Scotland and Northern Ireland the regulator issues the codes and each movement is pre-notified: use its own note); for premises in England, send nation "england"`,
    };
  }
  return { nation: given ?? 'england' };
}
