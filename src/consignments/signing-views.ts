import { capitalised, readableInstant } from '../platform/signing/signing-facts.ts';
import type { FormErrors } from '../platform/signing/signing-form.ts';
import { errorSummary, nameAndPosition, signingForm } from '../platform/signing/signing-form-view.ts';
import { reference, type SigningShell, signingLayout } from '../platform/signing/signing-layout.ts';
import { type Html, html } from '../portal/html.ts';
import type { ConsignmentNote, Part } from './consignment-schemas.ts';
import { partEDeclaration } from './part-e-rules.ts';
import { DECLARATIONS } from './part-rules.ts';
import { fieldIds, type PartFormValues, type Problems, summaryOf } from './signing-form.ts';
import { noteSummary, PART_SIGNER, PART_TITLE, signedFacts } from './signing-note-view.ts';
import { partFields } from './signing-part-fields.ts';

/** What a signer of each part would put as their position. */
const POSITION_EXAMPLE: Record<Part, string> = {
  C: 'Driver',
  D: 'Workshop manager',
  E: 'Weighbridge operator',
};

function layout(
  shell: SigningShell,
  note: ConsignmentNote | undefined,
  options: { title: string; content: Html; scripts?: boolean },
): Html {
  return signingLayout(shell, { ...options, test: note?.mode === 'test' });
}

/** The code large at the top, then the part and who signs it. */
function heading(note: ConsignmentNote, part: Part): Html {
  return html`<p class="caption">Hazardous waste consignment note</p>
    <h1 class="document-code"><span class="visually-hidden">Consignment note </span><span class="reference">${note.consignment_code}</span></h1>
    <p class="part-title">${PART_TITLE[part]}</p>`;
}

/** The note and the form to sign the link's part; after a refused try, the problems beside their fields. */
export function openPage(options: {
  note: ConsignmentNote;
  part: Part;
  expiresAt: string;
  shell: SigningShell;
  values: PartFormValues;
  problems?: Problems;
}): Html {
  const { note, part, shell, values } = options;
  const problems = options.problems ?? { errors: {}, general: [] };
  const errors: FormErrors = problems.errors;
  const summary = summaryOf(problems, fieldIds(note, part));
  const form = signingForm({
    fields: html`${nameAndPosition(values.signature, errors, POSITION_EXAMPLE[part])}
      ${partFields(note, part, values.fields, errors)}`,
    declaration: [part === 'E' ? pagePartEDeclaration(note) : DECLARATIONS[part]],
    values: values.signature,
    errors,
  });
  const content = html`${errorSummary(summary)}
    ${heading(note, part)}
    <p class="lead">You are signing as ${PART_SIGNER[part]}. Read the note, then <a href="#sign">sign at the bottom</a>.</p>
    <p class="muted">This link works once and until ${readableInstant(options.expiresAt)}.</p>
    ${noteSummary(note, part)}
    ${form}`;
  const code = note.consignment_code;
  const title = summary.length > 0 ? `Error: sign Part ${part} of ${code}` : `Sign Part ${part} of ${code}`;
  return layout(shell, note, { title, content, scripts: true });
}

/** What happens after this part, in the order of SI 2005/894 reg 36 and, on a rejection, regs 42-44. */
function whatNext(note: ConsignmentNote, part: Part): Html {
  if (part === 'C') return html`<p>Next, ${PART_SIGNER.D} signs Part D before the waste leaves.</p>`;
  if (part === 'D') return html`<p>Next, ${PART_SIGNER.E} signs Part E when the waste arrives.</p>`;
  if (!note.parts.E) return html``;
  const rejected =
    note.status === 'received'
      ? ''
      : html`<p><strong>Waste was rejected.</strong> The producer arranges where it goes next, on a further consignment note.</p>`;
  return html`${rejected}<p>All parts are signed: the note is complete and can no longer change. Its content hash (SHA-256) is:</p>
    <p class="hash"><code>${note.content_sha256}</code></p>`;
}

/** After this link's part was signed. */
export function signedPage(note: ConsignmentNote, part: Part, shell: SigningShell): Html {
  const content = html`<div class="confirmation" role="status">
      <h1>Signed</h1>
      <p>Part ${part} of consignment note ${reference(note.consignment_code)}</p>
    </div>
    <section class="card"><h2>${PART_TITLE[part]}</h2>${signedFacts(note, part)}${whatNext(note, part)}</section>
    <p>You can close this page. The link cannot be used again.</p>`;
  return layout(shell, note, { title: `Signed Part ${part} of ${note.consignment_code}`, content });
}

/** The part has been signed, through this link or another way; or the link was used. */
export function alreadySignedPage(note: ConsignmentNote, part: Part, shell: SigningShell): Html {
  const content = html`<h1>This part has already been signed</h1>
    <p class="lead">Part ${part} of consignment note ${reference(note.consignment_code)} has already been signed, so this link cannot be used again.</p>
    ${
      note.parts[part]
        ? html`<section class="card"><h2>${PART_TITLE[part]}</h2>${signedFacts(note, part)}${whatNext(note, part)}</section>`
        : html`<p>If you did not sign it, tell the person who sent you the link.</p>`
    }`;
  return layout(shell, note, { title: `Already signed: ${note.consignment_code}`, content });
}

export function expiredPage(note: ConsignmentNote, part: Part, shell: SigningShell): Html {
  const content = html`<h1>This signing link has expired</h1>
    <p class="lead">The link to sign Part ${part} of consignment note ${reference(note.consignment_code)} has expired.</p>
    <p>Ask the person who sent it to you for a new link.</p>`;
  return layout(shell, note, { title: 'Link expired', content });
}

/** Parts are signed in order (reg 36): this link works once the part before it has been signed. */
export function waitingPage(note: ConsignmentNote, part: Part, waitingFor: Part, shell: SigningShell): Html {
  const content = html`${heading(note, part)}
    <h2>This link is not ready yet</h2>
    <p class="lead">Part ${waitingFor} must be signed first; this link will work once it has.</p>
    <p>${capitalised(PART_SIGNER[waitingFor])} signs Part ${waitingFor}. Open this link again after that.</p>
    ${noteSummary(note, part)}`;
  return layout(shell, note, { title: `Waiting for Part ${waitingFor}: ${note.consignment_code}`, content });
}

/** Part E's certificate on the page, its blanks pointing at the fields above it. */
const pagePartEDeclaration = (note: ConsignmentNote) =>
  partEDeclaration({
    // As the stored certificate has it: no permit sentence where A4 holds none (a return to the producer).
    permit: note.consignee.permit_number ? 'the number entered above' : null,
    total: note.multiple_collection ? 'the number entered above' : undefined,
    received: 'the date and time entered above',
  });
