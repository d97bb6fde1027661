import type { ApiKeyRow } from '../../accounts/tables.ts';
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
import { appPage } from './layout.ts';

export interface KeysView {
  ctx: PageContext;
  keys: ApiKeyRow[];
  values?: { name?: string; mode?: string };
  errors?: FieldErrors;
  message?: string;
}

function status(key: ApiKeyRow): Html {
  return key.revoked_at
    ? html`<span class="status status--revoked">Revoked</span> <span class="muted">${when(key.revoked_at)}</span>`
    : html`<span class="status status--active">Active</span>`;
}

function keyRow(key: ApiKeyRow): Html {
  const name = key.name ?? 'Unnamed key';
  return html`<tr${key.revoked_at ? html` class="is-revoked"` : ''}>
    <th scope="row">${name}</th>
    <td><code class="prefix">${key.display_prefix}</code></td>
    <td>${modeBadge(key.mode)}</td>
    <td>${when(key.created_at)}</td>
    <td>${when(key.last_used_at)}</td>
    <td>${status(key)}</td>
    <td class="actions">${
      key.revoked_at
        ? ''
        : html`<a class="danger-link" href="/portal/keys/${key.id}/revoke">Revoke<span class="visually-hidden"> ${name}</span></a>`
    }</td>
  </tr>`;
}

function createForm(view: KeysView): Html {
  const { values = {}, errors } = view;
  const mode = values.mode ?? 'test';
  const radio = (value: 'test' | 'live', label: string, hint: string) => html`<div class="radio">
      <input type="radio" id="mode-${value}" name="mode" value="${value}"${mode === value ? html` checked` : ''} aria-describedby="mode-${value}-hint">
      <label for="mode-${value}">${label}</label>
      <p class="hint" id="mode-${value}-hint">${hint}</p>
    </div>`;
  return html`<section class="card" id="create" aria-labelledby="create-title">
    <h2 id="create-title">Create a key</h2>
    ${errorSummary(errors, ['name', 'mode'])}
    <form method="post" action="/portal/keys" class="create-key" novalidate>
      ${csrfField(view.ctx)}
      <div class="field${errors?.name ? ' field--error' : ''}">
        <label for="name">Key name</label>
        <p class="hint" id="name-hint">So you can tell your keys apart, for example “Production ERP” or “Staging”.</p>
        ${errors?.name && html`<p class="field-error" id="name-error"><span class="visually-hidden">Error:</span> ${errors.name}</p>`}
        <input id="name" name="name" type="text" maxlength="100" required value="${values.name ?? ''}"
          aria-describedby="name-hint${errors?.name ? ' name-error' : ''}"${errors?.name ? html` aria-invalid="true"` : ''}>
      </div>
      <fieldset class="field${errors?.mode ? ' field--error' : ''}" id="mode">
        <legend>Mode</legend>
        ${errors?.mode && html`<p class="field-error"><span class="visually-hidden">Error:</span> ${errors.mode}</p>`}
        ${radio('test', 'Test', 'Sandbox data only. Never counted against your monthly limit.')}
        ${radio('live', 'Live', 'Real register checks and transfer notes. Counted against your plan.')}
      </fieldset>
      <button type="submit" class="button button--primary">Create key</button>
    </form>
  </section>`;
}

export function keysPage(view: KeysView): Html {
  const content = html`
    <div class="page-head"><div><h1>API keys</h1><p class="lead">Keys authenticate your calls to the API. We store only a hash of each key, so a key is shown once, when you create it.</p></div></div>
    ${notice(view.message)}
    <section class="card" aria-labelledby="keys-title">
      <h2 id="keys-title">Your keys</h2>
      ${
        view.keys.length === 0
          ? html`<p class="muted">You have no keys yet. Create one below.</p>`
          : html`<div class="table-wrap"><table class="table">
          <thead><tr><th scope="col">Name</th><th scope="col">Key</th><th scope="col">Mode</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">Status</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
          <tbody>${view.keys.map(keyRow)}</tbody>
        </table></div>`
      }
    </section>
    ${createForm(view)}`;
  return appPage({ title: 'API keys', ctx: view.ctx, section: 'keys', content });
}

export interface KeyCreatedView {
  ctx: PageContext;
  key: ApiKeyRow;
  secret: string;
  apiBase: string;
}

export function keyCreatedPage({ ctx, key, secret, apiBase }: KeyCreatedView): Html {
  const curl = `curl ${apiBase}/v1/account \\\n  -H "Authorization: Bearer ${secret}"`;
  const content = html`
    <div class="page-head"><div><h1>Your new key</h1><p class="lead">${key.name} ${modeBadge(key.mode)}</p></div></div>
    <section class="card card--highlight" aria-labelledby="secret-title">
      <h2 id="secret-title">Copy your key now</h2>
      <p class="warning" role="note"><strong>This is the only time the key is shown.</strong> We keep only a hash of it, so we cannot show it again. Store it in your secrets manager; if you lose it, revoke it and create another.</p>
      <div class="copy-row">
        <label for="new-key" class="visually-hidden">Your new API key</label>
        <input id="new-key" class="secret" type="text" readonly value="${secret}" spellcheck="false" autocomplete="off" data-select-on-focus>
        <button type="button" class="button button--primary" data-copy-target="new-key" hidden>Copy key</button>
      </div>
      <p class="copy-status" role="status" aria-live="polite" data-copy-status></p>
    </section>
    <section class="card" aria-labelledby="try-title">
      <h2 id="try-title">Try it</h2>
      <p>This call checks the key and shows which organisation and plan it belongs to. It costs no quota.</p>
      <div class="code-block">
        <pre id="curl-example" tabindex="0" aria-label="Example request with curl"><code>${curl}</code></pre>
        <button type="button" class="button button--quiet" data-copy-target="curl-example" hidden>Copy command</button>
      </div>
    </section>
    <p><a class="button" href="/portal/keys">I have stored my key</a></p>`;
  return appPage({ title: 'Your new key', ctx, section: 'keys', content });
}

export function revokePage({ ctx, key }: { ctx: PageContext; key: ApiKeyRow }): Html {
  const name = key.name ?? key.display_prefix;
  const content = html`
    <div class="page-head"><div><h1>Revoke “${name}”?</h1></div></div>
    <section class="card card--danger" aria-labelledby="revoke-title">
      <h2 id="revoke-title" class="visually-hidden">Confirm revocation</h2>
      <dl class="facts">
        <div><dt>Key</dt><dd><code class="prefix">${key.display_prefix}</code> ${modeBadge(key.mode)}</dd></div>
        <div><dt>Created</dt><dd>${when(key.created_at)}</dd></div>
        <div><dt>Last used</dt><dd>${when(key.last_used_at)}</dd></div>
      </dl>
      <p><strong>Anything using this key stops working at once:</strong> its calls will be refused with 401 Unauthorized. This cannot be undone.</p>
      <form method="post" action="/portal/keys/${key.id}/revoke" class="button-row">
        ${csrfField(ctx)}
        <button type="submit" class="button button--danger">Revoke key</button>
        <a class="button button--quiet" href="/portal/keys">Cancel</a>
      </form>
    </section>`;
  return appPage({ title: `Revoke ${name}`, ctx, section: 'keys', content });
}
