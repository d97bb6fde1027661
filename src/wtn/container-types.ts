/**
 * reg 35(2)(a) Waste (England and Wales) Regulations 2011: the note says whether the waste is loose or
 * in a container, and the kind of container. `container_type` is free text; when it names one of the
 * 16 container codes of DEFRA's Digital Waste Tracking service, the note also carries that code so it
 * can be reported as a DWT receipt without retyping.
 */
export const CONTAINER_CODES = {
  BAG: 'Bag or sack',
  BAL: 'Bale',
  BOX: 'Box, carton or crate',
  CAN: 'Can or jerrycan',
  CAR: 'Carrier (e.g. pallet cage)',
  CAS: 'Cask',
  CON: 'Container (unspecified)',
  DRU: 'Drum',
  FIB: 'Fibre drum',
  IBC: 'Intermediate bulk container',
  LOO: 'Loose (no container)',
  PAL: 'Pallet',
  ROR: 'Roll-on roll-off container',
  SKI: 'Skip',
  TAN: 'Tanker or tank',
  WBI: 'Wheelie bin',
} as const;

export type ContainerCode = keyof typeof CONTAINER_CODES;

/** Words producers write, mapped to the DWT code (singular, lower case, spaces for `_` and `-`). */
const SYNONYMS: [string, ContainerCode][] = (
  [
    ['ibc', 'IBC'],
    ['wheelie bin', 'WBI'],
    ['wheelie', 'WBI'],
    ['bin', 'WBI'],
    ['fibre drum', 'FIB'],
    ['fiber drum', 'FIB'],
    ['pallet cage', 'CAR'],
    ['cage', 'CAR'],
    ['roll on roll off', 'ROR'],
    ['roro', 'ROR'],
    ['ro ro', 'ROR'],
    ['intermediate bulk container', 'IBC'],
    ['bulk bag', 'BAG'],
    ['tonne bag', 'BAG'],
    ['bag', 'BAG'],
    ['sack', 'BAG'],
    ['bale', 'BAL'],
    ['box', 'BOX'],
    ['carton', 'BOX'],
    ['crate', 'BOX'],
    ['jerrycan', 'CAN'],
    ['can', 'CAN'],
    ['cask', 'CAS'],
    ['drum', 'DRU'],
    ['barrel', 'DRU'],
    ['loose', 'LOO'],
    ['bulk', 'LOO'],
    ['pallet', 'PAL'],
    ['skip', 'SKI'],
    ['tanker', 'TAN'],
    ['tank', 'TAN'],
    ['container', 'CON'],
  ] as [string, ContainerCode][]
).sort((a, b) => b[0].length - a[0].length);

function words(text: string): string {
  return ` ${text
    .toLowerCase()
    .replace(/[_\-/]+/g, ' ')
    .replace(/[^a-z0-9 ]+/g, '')
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w))
    .join(' ')} `;
}

/**
 * The DWT container code a free-text container names: the code itself ("SKI", "ibc"), or a word for
 * it ("8 yard skip", "1100L wheelie bins"). Undefined when it names none, or several different ones.
 */
export function recogniseContainer(containerType: string): ContainerCode | undefined {
  // Most notes name one of a few containers ("8 yard skip", "1100L wheelie bin"): each is read once.
  if (recognised.has(containerType)) return recognised.get(containerType);
  const found = recogniseAfresh(containerType);
  if (recognised.size >= 1_000) recognised.clear();
  recognised.set(containerType, found);
  return found;
}

const recognised = new Map<string, ContainerCode | undefined>();

function recogniseAfresh(containerType: string): ContainerCode | undefined {
  const code = containerType.trim().toUpperCase();
  if (Object.hasOwn(CONTAINER_CODES, code)) return code as ContainerCode;
  let text = words(containerType);
  const found = new Set<ContainerCode>();
  // Longest phrases first (SYNONYMS is sorted), removed once matched, so "wheelie bin" is not also
  // read as "bin".
  for (const [phrase, mapped] of SYNONYMS) {
    const needle = ` ${phrase} `;
    if (text.includes(needle)) {
      found.add(mapped);
      text = text.replaceAll(needle, ' ');
    }
  }
  // "Container" is the generic word: "RoRo container" is a RoRo.
  if (found.size > 1) found.delete('CON');
  return found.size === 1 ? [...found][0] : undefined;
}
