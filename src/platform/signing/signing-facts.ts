import { type Html, html } from '../../portal/html.ts';

/**
 * Dates, times and facts as the person signing reads them: in words, in UK time, "Not given" where a
 * document leaves a field empty.
 */

const calendarDay = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const ukInstant = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/London',
});
const kilograms = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 3 });

/** A calendar date (YYYY-MM-DD) as people read it: Wednesday 25 March 2026. */
export function readableDate(date: string): Html {
  const words = calendarDay.format(new Date(`${date}T00:00:00Z`)).replace(',', '');
  return html`<time datetime="${date}">${words}</time>`;
}

/** An instant in UK time (Europe/London): 25 March 2026 at 10:42. */
export function readableInstant(iso: string): Html {
  return html`<time datetime="${iso}">${ukInstant.format(new Date(iso))}</time>`;
}

/** Kilograms as people read them: 2,500 kg. */
export function readableKg(kg: number): string {
  return `${kilograms.format(kg)} kg`;
}

/** One row of a list of facts (`<dl class="facts">`). */
export function factRow(label: string, value: Html | string | null | undefined): Html {
  const shown =
    value === null || value === undefined || value === ''
      ? html`<span class="muted">Not given</span>`
      : value;
  return html`<div class="facts__row"><dt>${label}</dt><dd>${shown}</dd></div>`;
}

export function capitalised(words: string): string {
  return words.charAt(0).toUpperCase() + words.slice(1);
}
