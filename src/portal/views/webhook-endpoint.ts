import type { DeliveryStatus } from '../../webhooks/tables.ts';
import type { WebhookDelivery, WebhookEndpoint } from '../../webhooks/webhook-schemas.ts';
import { type Html, html } from '../html.ts';
import { csrfField, type PageContext, when } from './components.ts';

/** An endpoint with its most recent deliveries, newest first, as the page shows it. */
export interface EndpointWithDeliveries {
  endpoint: WebhookEndpoint;
  deliveries: WebhookDelivery[];
}

const DELIVERY_STATUS: Record<DeliveryStatus, { label: string; tone: string }> = {
  pending: { label: 'Queued', tone: 'waiting' },
  delivering: { label: 'Sending', tone: 'waiting' },
  retrying: { label: 'Retrying', tone: 'failing' },
  succeeded: { label: 'Delivered', tone: 'active' },
  failed: { label: 'Failed', tone: 'revoked' },
};

function endpointStatus(endpoint: WebhookEndpoint): Html {
  if (endpoint.status === 'enabled') return html`<span class="status status--active">Enabled</span>`;
  return html`<span class="status status--revoked">Disabled</span>`;
}

/** Why it is disabled, or since when it has been failing: what the owner must act on. */
function endpointHealth(endpoint: WebhookEndpoint): Html {
  if (endpoint.status === 'disabled') {
    const why = endpoint.disabled_reason ?? 'Disabled in the portal or with the API.';
    return html`<p class="warning">${why} Nothing is sent to it until it is enabled again.</p>`;
  }
  if (!endpoint.failing_since) return html``;
  return html`<p class="warning">Failing since ${when(endpoint.failing_since)}: no delivery has succeeded since then. After 3 days of failures the endpoint is disabled.</p>`;
}

function eventList(events: string[]): Html {
  if (events.includes('*')) return html`All events, including types added later`;
  return html`<ul class="plain-list">${events.map((e) => html`<li><code>${e}</code></li>`)}</ul>`;
}

/** One POST button in the endpoint's row of actions; the hidden text names the endpoint for screen readers. */
function action(ctx: PageContext, endpoint: WebhookEndpoint, path: string, label: string): Html {
  return html`<form method="post" action="/portal/webhooks/${endpoint.id}/${path}">
    ${csrfField(ctx)}
    <button type="submit" class="button">${label}<span class="visually-hidden"> for ${endpoint.url}</span></button>
  </form>`;
}

function actions(ctx: PageContext, endpoint: WebhookEndpoint): Html {
  const enabled = endpoint.status === 'enabled';
  return html`<div class="button-row endpoint__actions">
    ${enabled && action(ctx, endpoint, 'test', 'Send test event')}
    ${enabled ? action(ctx, endpoint, 'disable', 'Disable') : action(ctx, endpoint, 'enable', 'Enable')}
    ${action(ctx, endpoint, 'rotate', 'Rotate secret')}
    <a class="danger-link" href="/portal/webhooks/${endpoint.id}/delete">Delete<span class="visually-hidden"> ${endpoint.url}</span></a>
  </div>`;
}

/** The receiver's last answer: its HTTP status, or why none came (timeout, refused address). */
function lastResponse(delivery: WebhookDelivery): Html {
  const last = delivery.attempts.at(-1);
  if (!last) return html`<span class="muted">Not sent yet</span>`;
  if (last.error) return html`${last.error}`;
  if (last.http_status !== null) return html`HTTP ${last.http_status}`;
  return html`<span class="muted">Waiting for an answer</span>`;
}

function deliveryRow(ctx: PageContext, endpoint: WebhookEndpoint, d: WebhookDelivery): Html {
  const status = DELIVERY_STATUS[d.status];
  const last = d.attempts.at(-1);
  // Queued and in-flight deliveries are already on their way; a second request would only race them.
  const canRedeliver = endpoint.status === 'enabled' && d.status !== 'pending' && d.status !== 'delivering';
  return html`<tr id="delivery-${d.id}">
    <th scope="row"><code>${d.event_type}</code></th>
    <td><span class="status status--${status.tone}">${status.label}</span>${
      d.status === 'retrying' &&
      d.next_attempt_at &&
      html`<br><span class="muted">next ${when(d.next_attempt_at)}</span>`
    }</td>
    <td class="num">${d.attempts.length}</td>
    <td>${lastResponse(d)}</td>
    <td>${when(last?.started_at ?? null, 'Not yet')}</td>
    <td class="actions">${
      canRedeliver &&
      html`<form method="post" action="/portal/webhooks/${endpoint.id}/deliveries/${d.id}/redeliver">
        ${csrfField(ctx)}
        <button type="submit" class="button button--quiet">Redeliver<span class="visually-hidden"> ${d.event_type} ${d.id}</span></button>
      </form>`
    }</td>
  </tr>`;
}

function deliveries(ctx: PageContext, { endpoint, deliveries }: EndpointWithDeliveries): Html {
  const titleId = `endpoint-${endpoint.id}-deliveries`;
  if (deliveries.length === 0)
    return html`<h4 id="${titleId}">Recent deliveries</h4><p class="muted">Nothing has been sent to this endpoint yet.</p>`;
  return html`<h4 id="${titleId}">Recent deliveries</h4>
    <div class="table-wrap"><table class="table table--compact" aria-labelledby="${titleId}">
      <thead><tr><th scope="col">Event</th><th scope="col">Status</th><th scope="col" class="num">Attempts</th><th scope="col">Last response</th><th scope="col">Last attempt</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
      <tbody>${deliveries.map((d) => deliveryRow(ctx, endpoint, d))}</tbody>
    </table></div>`;
}

export function endpointItem(ctx: PageContext, item: EndpointWithDeliveries): Html {
  const { endpoint } = item;
  const titleId = `endpoint-${endpoint.id}-url`;
  const disabled = endpoint.status === 'disabled';
  return html`<li class="endpoint${disabled ? ' is-disabled' : ''}" id="endpoint-${endpoint.id}">
    <article aria-labelledby="${titleId}">
      <div class="endpoint__head">
        <h3 id="${titleId}" class="endpoint__url long-code">${endpoint.url}</h3>
        ${endpointStatus(endpoint)}
      </div>
      ${endpointHealth(endpoint)}
      <dl class="facts endpoint__facts">
        ${endpoint.description && html`<div><dt>Description</dt><dd>${endpoint.description}</dd></div>`}
        <div><dt>Events</dt><dd>${eventList(endpoint.events)}</dd></div>
        <div><dt>Endpoint id</dt><dd><code class="long-code">${endpoint.id}</code></dd></div>
        <div><dt>Added</dt><dd>${when(endpoint.created_at)}</dd></div>
      </dl>
      ${actions(ctx, endpoint)}
      ${deliveries(ctx, item)}
    </article>
  </li>`;
}
