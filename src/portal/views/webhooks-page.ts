import { EVENT_TYPE_NAMES, EVENT_TYPES } from '../../webhooks/event-types.ts';
import { type Html, html } from '../html.ts';
import { ALL_EVENTS_FIELD, eventField, WEBHOOK_FIELDS, type WebhookFormValues } from '../webhook-form.ts';
import {
  csrfField,
  errorSummary,
  type FieldErrors,
  modeBadge,
  notice,
  type PageContext,
  textField,
} from './components.ts';
import { appPage } from './layout.ts';
import { type WatchesView, watchesSection } from './watches-section.ts';
import { type EndpointWithDeliveries, endpointItem } from './webhook-endpoint.ts';

export interface WebhooksView {
  ctx: PageContext;
  live: EndpointWithDeliveries[];
  test: EndpointWithDeliveries[];
  values?: WebhookFormValues;
  errors?: FieldErrors;
  message?: string;
  /** The carrier watches section, whose events the endpoints receive. */
  watches: Omit<WatchesView, 'ctx'>;
}

function endpointList(ctx: PageContext, mode: 'live' | 'test', items: EndpointWithDeliveries[]): Html {
  const title = mode === 'live' ? 'Live endpoints' : 'Test endpoints';
  const explain =
    mode === 'live'
      ? 'Receive the events of live keys: real carrier checks, transfer notes and DWT receipts.'
      : 'Receive the events of test keys only, so you can build a receiver without touching live data.';
  return html`<section class="card" aria-labelledby="${mode}-endpoints-title" id="${mode}-endpoints">
    <h2 id="${mode}-endpoints-title">${title} ${modeBadge(mode)}</h2>
    <p class="muted">${explain}</p>
    ${
      items.length === 0
        ? html`<p class="muted">No ${mode} endpoints yet. Add one below.</p>`
        : html`<ul class="endpoint-list">${items.map((item) => endpointItem(ctx, item))}</ul>`
    }
  </section>`;
}

function modeChoice(values: WebhookFormValues, error: string | undefined): Html {
  // Not preselected, as on the sites page: an endpoint in the wrong mode silently hears nothing.
  const radio = (value: 'live' | 'test', label: string, hint: string) => html`<div class="radio">
      <input type="radio" id="webhook-mode-${value}" name="mode" value="${value}"${values.mode === value ? html` checked` : ''} aria-describedby="webhook-mode-${value}-hint">
      <label for="webhook-mode-${value}">${label}</label>
      <p class="hint" id="webhook-mode-${value}-hint">${hint}</p>
    </div>`;
  return html`<fieldset class="field${error ? ' field--error' : ''}" id="mode">
    <legend>Mode</legend>
    ${error && html`<p class="field-error"><span class="visually-hidden">Error:</span> ${error}</p>`}
    ${radio('live', 'Live', 'Events from calls made with live keys.')}
    ${radio('test', 'Test', 'Events from calls made with test keys.')}
  </fieldset>`;
}

function checkbox(name: string, id: string, label: Html | string, hint: string, checked: boolean): Html {
  return html`<div class="checkbox">
      <input type="checkbox" id="${id}" name="${name}" value="on"${checked ? html` checked` : ''} aria-describedby="${id}-hint">
      <label for="${id}">${label}</label>
      <p class="hint" id="${id}-hint">${hint}</p>
    </div>`;
}

function eventChoice(values: WebhookFormValues, error: string | undefined): Html {
  return html`<fieldset class="field${error ? ' field--error' : ''}" id="events">
    <legend>Events</legend>
    ${error && html`<p class="field-error"><span class="visually-hidden">Error:</span> ${error}</p>`}
    ${checkbox(ALL_EVENTS_FIELD, 'event-all', 'All events', 'Every event below, and any type added later.', values.all ?? false)}
    ${EVENT_TYPE_NAMES.map((type) =>
      checkbox(
        eventField(type),
        `event-${type.replace(/[._]/g, '-')}`,
        html`<code>${type}</code>`,
        EVENT_TYPES[type].replace(/`/g, ''),
        values.events.includes(type),
      ),
    )}
  </fieldset>`;
}

function addForm(view: WebhooksView): Html {
  const { values = { events: [] }, errors = {} } = view;
  return html`<section class="card" id="add" aria-labelledby="add-title">
    <h2 id="add-title">Add an endpoint</h2>
    ${errorSummary(errors, [...WEBHOOK_FIELDS])}
    <form method="post" action="/portal/webhooks" class="webhook-form" novalidate>
      ${csrfField(view.ctx)}
      ${modeChoice(values, errors.mode)}
      ${textField({ name: 'url', label: 'URL', type: 'text', value: values.url, error: errors.url, maxlength: 2048, autocomplete: 'url', hint: 'Where events are sent, as POST requests with a JSON body. It must use https and be reachable on the public internet, for example https://hooks.example.com/wcs.' })}
      ${eventChoice(values, errors.events)}
      ${textField({ name: 'description', label: 'Description', value: values.description, error: errors.description, maxlength: 500, optional: true, hint: 'So you can tell your endpoints apart, for example “ERP integration”.' })}
      <button type="submit" class="button button--primary">Add endpoint</button>
    </form>
  </section>`;
}

export function webhooksPage(view: WebhooksView): Html {
  const content = html`
    <div class="page-head"><div><h1>Webhooks</h1><p class="lead">Endpoints your systems run to hear about events as they happen: a watched carrier nearing expiry, a transfer note signed, a receipt DWT recorded. Every request is signed with the endpoint’s secret (the <code>WCS-Signature</code> header); see the <a href="/docs/guides/webhooks">webhooks guide</a> to check it. You can also manage endpoints with the API (<code>/v1/webhook-endpoints</code>).</p></div></div>
    ${notice(view.message)}
    ${endpointList(view.ctx, 'live', view.live)}
    ${endpointList(view.ctx, 'test', view.test)}
    ${addForm(view)}
    ${watchesSection({ ctx: view.ctx, ...view.watches })}`;
  return appPage({ title: 'Webhooks', ctx: view.ctx, section: 'webhooks', content });
}
