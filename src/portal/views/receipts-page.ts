import type { KeyMode } from '../../accounts/api-key-format.ts';
import type { WasteReceipt } from '../../receipts/receipt-schemas.ts';
import { type Html, html } from '../html.ts';
import {
  csrfField,
  errorSummary,
  type FieldErrors,
  modeBadge,
  notice,
  type PageContext,
  when,
} from './components.ts';
import { facts } from './facts.ts';
import { appPage } from './layout.ts';
import { modeSwitch, pager, pageUrl } from './list-controls.ts';

/** One section of the page, a page at a time. */
export interface ReceiptSection {
  receipts: WasteReceipt[];
  next: string | null;
  paged: boolean;
}

/** A resolve form sent back with problems: which receipt, what was chosen and typed, and what is wrong. */
export interface ResolveAttempt {
  id: string;
  values: { outcome?: string; waste_tracking_id?: string };
  errors: FieldErrors;
}

export interface ReceiptsView {
  ctx: PageContext;
  mode: KeyMode;
  review: ReceiptSection;
  overdue: ReceiptSection;
  dueSoon: WasteReceipt[];
  /** The cursors in force, so paging one section keeps the other where it was. */
  cursors: { review_after?: string; overdue_after?: string };
  resolve?: ResolveAttempt;
  message?: string;
}

const PATH = '/portal/receipts';

const STATUS_WORDS: Record<WasteReceipt['status'], [string, string]> = {
  pending: ['Waiting to be sent', 'waiting'],
  submitting: ['Being sent', 'waiting'],
  retrying: ['DWT unavailable: retrying', 'failing'],
  submitted: ['In DWT', 'ok'],
  rejected: ['Refused by DWT', 'refused'],
  needs_review: ['Needs review', 'failing'],
};

export const fieldId = (receiptId: string, field: 'outcome' | 'waste_tracking_id') =>
  `resolve-${receiptId}-${field}`;

function deadline(r: WasteReceipt): Html {
  if (r.overdue) return html`<span class="badge badge--overdue">Overdue</span>`;
  if (r.due_soon) return html`<span class="badge badge--due-soon">Due within 24 hours</span>`;
  return html``;
}

/** DWT's six digits ("170904") as the List of Wastes writes them ("17 09 04"). */
const ewc = (code: string) => code.replace(/^(\d{2})(\d{2})(\d{2})(\*?)$/, '$1 $2 $3$4');

function wasteWords(r: WasteReceipt): Html | null {
  const items = r.waste_items ?? [];
  if (items.length === 0) return null;
  return html`<ul class="plain-list">${items.map(
    (w) =>
      html`<li>${(w.ewc_codes ?? []).map((c) => html`<code class="ewc">${ewc(c)}</code> `)}${w.description ?? ''}</li>`,
  )}</ul>`;
}

function outcomeField(view: ReceiptsView, r: WasteReceipt): Html {
  const attempt = view.resolve?.id === r.id ? view.resolve : undefined;
  const errors = attempt?.errors ?? {};
  const chosen = attempt?.values.outcome;
  const outcomeId = fieldId(r.id, 'outcome');
  const idId = fieldId(r.id, 'waste_tracking_id');
  const radio = (value: 'in_dwt' | 'not_in_dwt', label: string) =>
    html`<div class="radio">
      <input type="radio" id="${outcomeId}-${value}" name="outcome" value="${value}"${chosen === value ? html` checked` : ''}>
      <label for="${outcomeId}-${value}">${label}</label>
    </div>`;
  const idError = errors[idId];
  return html`<fieldset class="field${errors[outcomeId] ? ' field--error' : ''}" id="${outcomeId}">
      <legend>Does DWT hold this receipt?</legend>
      <p class="hint">Look for it in DWT by its receipt id (reference “Waste Compliance Service receipt”)${r.your_reference ? html` or your reference <code>${r.your_reference}</code>` : ''}.</p>
      ${errors[outcomeId] && html`<p class="field-error"><span class="visually-hidden">Error:</span> ${errors[outcomeId]}</p>`}
      ${radio('in_dwt', 'Yes, I found it in DWT')}
      <div class="field field--nested${idError ? ' field--error' : ''}">
        <label for="${idId}">Waste tracking id</label>
        <p class="hint" id="${idId}-hint">Only when you found it: DWT’s id for the movement, like 26HRA0B2.</p>
        ${idError && html`<p class="field-error" id="${idId}-error"><span class="visually-hidden">Error:</span> ${idError}</p>`}
        <input id="${idId}" name="waste_tracking_id" type="text" maxlength="16" value="${attempt?.values.waste_tracking_id ?? ''}" autocomplete="off" spellcheck="false" aria-describedby="${idId}-hint${idError ? ` ${idId}-error` : ''}"${idError ? html` aria-invalid="true"` : ''}>
      </div>
      ${radio('not_in_dwt', 'No, it is not in DWT: send it again')}
    </fieldset>`;
}

function resolveForm(view: ReceiptsView, r: WasteReceipt): Html {
  return html`<form method="post" action="/portal/receipts/${r.id}/resolve" class="resolve-form" novalidate>
    ${csrfField(view.ctx)}
    <input type="hidden" name="mode" value="${view.mode}">
    ${outcomeField(view, r)}
    <button type="submit" class="button button--primary">Resolve<span class="visually-hidden"> receipt ${r.your_reference ?? r.id}</span></button>
  </form>`;
}

function receiptItem(view: ReceiptsView, r: WasteReceipt, section: 'review' | 'other'): Html {
  const [words, kind] = STATUS_WORDS[r.status];
  const titleId = `${section}-${r.id}-title`;
  const dwtErrors = r.submission.errors;
  return html`<li class="receipt" id="${section === 'review' ? `receipt-${r.id}` : `${section}-${r.id}`}">
    <article aria-labelledby="${titleId}">
      <div class="receipt__head">
        <h3 id="${titleId}" class="receipt__title">${r.your_reference ?? html`<span class="long-code">${r.id}</span>`}</h3>
        <span class="status status--${kind}">${words}</span> ${deadline(r)}
      </div>
      ${facts([
        ['Received', when(r.received_at)],
        ['Due in DWT by', when(r.submission_due_by)],
        ['Site', r.receiver.name],
        ['Waste', wasteWords(r)],
        ['Carrier', r.carrier?.organisation_name ?? r.carrier?.registration_number],
        ['Receipt id', html`<code class="long-code">${r.id}</code>`],
        ['What happened', r.submission.message],
      ])}
      ${dwtErrors.length > 0 && html`<p>DWT refused it: correct it with <code>PUT /v1/waste-receipts/${r.id}</code>.</p><ul class="issues issues--flag">${dwtErrors.map((e) => html`<li><code class="long-code">${e.field}</code> ${e.issue}</li>`)}</ul>`}
      ${
        r.status === 'needs_review' &&
        (section === 'review'
          ? resolveForm(view, r)
          : html`<p><a href="#receipt-${r.id}">Resolve it</a> under Waiting for review.</p>`)
      }
    </article>
  </li>`;
}

function section(
  view: ReceiptsView,
  o: {
    id: string;
    title: string;
    explain: string;
    empty: string;
    receipts: WasteReceipt[];
    kind: 'review' | 'other';
  },
  paging?: { section: ReceiptSection; cursor: 'review_after' | 'overdue_after'; older: string },
): Html {
  // Paging one section keeps the other sections' cursors, and lands on the section paged.
  const url = (cursor?: string) => {
    const params = { mode: view.mode, ...view.cursors, ...(paging ? { [paging.cursor]: cursor } : {}) };
    return `${pageUrl(PATH, params)}#${o.id}`;
  };
  return html`<section class="card" aria-labelledby="${o.id}-title" id="${o.id}">
    <h2 id="${o.id}-title">${o.title} <span class="count">${o.receipts.length}${paging?.section.next ? '+' : ''}</span></h2>
    <p class="muted">${o.explain}</p>
    ${o.receipts.length === 0 ? html`<p class="muted" id="${o.id}-none">${o.empty}</p>` : html`<ul class="receipt-list">${o.receipts.map((r) => receiptItem(view, r, o.kind))}</ul>`}
    ${
      paging &&
      pager({
        first: paging.section.paged ? url() : undefined,
        next: paging.section.next ? url(paging.section.next) : undefined,
        newest: 'Newest first',
        older: paging.older,
      })
    }
  </section>`;
}

function summaryOrder(view: ReceiptsView): string[] {
  const id = view.resolve?.id;
  return id ? [fieldId(id, 'outcome'), fieldId(id, 'waste_tracking_id')] : [];
}

export function receiptsPage(view: ReceiptsView): Html {
  const mode = view.mode;
  const content = html`
    <div class="page-head"><div><h1>Waste receipts</h1><p class="lead">Receipts that need attention before DEFRA’s Digital Waste Tracking deadline: the end of the second working day after the waste arrived. Receipts DWT already holds are not listed. The API gives the same lists: <code>GET /v1/waste-receipts?status=needs_review</code> and <code>?overdue=true</code>.</p></div></div>
    ${notice(view.message)}
    ${errorSummary(view.resolve?.errors, summaryOrder(view))}
    ${modeSwitch(PATH, mode, 'receipts')}
    <h2 class="section-title">${mode === 'live' ? 'Live receipts' : 'Test receipts'} ${modeBadge(mode)}</h2>
    ${section(
      view,
      {
        id: 'review',
        title: 'Waiting for review',
        explain:
          'DWT’s answer was lost after these were sent, so DWT may or may not hold them. They are never sent again on their own: check DWT, then say what you found.',
        empty: `No ${mode} receipts are waiting for review.`,
        receipts: view.review.receipts,
        kind: 'review',
      },
      { section: view.review, cursor: 'review_after', older: 'More waiting for review' },
    )}
    ${section(
      view,
      {
        id: 'overdue',
        title: 'Overdue',
        explain:
          'Not in DWT and past their deadline, newest first. A refused receipt stays here until it is corrected.',
        empty: `No ${mode} receipts are overdue.`,
        receipts: view.overdue.receipts,
        kind: 'other',
      },
      { section: view.overdue, cursor: 'overdue_after', older: 'More overdue receipts' },
    )}
    ${section(view, {
      id: 'due-soon',
      title: 'Due within 24 hours',
      explain: 'Not in DWT yet, with their deadline in the next 24 hours, soonest first.',
      empty: `No ${mode} receipts are due within 24 hours.`,
      receipts: view.dueSoon,
      kind: 'other',
    })}`;
  return appPage({ title: 'Waste receipts', ctx: view.ctx, section: 'receipts', content });
}
