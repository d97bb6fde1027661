import type { KeyMode } from '../../accounts/api-key-format.ts';
import { type Html, html } from '../html.ts';
import type { FieldErrors } from './components.ts';

/**
 * The pieces the lists of the organisation's work share (transfer notes, consignment notes, receipts):
 * the live/test switch, filters sent as a plain GET form, and cursor paging by links, so every list
 * works with or without JavaScript and every view has an address that can be bookmarked.
 */

/** A page's address with these query parameters; empty ones are left out. */
export function pageUrl(path: string, params: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) query.set(name, value);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** Live and test apart, as the API keeps them: two links, the current one marked. */
export function modeSwitch(path: string, mode: KeyMode, noun: string): Html {
  const tab = (value: KeyMode, label: string) =>
    html`<li><a href="${pageUrl(path, { mode: value })}"${mode === value ? html` aria-current="page"` : ''}>${label}</a></li>`;
  return html`<nav class="mode-switch" aria-label="Mode">
    <ul>${tab('live', `Live ${noun}`)}${tab('test', `Test ${noun}`)}</ul>
  </nav>`;
}

export interface Choice {
  value: string;
  label: string;
}

export function selectField(o: {
  name: string;
  label: string;
  choices: readonly Choice[];
  value: string;
}): Html {
  return html`<div class="field">
    <label for="${o.name}">${o.label}</label>
    <select id="${o.name}" name="${o.name}">${o.choices.map(
      (c) =>
        html`<option value="${c.value}"${c.value === o.value ? html` selected` : ''}>${c.label}</option>`,
    )}</select>
  </div>`;
}

/** A date range: one legend, two short labels, each end optional. */
export function dateRange(o: {
  legend: string;
  from: { name: string; value?: string };
  to: { name: string; value?: string };
  errors: FieldErrors;
}): Html {
  const input = (field: { name: string; value?: string }, label: string) => {
    const error = o.errors[field.name];
    return html`<div class="field${error ? ' field--error' : ''}">
      <label for="${field.name}">${label}</label>
      ${error && html`<p class="field-error" id="${field.name}-error"><span class="visually-hidden">Error:</span> ${error}</p>`}
      <input id="${field.name}" name="${field.name}" type="date" value="${field.value ?? ''}"${error ? html` aria-invalid="true" aria-describedby="${field.name}-error"` : ''}>
    </div>`;
  };
  return html`<fieldset class="date-range">
    <legend>${o.legend}</legend>
    <div class="date-range__ends">${input(o.from, 'From')}${input(o.to, 'To')}</div>
  </fieldset>`;
}

/** Links to the newest page and the next, older one. */
export function pager(o: { first?: string; next?: string; newest: string; older: string }): Html {
  if (!o.first && !o.next) return html``;
  return html`<nav class="pager" aria-label="Pages">
    ${o.first && html`<a href="${o.first}">${o.newest}</a>`}
    ${o.next && html`<a href="${o.next}" rel="next">${o.older}</a>`}
  </nav>`;
}

/**
 * A table that is a table on a wide screen and a stack of labelled blocks on a phone (portal.css
 * `.stack-table`): each cell carries its column's name and holds one element.
 */
export function stackTable(o: { caption: string; className?: string; head: string[]; rows: Html[] }): Html {
  return html`<div class="table-wrap"><table class="table stack-table${o.className ? ` ${o.className}` : ''}">
    <caption class="visually-hidden">${o.caption}</caption>
    <thead><tr>${o.head.map((h) => html`<th scope="col">${h}</th>`)}</tr></thead>
    <tbody>${o.rows}</tbody>
  </table></div>`;
}
