import { type Html, html } from '../../portal/html.ts';
import {
  CONFIRM_VALUE,
  type FormErrors,
  NAME_MAX,
  POSITION_MAX,
  type SignatureValues,
} from './signing-form.ts';

/**
 * The parts of a signing form every document has, after the GOV.UK Design System's error pattern: the
 * problems listed at the top, linked to their fields, and each repeated beside its field.
 */

export function fieldError(field: string, errors: FormErrors): Html {
  const message = errors[field];
  return html`${message && html`<p class="field-error" id="${field}-error"><span class="visually-hidden">Error:</span> ${message}</p>`}`;
}

export function describedBy(field: string, errors: FormErrors, hint?: string): Html {
  const ids = [hint, errors[field] ? `${field}-error` : ''].filter(Boolean).join(' ');
  return html`${ids && html` aria-describedby="${ids}"`}${errors[field] && html` aria-invalid="true"`}`;
}

/** One problem in the summary: linked to the field it is about, when it is about one. */
export interface ErrorItem {
  message: string;
  target?: string;
}

export function errorSummary(items: ErrorItem[]): Html {
  if (items.length === 0) return html``;
  return html`<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1">
    <h2 id="error-summary-title">There is a problem</h2>
    <ul>${items.map((i) => html`<li>${i.target ? html`<a href="#${i.target}">${i.message}</a>` : i.message}</li>`)}</ul>
  </div>`;
}

/** A field's box: marked when it has a problem. */
export function field(id: string, errors: FormErrors, body: Html, className = 'field'): Html {
  return html`<div class="${className}${errors[id] ? ' field--error' : ''}">${body}</div>`;
}

/** A one-line text input (or date, time) with its label, hint and problem; its name is its id. */
export function textField(options: {
  id: string;
  label: string;
  value: string;
  errors: FormErrors;
  optional?: boolean;
  hint?: Html | string;
  type?: 'text' | 'date' | 'time' | 'tel' | 'email';
  /** Further attributes, each with its leading space: html` maxlength="20" autocomplete="off"`. */
  attributes?: Html;
}): Html {
  const { id, label, value, errors, hint } = options;
  const hintId = hint ? `${id}-hint` : undefined;
  return field(
    id,
    errors,
    html`<label for="${id}">${label}${options.optional && html` <span class="optional">(optional)</span>`}</label>
      ${hint && html`<p class="hint" id="${hintId}">${hint}</p>`}
      ${fieldError(id, errors)}
      <input id="${id}" name="${id}" type="${options.type ?? 'text'}" value="${value}"${options.attributes ?? ''}${describedBy(id, errors, hintId)}>`,
  );
}

/** Who signs: the full name (required) and the position, with an example of a position. */
export function nameAndPosition(values: SignatureValues, errors: FormErrors, positionExample: string): Html {
  return html`${textField({
    id: 'name',
    label: 'Full name',
    value: values.name,
    errors,
    attributes: html` required maxlength="${NAME_MAX}" autocomplete="name" autocapitalize="words" spellcheck="false"`,
  })}
    ${textField({
      id: 'position',
      label: 'Position',
      optional: true,
      hint: `For example: ${positionExample}.`,
      value: values.position,
      errors,
      attributes: html` maxlength="${POSITION_MAX}" autocomplete="organization-title" autocapitalize="sentences"`,
    })}`;
}

/**
 * The drawing pad, shown by the page's script (signing.js); without it the typed name is the signature.
 * The drawing travels in the hidden field as a PNG data URL.
 */
function signatureField(errors: FormErrors, drawing: string): Html {
  return html`<div class="field signature${errors.drawing ? ' field--error' : ''}" data-signature hidden>
      <p class="label" id="signature-label">Signature <span class="optional">(optional)</span></p>
      <p class="hint" id="signature-hint">Draw with your finger. Your typed name is your signature if you leave this blank.</p>
      ${fieldError('drawing', errors)}
      <canvas id="signature-pad" class="signature__pad" role="img" aria-labelledby="signature-label" aria-describedby="signature-hint" tabindex="-1"></canvas>
      <button type="button" class="button button--quiet" data-signature-clear>Clear signature</button>
    </div>
    <input type="hidden" name="drawing" id="drawing" value="${drawing}">`;
}

/**
 * The form: the document's own fields, the drawing pad, the declaration the signer makes and the box
 * that makes it, and the Sign button.
 */
export function signingForm(options: {
  fields: Html;
  declaration: readonly string[];
  values: SignatureValues;
  errors: FormErrors;
}): Html {
  const { fields, declaration, values, errors } = options;
  return html`<form method="post" class="card sign-form" id="sign" novalidate data-signing-form>
    <h2>Sign</h2>
    ${fields}
    ${signatureField(errors, values.drawing)}
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
