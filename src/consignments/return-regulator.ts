import type { ReturnWarning } from './consignee-return-schemas.ts';
import { postcodeArea } from './consignment-rules.ts';
import { borderSide } from './premises-nation.ts';

/** The Environment Agency (England) or Natural Resources Wales. */
export type Regulator = 'EA' | 'NRW';

/** How the regulator was chosen: by the site's postcode, by the caller, or assumed (a warning says so). */
export type RegulatorBasis = 'site_postcode' | 'given' | 'assumed';

/**
 * Who a site's consignee return goes to. The return is the consignee's duty where the consignee is: in
 * Wales to NRW under the Hazardous Waste (Wales) Regulations 2005 (WSI 2005/1806 reg 53), in England to
 * the EA (SI 2005/894 reg 53, which does not apply in Wales, reg 1(3)). Never the notes' `nation`: that
 * is where the waste was removed from, and waste crosses the border both ways. The caller's `regulator`
 * decides when given (a site records no nation of its own); else the site's postcode district, and in a
 * district on both sides of the border (or with no postcode) it is assumed, with a warning, from the
 * district's area: NRW in the Welsh areas (LL, NP, LD), else the EA.
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
  return { regulator: area && ['LL', 'NP', 'LD'].includes(area) ? 'NRW' : 'EA', basis: 'assumed' };
}

/** The return's warning when the regulator was assumed; null otherwise. */
export function regulatorWarning(
  { regulator, basis }: { regulator: Regulator; basis: RegulatorBasis },
  postcode: string | null,
): ReturnWarning | null {
  if (basis !== 'assumed') return null;
  const place =
    borderSide(postcode) === 'split'
      ? `The site's postcode (${postcode}) is in a district on both sides of the England-Wales border`
      : 'The site has no usable postcode';
  const shown =
    regulator === 'NRW'
      ? 'the return is shown for Natural Resources Wales. A site in England makes its return to the Environment Agency instead: ask again with regulator=EA.'
      : 'the return is shown for the Environment Agency. A site in Wales makes its return to Natural Resources Wales instead: ask again with regulator=NRW.';
  return {
    code: 'REGULATOR_ASSUMED',
    message: `${place}, so it does not say which side the site is on: ${shown}`,
  };
}
