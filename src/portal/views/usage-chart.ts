import { addDays } from '../../platform/clock.ts';
import { escapeHtml, type Html, trusted } from '../html.ts';
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
 *
 * Built as plain text rather than an `html` template per bar: a month is some 120 elements, and every
 * figure in them is ours (dates, counts, coordinates), so only the key's name and the id are escaped.
 */
export function usageChart(
  id: string,
  keyName: string,
  usage: Pick<KeyUsage, 'cycle_start' | 'resets_at' | 'daily'>,
): Html {
  const days = cycleDays(usage);
  let busiest = 1;
  let total = 0;
  for (const d of days) {
    if (d.calls > busiest) busiest = d.calls;
    total += d.calls;
  }
  const step = gridStep(busiest);
  const top = step * Math.ceil(busiest / step);
  const plotWidth = WIDTH - PLOT.left - PLOT.right;
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const slot = plotWidth / Math.max(days.length, 1);
  const y = (calls: number) => PLOT.top + plotHeight - (calls / top) * plotHeight;
  const labels = days.map((d) => label(d.date));
  const counts = days.map((d) => number(d.calls));
  const name = escapeHtml(keyName);
  const chartId = escapeHtml(id);

  let grid = '';
  for (let v = 0; v <= top; v += step) {
    grid += `<g class="chart__grid"><line x1="${PLOT.left}" x2="${WIDTH - PLOT.right}" y1="${y(v)}" y2="${y(v)}"/>
        <text x="${PLOT.left - 6}" y="${y(v) + 4}" text-anchor="end">${number(v)}</text></g>`;
  }
  let bars = '';
  let dayLabels = '';
  let rows = '';
  for (let i = 0; i < days.length; i++) {
    const calls = days[i].calls;
    const height = Math.max(PLOT.top + plotHeight - y(calls), calls > 0 ? 2 : 0);
    const x = PLOT.left + i * slot + slot * 0.15;
    bars += `<rect class="chart__bar" x="${x.toFixed(1)}" y="${(PLOT.top + plotHeight - height).toFixed(1)}" width="${(slot * 0.7).toFixed(1)}" height="${height.toFixed(1)}"><title>${labels[i]}: ${counts[i]} calls</title></rect>`;
    if (i % 5 === 0) {
      dayLabels += `<text class="chart__label" x="${(PLOT.left + i * slot + slot / 2).toFixed(1)}" y="${HEIGHT - 8}" text-anchor="middle">${labels[i]}</text>`;
    }
    rows += `<tr><th scope="row">${labels[i]}</th><td class="num">${counts[i]}</td></tr>`;
  }
  const first = labels[0] ?? label(usage.cycle_start.slice(0, 10));
  const last = labels.at(-1) ?? label(usage.cycle_start.slice(0, 10));

  return trusted(`<figure class="chart">
    <svg viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-labelledby="${chartId}-title ${chartId}-desc">
      <title id="${chartId}-title">Calls per day for ${name}</title>
      <desc id="${chartId}-desc">${number(total)} calls from ${first} to ${last}; the table below lists each day.</desc>
      ${grid}
      ${bars}
      ${dayLabels}
    </svg>
    <figcaption>
      <details>
        <summary>Show the figures as a table</summary>
        <table class="table table--compact">
          <caption class="visually-hidden">Calls per day for ${name}</caption>
          <thead><tr><th scope="col">Day</th><th scope="col" class="num">Calls</th></tr></thead>
          <tbody>${rows}</tbody>
        </table>
      </details>
    </figcaption>
  </figure>`);
}
