import type { WasteTransferNote } from '../../wtn/wtn-schemas.ts';
import { type Html, html } from '../html.ts';

/** A transfer note's state in words, the same in the list and on the note's own page. */

const SIGNED_WORDS: Record<WasteTransferNote['signed'], [string, string]> = {
  unsigned: ['Not signed', 'waiting'],
  partially_signed: ['Signed by one party', 'failing'],
  signed: ['Signed by both', 'active'],
};

export function signedState(note: Pick<WasteTransferNote, 'signed'>): Html {
  const [words, kind] = SIGNED_WORDS[note.signed];
  return html`<span class="status status--${kind}">${words}</span>`;
}

/** Compliance as the note recorded it when made: flags make a note non-compliant, warnings do not. */
export function compliance(note: Pick<WasteTransferNote, 'compliance'>): Html {
  const { flags, warnings } = note.compliance;
  if (flags.length > 0) {
    const n = flags.length;
    return html`<span class="status status--refused">${n} ${n === 1 ? 'flag' : 'flags'}</span>`;
  }
  if (warnings.length > 0) {
    const n = warnings.length;
    return html`<span class="status status--ok">Compliant</span> <span class="muted">(${n} ${n === 1 ? 'warning' : 'warnings'})</span>`;
  }
  return html`<span class="status status--ok">Compliant</span>`;
}

export function supersededBadge(note: Pick<WasteTransferNote, 'status'>): Html {
  return note.status === 'superseded'
    ? html` <span class="badge badge--superseded">Superseded</span>`
    : html``;
}
