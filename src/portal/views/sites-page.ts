import type { Site } from '../../receipts/site-types.ts';
import { type Html, html } from '../html.ts';
import { SITE_FIELDS, type SiteFormValues } from '../site-form.ts';
import {
  csrfField,
  errorSummary,
  type FieldErrors,
  modeBadge,
  notice,
  type PageContext,
  textArea,
  textField,
} from './components.ts';
import { appPage } from './layout.ts';

export interface SitesView {
  ctx: PageContext;
  live: Site[];
  test: Site[];
  values?: SiteFormValues;
  errors?: FieldErrors;
  message?: string;
}

function siteStatus(site: Site): Html {
  return site.archived
    ? html`<span class="status status--archived">Archived</span>`
    : html`<span class="status status--active">Active</span>`;
}

function siteItem(ctx: PageContext, site: Site): Html {
  const titleId = `site-${site.id}-name`;
  const contact = [site.email, site.phone].filter(Boolean);
  return html`<li class="site${site.archived ? ' is-archived' : ''}" id="site-${site.id}">
    <article aria-labelledby="${titleId}">
      <div class="site__head">
        <h3 id="${titleId}">${site.name}</h3>
        ${siteStatus(site)}
      </div>
      <dl class="facts site__facts">
        <div><dt>Address</dt><dd>${site.address.full_address}<br>${site.address.postcode}</dd></div>
        <div><dt>Permit numbers</dt><dd><ul class="plain-list">${site.authorisation_numbers.map((n) => html`<li>${n}</li>`)}</ul></dd></div>
        <div><dt>DWT API code</dt><dd><code class="long-code">${site.dwt_api_code}</code></dd></div>
        <div><dt>Site id</dt><dd><code class="long-code">${site.id}</code></dd></div>
        ${contact.length > 0 && html`<div><dt>Contact</dt><dd>${contact.map((c, i) => html`${i > 0 && html`<br>`}${c}`)}</dd></div>`}
      </dl>
      ${
        !site.archived &&
        html`<form method="post" action="/portal/sites/${site.id}/archive" class="site__archive">
        ${csrfField(ctx)}
        <button type="submit" class="button">Archive<span class="visually-hidden"> ${site.name}</span></button>
        <p class="hint">It takes no new receipts. The site and its receipts are kept.</p>
      </form>`
      }
    </article>
  </li>`;
}

/** Active sites first, then archived ones, each group oldest first as the API lists them. */
function siteList(ctx: PageContext, mode: 'live' | 'test', sites: Site[]): Html {
  const ordered = [...sites.filter((s) => !s.archived), ...sites.filter((s) => s.archived)];
  const title = mode === 'live' ? 'Live sites' : 'Test sites';
  const explain =
    mode === 'live'
      ? 'Used by live keys. Their receipts are sent to DEFRA’s Digital Waste Tracking service.'
      : 'Used by test keys. Their receipts are never sent to DEFRA.';
  return html`<section class="card" aria-labelledby="${mode}-sites-title" id="${mode}-sites">
    <h2 id="${mode}-sites-title">${title} ${modeBadge(mode)}</h2>
    <p class="muted">${explain}</p>
    ${
      ordered.length === 0
        ? html`<p class="muted">No ${mode} sites yet. Add one below.</p>`
        : html`<ul class="site-list">${ordered.map((s) => siteItem(ctx, s))}</ul>`
    }
  </section>`;
}

function modeChoice(values: SiteFormValues, error: string | undefined): Html {
  // Not preselected: a site put in the wrong mode is invisible to the keys that need it (GOV.UK Design
  // System, radios: do not preselect an option).
  const mode = values.mode;
  const radio = (value: 'live' | 'test', label: string, hint: string) => html`<div class="radio">
      <input type="radio" id="site-mode-${value}" name="mode" value="${value}"${mode === value ? html` checked` : ''} aria-describedby="site-mode-${value}-hint">
      <label for="site-mode-${value}">${label}</label>
      <p class="hint" id="site-mode-${value}-hint">${hint}</p>
    </div>`;
  return html`<fieldset class="field${error ? ' field--error' : ''}" id="mode">
    <legend>Mode</legend>
    ${error && html`<p class="field-error"><span class="visually-hidden">Error:</span> ${error}</p>`}
    ${radio('live', 'Live', 'For receipts made with live keys and sent to DWT.')}
    ${radio('test', 'Test', 'For trying the API with test keys. Use one of DEFRA’s test API codes.')}
  </fieldset>`;
}

function addForm(view: SitesView): Html {
  const { values = {}, errors = {} } = view;
  return html`<section class="card" id="add" aria-labelledby="add-title">
    <h2 id="add-title">Add a site</h2>
    ${errorSummary(errors, [...SITE_FIELDS])}
    <form method="post" action="/portal/sites" class="site-form" novalidate>
      ${csrfField(view.ctx)}
      ${modeChoice(values, errors.mode)}
      ${textField({ name: 'name', label: 'Site name', value: values.name, error: errors.name, maxlength: 200, hint: 'As the site is registered with DWT.' })}
      ${textArea({ name: 'full_address', label: 'Address', value: values.full_address, error: errors.full_address, autocomplete: 'street-address', hint: 'Without the postcode. Several lines are joined with commas.' })}
      ${textField({ name: 'postcode', label: 'Postcode', value: values.postcode, error: errors.postcode, maxlength: 16, autocomplete: 'postal-code', hint: 'A UK postcode, for example TC1 2AB.' })}
      ${textArea({ name: 'authorisation_numbers', label: 'Permit numbers', value: values.authorisation_numbers, error: errors.authorisation_numbers, rows: 3, hint: 'The environmental permits or waste management licences the site receives waste under, one per line or separated by commas, for example EPR/AB1234CD. Receipts use the first unless they name another.' })}
      ${textField({ name: 'dwt_api_code', label: 'DWT API code', value: values.dwt_api_code, error: errors.dwt_api_code, maxlength: 36, hint: 'The code DEFRA gives the site’s operator when it registers for Digital Waste Tracking, like 1f83215e-4b90-4785-9ab2-2614839aa2e9.' })}
      ${textField({ name: 'email', label: 'Email', type: 'email', value: values.email, error: errors.email, maxlength: 320, autocomplete: 'email', optional: true })}
      ${textField({ name: 'phone', label: 'Phone', type: 'tel', value: values.phone, error: errors.phone, maxlength: 40, autocomplete: 'tel', optional: true })}
      <button type="submit" class="button button--primary">Add site</button>
    </form>
  </section>`;
}

export function sitesPage(view: SitesView): Html {
  const content = html`
    <div class="page-head"><div><h1>Receiving sites</h1><p class="lead">The permitted sites where your organisation receives waste. Each waste receipt names one by its site id and is reported to DWT under the site’s permit and API code. You can also manage sites with the API (<code>/v1/sites</code>).</p></div></div>
    ${notice(view.message)}
    ${siteList(view.ctx, 'live', view.live)}
    ${siteList(view.ctx, 'test', view.test)}
    ${addForm(view)}`;
  return appPage({ title: 'Receiving sites', ctx: view.ctx, section: 'sites', content });
}
