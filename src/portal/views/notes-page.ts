import { type Html, html } from '../html.ts';
import { errorSummary, type FieldErrors, type PageContext, textField } from './components.ts';
import { appPage } from './layout.ts';

/** The export form's fields, in page order (the error summary lists them so). */
export const EXPORT_FIELDS = ['from', 'to', 'mode'] as const;
export type ExportValues = Partial<Record<(typeof EXPORT_FIELDS)[number], string>>;

export interface NotesView {
  ctx: PageContext;
  values?: ExportValues;
  errors?: FieldErrors;
}

function modeChoice(mode: string, error: string | undefined): Html {
  const radio = (value: 'live' | 'test', label: string, hint: string) => html`<div class="radio">
      <input type="radio" id="mode-${value}" name="mode" value="${value}"${mode === value ? html` checked` : ''} aria-describedby="mode-${value}-hint">
      <label for="mode-${value}">${label}</label>
      <p class="hint" id="mode-${value}-hint">${hint}</p>
    </div>`;
  return html`<fieldset class="field${error ? ' field--error' : ''}" id="mode">
    <legend>Mode</legend>
    ${error && html`<p class="field-error"><span class="visually-hidden">Error:</span> ${error}</p>`}
    ${radio('live', 'Live', 'Notes made with live keys: your real transfers.')}
    ${radio('test', 'Test', 'Notes made with test keys against the sandbox register.')}
  </fieldset>`;
}

function exportForm(view: NotesView): Html {
  const { values = {}, errors = {} } = view;
  return html`<section class="card" id="export" aria-labelledby="export-title">
    <h2 id="export-title">Export transfer notes as CSV</h2>
    <p>One row per note, with the fields regulation 35 asks a note to hold, the carrier's register status when the note was made, its flags and warnings, and who signed it and when. It opens in Excel, LibreOffice and Google Sheets.</p>
    ${errorSummary(errors, [...EXPORT_FIELDS])}
    <form method="get" action="/portal/notes.csv" class="create-key" novalidate>
      ${textField({ name: 'from', label: 'Transfer date from', type: 'date', value: values.from, error: errors.from, optional: true, hint: 'The first transfer date to include, for example 2026-04-01. Leave blank to start from your first note.' })}
      ${textField({ name: 'to', label: 'Transfer date to', type: 'date', value: values.to, error: errors.to, optional: true, hint: 'The last transfer date to include. Leave blank to include your latest notes.' })}
      ${modeChoice(values.mode ?? 'live', errors.mode)}
      <button type="submit" class="button button--primary">Download CSV</button>
    </form>
  </section>`;
}

export function notesPage(view: NotesView): Html {
  const content = html`
    <div class="page-head"><div><h1>Transfer notes</h1><p class="lead">Download your organisation’s waste transfer notes for a period, for your records or an auditor. The API gives the same file: <code>GET /v1/wtn</code> with <code>Accept: text/csv</code>.</p></div></div>
    ${exportForm(view)}`;
  return appPage({ title: 'Transfer notes', ctx: view.ctx, section: 'notes', content });
}
