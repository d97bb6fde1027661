import { capitalised, readableInstant } from '../platform/signing/signing-facts.ts';
import { EMPTY_SIGNATURE } from '../platform/signing/signing-form.ts';
import { errorSummary, nameAndPosition, signingForm } from '../platform/signing/signing-form-view.ts';
import { reference, type SigningShell, signingLayout } from '../platform/signing/signing-layout.ts';
import { type Html, html } from '../portal/html.ts';
import { declarationOf } from './declarations.ts';
import type { SigningFormErrors, SigningFormValues } from './signing-form.ts';
import { noteSummary, PARTY_ROLE } from './signing-note-view.ts';
import type { Party, Signature, WasteTransferNote } from './wtn-schemas.ts';

/** A transfer note's page: the TEST banner on sandbox notes. */
function layout(
  shell: SigningShell,
  options: { title: string; content: Html; note?: WasteTransferNote; scripts?: boolean },
): Html {
  const { note, ...rest } = options;
  return signingLayout(shell, { ...rest, test: note?.mode === 'test' });
}

const ERROR_ORDER = ['name', 'position', 'drawing', 'confirm'] as const;

function problems(errors: SigningFormErrors): Html {
  return errorSummary(
    ERROR_ORDER.filter((f) => errors[f]).map((f) => ({
      message: errors[f]!,
      target: f === 'drawing' ? 'signature-pad' : f,
    })),
  );
}

/** The note and the form to sign it; with problems shown beside their fields after a refused try. */
export function openPage(options: {
  note: WasteTransferNote;
  party: Party;
  expiresAt: string;
  shell: SigningShell;
  values?: SigningFormValues;
  errors?: SigningFormErrors;
}): Html {
  const { note, party, shell, errors = {} } = options;
  const values = options.values ?? EMPTY_SIGNATURE;
  const form = signingForm({
    fields: nameAndPosition(values, errors, 'Driver, Site manager'),
    declaration: declarationOf(party),
    values,
    errors,
  });
  const content = html`${problems(errors)}
    <p class="caption">Waste transfer note</p>
    <h1>Sign transfer note ${reference(note.reference, false)}</h1>
    <p class="lead">You are signing as ${PARTY_ROLE[party]}. Read the note, then <a href="#sign">sign at the bottom</a>.</p>
    <p class="muted">This link works once and until ${readableInstant(options.expiresAt)}.</p>
    ${noteSummary(note)}
    ${form}`;
  const title = Object.keys(errors).length > 0 ? `Error: sign ${note.reference}` : `Sign ${note.reference}`;
  return layout(shell, { title, content, note, scripts: true });
}

function signatureLine(party: Party, signature: Signature): Html {
  return html`<div class="facts__row"><dt>Signed by</dt><dd>${signature.name}${signature.position ? `, ${signature.position}` : ''}</dd></div>
    <div class="facts__row"><dt>As</dt><dd>${capitalised(PARTY_ROLE[party])}</dd></div>
    <div class="facts__row"><dt>When</dt><dd>${readableInstant(signature.signed_at)} (UK time)</dd></div>`;
}

function bothParties(note: WasteTransferNote, party: Party): Html {
  if (note.signed === 'signed') {
    return html`<p><strong>Both parties have now signed.</strong> The note is complete and can no longer change. Its content hash (SHA-256) is:</p>
      <p class="hash"><code>${note.content_sha256}</code></p>`;
  }
  const other: Party = party === 'transferor' ? 'transferee' : 'transferor';
  return html`<p>The note is complete when ${PARTY_ROLE[other]} has signed too.</p>`;
}

/** After a signature was recorded through this link. */
export function signedPage(note: WasteTransferNote, party: Party, shell: SigningShell): Html {
  const signature = note.signatures[party]!;
  const content = html`<div class="confirmation" role="status">
      <h1>Signed</h1>
      <p>Transfer note ${reference(note.reference)}</p>
    </div>
    <section class="card"><dl class="facts">${signatureLine(party, signature)}</dl>${bothParties(note, party)}</section>
    <p>You can close this page. The link cannot be used again.</p>`;
  return layout(shell, { title: `Signed ${note.reference}`, content, note });
}

/** The link was used, or the party has signed some other way. */
export function alreadySignedPage(note: WasteTransferNote, party: Party, shell: SigningShell): Html {
  const signature = note.signatures[party];
  const content = html`<h1>This note has already been signed</h1>
    <p class="lead">Transfer note ${reference(note.reference)} has already been signed as ${PARTY_ROLE[party]}, so this link cannot be used again.</p>
    ${
      signature
        ? html`<section class="card"><dl class="facts">${signatureLine(party, signature)}</dl>${bothParties(note, party)}</section>`
        : html`<p>If you did not sign it, tell the person who sent you the link.</p>`
    }`;
  return layout(shell, { title: `Already signed: ${note.reference}`, content, note });
}

export function expiredPage(note: WasteTransferNote, shell: SigningShell): Html {
  const content = html`<h1>This signing link has expired</h1>
    <p class="lead">The link to sign transfer note ${reference(note.reference)} has expired.</p>
    <p>Ask the person who sent it to you for a new link.</p>`;
  return layout(shell, { title: 'Link expired', content, note });
}

export function supersededPage(note: WasteTransferNote, shell: SigningShell): Html {
  const replacement = note.superseded_by;
  const content = html`<h1>This note has been replaced</h1>
    <p class="lead">Transfer note ${reference(note.reference)} was corrected${replacement ? html` by note ${reference(replacement)}` : ''}, so it can no longer be signed.</p>
    <p>Ask the person who sent you this link for a link to sign ${replacement ? html`${reference(replacement)}` : 'the new note'}.</p>`;
  return layout(shell, { title: 'Note replaced', content, note });
}
