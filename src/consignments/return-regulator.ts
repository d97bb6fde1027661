import type { ReturnWarning } from './consignee-return-schemas.ts';
import { postcodeArea } from './consignment-rules.ts';
import { borderSide, WELSH_BORDER_AREAS } from './premises-nation.ts';

/** The Environment Agency (England) or Natural Resources Wales. */
export type Regulator = 'EA' | 'NRW';

/** How the regulator was chosen: by the site's postcode, by the caller, or assumed (a warning says so). */
export type RegulatorBasis = 'site_postcode' | 'given' | 'assumed';

/**
 * Who a site's consignee return goes to. The return is the consignee's duty where the consignee is: in
 * Wales to NRW under the Hazardous Waste (Wales) Regulations 2005 (WSI 2005/1806 reg 53), in England to
 * the EA (SI 2005/894 reg 53, which does not apply in Wales, reg 1(3)). Never the notes' `nation`: that
 * is where the waste was removed from, and waste crosses the border both ways. The caller's `regulator`
 * decides when given (a site records no nation of its own; the district table is not the ONS Postcode
 * Directory), with a warning where the postcode says the other; else the site's postcode district, and
 * in a district on both sides of the border, outside England and Wales, or with no usable postcode, it
 * is assumed, with a warning, from the area: NRW in the Welsh areas (LL, NP, LD), else the EA.
 */
export function regulatorOf(
  sitePostcode: string | null,
  given?: Regulator,
): { regulator: Regulator; basis: RegulatorBasis } {
  if (given) return { regulator: given, basis: 'given' };
  const side = borderSide(sitePostcode);
  if (side === 'wales') return { regulator: 'NRW', basis: 'site_postcode' };
  if (side === 'england') return { regulator: 'EA', basis: 'site_postcode' };
  const area = sitePostcode ? postcodeArea(sitePostcode) : null;
  return { regulator: area && WELSH_BORDER_AREAS.has(area) ? 'NRW' : 'EA', basis: 'assumed' };
}

const NAMES: Record<Regulator, string> = { EA: 'the Environment Agency', NRW: 'Natural Resources Wales' };

/** The return's warning when the regulator was assumed, or given against the postcode; null otherwise. */
export function regulatorWarning(
  { regulator, basis }: { regulator: Regulator; basis: RegulatorBasis },
  postcode: string | null,
): ReturnWarning | null {
  const side = borderSide(postcode);
  if (basis === 'given') {
    const postcodeSays = side === 'wales' ? 'NRW' : side === 'england' ? 'EA' : null;
    if (postcodeSays === null || postcodeSays === regulator) return null;
    return {
      code: 'REGULATOR_DIFFERS_FROM_POSTCODE',
      message: `The return is shown for ${NAMES[regulator]}, as asked, but the site's postcode (${postcode}) is in ${postcodeSays === 'NRW' ? 'Wales' : 'England'} by this service's table of postcode districts: check where the site is before you send it.`,
    };
  }
  if (basis !== 'assumed') return null;
  const other: Regulator = regulator === 'NRW' ? 'EA' : 'NRW';
  const shown = `the return is shown for ${NAMES[regulator]}. A site in ${other === 'NRW' ? 'Wales' : 'England'} makes its return to ${NAMES[other]} instead: ask again with regulator=${other}.`;
  const place =
    side === 'split'
      ? `The site's postcode (${postcode}) is in a district on both sides of the England-Wales border, so it does not say which side the site is on`
      : side === 'elsewhere'
        ? `The site's postcode (${postcode}) is not in England or Wales, whose consignee returns these are`
        : 'The site has no usable postcode';
  return { code: 'REGULATOR_ASSUMED', message: `${place}: ${shown}` };
}
