import type { ApiRequest } from '../../requests/request-schemas.ts';
import { type Html, html } from '../html.ts';
import { modeBadge, number, type PageContext } from './components.ts';
import { appPage } from './layout.ts';

/** The status filter's choices: every request, or one class of status. */
export const STATUS_CHOICES = [
  { value: '', label: 'All statuses' },
  { value: '2xx', label: '2xx: succeeded' },
  { value: '4xx', label: '4xx: refused (your request)' },
  { value: '5xx', label: '5xx: failed (our side)' },
] as const;

export interface RequestsView {
  ctx: PageContext;
  mode: 'live' | 'test';
  /** The status filter in force ('' for all). */
  status: string;
  requests: ApiRequest[];
  /** The id to continue after, when older requests follow. */
  next: string | null;
  /** This page continues an earlier one (a link back to the newest is shown). */
  paged: boolean;
  retentionDays: number;
}

/** To the second, in UK time: requests a second apart must be told apart. */
const toTheSecond = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

function arrived(iso: string): Html {
  return html`<time datetime="${iso}">${toTheSecond.format(new Date(iso))}</time>`;
}

/** The page's own address with these settings, so every link keeps the mode and the filter. */
function pageUrl(mode: string, status: string, startingAfter?: string): string {
  const query = new URLSearchParams({ mode });
  if (status) query.set('status', status);
  if (startingAfter) query.set('starting_after', startingAfter);
  return `/portal/requests?${query}`;
}

function modeSwitch(view: RequestsView): Html {
  const tab = (mode: 'live' | 'test', label: string) =>
    html`<li><a href="${pageUrl(mode, view.status)}"${view.mode === mode ? html` aria-current="page"` : ''}>${label}</a></li>`;
  return html`<nav class="mode-switch" aria-label="Mode">
    <ul>${tab('live', 'Live requests')}${tab('test', 'Test requests')}</ul>
  </nav>`;
}

function statusFilter(view: RequestsView): Html {
  return html`<form method="get" action="/portal/requests" class="request-filter">
    <input type="hidden" name="mode" value="${view.mode}">
    <div class="field">
      <label for="status">Status</label>
      <select id="status" name="status">${STATUS_CHOICES.map(
        (c) =>
          html`<option value="${c.value}"${c.value === view.status ? html` selected` : ''}>${c.label}</option>`,
      )}</select>
    </div>
    <button type="submit" class="button">Show</button>
  </form>`;
}

function statusCell(r: ApiRequest): Html {
  const kind = r.status >= 500 ? 'failed' : r.status >= 400 ? 'refused' : 'ok';
  return html`<span class="status status--${kind}">${r.status}</span>${r.error_code && html` <code class="request__code">${r.error_code}</code>`}`;
}

function requestRow(r: ApiRequest): Html {
  // One element in each cell, so a phone lays each out as its label beside its value (portal.css).
  return html`<tr>
    <td data-label="Time"><span>${arrived(r.created_at)}</span></td>
    <th scope="row" data-label="Request"><span><span class="request__method">${r.method}</span> <code class="long-code">${r.path}</code></span></th>
    <td data-label="Status"><span>${statusCell(r)}</span></td>
    <td data-label="Took" class="num"><span>${number(r.duration_ms)} ms</span></td>
    <td data-label="Key"><span><code class="prefix">${r.key.prefix}</code></span></td>
    <td data-label="Request id"><span><code class="request__id">${r.id}</code></span></td>
  </tr>`;
}

function requestTable(view: RequestsView): Html {
  if (view.requests.length === 0) {
    const what = view.status ? `${view.mode} requests with a ${view.status} status` : `${view.mode} requests`;
    return html`<p class="muted" id="no-requests">No ${what} in the last ${view.retentionDays} days. ${
      view.mode === 'test'
        ? 'Make a call with a test key and it appears here.'
        : 'Calls made with a live key appear here.'
    }</p>`;
  }
  return html`<div class="table-wrap"><table class="table request-log">
    <caption class="visually-hidden">${view.mode === 'live' ? 'Live' : 'Test'} requests, newest first</caption>
    <thead><tr><th scope="col">Time</th><th scope="col">Request</th><th scope="col">Status</th><th scope="col" class="num">Took</th><th scope="col">Key</th><th scope="col">Request id</th></tr></thead>
    <tbody>${view.requests.map(requestRow)}</tbody>
  </table></div>`;
}

function pager(view: RequestsView): Html {
  if (!view.next && !view.paged) return html``;
  return html`<nav class="pager" aria-label="Pages">
    ${view.paged && html`<a href="${pageUrl(view.mode, view.status)}">Newest requests</a>`}
    ${view.next && html`<a href="${pageUrl(view.mode, view.status, view.next)}" rel="next">Older requests</a>`}
  </nav>`;
}

export function requestsPage(view: RequestsView): Html {
  const content = html`
    <div class="page-head"><div><h1>Requests</h1><p class="lead">Every API request made with your organisation’s keys in the last ${view.retentionDays} days, newest first: what was sent where, what came back, and its request id (the <code>Request-Id</code> header) to quote to support. Bodies and query strings are never stored. The API gives the same list: <code>GET /v1/requests</code> (<a href="/docs/guides/requests">the request log guide</a>).</p></div></div>
    ${modeSwitch(view)}
    <section class="card" aria-labelledby="requests-title">
      <h2 id="requests-title">${view.mode === 'live' ? 'Live' : 'Test'} requests ${modeBadge(view.mode)}</h2>
      ${statusFilter(view)}
      ${requestTable(view)}
      ${pager(view)}
    </section>`;
  return appPage({ title: 'Requests', ctx: view.ctx, section: 'requests', content });
}
