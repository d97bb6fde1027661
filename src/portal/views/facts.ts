import { type Html, html } from '../html.ts';

/** One fact of a document: its name and what it says; null or '' is shown as "Not given". */
export type Fact = [label: string, value: Html | string | number | null | undefined];

/** A document's facts as a definition list: a grid on a wide screen, one per line on a phone. */
export function facts(list: Fact[]): Html {
  return html`<dl class="facts facts--rows">${list.map(
    ([label, value]) =>
      html`<div><dt>${label}</dt><dd>${value === null || value === undefined || value === '' ? html`<span class="muted">Not given</span>` : value}</dd></div>`,
  )}</dl>`;
}

/** Problems or advice a document carries: each with its stable code. */
export function issueList(issues: { code: string; message: string }[], kind: 'flag' | 'warning'): Html {
  return html`<ul class="issues issues--${kind}">${issues.map(
    (i) => html`<li><code class="long-code">${i.code}</code> ${i.message}</li>`,
  )}</ul>`;
}

const kilograms = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 3 });

export function weightKg(kg: number | null | undefined): string | null {
  return kg === null || kg === undefined ? null : `${kilograms.format(kg)} kg`;
}

export function yesNo(value: boolean | null | undefined): string | null {
  return value === null || value === undefined ? null : value ? 'Yes' : 'No';
}
