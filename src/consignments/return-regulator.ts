import type { ReturnWarning } from './consignee-return-schemas.ts';
import type { Nation } from './consignment-code.ts';
import { borderSide } from './premises-nation.ts';

/** The Environment Agency (England) or Natural Resources Wales. */
export type Regulator = 'EA' | 'NRW';

/** How the regulator was chosen: by the site's postcode, by its notes, or assumed (a warning says so). */
export type RegulatorBasis = 'site_postcode' | 'notes' | 'assumed';

/**
 * Who a site's consignee return goes to. The return is the consignee's duty where the consignee is: in
 * Wales to NRW under the Hazardous Waste (Wales) Regulations 2005 (WSI 2005/1806 reg 53), in England to
 * the EA (SI 2005/894 reg 53, which does not apply in Wales, reg 1(3)). A note's `nation` is where its
 * waste was removed from, and waste crosses the border both ways, so the site's postcode area decides
 * where it lies on one side; in an area at the border the return's notes decide when they all say one
 * nation; else the area's usual side is assumed (NRW for LL, NP and LD, the EA for CH, SY and HR) and the
 * return warns. A site records no nation of its own.
 */
export function regulatorOf(
  sitePostcode: string | null,
  nations: Nation[],
): { regulator: Regulator; basis: RegulatorBasis } {
  const side = borderSide(sitePostcode);
  if (side === 'wales') return { regulator: 'NRW', basis: 'site_postcode' };
  if (side === 'england') return { regulator: 'EA', basis: 'site_postcode' };
  const seen = new Set(nations);
  if (seen.size === 1) return { regulator: seen.has('wales') ? 'NRW' : 'EA', basis: 'notes' };
  return { regulator: side === 'mostly_wales' ? 'NRW' : 'EA', basis: 'assumed' };
}

/** The return's warning when the regulator was assumed; null otherwise. */
export function regulatorWarning(
  { regulator, basis }: { regulator: Regulator; basis: RegulatorBasis },
  postcode: string | null,
): ReturnWarning | null {
  if (basis !== 'assumed') return null;
  const place = postcode
    ? `The site's postcode (${postcode}) is in an area at the England-Wales border`
    : 'The site has no postcode';
  const shown =
    regulator === 'NRW'
      ? 'the return is shown for Natural Resources Wales. A site in England makes its return to the Environment Agency instead.'
      : 'the return is shown for the Environment Agency. A site in Wales makes its return to Natural Resources Wales instead.';
  return {
    code: 'REGULATOR_ASSUMED',
    message: `${place}, and the notes of the quarter do not settle which side it is on: ${shown}`,
  };
}
