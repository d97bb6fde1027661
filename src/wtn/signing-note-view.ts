import { readableDate, readableKg, factRow as row } from '../platform/signing/signing-facts.ts';
import { type Html, html } from '../portal/html.ts';
import type { Party, WasteTransferNote } from './wtn-schemas.ts';

/** What each party is, in the words a driver or a site manager uses. */
export const PARTY_ROLE: Record<Party, string> = {
  transferor: 'the transferor (the business handing over the waste)',
  transferee: 'the transferee (the carrier)',
};

function hazardous(value: boolean | null): Html {
  if (value === true) return html`<strong class="hazard">Yes: hazardous waste</strong>`;
  if (value === false) return html`No`;
  return html`<span class="muted">Not known</span>`;
}

function quantity(note: WasteTransferNote): string | null {
  const { quantity_kg, container_type } = note.waste;
  const amount = quantity_kg === null ? null : readableKg(quantity_kg);
  if (amount && container_type) return `${amount} in ${container_type}`;
  return amount ?? (container_type ? `Quantity not given, in ${container_type}` : null);
}

function transferee(note: WasteTransferNote): Html {
  const { business_name, registration_number, tier, address } = note.carrier;
  const tierWords = tier ? ` (${tier} tier)` : '';
  return html`<p class="party__name">${business_name ?? `Carrier ${registration_number}`}</p>
    <p>${address ?? html`<span class="muted">Address not given</span>`}</p>
    <p class="muted">Waste carrier registration ${registration_number}${tierWords}</p>`;
}

function transferor(note: WasteTransferNote): Html {
  const { name, address, sic_code, sic_description, contact_name } = note.producer;
  return html`<p class="party__name">${name}</p>
    <p>${address}</p>
    ${contact_name && html`<p class="muted">Contact: ${contact_name}</p>`}
    ${sic_code && html`<p class="muted">SIC code ${sic_code}${sic_description ? ` (${sic_description})` : ''}</p>`}`;
}

function issues(note: WasteTransferNote): Html {
  const { flags, warnings } = note.compliance;
  return html`${
    flags.length > 0 &&
    html`<section class="panel panel--flags" aria-labelledby="flags-title">
      <h2 id="flags-title">Problems found with this note</h2>
      <ul>${flags.map((f) => html`<li>${f.message}</li>`)}</ul>
    </section>`
  }${
    warnings.length > 0 &&
    html`<section class="panel panel--warnings" aria-labelledby="warnings-title">
      <h2 id="warnings-title">Points to check</h2>
      <ul>${warnings.map((w) => html`<li>${w.message}</li>`)}</ul>
    </section>`
  }`;
}

/** The note's essentials in plain English, for the person about to sign it. */
export function noteSummary(note: WasteTransferNote): Html {
  const { waste, destination, season_ticket: ticket } = note;
  const code = waste.ewc_code
    ? html`<span class="code">${waste.ewc_code}</span>${waste.ewc_description ? html` ${waste.ewc_description}` : ''}`
    : null;
  return html`${issues(note)}
  <section class="card" aria-labelledby="waste-title">
    <h2 id="waste-title">The waste</h2>
    <dl class="facts">
      ${row('Description', waste.description)}
      ${row('EWC code', code)}
      ${row('Hazardous', hazardous(waste.is_hazardous))}
      ${row('Quantity and container', quantity(note))}
    </dl>
  </section>
  <section class="card" aria-labelledby="parties-title">
    <h2 id="parties-title">Who is involved</h2>
    <div class="parties">
      <div class="party"><h3>Transferor (handing over the waste)</h3>${transferor(note)}</div>
      <div class="party"><h3>Transferee (the carrier)</h3>${transferee(note)}</div>
    </div>
  </section>
  <section class="card" aria-labelledby="transfer-title">
    <h2 id="transfer-title">The transfer</h2>
    <dl class="facts">
      ${ticket ? row('Season ticket', html`Covers transfers from ${readableDate(ticket.valid_from)} to ${readableDate(ticket.valid_until)}`) : row('Date', readableDate(note.transfer_date))}
      ${ticket ? '' : row('Time', note.transfer_time && `${note.transfer_time} (UK time)`)}
      ${row('Place', note.transfer_place)}
      ${row('Destination', html`${destination.name}<br>${destination.address}`)}
      ${row('Permit', destination.permit_number)}
    </dl>
  </section>`;
}
