import type { KeyMode } from '../../accounts/api-key-format.ts';
import type { WasteTransferNote } from '../../wtn/wtn-schemas.ts';
import { type Html, html } from '../html.ts';
import {
  errorSummary,
  type FieldErrors,
  modeBadge,
  type PageContext,
  shortDay,
  textField,
} from './components.ts';
import { appPage } from './layout.ts';
import { dateRange, modeSwitch, pager, pageUrl, selectField, stackTable } from './list-controls.ts';
import { compliance, signedState, supersededBadge } from './note-badges.ts';

/** The export form's fields, in page order (the error summary lists them so). */
export const EXPORT_FIELDS = ['from', 'to', 'mode'] as const;
export type ExportValues = Partial<Record<(typeof EXPORT_FIELDS)[number], string>>;

/** The list's filters as the page's address carries them: the names GET /v1/wtn uses. */
export interface NoteFilters {
  status: string;
  signed: string;
  transfer_date_from?: string;
  transfer_date_to?: string;
}
export const FILTER_FIELDS = ['transfer_date_from', 'transfer_date_to'] as const;

export const STATUS_CHOICES = [
  { value: '', label: 'Current and superseded' },
  { value: 'complete', label: 'Current' },
  { value: 'superseded', label: 'Superseded (corrected)' },
] as const;

export const SIGNED_CHOICES = [
  { value: '', label: 'Any' },
  { value: 'unsigned', label: 'Not signed' },
  { value: 'partially_signed', label: 'Signed by one party' },
  { value: 'signed', label: 'Signed by both' },
] as const;

export interface NotesView {
  ctx: PageContext;
  mode: KeyMode;
  filters: NoteFilters;
  filterErrors?: FieldErrors;
  notes: WasteTransferNote[];
  /** The reference to continue after, when older notes follow. */
  next: string | null;
  /** This page continues an earlier one. */
  paged: boolean;
  /** The export form: what was typed, and its problems. */
  values?: ExportValues;
  errors?: FieldErrors;
}

const PATH = '/portal/notes';

function listUrl(view: NotesView, startingAfter?: string): string {
  return pageUrl(PATH, { mode: view.mode, ...view.filters, starting_after: startingAfter });
}

export function noteUrl(mode: KeyMode, reference: string): string {
  return `/portal/notes/${encodeURIComponent(reference)}?mode=${mode}`;
}

function filterForm(view: NotesView): Html {
  const { filters, filterErrors = {} } = view;
  return html`<form method="get" action="${PATH}" class="list-filter" novalidate>
    <input type="hidden" name="mode" value="${view.mode}">
    ${selectField({ name: 'status', label: 'Status', choices: STATUS_CHOICES, value: filters.status })}
    ${selectField({ name: 'signed', label: 'Signatures', choices: SIGNED_CHOICES, value: filters.signed })}
    ${dateRange({
      legend: 'Transfer date',
      from: { name: 'transfer_date_from', value: filters.transfer_date_from },
      to: { name: 'transfer_date_to', value: filters.transfer_date_to },
      errors: filterErrors,
    })}
    <button type="submit" class="button">Show notes</button>
  </form>`;
}

function noteRow(mode: KeyMode, note: WasteTransferNote): Html {
  const { waste, carrier } = note;
  return html`<tr>
    <th scope="row" data-label="Reference"><span><a href="${noteUrl(mode, note.reference)}" class="long-code">${note.reference}</a>${supersededBadge(note)}</span></th>
    <td data-label="Transfer date"><span>${shortDay(note.transfer_date)}</span></td>
    <td data-label="Waste"><span>${waste.ewc_code ? html`<code class="ewc">${waste.ewc_code}</code> ` : html`<span class="muted">No code</span> `}${waste.description}</span></td>
    <td data-label="Transferor"><span>${note.producer.name}</span></td>
    <td data-label="Carrier"><span>${carrier.business_name ?? carrier.registration_number}${carrier.business_name && html` <span class="muted">${carrier.registration_number}</span>`}</span></td>
    <td data-label="Signatures"><span>${signedState(note)}</span></td>
    <td data-label="Checks"><span>${compliance(note)}</span></td>
  </tr>`;
}

function noteList(view: NotesView): Html {
  if (view.filterErrors && Object.keys(view.filterErrors).length > 0) return html``;
  if (view.notes.length === 0) {
    const filtered = Object.values(view.filters).some(Boolean);
    return html`<p class="muted" id="no-notes">${
      filtered
        ? `No ${view.mode} transfer notes match these filters.`
        : `No ${view.mode} transfer notes yet. Notes made with a ${view.mode} key (POST /v1/generate-wtn) appear here.`
    }</p>`;
  }
  return stackTable({
    caption: `${view.mode === 'live' ? 'Live' : 'Test'} transfer notes, newest first`,
    className: 'note-list',
    head: ['Reference', 'Transfer date', 'Waste', 'Transferor', 'Carrier', 'Signatures', 'Checks'],
    rows: view.notes.map((n) => noteRow(view.mode, n)),
  });
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

/** The CSV export: it starts from what the list shows (its mode and transfer dates). */
function exportForm(view: NotesView): Html {
  const { errors = {} } = view;
  const values = view.values ?? {
    from: view.filters.transfer_date_from,
    to: view.filters.transfer_date_to,
    mode: view.mode,
  };
  return html`<section class="card" id="export" aria-labelledby="export-title">
    <h2 id="export-title">Export transfer notes as CSV</h2>
    <p>One row per note, with the fields regulation 35 asks a note to hold, the carrier's register status when the note was made, its flags and warnings, and who signed it and when. It opens in Excel, LibreOffice and Google Sheets.</p>
    ${errorSummary(errors, [...EXPORT_FIELDS])}
    <form method="get" action="/portal/notes.csv" class="create-key" novalidate>
      ${textField({ name: 'from', label: 'Transfer date from', type: 'date', value: values.from, error: errors.from, optional: true, hint: 'The first transfer date to include, for example 2026-04-01. Leave blank to start from your first note.' })}
      ${textField({ name: 'to', label: 'Transfer date to', type: 'date', value: values.to, error: errors.to, optional: true, hint: 'The last transfer date to include. Leave blank to include your latest notes.' })}
      ${modeChoice(values.mode ?? view.mode, errors.mode)}
      <button type="submit" class="button button--primary">Download CSV</button>
    </form>
  </section>`;
}

export function notesPage(view: NotesView): Html {
  const title = view.mode === 'live' ? 'Live notes' : 'Test notes';
  const content = html`
    <div class="page-head"><div><h1>Transfer notes</h1><p class="lead">Your organisation’s waste transfer notes, newest first: open one to read it, print its PDF or send a party a link to sign it. The API gives the same list: <code>GET /v1/wtn</code>.</p></div></div>
    ${modeSwitch(PATH, view.mode, 'notes')}
    <section class="card" aria-labelledby="notes-title" id="notes">
      <h2 id="notes-title">${title} ${modeBadge(view.mode)}</h2>
      ${errorSummary(view.filterErrors, [...FILTER_FIELDS])}
      ${filterForm(view)}
      ${noteList(view)}
      ${pager({
        first: view.paged ? listUrl(view) : undefined,
        next: view.next ? listUrl(view, view.next) : undefined,
        newest: 'Newest notes',
        older: 'Older notes',
      })}
    </section>
    ${exportForm(view)}`;
  return appPage({ title: 'Transfer notes', ctx: view.ctx, section: 'notes', content });
}
