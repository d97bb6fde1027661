import { limitsFor, PLAN_LIMITS, type PlanName } from '../../accounts/plans.ts';
import type { OrganisationRow, PlanChangeRow } from '../../accounts/tables.ts';
import { type Html, html } from '../html.ts';
import { SELF_SERVE_PLANS, type SelfServePlan } from '../portal-service.ts';
import { csrfField, errorSummary, notice, number, type PageContext, when } from './components.ts';
import { appPage } from './layout.ts';

const LABELS: Record<PlanName, string> = {
  free: 'Free',
  starter: 'Starter',
  professional: 'Professional',
  business: 'Business',
  enterprise: 'Enterprise',
};

const FOR_WHOM: Record<PlanName, string> = {
  free: 'Try the API and build your integration.',
  starter: 'A single site checking its carriers and notes.',
  professional: 'A growing operation with several sites.',
  business: 'High-volume brokers, carriers and platforms.',
  enterprise: 'Limits agreed with you, for national operations.',
};

export function planLabel(plan: string): string {
  return LABELS[plan as PlanName] ?? plan;
}

function planOption(plan: SelfServePlan, organisation: OrganisationRow, ctx: PageContext): Html {
  const current = organisation.plan === plan;
  const limits = PLAN_LIMITS[plan];
  const locked = organisation.plan === 'enterprise';
  return html`<li class="plan${current ? ' plan--current' : ''}">
    <h2 class="plan__name" id="plan-${plan}">${LABELS[plan]}</h2>
    ${current && html`<p class="badge badge--current">Current plan</p>`}
    <p class="plan__for">${FOR_WHOM[plan]}</p>
    <ul class="plan__limits">
      <li><strong>${number(limits.monthly)}</strong> calls a month per live key</li>
      <li><strong>${number(limits.perMinute)}</strong> requests a minute per key</li>
    </ul>
    ${
      current || locked
        ? ''
        : html`<form method="post" action="/portal/plan">
        ${csrfField(ctx)}<input type="hidden" name="plan" value="${plan}">
        <button type="submit" class="button">Switch to ${LABELS[plan]}</button>
      </form>`
    }
  </li>`;
}

/** How to reach whoever agrees enterprise limits (ENTERPRISE_CONTACT_EMAIL), in a sentence. */
function contactLine(contact: string | undefined, lead: string): Html {
  if (!contact) return html`<p class="muted">${lead} Contact the operator of this service.</p>`;
  const mailto = `mailto:${contact}?subject=${encodeURIComponent('Enterprise plan enquiry')}`;
  return html`<p class="muted">${lead} Email <a href="${mailto}">${contact}</a>.</p>`;
}

function enterpriseOption(organisation: OrganisationRow, contact: string | undefined): Html {
  const current = organisation.plan === 'enterprise';
  const limits = limitsFor(organisation);
  const mailto = contact && `mailto:${contact}?subject=${encodeURIComponent('Enterprise plan enquiry')}`;
  return html`<section class="card enterprise${current ? ' plan--current' : ''}" aria-labelledby="plan-enterprise">
    <div class="enterprise__text">
      <h2 id="plan-enterprise">Enterprise ${current && html`<span class="badge badge--current">Current plan</span>`}</h2>
      ${
        current
          ? html`<p>Your agreed limits: <strong>${number(limits.monthly)}</strong> calls a month per live key and <strong>${number(limits.perMinute)}</strong> requests a minute per key.</p>`
          : html`<p>${FOR_WHOM.enterprise} Tell us your expected monthly volumes and we will agree limits and support with you.</p>`
      }
      ${contactLine(contact, '')}
    </div>
    ${mailto && html`<a class="button button--primary" href="${mailto}">Contact us about Enterprise</a>`}
  </section>`;
}

function history(changes: PlanChangeRow[]): Html {
  if (changes.length === 0) return html``;
  return html`<section class="card" aria-labelledby="history-title">
    <h2 id="history-title">Plan changes</h2>
    <div class="table-wrap"><table class="table">
      <thead><tr><th scope="col">When</th><th scope="col">From</th><th scope="col">To</th></tr></thead>
      <tbody>${changes.map((c) => html`<tr><td>${when(c.changed_at)}</td><td>${planLabel(c.from_plan)}</td><td>${planLabel(c.to_plan)}</td></tr>`)}</tbody>
    </table></div>
  </section>`;
}

export interface PlanView {
  ctx: PageContext;
  organisation: OrganisationRow;
  changes: PlanChangeRow[];
  message?: string;
  error?: string;
  /** ENTERPRISE_CONTACT_EMAIL, when the operator has set one. */
  contact?: string;
}

export function planPage(view: PlanView): Html {
  const { ctx, organisation } = view;
  const content = html`
    <div class="page-head"><div><h1>Plan</h1><p class="lead">Limits apply to each API key. Changes take effect immediately; test keys are never counted.</p></div></div>
    ${notice(view.message)}
    ${errorSummary(view.error ? { form: view.error } : undefined, [])}
    ${organisation.plan === 'enterprise' && html`<div class="notice">${contactLine(view.contact, 'Your limits are set by agreement. To change them:')}</div>`}
    <ul class="plans" role="list">${SELF_SERVE_PLANS.map((p) => planOption(p, organisation, ctx))}</ul>
    ${enterpriseOption(organisation, view.contact)}
    ${history(view.changes)}`;
  return appPage({ title: 'Plan', ctx, section: 'plan', content });
}
