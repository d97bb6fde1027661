import type { KeyMode } from '../../accounts/api-key-format.ts';
import type { ConsignmentNote } from '../../consignments/consignment-schemas.ts';
import { type Html, html } from '../html.ts';
import { errorSummary, type FieldErrors, modeBadge, type PageContext, when } from './components.ts';
import { weightKg } from './facts.ts';
import { appPage } from './layout.ts';
import { dateRange, modeSwitch, pager, pageUrl, selectField, stackTable } from './list-controls.ts';

/** The list's filters as the page's address carries them: the names GET /v1/consignment-notes uses. */
export interface ConsignmentFilters {
  status: string;
  consignment_code?: string;
  created_from?: string;
  created_to?: string;
}
export const CONSIGNMENT_FILTER_FIELDS = ['consignment_code', 'created_from', 'created_to'] as const;

/** A consignment note's status in words: where the waste is in its journey (Parts C, D and E). */
export const CONSIGNMENT_STATUS: Record<ConsignmentNote['status'], [string, string]> = {
  awaiting_collection: ['Awaiting collection', 'waiting'],
  collected: ['Collected (Part C)', 'waiting'],
  in_transit: ['In transit (Part D)', 'waiting'],
  received: ['Received (Part E)', 'ok'],
  partially_rejected: ['Partly rejected', 'failed'],
  rejected: ['Rejected', 'refused'],
};

export const STATUS_CHOICES = [
  { value: '', label: 'Any' },
  ...Object.entries(CONSIGNMENT_STATUS).map(([value, [label]]) => ({ value, label })),
];

export interface ConsignmentsView {
  ctx: PageContext;
  mode: KeyMode;
  filters: ConsignmentFilters;
  errors?: FieldErrors;
  notes: ConsignmentNote[];
  next: string | null;
  paged: boolean;
}

const PATH = '/portal/consignments';

export function consignmentUrl(mode: KeyMode, id: string): string {
  return `${PATH}/${encodeURIComponent(id)}?mode=${mode}`;
}

export function consignmentStatus(note: Pick<ConsignmentNote, 'status'>): Html {
  const [words, kind] = CONSIGNMENT_STATUS[note.status];
  return html`<span class="status status--${kind}">${words}</span>`;
}

function filterForm(view: ConsignmentsView): Html {
  const { filters, errors = {} } = view;
  const codeError = errors.consignment_code;
  return html`<form method="get" action="${PATH}" class="list-filter" novalidate>
    <input type="hidden" name="mode" value="${view.mode}">
    ${selectField({ name: 'status', label: 'Status', choices: STATUS_CHOICES, value: filters.status })}
    <div class="field${codeError ? ' field--error' : ''}">
      <label for="consignment_code">Consignment code</label>
      ${codeError && html`<p class="field-error" id="consignment_code-error"><span class="visually-hidden">Error:</span> ${codeError}</p>`}
      <input id="consignment_code" name="consignment_code" type="text" maxlength="20" value="${filters.consignment_code ?? ''}" spellcheck="false" autocomplete="off"${codeError ? html` aria-invalid="true" aria-describedby="consignment_code-error"` : ''}>
    </div>
    ${dateRange({
      legend: 'Created',
      from: { name: 'created_from', value: filters.created_from },
      to: { name: 'created_to', value: filters.created_to },
      errors,
    })}
    <button type="submit" class="button">Show notes</button>
  </form>`;
}

function row(mode: KeyMode, note: ConsignmentNote): Html {
  const total = note.lines.reduce((sum, l) => sum + l.quantity_kg, 0);
  return html`<tr>
    <th scope="row" data-label="Code"><span><a href="${consignmentUrl(mode, note.id)}" class="long-code">${note.consignment_code}</a></span></th>
    <td data-label="Created"><span>${when(note.created_at)}</span></td>
    <td data-label="Status"><span>${consignmentStatus(note)}</span></td>
    <td data-label="Producer"><span>${note.producer.name}</span></td>
    <td data-label="Consignee"><span>${note.consignee.name}</span></td>
    <td data-label="Waste"><span>${note.lines.map((l) => html`<code class="ewc">${l.ewc_code}</code> `)}<span class="muted">${weightKg(total)}</span></span></td>
  </tr>`;
}

function list(view: ConsignmentsView): Html {
  if (view.errors && Object.keys(view.errors).length > 0) return html``;
  if (view.notes.length === 0) {
    const filtered = Object.values(view.filters).some(Boolean);
    return html`<p class="muted" id="no-notes">${
      filtered
        ? `No ${view.mode} consignment notes match these filters.`
        : `No ${view.mode} consignment notes yet. Notes made with a ${view.mode} key (POST /v1/consignment-notes) appear here.`
    }</p>`;
  }
  return stackTable({
    caption: `${view.mode === 'live' ? 'Live' : 'Test'} consignment notes, newest first`,
    className: 'consignment-list',
    head: ['Code', 'Created', 'Status', 'Producer', 'Consignee', 'Waste'],
    rows: view.notes.map((n) => row(view.mode, n)),
  });
}

export function consignmentsPage(view: ConsignmentsView): Html {
  const url = (startingAfter?: string) =>
    pageUrl(PATH, { mode: view.mode, ...view.filters, starting_after: startingAfter });
  const content = html`
    <div class="page-head"><div><h1>Consignment notes</h1><p class="lead">Your hazardous waste consignment notes, newest first, with where each load is: awaiting collection, collected, in transit, received or rejected. Open one to read Parts A to E or print it. The API gives the same list: <code>GET /v1/consignment-notes</code>.</p></div></div>
    ${modeSwitch(PATH, view.mode, 'notes')}
    <section class="card" aria-labelledby="consignments-title" id="consignments">
      <h2 id="consignments-title">${view.mode === 'live' ? 'Live' : 'Test'} consignment notes ${modeBadge(view.mode)}</h2>
      ${errorSummary(view.errors, [...CONSIGNMENT_FILTER_FIELDS])}
      ${filterForm(view)}
      ${list(view)}
      ${pager({
        first: view.paged ? url() : undefined,
        next: view.next ? url(view.next) : undefined,
        newest: 'Newest notes',
        older: 'Older notes',
      })}
    </section>`;
  return appPage({ title: 'Consignment notes', ctx: view.ctx, section: 'consignments', content });
}
