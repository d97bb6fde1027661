import { afterEach, describe, expect, it } from 'vitest';
import { html } from '../../src/portal/html.ts';
import { number } from '../../src/portal/views/components.ts';
import { cycleDays, gridStep, usageChart } from '../../src/portal/views/usage-chart.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { PortalClient, uniqueEmail } from './portal-client.ts';

describe('html templates', () => {
  it('escapes every interpolated value but keeps nested templates as markup', () => {
    const name = '<img src=x onerror="alert(1)"> & \'co\'';
    const out = html`<p title="${name}">${name}${html`<b>${name}</b>`}${[html`<i>1</i>`, '<2>']}${false}${null}</p>`;
    expect(out.value).toBe(
      '<p title="&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#39;co&#39;">' +
        '&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#39;co&#39;' +
        '<b>&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#39;co&#39;</b><i>1</i>&lt;2&gt;</p>',
    );
  });
});

describe('figures', () => {
  it('writes every number as en-GB formatting does, whole numbers included', () => {
    const enGB = new Intl.NumberFormat('en-GB');
    const figures = [
      0,
      -0,
      7,
      999,
      1000,
      -1000,
      12_345,
      999_999,
      1_000_000,
      -123_456_789,
      2 ** 53 - 1,
      2 ** 53,
      1.5,
      -0.25,
      1e21,
      Number.NaN,
      Number.POSITIVE_INFINITY,
    ];
    for (const n of figures) expect(number(n)).toBe(enGB.format(n));
  });
});

describe('usage chart', () => {
  const usage = {
    used: 7,
    limit: 50,
    remaining: 43,
    cycle_start: '2026-02-01T00:00:00.000Z',
    resets_at: '2026-03-01T00:00:00.000Z',
    daily: [
      { date: '2026-02-02', calls: 5 },
      { date: '2026-02-03', calls: 2 },
    ],
  };

  it('spans every day of the cycle, zero where there were no calls', () => {
    const days = cycleDays(usage);
    expect(days).toHaveLength(28);
    expect(days[0]).toEqual({ date: '2026-02-01', calls: 0 });
    expect(days[1]).toEqual({ date: '2026-02-02', calls: 5 });
    expect(days[27]).toEqual({ date: '2026-02-28', calls: 0 });
  });

  it('chooses round gridlines', () => {
    expect([1, 4, 7, 53, 120, 999, 10_000].map(gridStep)).toEqual([1, 1, 2, 20, 50, 500, 5000]);
  });

  it('draws one bar per day, scaled to the busiest, each with a readable title', () => {
    const svg = usageChart('c', 'ERP <live>', usage).value;
    const bars = [...svg.matchAll(/<rect class="chart__bar"[^>]*height="([\d.]+)"><title>([^<]+)<\/title>/g)];
    expect(bars).toHaveLength(28);
    const heights = bars.map((b) => Number(b[1]));
    expect(heights[1]).toBeCloseTo(heights[2] * 2.5, 0);
    expect(heights[0]).toBe(0);
    expect(bars[1][2]).toBe('2 Feb: 5 calls');
    expect(svg).toContain('Calls per day for ERP &lt;live&gt;');
    expect(svg).toContain('<td class="num">5</td>');
  });
});

describe('user text in pages', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('shows an organisation or key name containing markup as text, never as markup', async () => {
    t = await createTestApp();
    const browser = new PortalClient(t.app);
    await browser.signUp(uniqueEmail('owner'), '<script>alert("org")</script>');
    await browser.createKey('<img src=x onerror=alert(1)>', 'test');
    const page = await browser.get('/portal/keys');
    expect(page.body).not.toContain('<script>alert');
    expect(page.body).not.toContain('<img src=x');
    expect(page.body).toContain('&lt;script&gt;alert(&quot;org&quot;)&lt;/script&gt;');
    expect(page.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
