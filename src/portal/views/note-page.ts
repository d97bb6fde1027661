import type { KeyMode } from '../../accounts/api-key-format.ts';
import type { Party, Signature, WasteTransferNote } from '../../wtn/wtn-schemas.ts';
import { type Html, html } from '../html.ts';
import {
  csrfField,
  day,
  errorSummary,
  type FieldErrors,
  modeBadge,
  type PageContext,
  when,
} from './components.ts';
import { facts, issueList, weightKg, yesNo } from './facts.ts';
import { appPage } from './layout.ts';
import { stackTable } from './list-controls.ts';
import { compliance, signedState, supersededBadge } from './note-badges.ts';
import { noteUrl } from './notes-page.ts';

export interface SigningLinkShown {
  url: string;
  party: Party;
  expires_at: string;
}

export interface NoteView {
  ctx: PageContext;
  mode: KeyMode;
  note: WasteTransferNote;
  /** A link just made: shown in this response only. */
  link?: SigningLinkShown;
  errors?: FieldErrors;
}

const PARTY_WORDS: Record<Party, { title: string; who: string }> = {
  transferor: { title: 'Transferor', who: 'the producer or holder handing the waste over' },
  transferee: { title: 'Transferee', who: 'the carrier taking the waste' },
};

function signature(s: Signature): Html {
  const how = s.method === 'signing_link' ? 'on a signing link' : 'with an API key';
  return html`<p><strong>${s.name}</strong>${s.position && html`, ${s.position}`}</p>
    <p class="muted">Signed ${when(s.signed_at)} ${how}${s.drawn ? ', with a drawn signature' : ''}.</p>`;
}

function signingAction(view: NoteView, party: Party): Html {
  if (view.note.status === 'superseded')
    return html`<p class="muted">A superseded note is not signed: use the note that corrects it.</p>`;
  return html`<form method="post" action="/portal/notes/${view.note.reference}/signing-links" class="signing-action">
    ${csrfField(view.ctx)}
    <input type="hidden" name="mode" value="${view.mode}">
    <input type="hidden" name="party" value="${party}">
    <button type="submit" class="button signing-action__button">Create a signing link for the ${party}</button>
    <p class="hint">A link that works once, for 48 hours, without an account: the ${party} reads the note and signs it on their phone.</p>
  </form>`;
}

function signatures(view: NoteView): Html {
  const { note } = view;
  const party = (p: Party) => {
    const s = note.signatures[p];
    return html`<div class="party" id="signature-${p}">
      <h3 class="party__title">${PARTY_WORDS[p].title} <span class="muted party__who">${PARTY_WORDS[p].who}</span></h3>
      ${s ? signature(s) : html`<p><span class="status status--waiting">Not signed yet</span></p>${signingAction(view, p)}`}
    </div>`;
  };
  return html`<section class="card" aria-labelledby="signatures-title" id="signatures">
    <h2 id="signatures-title">Signatures ${signedState(note)}</h2>
    <div class="parties">${party('transferor')}${party('transferee')}</div>
    ${note.content_sha256 && html`<p class="muted">Content hash (SHA-256): <code class="long-code">${note.content_sha256}</code></p>`}
  </section>`;
}

function linkCard(link: SigningLinkShown): Html {
  return html`<section class="card card--highlight" aria-labelledby="link-title" id="signing-link">
    <h2 id="link-title">Signing link for the ${link.party}</h2>
    <p class="warning" role="note"><strong>Copy it now: it is shown only this once.</strong> Send it to the ${link.party} yourself (a text message or an email). It works once, until ${when(link.expires_at)}; whoever has it can sign for the ${link.party}.</p>
    <div class="copy-row">
      <label for="link-url" class="visually-hidden">Link to send to the ${link.party}</label>
      <input id="link-url" class="secret" type="text" readonly value="${link.url}" spellcheck="false" autocomplete="off" data-select-on-focus>
      <button type="button" class="button button--primary" data-copy-target="link-url" hidden>Copy link</button>
    </div>
    <p class="copy-status" role="status" aria-live="polite" data-copy-status></p>
  </section>`;
}

function transfer(note: WasteTransferNote): Html {
  const ticket = note.season_ticket;
  return html`<section class="card" aria-labelledby="transfer-title">
    <h2 id="transfer-title">Transfer</h2>
    ${facts([
      ['Transfer date', day(note.transfer_date)],
      ['Time', note.transfer_time],
      ['Place', note.transfer_place],
      ['Season ticket', ticket && html`${day(ticket.valid_from)} to ${day(ticket.valid_until)}`],
      ['Created', when(note.created_at)],
    ])}
  </section>`;
}

function parties(note: WasteTransferNote): Html {
  const { producer: p, carrier: c, destination: d } = note;
  const sic =
    p.sic_code &&
    html`${p.sic_code}${p.sic_description && html` <span class="muted">${p.sic_description}</span>`}`;
  const register = c.verified
    ? html`${c.status ?? 'on the register'}${c.register_origin && html` <span class="muted">(checked: ${c.register_origin})</span>`}`
    : html`<span class="muted">Not checked against the register</span>`;
  return html`<section class="card" aria-labelledby="parties-title">
    <h2 id="parties-title">Parties</h2>
    <h3>Transferor</h3>
    ${facts([
      ['Name', p.name],
      ['Address', p.address],
      ['SIC code', sic],
      ['Contact', p.contact_name],
    ])}
    <h3>Transferee (carrier)</h3>
    ${facts([
      ['Registration number', html`<code class="long-code">${c.registration_number}</code>`],
      ['Business name', c.business_name],
      ['Address', c.address],
      ['Tier', c.tier],
      ['Register status', register],
      ['Registration expires', c.expiry_date && day(c.expiry_date)],
    ])}
    <h3>Destination</h3>
    ${facts([
      ['Name', d.name],
      ['Address', d.address],
      ['Permit number', d.permit_number],
    ])}
  </section>`;
}

function waste(note: WasteTransferNote): Html {
  const w = note.waste;
  const source =
    w.ewc_code_source === 'classification'
      ? `Classified${w.classification_confidence === null ? '' : ` (${Math.round(w.classification_confidence * 100)}% confident)`}`
      : w.ewc_code_source === 'supplied'
        ? 'Given by you'
        : null;
  const row = html`<tr>
    <th scope="row" data-label="EWC code"><span>${w.ewc_code ? html`<code class="ewc">${w.ewc_code}</code>${w.is_hazardous && html` <span class="badge badge--hazardous">Hazardous</span>`}` : html`<span class="muted">No code</span>`}</span></th>
    <td data-label="Description"><span>${w.description}${w.ewc_description && html`<br><span class="muted">${w.ewc_description}</span>`}</span></td>
    <td data-label="Quantity"><span>${weightKg(w.quantity_kg) ?? html`<span class="muted">Not given</span>`}</span></td>
    <td data-label="Container"><span>${w.container_type ?? html`<span class="muted">Not given</span>`}${w.container_code && w.container_code !== w.container_type && html` <code>${w.container_code}</code>`}</span></td>
    <td data-label="Code from"><span>${source ?? html`<span class="muted">Not given</span>`}</span></td>
  </tr>`;
  return html`<section class="card" aria-labelledby="waste-title">
    <h2 id="waste-title">Waste</h2>
    ${stackTable({ caption: 'The waste on this note', className: 'waste-lines', head: ['EWC code', 'Description', 'Quantity', 'Container', 'Code from'], rows: [row] })}
  </section>`;
}

function checks(note: WasteTransferNote): Html {
  const d = note.duty_of_care;
  const { flags, warnings } = note.compliance;
  return html`<section class="card" aria-labelledby="checks-title" id="checks">
    <h2 id="checks-title">Checks ${compliance(note)}</h2>
    ${facts([
      ['Producer identified', yesNo(d.producer_identified)],
      ['Carrier verified', yesNo(d.carrier_verified)],
      ['Waste classified', yesNo(d.waste_classified)],
      ['Destination given', yesNo(d.destination_provided)],
    ])}
    ${flags.length > 0 && html`<h3>Flags</h3><p class="muted">Each makes the note not compliant.</p>${issueList(flags, 'flag')}`}
    ${warnings.length > 0 && html`<h3>Warnings</h3>${issueList(warnings, 'warning')}`}
  </section>`;
}

function collections(note: WasteTransferNote): Html {
  if (!note.season_ticket) return html``;
  const rows = note.transfers.map(
    (t) => html`<tr>
      <th scope="row" data-label="Number"><span>${t.number}</span></th>
      <td data-label="Date"><span>${day(t.date)}${t.time && ` ${t.time}`}</span></td>
      <td data-label="Quantity"><span>${weightKg(t.quantity_kg)}</span></td>
      <td data-label="Vehicle"><span>${t.vehicle_registration}</span></td>
    </tr>`,
  );
  return html`<section class="card" aria-labelledby="collections-title">
    <h2 id="collections-title">Collections under this season ticket</h2>
    ${rows.length === 0 ? html`<p class="muted">No collections logged yet (POST /v1/wtn/{reference}/transfers).</p>` : stackTable({ caption: 'Collections, oldest first', head: ['Number', 'Date', 'Quantity', 'Vehicle'], rows })}
  </section>`;
}

function correction(view: NoteView): Html {
  const { note, mode } = view;
  return html`${note.superseded_by && html`<p class="warning" role="note"><strong>Superseded:</strong> this note was corrected by <a href="${noteUrl(mode, note.superseded_by)}">${note.superseded_by}</a>. Use that note.</p>`}
    ${note.supersedes && html`<p class="muted">This note corrects <a href="${noteUrl(mode, note.supersedes)}">${note.supersedes}</a>.</p>`}`;
}

export function notePage(view: NoteView): Html {
  const { note, mode } = view;
  const content = html`
    <p class="back"><a href="/portal/notes?mode=${mode}">All ${mode} transfer notes</a></p>
    <div class="page-head"><div>
      <h1><span class="visually-hidden">Transfer note </span><span class="long-code">${note.reference}</span></h1>
      <p class="lead">${modeBadge(mode)}${supersededBadge(note)} ${note.waste.description}, ${day(note.transfer_date)}</p>
    </div>
    <a class="button page-head__action" href="/portal/notes/${note.reference}/pdf?mode=${mode}">Open the PDF<span class="visually-hidden"> of ${note.reference}</span></a></div>
    ${errorSummary(view.errors, [])}
    ${correction(view)}
    ${view.link && linkCard(view.link)}
    ${signatures(view)}
    ${transfer(note)}
    ${waste(note)}
    ${parties(note)}
    ${checks(note)}
    ${collections(note)}`;
  return appPage({ title: `Transfer note ${note.reference}`, ctx: view.ctx, section: 'notes', content });
}
