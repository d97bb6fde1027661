import {
  capitalised,
  readableDate,
  readableInstant,
  readableKg,
  factRow as row,
} from '../platform/signing/signing-facts.ts';
import { reference } from '../platform/signing/signing-layout.ts';
import { type Html, html } from '../portal/html.ts';
import { permitText } from './consignment-rules.ts';
import type { ConsignmentLine, ConsignmentNote, Part, PartC, PartE } from './consignment-schemas.ts';
import { contactLine } from './part-rules.ts';
import { componentsText, containerText, registerCheckText } from './pdf/wording.ts';

/** Each part as the form heads it, and who signs it (SI 2005/894 Schedule 4). */
export const PART_TITLE: Record<Part, string> = {
  C: "Part C — carrier's certificate",
  D: "Part D — consignor's certificate",
  E: "Part E — consignee's certificate",
};

/** Who signs each part, in the words of the person holding the phone. */
export const PART_SIGNER: Record<Part, string> = {
  C: 'the carrier collecting the waste',
  D: 'the consignor (the business handing the waste to the carrier)',
  E: 'the consignee (the site receiving the waste)',
};

/** The hazardous properties (Annex III, Waste Framework Directive, as amended by Regulation 1357/2014). */
const HAZARD_NAMES: Record<string, string> = {
  HP1: 'Explosive',
  HP2: 'Oxidising',
  HP3: 'Flammable',
  HP4: 'Irritant',
  HP5: 'Specific target organ toxicity or aspiration toxicity',
  HP6: 'Acute toxicity',
  HP7: 'Carcinogenic',
  HP8: 'Corrosive',
  HP9: 'Infectious',
  HP10: 'Toxic for reproduction',
  HP11: 'Mutagenic',
  HP12: 'Releases an acute toxic gas',
  HP13: 'Sensitising',
  HP14: 'Ecotoxic',
  HP15: 'May show a hazardous property later',
  POP: 'Persistent organic pollutants',
};

function hazards(codes: string[]): Html {
  return html`<ul class="plain">${codes.map(
    (code) => html`<li><strong class="code">${code}</strong> ${HAZARD_NAMES[code] ?? ''}</li>`,
  )}</ul>`;
}

function dangerousGoods(line: ConsignmentLine): string | null {
  const t = line.transport;
  if (!t) return null;
  const handling = t.special_handling ? `. ${t.special_handling}` : '';
  return `${t.un_number} ${t.proper_shipping_name}, class ${t.un_class}, packing group ${t.packing_group}${handling}`;
}

function wasteLine(line: ConsignmentLine): Html {
  const form = line.colour ? `${capitalised(line.physical_form)}, ${line.colour}` : line.physical_form;
  return html`<div class="waste-line">
    <h3>Line ${line.line}: <span class="code">${line.ewc_code}</span></h3>
    <p class="muted">${line.ewc_description}</p>
    <dl class="facts">
      ${row('Description', line.description)}
      ${row('Quantity', readableKg(line.quantity_kg))}
      ${row('Hazardous properties', hazards(line.hazard_codes))}
      ${row('Container', containerText(line.container))}
      ${row('Form', capitalised(form))}
      ${row(
        'Components',
        html`<ul class="plain">${componentsText(line.components)
          .split('\n')
          .map((c) => html`<li>${c}</li>`)}</ul>`,
      )}
      ${line.transport && row('Dangerous goods', dangerousGoods(line))}
    </dl>
  </div>`;
}

function place(name: string, address: string, postcode: string): Html {
  return html`<p class="party__name">${name}</p><p>${address}, ${postcode}</p>`;
}

function whoSigned(signed: { name: string; position: string | null; on_behalf_of: string | null }): string {
  const position = signed.position ? `, ${signed.position}` : '';
  return `${signed.name}${position}${signed.on_behalf_of ? ` (for ${signed.on_behalf_of})` : ''}`;
}

/** What Part C recorded: who carries the waste, in what, and when it was collected. */
export function partCFacts(c: PartC): Html {
  return html`${row('Carrier', `${c.carrier_name ? `${c.carrier_name}, ` : ''}${c.registration_number}`)}
    ${row('Register check', registerCheckText(c))}
    ${row('Vehicle', c.vehicle_registration)}
    ${row('Collected', html`${readableDate(c.collection_date)} at ${c.collection_time} (UK time)`)}`;
}

/** What Part E recorded for each line: received, accepted or rejected and why, and the operation. */
export function partEFacts(note: ConsignmentNote, e: PartE): Html {
  return html`${row('Received', readableDate(e.received_date))}
    ${e.consignments_in_collection !== undefined && row('Consignments in the collection', String(e.consignments_in_collection))}
    ${e.lines.map((l) => {
      const outcome = l.accepted
        ? `accepted for ${l.operation}`
        : `REJECTED: ${l.rejection_reason ?? 'no reason given'}`;
      const b = note.lines[l.line - 1];
      return row(
        `Line ${l.line} (${b?.ewc_code ?? l.ewc_code})`,
        `${readableKg(l.quantity_received_kg)}, ${outcome}`,
      );
    })}`;
}

/** A signed part: who, when, and what it recorded. */
export function signedFacts(note: ConsignmentNote, part: Part): Html {
  const signed = note.parts[part];
  if (!signed) return html``;
  const recorded =
    part === 'C' && note.parts.C
      ? partCFacts(note.parts.C)
      : part === 'E' && note.parts.E
        ? partEFacts(note, note.parts.E)
        : '';
  return html`<dl class="facts">
    ${row('Signed by', whoSigned(signed))}
    ${row('When', html`${readableInstant(signed.signed_at)} (UK time)`)}
    ${recorded}
  </dl>`;
}

function earlierParts(note: ConsignmentNote, part: Part): Html {
  const earlier = (['C', 'D'] as const).filter((p) => p < part && note.parts[p]);
  if (earlier.length === 0) return html``;
  return html`<section class="card" aria-labelledby="earlier-title">
    <h2 id="earlier-title">Signed so far</h2>
    ${earlier.map((p) => html`<h3>${PART_TITLE[p]}</h3>${signedFacts(note, p)}`)}
  </section>`;
}

/** The carrier: named in Part A, or not until Part C; named by the register once Part C is signed. */
function carrier(note: ConsignmentNote): Html {
  const c = note.parts.C;
  if (c)
    return html`<p class="party__name">${c.carrier_name ?? c.registration_number}</p><p class="muted">Registration ${c.registration_number}</p>`;
  const number = note.carrier.registration_number;
  return number
    ? html`<p>Registration ${number}</p><p class="muted">Checked with the register when Part C is signed.</p>`
    : html`<p class="muted">Not named yet: the carrier gives its registration at Part C.</p>`;
}

/** The note in plain English (Parts A and B, and the parts signed before this one), for its signer. */
export function noteSummary(note: ConsignmentNote, part: Part): Html {
  const p = note.producer;
  const c = note.consignee;
  const context = [
    note.rejected_from && row('Rejected load of', reference(note.rejected_from.consignment_code)),
    note.waste_producer &&
      row(
        'Produced by',
        `${note.waste_producer.name}, ${note.waste_producer.address}, ${note.waste_producer.postcode}`,
      ),
    note.multiple_collection &&
      row(
        'Multiple collection',
        `Round ${note.multiple_collection.round_number}, collection ${note.multiple_collection.collection_number}`,
      ),
  ].filter(Boolean);
  return html`<section class="card" aria-labelledby="waste-title">
    <h2 id="waste-title">The waste</h2>
    <dl class="facts">${row('Process', note.process)}${context}</dl>
    ${note.lines.map(wasteLine)}
  </section>
  <section class="card" aria-labelledby="parties-title">
    <h2 id="parties-title">From, by and to</h2>
    <div class="parties">
      <div class="party"><h3>From (the producer's premises)</h3>${place(p.name, p.address, p.postcode)}
        <p class="muted">Contact: ${contactLine(note)}</p></div>
      <div class="party"><h3>By (the carrier)</h3>${carrier(note)}</div>
      <div class="party"><h3>To (the consignee)</h3>${place(c.name, c.address, c.postcode)}
        <p class="muted">${c.permit_number ? `Permit ${c.permit_number}` : permitText(c)}</p></div>
    </div>
  </section>
  ${earlierParts(note, part)}`;
}
