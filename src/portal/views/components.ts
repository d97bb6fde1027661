import { type Html, html } from '../html.ts';

/** What every portal page needs to render: the form token, asset URLs and, when signed in, who. */
export interface PageContext {
  csrfToken: string;
  assets: { css: string; js: string };
  account?: { email: string; organisationName: string };
}

export type FieldErrors = Record<string, string>;

export function csrfField(ctx: PageContext): Html {
  return html`<input type="hidden" name="_csrf" value="${ctx.csrfToken}">`;
}

/** GOV.UK Design System pattern: a summary at the top that links to each field with a problem. */
export function errorSummary(errors: FieldErrors | undefined, order: string[]): Html {
  if (!errors || Object.keys(errors).length === 0) return html``;
  const fields = [
    ...order.filter((f) => errors[f]),
    ...Object.keys(errors).filter((f) => !order.includes(f)),
  ];
  return html`<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1" autofocus>
    <h2 id="error-summary-title">There is a problem</h2>
    <ul>${fields.map((f) => (f === 'form' ? html`<li>${errors[f]}</li>` : html`<li><a href="#${f}">${errors[f]}</a></li>`))}</ul>
  </div>`;
}

export interface TextFieldOptions {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password' | 'tel' | 'date';
  value?: string;
  autocomplete?: string;
  hint?: string;
  error?: string;
  maxlength?: number;
  minlength?: number;
  autofocus?: boolean;
  /** Not required: the label says "(optional)", as the GOV.UK Design System asks. */
  optional?: boolean;
}

function describedBy(o: { name: string; hint?: string; error?: string }): string {
  return [o.hint ? `${o.name}-hint` : '', o.error ? `${o.name}-error` : ''].filter(Boolean).join(' ');
}

export function textField(o: TextFieldOptions): Html {
  const described = describedBy(o);
  return html`<div class="field${o.error ? ' field--error' : ''}">
    <label for="${o.name}">${o.label}${o.optional && ' (optional)'}</label>
    ${o.hint && html`<p class="hint" id="${o.name}-hint">${o.hint}</p>`}
    ${o.error && html`<p class="field-error" id="${o.name}-error"><span class="visually-hidden">Error:</span> ${o.error}</p>`}
    <input id="${o.name}" name="${o.name}" type="${o.type ?? 'text'}" value="${o.value ?? ''}"${o.optional ? '' : html` required`}
      ${o.autocomplete ? html`autocomplete="${o.autocomplete}"` : ''}
      ${o.maxlength ? html`maxlength="${o.maxlength}"` : ''}
      ${o.minlength ? html`minlength="${o.minlength}"` : ''}
      ${described ? html`aria-describedby="${described}"` : ''}
      ${o.error ? html`aria-invalid="true"` : ''}
      ${o.autofocus ? html`autofocus` : ''}
      spellcheck="false">
  </div>`;
}

/** Several lines of text, such as an address or a list; the same label, hint and error as a text field. */
export function textArea(
  o: Omit<TextFieldOptions, 'type' | 'autofocus' | 'minlength'> & { rows?: number },
): Html {
  const described = describedBy(o);
  return html`<div class="field${o.error ? ' field--error' : ''}">
    <label for="${o.name}">${o.label}</label>
    ${o.hint && html`<p class="hint" id="${o.name}-hint">${o.hint}</p>`}
    ${o.error && html`<p class="field-error" id="${o.name}-error"><span class="visually-hidden">Error:</span> ${o.error}</p>`}
    <textarea id="${o.name}" name="${o.name}" rows="${o.rows ?? 3}"${o.optional ? '' : html` required`}
      ${o.autocomplete ? html`autocomplete="${o.autocomplete}"` : ''}
      ${o.maxlength ? html`maxlength="${o.maxlength}"` : ''}
      ${described ? html`aria-describedby="${described}"` : ''}
      ${o.error ? html`aria-invalid="true"` : ''}
      spellcheck="false">${o.value ?? ''}</textarea>
  </div>`;
}

/** A confirmation after a redirect; `role=status` so screen readers announce it. */
export function notice(message: string | undefined): Html {
  if (!message) return html``;
  return html`<div class="notice" role="status"><p>${message}</p></div>`;
}

const dateTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const dateOnly = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** An instant shown in UK time, machine-readable in `datetime`. */
export function when(iso: string | null | undefined, fallback = 'Never'): Html {
  if (!iso) return html`<span class="muted">${fallback}</span>`;
  return html`<time datetime="${iso}">${dateTime.format(new Date(iso))}</time>`;
}

const shortDate = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** A date in a list, where columns are narrow: 20 Nov 2026. */
export function shortDay(iso: string): Html {
  return html`<time datetime="${iso}">${shortDate.format(new Date(iso))}</time>`;
}

/**
 * A formatter that remembers its answers: Intl formatting costs tens of microseconds a call, and a
 * page shows the same few dates (a cycle's start and reset) on every view.
 */
export function remembered(format: Intl.DateTimeFormat): (iso: string) => string {
  const answers = new Map<string, string>();
  return (iso) => {
    let text = answers.get(iso);
    if (text === undefined) {
      text = format.format(new Date(iso));
      if (answers.size >= 1_000) answers.clear();
      answers.set(iso, text);
    }
    return text;
  };
}

const dayText = remembered(dateOnly);

export function day(iso: string): Html {
  return html`<time datetime="${iso}">${dayText(iso)}</time>`;
}

const numberFormat = new Intl.NumberFormat('en-GB');

/**
 * 12,345. Whole numbers (counts, limits: almost every figure on a page) are grouped in threes here, as
 * en-GB formats them, because a chart's sixty figures through Intl cost more than the rest of its page;
 * anything else goes to one shared formatter (toLocaleString builds a new one on every call).
 */
export function number(n: number): string {
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) return numberFormat.format(n);
  if (n > -1000 && n < 1000) return String(n);
  const digits = String(Math.abs(n));
  let at = digits.length % 3 || 3;
  let out = digits.slice(0, at);
  for (; at < digits.length; at += 3) out += `,${digits.slice(at, at + 3)}`;
  return n < 0 ? `-${out}` : out;
}

export function modeBadge(mode: 'live' | 'test'): Html {
  return mode === 'live'
    ? html`<span class="badge badge--live">Live</span>`
    : html`<span class="badge badge--test">Test</span>`;
}
