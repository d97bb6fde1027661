import type { PlanLimits } from '../../accounts/plans.ts';
import type { OrganisationRow } from '../../accounts/tables.ts';
import { type Html, html } from '../html.ts';
import type { KeyWithUsage } from '../portal-service.ts';
import { day, modeBadge, notice, number, type PageContext, remembered } from './components.ts';
import { appPage } from './layout.ts';
import { planLabel } from './plan-page.ts';
import { usageChart } from './usage-chart.ts';

export interface DashboardView {
  ctx: PageContext;
  organisation: OrganisationRow;
  limits: PlanLimits;
  keys: KeyWithUsage[];
  /** The key whose daily chart is shown. */
  selected?: KeyWithUsage;
  usageAvailable: boolean;
  message?: string;
}

function planCard(organisation: OrganisationRow, limits: PlanLimits): Html {
  return html`<section class="card stat" aria-labelledby="plan-card-title">
    <h2 id="plan-card-title" class="stat__label">Plan</h2>
    <p class="stat__value">${planLabel(organisation.plan)}</p>
    <p class="stat__detail">${number(limits.monthly)} calls a month and ${number(limits.perMinute)} requests a minute, per live key</p>
    <p><a href="/portal/plan">Change plan</a></p>
  </section>`;
}

function keysCard(keys: KeyWithUsage[]): Html {
  const live = keys.filter((k) => k.key.mode === 'live').length;
  return html`<section class="card stat" aria-labelledby="keys-card-title">
    <h2 id="keys-card-title" class="stat__label">Active keys</h2>
    <p class="stat__value">${keys.length}</p>
    <p class="stat__detail">${live} live, ${keys.length - live} test</p>
    <p><a href="/portal/keys">Manage keys</a></p>
  </section>`;
}

const monthYear = remembered(
  new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
);

function cycleCard(keys: KeyWithUsage[]): Html {
  const usage = keys.find((k) => k.usage)?.usage;
  return html`<section class="card stat" aria-labelledby="cycle-card-title">
    <h2 id="cycle-card-title" class="stat__label">Current cycle</h2>
    ${
      usage
        ? html`<p class="stat__value">${monthYear(usage.cycle_start)}</p>
          <p class="stat__detail">Monthly counts reset on ${day(usage.resets_at)} at 00:00 UTC</p>`
        : html`<p class="stat__value">Calendar month</p>
          <p class="stat__detail">Monthly counts reset at 00:00 UTC on the 1st</p>`
    }
  </section>`;
}

function usageCell(entry: KeyWithUsage, name: string): Html {
  const { key, usage } = entry;
  // A test key's calls are shown as calls made, never against a limit: they are never counted or billed.
  if (key.mode === 'test') {
    return usage
      ? html`<span>${number(usage.calls)} ${usage.calls === 1 ? 'call' : 'calls'}</span> <span class="muted">Never counted</span>`
      : html`<span class="muted">Never counted</span>`;
  }
  if (!usage) return html`<span class="muted">Not available</span>`;
  return html`<meter min="0" max="${usage.limit}" value="${usage.used}" low="${usage.limit * 0.75}" high="${usage.limit * 0.9}" optimum="0" aria-label="${name}: ${usage.used} of ${usage.limit} calls used"></meter>
    <span>${number(usage.used)} of ${number(usage.limit)}</span>`;
}

function usageRow(entry: KeyWithUsage, selected: boolean): Html {
  const { key, usage } = entry;
  const name = key.name ?? key.display_prefix;
  const chartable = usage !== undefined;
  const limited = key.mode === 'live' && usage;
  return html`<tr${selected ? html` class="is-selected"` : ''}>
    <th scope="row"><span class="key-name">${name}</span> <code class="prefix">${key.display_prefix}</code></th>
    <td>${modeBadge(key.mode)}</td>
    <td class="usage-cell">${usageCell(entry, name)}</td>
    <td class="num">${limited ? number(usage.remaining) : html`<span class="muted">–</span>`}</td>
    <td>${
      !chartable
        ? ''
        : selected
          ? html`<a href="#chart" aria-current="true">Shown below</a>`
          : html`<a href="/portal/dashboard?key=${key.id}#chart">Daily chart<span class="visually-hidden"> for ${name}</span></a>`
    }</td>
  </tr>`;
}

/** Test calls are shown apart from the plan's figures: made, never counted against it or billed. */
function testCalls(keys: KeyWithUsage[]): Html {
  const test = keys.filter((k) => k.key.mode === 'test' && k.usage);
  if (test.length === 0) return html``;
  const calls = test.reduce((sum, k) => sum + (k.usage?.calls ?? 0), 0);
  return html`<p class="muted test-calls" id="test-calls">Test keys made ${number(calls)} ${calls === 1 ? 'call' : 'calls'} this cycle: shown for your information, never counted against your plan or billed. <a href="/portal/requests?mode=test">See each request</a>.</p>`;
}

function usageSection(view: DashboardView): Html {
  if (view.keys.length === 0) {
    return html`<section class="card empty" aria-labelledby="usage-title">
      <h2 id="usage-title">No API keys yet</h2>
      <p>Create a test key to try the API against the sandbox; it costs nothing and is never counted.</p>
      <p><a class="button button--primary" href="/portal/keys#create">Create your first key</a></p>
    </section>`;
  }
  const selected = view.selected;
  return html`<section class="card" aria-labelledby="usage-title">
    <h2 id="usage-title">Usage this cycle, per key</h2>
    ${!view.usageAvailable && html`<p class="muted">Usage figures are not available on this server yet.</p>`}
    <div class="table-wrap"><table class="table">
      <thead><tr><th scope="col">Key</th><th scope="col">Mode</th><th scope="col">Calls this cycle</th><th scope="col" class="num">Remaining</th><th scope="col"><span class="visually-hidden">Chart</span></th></tr></thead>
      <tbody>${view.keys.map((k) => usageRow(k, k.key.id === selected?.key.id))}</tbody>
    </table></div>
    ${testCalls(view.keys)}
    ${
      selected?.usage &&
      html`<div id="chart" class="chart-block">
        <h3>Calls per day: ${selected.key.name ?? selected.key.display_prefix}${selected.key.mode === 'test' && ' (test key, never counted)'}</h3>
        ${usageChart('usage-chart', selected.key.name ?? selected.key.display_prefix, selected.usage)}
      </div>`
    }
  </section>`;
}

export function dashboardPage(view: DashboardView): Html {
  const content = html`
    <div class="page-head">
      <div><h1>Dashboard</h1><p class="lead">${view.organisation.name}</p></div>
      <a class="button button--primary" href="/portal/keys#create">Create API key</a>
    </div>
    ${notice(view.message)}
    <div class="stats">${planCard(view.organisation, view.limits)}${keysCard(view.keys)}${cycleCard(view.keys)}</div>
    ${usageSection(view)}`;
  return appPage({ title: 'Dashboard', ctx: view.ctx, section: 'dashboard', content });
}
