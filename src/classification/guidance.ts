// Compliance guidance attached to a classification: the flag vocabulary (docs/classification.md) and
// disposal notes specific to the waste. Notes cite the duty that applies; they are guidance, not a permit.
import type { EwcEntry } from './catalogue.ts';
import type { Flag } from './knowledge/types.ts';

/** Waste-specific handling notes, keyed by the `note` of a knowledge concept. */
export const DISPOSAL_NOTES: Record<string, string> = {
  asbestos:
    'Asbestos: do not break it up. Double-wrap in heavy-duty polythene, label it as asbestos and store it securely; removal of licensable asbestos needs an HSE-licensed contractor (Control of Asbestos Regulations 2012). Only a landfill or transfer station permitted for asbestos may take it.',
  gypsum:
    'Plasterboard and other gypsum: keep it separate from biodegradable waste. Gypsum must not be landfilled with biodegradable waste (it forms hydrogen sulphide), so send it for gypsum recycling or to a suitable landfill cell.',
  knotweed:
    'Invasive plant material: Japanese knotweed is controlled waste under the Environmental Protection Act 1990 and Wildlife and Countryside Act 1981. Keep soil containing rhizomes separate, cover loads, and take it only to a permitted landfill or treatment site.',
  oil: 'Waste oil: store in a bunded container with secondary containment (Oil Storage Regulations), never mix it with water, antifreeze, solvents or cooking oil, and send it to an oil recycler or re-refiner.',
  fuel: 'Fuels: keep in sealed, labelled, compatible containers away from ignition sources; never mix with oils, and use a carrier authorised for flammable liquids.',
  tyres:
    'Tyres: cannot be landfilled whole or shredded (Landfill Directive); send them to a permitted tyre recycler, retreader or recovery facility and keep the transfer notes.',
  elv: 'End-of-life vehicle: must go to an authorised treatment facility (ATF) for depollution, which issues the certificate of destruction.',
  catalytic:
    'Catalytic converters: send to a permitted recycler for precious metal recovery; converters with refractory ceramic fibre mats are hazardous.',
  fridge:
    'Fridges, freezers and air-conditioning units: keep them upright and intact (do not cut refrigerant lines or remove compressors) so ozone-depleting or fluorinated gases and foam blowing agents are recovered at an authorised WEEE treatment facility.',
  lamps:
    'Fluorescent tubes and discharge lamps contain mercury: keep them whole in a lamp box or coffin, never crush them, and send them to a WEEE lamp recycler (producer compliance schemes collect them free).',
  weee: 'Electrical equipment: keep items whole and separate from general waste, send to an approved authorised treatment facility (AATF) under the WEEE Regulations 2013; screens and plastics may contain POPs.',
  'lead-battery':
    'Lead acid batteries: store upright on an acid-resistant surface with terminals protected, and return them to a battery recycler or licensed scrap dealer; do not drain the acid.',
  battery:
    'Batteries: tape terminals or bag batteries individually, keep chemistries separate, and send them to a battery compliance scheme or approved battery treatment operator (Waste Batteries and Accumulators Regulations 2009). They must not be landfilled or incinerated.',
  lithium:
    'Lithium batteries are a fire risk: tape terminals, keep damaged or swollen cells in a fire-resistant container, never put them in general waste, and use a battery recycler (dangerous goods rules apply to transport).',
  sharps:
    'Sharps: place in a rigid, lidded sharps container (UN 3291) coloured to the contents (yellow or orange lid; purple for cytotoxic), never overfill, and send for incineration or authorised alternative treatment.',
  clinical:
    'Clinical waste: segregate by colour code (HTM 07-01: orange for infectious treatable, yellow for incineration, red anatomical), store securely, and use a carrier and site permitted for clinical waste.',
  offensive:
    'Offensive waste: use yellow-and-black (tiger) bags; it can go to energy recovery or deep landfill but must not be mixed with clinical or general recyclable waste.',
  medicines:
    'Waste medicines: keep in sealed blue-lidded containers for incineration; controlled drugs must be denatured first (Misuse of Drugs Regulations 2001).',
  cytotoxic:
    'Cytotoxic and cytostatic medicines: purple-lidded containers, high-temperature incineration only, and a consignment note.',
  amalgam:
    'Dental amalgam contains mercury: use amalgam separators and sealed amalgam containers, and send to a mercury recovery facility; it must not go to drain or landfill.',
  abp: 'Animal by-products: the Animal By-Products Regulations apply as well as waste law; fallen stock and animal tissue must go to a knackery, hunt kennel, renderer or approved incinerator, not to landfill.',
  manure:
    'Manure and slurry spread on the farm under good agricultural practice is not waste; taken off-site for treatment it is, and needs a permitted site or exemption.',
  food: 'Food waste: businesses in England must separate it for recycling (Simpler Recycling); food containing meat or from kitchens is an animal by-product (catering waste) and goes to anaerobic digestion or in-vessel composting.',
  'cooking-oil':
    'Used cooking oil: store in sealed containers, never pour down drains (blocks sewers); a registered carrier can collect it for biodiesel production.',
  garden:
    'Garden waste: suitable for composting; keep it free of soil, stones, plastic and invasive plants (these need separate handling).',
  bulky: 'Bulky waste: offer reusable items for reuse first; upholstered items need separate handling.',
  'pops-seating':
    'Upholstered domestic seating (sofas, armchairs, office chairs) is likely to contain persistent organic pollutants (flame retardants): the EA requires it to be kept separate and incinerated, not landfilled or shredded with other waste.',
  general:
    'General waste: separate recyclables (dry recyclables, food, glass) before collection as required in England from 2025 (Simpler Recycling); hazardous items must not go in the general bin.',
  'contaminated-packaging':
    'Packaging with hazardous residues is hazardous waste: keep lids on, store in a bunded area, and send to a drum reconditioner or hazardous waste site with a consignment note.',
  aerosols:
    'Aerosols: keep away from heat, do not puncture; empty and part-full cans are hazardous (pressurised) and go to an aerosol recycler.',
  absorbents:
    'Absorbents, wipes, filters and PPE: hazardous when contaminated with oil, solvents or other hazardous substances; keep contaminated items in a sealed, labelled container separate from clean ones.',
  paint:
    'Paint, ink and adhesive: do not pour to drain; solvent-based products are hazardous. Solidify small amounts of water-based paint before disposal; keep lids on and containers upright.',
  solvent:
    'Solvents: store in closed, labelled, compatible containers in a ventilated, bunded area away from ignition sources; consider solvent recovery.',
  chemicals:
    'Chemicals: keep in original labelled containers, segregate incompatible substances (acids from alkalis, oxidisers from flammables), and use a hazardous waste contractor who will lab-pack them.',
  pesticides:
    'Pesticides: keep in original containers with labels; banned or unidentified products need specialist disposal by a hazardous waste contractor.',
};

const HAZARDOUS_NOTE =
  'Hazardous waste: a hazardous waste consignment note is required in England and Wales (special waste consignment note in Scotland), the carrier must be registered and the receiving site permitted for this code; do not mix it with other wastes.';
const NON_HAZARDOUS_NOTE =
  'Non-hazardous waste: describe it on a waste transfer note with this code, use a registered waste carrier, and keep the note for two years.';
const MIRROR_NOTE =
  'This is a mirror entry: before consigning it as non-hazardous, confirm by a WM3 assessment (or laboratory analysis) that hazardous substances are below the thresholds.';

/** Flags that follow from the legal entry itself, whatever the description said. */
export function flagsForEntry(entry: EwcEntry): Flag[] {
  const flags: Flag[] = [];
  const d = entry.description;
  // 15 01 11 names asbestos only as an example of a porous matrix: its usual waste is empty aerosols.
  if (/asbestos/i.test(d.replace(/\(for example asbestos\)/i, ''))) flags.push('ASBESTOS');
  if (/mercury|fluorescent tubes|amalgam/i.test(d)) flags.push('MERCURY');
  if (/\bPCB/i.test(d)) flags.push('PCBS');
  if (/coal tar/i.test(d)) flags.push('COAL_TAR');
  if (/chlorofluorocarbons/i.test(d)) flags.push('OZONE_DEPLETING_SUBSTANCES');
  if (/cytotoxic/i.test(d)) flags.push('CYTOTOXIC_CYTOSTATIC');
  if (entry.chapter === '18' && entry.is_hazardous) flags.push('CLINICAL_WASTE');
  if (/explosive|ammunition|fireworks/i.test(d)) flags.push('EXPLOSIVE');
  if (/batter/i.test(d)) flags.push('BATTERIES');
  if (entry.subchapter === '16 02' || /electrical and electronic equipment/i.test(d)) flags.push('WEEE');
  if (entry.code.endsWith(' 99')) flags.push('NOT_OTHERWISE_SPECIFIED');
  return flags;
}

export function disposalNotes(entry: EwcEntry, noteKeys: string[], mirrorUndecided: boolean): string {
  const specific = [...new Set(noteKeys)]
    .map((k) => DISPOSAL_NOTES[k])
    .filter((n): n is string => Boolean(n));
  const parts = [...specific.slice(0, 2)];
  if (entry.is_hazardous) parts.push(HAZARDOUS_NOTE);
  else {
    if (mirrorUndecided) parts.push(MIRROR_NOTE);
    parts.push(NON_HAZARDOUS_NOTE);
  }
  return parts.join(' ');
}
