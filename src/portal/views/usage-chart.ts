import { addDays } from '../../platform/clock.ts';
import { type Html, html } from '../html.ts';
import type { KeyUsage } from '../usage.ts';
import { number } from './components.ts';

const WIDTH = 720;
const HEIGHT = 220;
const PLOT = { left: 44, right: 8, top: 12, bottom: 28 };

/** Every day of the cycle with its count (days without calls are zero), in order. */
export function cycleDays(
  usage: Pick<KeyUsage, 'cycle_start' | 'resets_at' | 'daily'>,
): { date: string; calls: number }[] {
  const counts = new Map(usage.daily.map((d) => [d.date, d.calls]));
  const first = usage.cycle_start.slice(0, 10);
  const end = usage.resets_at.slice(0, 10);
  const days: { date: string; calls: number }[] = [];
  for (let date = first; date < end && days.length < 31; date = addDays(date, 1)) {
    days.push({ date, calls: counts.get(date) ?? 0 });
  }
  return days;
}

/** The smallest 1, 2 or 5 × 10^n step that splits `max` into at most four gridlines. */
export function gridStep(max: number): number {
  const rough = Math.max(1, max / 4);
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  for (const m of [1, 2, 5, 10]) if (m * magnitude >= rough) return m * magnitude;
  return 10 * magnitude;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** `2026-03-07` as `7 Mar`, built directly: a chart labels every day, and Intl formatting per label is slow. */
const label = (date: string) => `${Number(date.slice(8, 10))} ${MONTHS[Number(date.slice(5, 7)) - 1]}`;

/**
 * Calls per day as an inline SVG bar chart, drawn on the server so it shows without JavaScript. Each
 * bar has a <title> (a tooltip and an accessible name) and the same figures follow as a table.
 */
export function usageChart(
  id: string,
  keyName: string,
  usage: Pick<KeyUsage, 'cycle_start' | 'resets_at' | 'daily'>,
): Html {
  const days = cycleDays(usage);
  const step = gridStep(Math.max(...days.map((d) => d.calls), 1));
  const top = step * Math.ceil(Math.max(...days.map((d) => d.calls), 1) / step);
  const plotWidth = WIDTH - PLOT.left - PLOT.right;
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const slot = plotWidth / Math.max(days.length, 1);
  const y = (calls: number) => PLOT.top + plotHeight - (calls / top) * plotHeight;
  const grid = [];
  for (let v = 0; v <= top; v += step) grid.push(v);
  const total = days.reduce((sum, d) => sum + d.calls, 0);

  return html`<figure class="chart">
    <svg viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-labelledby="${id}-title ${id}-desc">
      <title id="${id}-title">Calls per day for ${keyName}</title>
      <desc id="${id}-desc">${number(total)} calls from ${label(days[0]?.date ?? usage.cycle_start.slice(0, 10))} to ${label(days.at(-1)?.date ?? usage.cycle_start.slice(0, 10))}; the table below lists each day.</desc>
      ${grid.map(
        (
          v,
        ) => html`<g class="chart__grid"><line x1="${PLOT.left}" x2="${WIDTH - PLOT.right}" y1="${y(v)}" y2="${y(v)}"/>
        <text x="${PLOT.left - 6}" y="${y(v) + 4}" text-anchor="end">${number(v)}</text></g>`,
      )}
      ${days.map((d, i) => {
        const height = Math.max(PLOT.top + plotHeight - y(d.calls), d.calls > 0 ? 2 : 0);
        const x = PLOT.left + i * slot + slot * 0.15;
        return html`<rect class="chart__bar" x="${x.toFixed(1)}" y="${(PLOT.top + plotHeight - height).toFixed(1)}" width="${(slot * 0.7).toFixed(1)}" height="${height.toFixed(1)}"><title>${label(d.date)}: ${number(d.calls)} calls</title></rect>`;
      })}
      ${days.map((d, i) =>
        i % 5 === 0
          ? html`<text class="chart__label" x="${(PLOT.left + i * slot + slot / 2).toFixed(1)}" y="${HEIGHT - 8}" text-anchor="middle">${label(d.date)}</text>`
          : '',
      )}
    </svg>
    <figcaption>
      <details>
        <summary>Show the figures as a table</summary>
        <table class="table table--compact">
          <caption class="visually-hidden">Calls per day for ${keyName}</caption>
          <thead><tr><th scope="col">Day</th><th scope="col" class="num">Calls</th></tr></thead>
          <tbody>${days.map((d) => html`<tr><th scope="row">${label(d.date)}</th><td class="num">${number(d.calls)}</td></tr>`)}</tbody>
        </table>
      </details>
    </figcaption>
  </figure>`;
}
