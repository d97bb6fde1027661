import type { KeyMode } from '../../accounts/api-key-format.ts';
import { permitText } from '../../consignments/consignment-rules.ts';
import type {
  ConsignmentLine,
  ConsignmentNote,
  PartC,
  PartD,
  PartE,
} from '../../consignments/consignment-schemas.ts';
import { contactLine } from '../../consignments/part-rules.ts';
import { consignmentsText, methodText, registerCheckText } from '../../consignments/pdf/wording.ts';
import { type Html, html } from '../html.ts';
import { day, modeBadge, type PageContext, when } from './components.ts';
import { consignmentStatus, consignmentUrl } from './consignments-page.ts';
import { facts, weightKg } from './facts.ts';
import { appPage } from './layout.ts';
import { stackTable } from './list-controls.ts';

export interface ConsignmentView {
  ctx: PageContext;
  mode: KeyMode;
  note: ConsignmentNote;
}

function line(l: ConsignmentLine): Html {
  const components = l.components.map(
    (c) => `${c.name} ${c.concentration}${c.unit === 'percent' ? '%' : ' mg/kg'}`,
  );
  const container = `${l.container.number} × ${l.container.type}${l.container.size_litres ? ` (${l.container.size_litres} l)` : ''}`;
  return html`<tr>
    <th scope="row" data-label="Line"><span>${l.line}</span></th>
    <td data-label="EWC code"><span><code class="ewc">${l.ewc_code}</code>${l.code_source === 'classified' && html` <span class="muted">(classified)</span>`}</span></td>
    <td data-label="Description"><span>${l.description}<br><span class="muted">${l.ewc_description}</span></span></td>
    <td data-label="Quantity"><span>${weightKg(l.quantity_kg)}, ${l.physical_form}</span></td>
    <td data-label="Hazards"><span>${l.hazard_codes.join(', ')}</span></td>
    <td data-label="Components"><span>${components.join('; ')}</span></td>
    <td data-label="Container"><span>${container}${l.transport && html`<br><span class="muted">${l.transport.un_number}, class ${l.transport.un_class}</span>`}</span></td>
  </tr>`;
}

function signer(p: PartC | PartD | PartE): Html {
  // What vouched for the signature, as the PDF prints it: the key, or the signing link and its key.
  return html`<p><strong>${p.name}</strong>${p.position && html`, ${p.position}`}${p.on_behalf_of && html`, for ${p.on_behalf_of}`}</p>
    <p class="muted">${when(p.signed_at)}. ${methodText(p)}.</p>`;
}

const notYet = (what: string) =>
  html`<p><span class="status status--waiting">Not signed yet</span> <span class="muted">${what}</span></p>`;

function partC(c: PartC | null): Html {
  if (!c) return notYet('The carrier signs when the waste is collected.');
  return html`${signer(c)}${facts([
    ['Carrier registration', html`<code class="long-code">${c.registration_number}</code>`],
    ['Carrier', c.carrier_name],
    // As the PDF words it: which register said what, or that none was asked and the signer declared it.
    ['Register check', registerCheckText(c)],
    ['Vehicle', c.vehicle_registration],
    ['Collected', `${c.collection_date} ${c.collection_time}`],
  ])}`;
}

function partE(e: PartE | null): Html {
  if (!e) return notYet('The consignee signs when the waste arrives.');
  const rows = e.lines.map(
    (l) => html`<tr>
      <th scope="row" data-label="Line"><span>${l.line}</span></th>
      <td data-label="EWC code"><span><code class="ewc">${l.ewc_code}</code></span></td>
      <td data-label="Received"><span>${weightKg(l.quantity_received_kg)}</span></td>
      <td data-label="Outcome"><span>${l.accepted ? html`<span class="status status--ok">Accepted</span> ${l.operation}` : html`<span class="status status--refused">Rejected</span> ${l.rejection_reason}`}</span></td>
    </tr>`,
  );
  const collection =
    e.consignments_in_collection !== undefined &&
    html` The collection the vehicle brought was formed of ${consignmentsText(e.consignments_in_collection)}.`;
  const time = e.received_time ? ` at ${e.received_time}` : '';
  return html`${signer(e)}<p>Received ${day(e.received_date)}${time}.${collection}</p>${facts([
    // A Part E signed before these were recorded has neither.
    ['Vehicle', e.vehicle_registration === undefined ? 'Not recorded' : e.vehicle_registration],
    [
      'Permit certified',
      e.permit_number === undefined ? 'Not recorded' : (e.permit_number ?? 'None: no permit applies at A4'),
    ],
  ])}${stackTable({ caption: 'What the consignee received', head: ['Line', 'EWC code', 'Received', 'Outcome'], rows })}`;
}

export function consignmentPage({ ctx, mode, note }: ConsignmentView): Html {
  const p = note.producer;
  const c = note.consignee;
  const links = (notes: { id: string; consignment_code: string }[]) =>
    notes.map(
      (n, i) => html`${i > 0 && ', '}<a href="${consignmentUrl(mode, n.id)}">${n.consignment_code}</a>`,
    );
  const content = html`
    <p class="back"><a href="/portal/consignments?mode=${mode}">All ${mode} consignment notes</a></p>
    <div class="page-head"><div>
      <h1><span class="visually-hidden">Consignment note </span><span class="long-code">${note.consignment_code}</span></h1>
      <p class="lead">${modeBadge(mode)} ${consignmentStatus(note)}</p>
    </div>
    <a class="button page-head__action" href="/portal/consignments/${note.id}/pdf?mode=${mode}">Open the PDF<span class="visually-hidden"> of ${note.consignment_code}</span></a></div>
    ${note.rejected_from && html`<p class="muted">This note moves the load rejected on <a href="${consignmentUrl(mode, note.rejected_from.id)}">${note.rejected_from.consignment_code}</a>.</p>`}
    ${note.further_notes.length > 0 && html`<p class="warning" role="note">Further notes for this note’s rejected load: ${links(note.further_notes)}.</p>`}
    <section class="card" aria-labelledby="part-a-title">
      <h2 id="part-a-title">Part A: notification</h2>
      ${facts([
        ['Consignment code', html`<code class="long-code">${note.consignment_code}</code>`],
        ['Created', when(note.created_at)],
        ['Producer', html`${p.name}<br>${p.address}, ${p.postcode}`],
        ['SIC code of the process', p.sic_code],
        ['Contact', contactLine(note)],
        ['Consignee', html`${c.name}<br>${c.address}, ${c.postcode}`],
        ['Consignee permit', permitText(c)],
        ['Carrier registration', note.carrier.registration_number],
        [
          'Multiple collection',
          note.multiple_collection &&
            `Round ${note.multiple_collection.round_number}, collection ${note.multiple_collection.collection_number}`,
        ],
        ['Keep at least until', day(note.retain_until)],
      ])}
    </section>
    <section class="card" aria-labelledby="part-b-title">
      <h2 id="part-b-title">Part B: the waste</h2>
      <p>Process: ${note.process}</p>
      ${stackTable({ caption: 'Waste lines', className: 'waste-lines', head: ['Line', 'EWC code', 'Description', 'Quantity', 'Hazards', 'Components', 'Container'], rows: note.lines.map(line) })}
    </section>
    <section class="card" aria-labelledby="part-c-title"><h2 id="part-c-title">Part C: carrier</h2>${partC(note.parts.C)}</section>
    <section class="card" aria-labelledby="part-d-title"><h2 id="part-d-title">Part D: consignor</h2>${note.parts.D ? signer(note.parts.D) : notYet('The consignor signs when the carrier takes the waste.')}</section>
    <section class="card" aria-labelledby="part-e-title"><h2 id="part-e-title">Part E: consignee</h2>${partE(note.parts.E)}
      ${note.content_sha256 && html`<p class="muted">Content hash (SHA-256): <code class="long-code">${note.content_sha256}</code></p>`}
    </section>`;
  return appPage({
    title: `Consignment note ${note.consignment_code}`,
    ctx,
    section: 'consignments',
    content,
  });
}
