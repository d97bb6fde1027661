import type { WebhookEndpoint } from '../../webhooks/webhook-schemas.ts';
import { type Html, html } from '../html.ts';
import { csrfField, modeBadge, type PageContext, when } from './components.ts';
import { appPage } from './layout.ts';

export interface SecretView {
  ctx: PageContext;
  endpoint: WebhookEndpoint;
  secret: string;
  /** After a rotation the old secret still signs for a while, and the page says until when. */
  rotated: boolean;
}

const modeOf = (endpoint: WebhookEndpoint) => (endpoint.livemode ? 'live' : 'test');

/** The signing secret, shown in this response only, as a new API key is (keys-pages.ts). */
export function webhookSecretPage({ ctx, endpoint, secret, rotated }: SecretView): Html {
  const title = rotated ? 'Your new signing secret' : 'Endpoint added';
  const overlap =
    rotated &&
    endpoint.previous_secret_expires_at &&
    html`<p>Until ${when(endpoint.previous_secret_expires_at)} each request carries a signature with the old secret too, so your receiver keeps working while you replace it.</p>`;
  const content = html`
    <div class="page-head"><div><h1>${title}</h1><p class="lead"><span class="long-code">${endpoint.url}</span> ${modeBadge(modeOf(endpoint))}</p></div></div>
    <section class="card card--highlight" aria-labelledby="secret-title">
      <h2 id="secret-title">Copy the signing secret now</h2>
      <p class="warning" role="note"><strong>Copy it now: it will not be shown again.</strong> Your receiver needs it to check that each request came from us. If you lose it, rotate the secret to get a new one.</p>
      <div class="copy-row">
        <label for="signing-secret" class="visually-hidden">Signing secret</label>
        <input id="signing-secret" class="secret" type="text" readonly value="${secret}" spellcheck="false" autocomplete="off" data-select-on-focus>
        <button type="button" class="button button--primary" data-copy-target="signing-secret" hidden>Copy secret</button>
      </div>
      <p class="copy-status" role="status" aria-live="polite" data-copy-status></p>
      ${overlap}
      <p>Each request has a <code>WCS-Signature</code> header: <code>t=</code> the time in Unix seconds and <code>v1=</code> the hex HMAC-SHA256 of the time, a full stop and the raw body, keyed with this secret. The <a href="/docs/guides/webhooks">webhooks guide</a> has code to check it.</p>
    </section>
    <p><a class="button" href="/portal/webhooks#endpoint-${endpoint.id}">I have stored the secret</a></p>`;
  return appPage({ title, ctx, section: 'webhooks', content });
}

export function deleteWebhookPage({ ctx, endpoint }: { ctx: PageContext; endpoint: WebhookEndpoint }): Html {
  const content = html`
    <div class="page-head"><div><h1>Delete this endpoint?</h1></div></div>
    <section class="card card--danger" aria-labelledby="delete-title">
      <h2 id="delete-title" class="visually-hidden">Confirm deletion</h2>
      <dl class="facts">
        <div><dt>URL</dt><dd class="long-code">${endpoint.url}</dd></div>
        <div><dt>Mode</dt><dd>${modeBadge(modeOf(endpoint))}</dd></div>
        <div><dt>Added</dt><dd>${when(endpoint.created_at)}</dd></div>
      </dl>
      <p><strong>No more events are sent to it, and its delivery history is deleted.</strong> The events themselves stay listed by the API (<code>GET /v1/events</code>). This cannot be undone; to pause deliveries instead, disable the endpoint.</p>
      <form method="post" action="/portal/webhooks/${endpoint.id}/delete" class="button-row">
        ${csrfField(ctx)}
        <button type="submit" class="button button--danger">Delete endpoint</button>
        <a class="button button--quiet" href="/portal/webhooks">Cancel</a>
      </form>
    </section>`;
  return appPage({ title: 'Delete endpoint', ctx, section: 'webhooks', content });
}
