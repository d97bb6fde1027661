import { whenExpires } from '../../carriers/expiry-words.ts';
import type { CarrierWatch } from '../../monitoring/watch-schemas.ts';
import { type Html, html } from '../html.ts';
import {
  csrfField,
  errorSummary,
  type FieldErrors,
  modeBadge,
  type PageContext,
  textField,
} from './components.ts';

export interface WatchFormValues {
  mode?: 'live' | 'test';
  registration_number?: string;
  label?: string;
}

export interface WatchesView {
  ctx: PageContext;
  live: CarrierWatch[];
  test: CarrierWatch[];
  values?: WatchFormValues;
  errors?: FieldErrors;
}

export const WATCH_FIELDS = ['watch_mode', 'registration_number', 'label'] as const;

const STATUS_WORDS: Record<CarrierWatch['status'], string> = {
  valid: 'Valid',
  expiring_soon: 'Expiring soon',
  expired: 'Expired',
  not_found: 'Not on the register',
  lower_tier: 'Lower tier',
  unchecked: 'Not checked yet',
};

function watchRow(ctx: PageContext, w: CarrierWatch): Html {
  const r = w.registration;
  const expiry = r?.expiry_date ? html`${r.expiry_date} (${whenExpires(r.days_until_expiry ?? 0)})` : html`—`;
  const source =
    w.source === 'season_ticket'
      ? html`Season ticket <code>${w.note_reference ?? ''}</code>`
      : html`Added here or by API`;
  return html`<tr id="watch-${w.id}">
    <td><code>${w.registration_number}</code>${w.label ? html`<br><span class="muted">${w.label}</span>` : ''}</td>
    <td>${r?.business_name ?? '—'}</td>
    <td><span class="status status--${w.status}">${STATUS_WORDS[w.status]}</span></td>
    <td>${expiry}</td>
    <td>${w.last_checked_at ?? 'never'}${w.last_check_error ? html`<br><span class="field-error">${w.last_check_error.message}</span>` : ''}</td>
    <td>${source}</td>
    <td><form method="post" action="/portal/webhooks/watches/${w.id}/delete">${csrfField(ctx)}<button type="submit" class="button button--small">Stop watching</button></form></td>
  </tr>`;
}

function watchList(ctx: PageContext, mode: 'live' | 'test', watches: CarrierWatch[]): Html {
  return html`<h3>${mode === 'live' ? 'Live' : 'Test'} watches ${modeBadge(mode)}</h3>
    ${
      watches.length === 0
        ? html`<p class="muted">No ${mode} watches.</p>`
        : html`<div class="table-wrap"><table class="watch-table">
            <thead><tr><th>Registration</th><th>Name on the register</th><th>Status</th><th>Expires</th><th>Last checked</th><th>Source</th><th></th></tr></thead>
            <tbody>${watches.map((w) => watchRow(ctx, w))}</tbody>
          </table></div>`
    }`;
}

/** Carrier watches: the registrations re-checked every day, whose changes become carrier.* events. */
export function watchesSection(view: WatchesView): Html {
  const { values = {}, errors = {} } = view;
  const radio = (value: 'live' | 'test', label: string) =>
    html`<div class="radio"><input type="radio" id="watch-mode-${value}" name="watch_mode" value="${value}"${values.mode === value ? html` checked` : ''}><label for="watch-mode-${value}">${label}</label></div>`;
  return html`<section class="card" id="watches" aria-labelledby="watches-title">
    <h2 id="watches-title">Carrier watches</h2>
    <p class="muted">Registration numbers checked against the Environment Agency register every day. A watched carrier nearing expiry (90, 30 and 7 days), expiring, removed from the register or changing its details becomes a <code>carrier.*</code> event for your endpoints. Notes issued under a season ticket watch their carrier by themselves.</p>
    ${watchList(view.ctx, 'live', view.live)}
    ${watchList(view.ctx, 'test', view.test)}
    <h3>Watch a carrier</h3>
    ${errorSummary(errors, [...WATCH_FIELDS])}
    <form method="post" action="/portal/webhooks/watches" novalidate>
      ${csrfField(view.ctx)}
      <fieldset class="field${errors.watch_mode ? ' field--error' : ''}" id="watch_mode">
        <legend>Mode</legend>
        ${errors.watch_mode && html`<p class="field-error"><span class="visually-hidden">Error:</span> ${errors.watch_mode}</p>`}
        ${radio('live', 'Live: checked against the register')}
        ${radio('test', 'Test: the sandbox register of test keys')}
      </fieldset>
      ${textField({ name: 'registration_number', label: 'Registration number', value: values.registration_number, error: errors.registration_number, maxlength: 40, hint: 'As on the register, for example CBDU123456.' })}
      ${textField({ name: 'label', label: 'Label', value: values.label, error: errors.label, maxlength: 200, optional: true, hint: 'So you know which carrier it is, for example “Acme Skips, Poole depot”.' })}
      <button type="submit" class="button button--primary">Watch carrier</button>
    </form>
  </section>`;
}
