import { type Html, html, trusted } from '../portal/html.ts';
import {
  CONFIRM_VALUE,
  NAME_MAX,
  POSITION_MAX,
  type SigningFormErrors,
  type SigningFormValues,
} from './signing-form.ts';
import { declarationOf, noteSummary, PARTY_ROLE, readableInstant } from './signing-note-view.ts';
import type { Party, Signature, WasteTransferNote } from './wtn-schemas.ts';

/** The signing page's stylesheet and scripts, with content hashes in their URLs. */
export interface SigningAssets {
  css: string;
  pad: string;
  js: string;
  icon: string;
}

const LOGO = trusted(
  '<svg class="brand__mark" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false"><path d="M16 2 4 6.5v8.3c0 7.4 5.1 13.9 12 15.7 6.9-1.8 12-8.3 12-15.7V6.5L16 2Z" fill="currentColor"/><path d="m10.5 16.2 3.8 3.8 7.4-7.6" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/></svg>',
);

/** A page for the signer: no navigation, nothing to log in to, the TEST banner on sandbox notes. */
function layout(options: {
  title: string;
  assets: SigningAssets;
  content: Html;
  note?: WasteTransferNote;
  scripts?: boolean;
}): Html {
  const { title, assets, content, note, scripts } = options;
  return html`<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${title} · Waste Compliance Service</title>
<link rel="icon" href="${assets.icon}" type="image/svg+xml">
<link rel="stylesheet" href="${assets.css}">
${scripts && html`<script src="${assets.pad}" defer></script><script src="${assets.js}" defer></script>`}
</head>
<body>
${
  note?.mode === 'test' &&
  html`<div class="test-banner" role="note"><strong>TEST NOTE</strong> Made in the sandbox with a test key: it records no real transfer of waste.</div>`
}
<header class="site-header"><div class="container"><span class="brand">${LOGO}<span>Waste Compliance Service</span></span></div></header>
<main id="main"><div class="container">${content}</div></main>
<footer class="site-footer"><div class="container"><p>Waste transfer notes for UK duty of care (Environmental Protection Act 1990 s34).</p></div></footer>
</body>
</html>`;
}

function fieldError(field: keyof SigningFormErrors, errors: SigningFormErrors): Html {
  const message = errors[field];
  return html`${message && html`<p class="field-error" id="${field}-error"><span class="visually-hidden">Error:</span> ${message}</p>`}`;
}

function describedBy(field: keyof SigningFormErrors, errors: SigningFormErrors, hint?: string): Html {
  const ids = [hint, errors[field] ? `${field}-error` : ''].filter(Boolean).join(' ');
  return html`${ids && html` aria-describedby="${ids}"`}${errors[field] && html` aria-invalid="true"`}`;
}

/** A note's reference, read and quoted whole: never broken at its hyphens. */
function reference(value: string, strong = true): Html {
  return strong
    ? html`<strong class="reference">${value}</strong>`
    : html`<span class="reference">${value}</span>`;
}

const ERROR_ORDER = ['name', 'position', 'drawing', 'confirm'] as const;

function errorSummary(errors: SigningFormErrors): Html {
  const fields = ERROR_ORDER.filter((f) => errors[f]);
  if (fields.length === 0) return html``;
  const target = (f: (typeof ERROR_ORDER)[number]) => (f === 'drawing' ? 'signature-pad' : f);
  return html`<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1">
    <h2 id="error-summary-title">There is a problem</h2>
    <ul>${fields.map((f) => html`<li><a href="#${target(f)}">${errors[f]}</a></li>`)}</ul>
  </div>`;
}

function field(name: 'name' | 'position', errors: SigningFormErrors, body: Html): Html {
  return html`<div class="field${errors[name] ? ' field--error' : ''}">${body}</div>`;
}

function signingForm(party: Party, values: SigningFormValues, errors: SigningFormErrors): Html {
  const declaration = declarationOf(party);
  return html`<form method="post" class="card sign-form" id="sign" novalidate data-signing-form>
    <h2>Sign</h2>
    ${field(
      'name',
      errors,
      html`<label for="name">Full name</label>
      ${fieldError('name', errors)}
      <input id="name" name="name" type="text" value="${values.name}" required maxlength="${NAME_MAX}" autocomplete="name" autocapitalize="words" spellcheck="false"${describedBy('name', errors)}>`,
    )}
    ${field(
      'position',
      errors,
      html`<label for="position">Position <span class="optional">(optional)</span></label>
      <p class="hint" id="position-hint">For example: Driver, Site manager.</p>
      ${fieldError('position', errors)}
      <input id="position" name="position" type="text" value="${values.position}" maxlength="${POSITION_MAX}" autocomplete="organization-title" autocapitalize="sentences"${describedBy('position', errors, 'position-hint')}>`,
    )}
    <div class="field signature${errors.drawing ? ' field--error' : ''}" data-signature hidden>
      <p class="label" id="signature-label">Signature <span class="optional">(optional)</span></p>
      <p class="hint" id="signature-hint">Draw with your finger. Your typed name is your signature if you leave this blank.</p>
      ${fieldError('drawing', errors)}
      <canvas id="signature-pad" class="signature__pad" role="img" aria-labelledby="signature-label" aria-describedby="signature-hint" tabindex="-1"></canvas>
      <button type="button" class="button button--quiet" data-signature-clear>Clear signature</button>
    </div>
    <input type="hidden" name="drawing" id="drawing" value="${values.drawing}">
    <div class="declaration">
      <h3>Declaration</h3>
      ${declaration.map((text) => html`<p>${text}</p>`)}
    </div>
    <div class="field checkbox${errors.confirm ? ' field--error' : ''}">
      ${fieldError('confirm', errors)}
      <input id="confirm" name="confirm" type="checkbox" value="${CONFIRM_VALUE}" required${values.confirmed ? html` checked` : ''}${describedBy('confirm', errors)}>
      <label for="confirm">I confirm the declaration</label>
    </div>
    <button type="submit" class="button button--primary button--block" data-sign-button>Sign</button>
  </form>`;
}

/** The note and the form to sign it; with problems shown beside their fields after a refused try. */
export function openPage(options: {
  note: WasteTransferNote;
  party: Party;
  expiresAt: string;
  assets: SigningAssets;
  values?: SigningFormValues;
  errors?: SigningFormErrors;
}): Html {
  const { note, party, assets, errors = {} } = options;
  const values = options.values ?? { name: '', position: '', drawing: '', confirmed: false };
  const content = html`${errorSummary(errors)}
    <p class="caption">Waste transfer note</p>
    <h1>Sign transfer note ${reference(note.reference, false)}</h1>
    <p class="lead">You are signing as ${PARTY_ROLE[party]}. Read the note, then <a href="#sign">sign at the bottom</a>.</p>
    <p class="muted">This link works once and until ${readableInstant(options.expiresAt)}.</p>
    ${noteSummary(note)}
    ${signingForm(party, values, errors)}`;
  const title = Object.keys(errors).length > 0 ? `Error: sign ${note.reference}` : `Sign ${note.reference}`;
  return layout({ title, assets, content, note, scripts: true });
}

function signatureLine(party: Party, signature: Signature): Html {
  return html`<div class="facts__row"><dt>Signed by</dt><dd>${signature.name}${signature.position ? `, ${signature.position}` : ''}</dd></div>
    <div class="facts__row"><dt>As</dt><dd>${capitalised(PARTY_ROLE[party])}</dd></div>
    <div class="facts__row"><dt>When</dt><dd>${readableInstant(signature.signed_at)} (UK time)</dd></div>`;
}

function capitalised(words: string): string {
  return words.charAt(0).toUpperCase() + words.slice(1);
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
export function signedPage(note: WasteTransferNote, party: Party, assets: SigningAssets): Html {
  const signature = note.signatures[party]!;
  const content = html`<div class="confirmation" role="status">
      <h1>Signed</h1>
      <p>Transfer note ${reference(note.reference)}</p>
    </div>
    <section class="card"><dl class="facts">${signatureLine(party, signature)}</dl>${bothParties(note, party)}</section>
    <p>You can close this page. The link cannot be used again.</p>`;
  return layout({ title: `Signed ${note.reference}`, assets, content, note });
}

/** The link was used, or the party has signed some other way. */
export function alreadySignedPage(note: WasteTransferNote, party: Party, assets: SigningAssets): Html {
  const signature = note.signatures[party];
  const content = html`<h1>This note has already been signed</h1>
    <p class="lead">Transfer note ${reference(note.reference)} has already been signed as ${PARTY_ROLE[party]}, so this link cannot be used again.</p>
    ${
      signature
        ? html`<section class="card"><dl class="facts">${signatureLine(party, signature)}</dl>${bothParties(note, party)}</section>`
        : html`<p>If you did not sign it, tell the person who sent you the link.</p>`
    }`;
  return layout({ title: `Already signed: ${note.reference}`, assets, content, note });
}

export function expiredPage(note: WasteTransferNote, assets: SigningAssets): Html {
  const content = html`<h1>This signing link has expired</h1>
    <p class="lead">The link to sign transfer note ${reference(note.reference)} has expired.</p>
    <p>Ask the person who sent it to you for a new link.</p>`;
  return layout({ title: 'Link expired', assets, content, note });
}

export function supersededPage(note: WasteTransferNote, assets: SigningAssets): Html {
  const replacement = note.superseded_by;
  const content = html`<h1>This note has been replaced</h1>
    <p class="lead">Transfer note ${reference(note.reference)} was corrected${replacement ? html` by note ${reference(replacement)}` : ''}, so it can no longer be signed.</p>
    <p>Ask the person who sent you this link for a link to sign ${replacement ? html`${reference(replacement)}` : 'the new note'}.</p>`;
  return layout({ title: 'Note replaced', assets, content, note });
}

export function notFoundPage(assets: SigningAssets): Html {
  const content = html`<h1>This signing link is not valid</h1>
    <p class="lead">Check that you opened the whole link from the message you were sent.</p>
    <p>If it still does not work, ask the person who sent it to you for a new link.</p>`;
  return layout({ title: 'Link not valid', assets, content });
}

/** A fault or a request no browser form sends: what to do next, never a detail of the fault. */
export function problemPage(title: string, message: Html, assets: SigningAssets): Html {
  return layout({ title, assets, content: html`<h1>${title}</h1>${message}` });
}
