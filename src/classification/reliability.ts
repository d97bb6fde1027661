// The reliability diagram (`npm run eval -- --reliability FILE.svg`): stated confidence of the top
// answer against how often it was right, in bins of 0.1, with the count in each bin. A calibrated
// classifier's bars follow the diagonal; bars under it are over-confident.
import type { EvalOutcome } from './eval.ts';

export interface ReliabilityBin {
  from: number;
  to: number;
  count: number;
  right: number;
  meanConfidence: number;
}

export function reliabilityBins(outcomes: EvalOutcome[], width = 0.1): ReliabilityBin[] {
  const n = Math.round(1 / width);
  const bins = Array.from({ length: n }, (_, i) => ({
    from: i * width,
    to: (i + 1) * width,
    count: 0,
    right: 0,
    sum: 0,
  }));
  for (const o of outcomes) {
    const top = o.ranking[0];
    const c = top?.confidence ?? 0;
    const bin = bins[Math.min(n - 1, Math.floor(c / width))];
    bin.count++;
    bin.sum += c;
    if (top?.ewc_code === o.item.expected_code) bin.right++;
  }
  return bins.map(({ sum, ...b }) => ({ ...b, meanConfidence: b.count ? sum / b.count : 0 }));
}

const esc = (s: string) => s.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A self-contained SVG: bars of accuracy per confidence bin, the diagonal, counts above the bars. */
export function reliabilitySvg(bins: ReliabilityBin[], title: string): string {
  const W = 640;
  const H = 440;
  const m = { l: 60, r: 20, t: 50, b: 60 };
  const pw = W - m.l - m.r;
  const ph = H - m.t - m.b;
  const x = (v: number) => m.l + v * pw;
  const y = (v: number) => m.t + (1 - v) * ph;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`,
    `<rect width="${W}" height="${H}" fill="#fff"/>`,
    `<text x="${W / 2}" y="24" text-anchor="middle" font-size="15">${esc(title)}</text>`,
  ];
  for (let i = 0; i <= 10; i++) {
    const v = i / 10;
    parts.push(`<line x1="${x(0)}" y1="${y(v)}" x2="${x(1)}" y2="${y(v)}" stroke="#eee"/>`);
    parts.push(`<text x="${m.l - 8}" y="${y(v) + 4}" text-anchor="end">${v.toFixed(1)}</text>`);
    parts.push(`<text x="${x(v)}" y="${m.t + ph + 18}" text-anchor="middle">${v.toFixed(1)}</text>`);
  }
  for (const b of bins) {
    if (b.count === 0) continue;
    const acc = b.right / b.count;
    const bw = (b.to - b.from) * pw - 4;
    const fill = acc + 0.05 < b.meanConfidence ? '#d9534f' : '#2e7d32';
    parts.push(
      `<rect x="${x(b.from) + 2}" y="${y(acc)}" width="${bw}" height="${y(0) - y(acc)}" fill="${fill}" fill-opacity="0.75"><title>${b.right}/${b.count} right at confidence ${b.from.toFixed(1)}-${b.to.toFixed(1)}</title></rect>`,
      `<text x="${x(b.from) + 2 + bw / 2}" y="${y(acc) - 5}" text-anchor="middle" font-size="11">n=${b.count}</text>`,
    );
  }
  parts.push(
    `<line x1="${x(0)}" y1="${y(0)}" x2="${x(1)}" y2="${y(1)}" stroke="#333" stroke-dasharray="5,4"/>`,
    `<line x1="${x(0.9)}" y1="${y(0)}" x2="${x(0.9)}" y2="${y(1)}" stroke="#1565c0" stroke-dasharray="2,3"/>`,
    `<rect x="${x(0)}" y="${y(1)}" width="${pw}" height="${ph}" fill="none" stroke="#333"/>`,
    `<text x="${m.l + pw / 2}" y="${H - 18}" text-anchor="middle">stated confidence of the top answer</text>`,
    `<text transform="translate(16 ${m.t + ph / 2}) rotate(-90)" text-anchor="middle">share right</text>`,
    '</svg>',
  );
  return `${parts.join('\n')}\n`;
}
