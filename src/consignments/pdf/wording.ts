import { figure } from '../../platform/pdf/figures.ts';
import { printedTextProblem } from '../../platform/person-name.ts';
import type { ConsignmentLine, ConsignmentNote, PartC, PartD } from '../consignment-schemas.ts';
import { DECLARABLE } from '../part-rules.ts';

/**
 * How the printed consignment note says things: the regulations, how a Part was signed, and Part B's
 * cells in the words the form uses. The declarations themselves are the service's (part-rules.ts), so a
 * blank Part prints the very words its signer will make.
 */

/** The regulations the note is made under: SI 2005/894 applies to England, WSI 2005/1806 to Wales. */
export function regulationsText(nation: ConsignmentNote['nation']): string {
  return nation === 'wales'
    ? 'Hazardous Waste (Wales) Regulations 2005, Part 6: consignment note (Schedule 4 form).'
    : 'Hazardous Waste (England and Wales) Regulations 2005 (SI 2005/894), Part 6: consignment note (Schedule 4 form).';
}

/**
 * How a part was signed, and what vouched for it: the API key (its name and id), or the signing link
 * and the key that made it. Never the key's prefix nor the signer's IP address: they stay in the API,
 * and the paper copy goes to every other party. A part signed before this was recorded says so.
 */
export function methodText(part: Pick<PartD, 'method' | 'authentication'>): string {
  const { method, authentication } = part;
  const key = authentication?.api_key;
  // "'Yard tablet', id key_…": a quote followed by a bracket is one unbreakable run (Unicode line
  // breaking, LB15), which a narrow column would break inside a word; a comma leaves a place to break.
  const keyText = key && `key ${printable(key.name) ? `'${key.name}', id ${key.id}` : key.id}`;
  if (method === 'api') {
    return keyText ? `Signed through the API with ${keyText}` : 'Signed through the API (key not recorded)';
  }
  const link = authentication?.signing_link;
  if (!link) return 'Signed on a signing link (link not recorded)';
  return `Signed on signing link ${link.id}${keyText ? ` made with ${keyText}` : ''}`;
}

/** A key's name prints only when it follows the rule of printed text (no direction controls). */
const printable = (name: string | null): name is string => name !== null && printedTextProblem(name) === null;

/** Kilograms without the unit, for columns whose heading says "(kg)". */
export function kgNumber(kg: number): string {
  return figure(kg, 3);
}

function concentrationText(component: ConsignmentLine['components'][number]): string {
  const amount = figure(component.concentration, 4);
  return component.unit === 'percent' ? `${amount}%` : `${amount}\u00a0mg/kg`;
}

/**
 * One component a line, the concentration first ("95% mineral oil", "150,000 mg/kg lead"): it starts
 * the line, so a narrow column wraps the name and never splits the figure from its unit.
 */
export function componentsText(components: ConsignmentLine['components']): string {
  return components.map((c) => `${concentrationText(c)} ${c.name}`).join('\n');
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A blank on the printed form, for what the note was made without: written in before the waste moves. */
const WRITE_IN_BLANK = '________';

export function formText(line: ConsignmentLine): string {
  const form = capitalise(line.physical_form);
  return `${form}\n${line.colour ?? `Colour: ${WRITE_IN_BLANK}`}`;
}

/** Part B's container cell: a size not given is a blank to write in, as the form asks for it. */
export function containerCell(container: ConsignmentLine['container']): string {
  const text = containerText(container);
  return container.size_litres === null ? `${text}\nSize: ${WRITE_IN_BLANK}` : text;
}

/** "Drum × 1, 205 litres": type, number and size, as Part B asks. */
export function containerText(container: ConsignmentLine['container']): string {
  const type = capitalise(container.type);
  const size =
    container.size_litres === null
      ? ''
      : `, ${kgNumber(container.size_litres)} litres${container.number > 1 ? ' each' : ''}`;
  return `${type} × ${container.number}${size}`;
}

const REGISTER_WORDS: Record<string, string> = {
  valid: 'registered',
  expiring_soon: 'registered, expiring soon',
  expired: 'EXPIRED',
  lower_tier: 'registered (lower tier)',
  not_found: 'NOT FOUND',
};

/** What the register said when Part C was signed, never claiming more than happened. */
export function registerCheckText(part: PartC): string {
  const status = REGISTER_WORDS[part.register_status] ?? part.register_status.replace(/_/g, ' ');
  if (part.declared_registration) {
    return `${checkedBy(part, status)} The signer declared it registered with ${DECLARABLE[part.declared_registration.register].name}, whose register this service cannot query.`;
  }
  return checkedBy(part, status);
}

function checkedBy(part: PartC, status: string): string {
  switch (part.register_checked_by) {
    case 'ea_api':
      return `Environment Agency public register: ${status}.`;
    case 'mirror':
      return `Our imported copy of the Environment Agency register: ${status}.`;
    case 'history':
      return `Our last record of this registration: ${status}.`;
    case 'sandbox':
      return `Sandbox test data (${status}): not a real register check.`;
    case 'none':
      return "Not checked: a Scottish number, which the Environment Agency's register does not hold.";
    default:
      return `Register check: ${status}.`;
  }
}

/** "line 6 is", "lines 6 to 14 are". */
export function linesText(from: number, to: number, verb = false): string {
  if (from === to) return `line ${from}${verb ? ' is' : ''}`;
  return `lines ${from} to ${to}${verb ? ' are' : ''}`;
}

/** Part E's count of a multiple collection, as the portal and the MCP summary word it: "6 consignments". */
export const consignmentsText = (count: number) => `${count} ${count === 1 ? 'consignment' : 'consignments'}`;
