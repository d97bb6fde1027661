import { describe, expect, it } from 'vitest';
import type { EvalOutcome } from '../../src/classification/eval.ts';
import { reliabilityBins, reliabilitySvg } from '../../src/classification/reliability.ts';

const outcome = (confidence: number, right: boolean): EvalOutcome => ({
  item: {
    id: 'x',
    description: 'd',
    expected_code: '17 01 01',
    expected_hazardous: false,
    source: 's',
    section: 'section',
  },
  ranking: [{ ewc_code: right ? '17 01 01' : '17 01 02', is_hazardous: false, confidence }],
  ms: 0,
});

describe('the reliability diagram', () => {
  const outcomes = [outcome(0.95, true), outcome(0.93, true), outcome(0.91, false), outcome(0.55, true)];

  it('counts answers and right answers per confidence bin', () => {
    const bins = reliabilityBins(outcomes);
    expect(bins).toHaveLength(10);
    expect(bins[9]).toMatchObject({ count: 3, right: 2 });
    expect(bins[5]).toMatchObject({ count: 1, right: 1 });
  });

  it('draws a self-contained SVG with a bar and a count for every bin that has answers', () => {
    const svg = reliabilitySvg(reliabilityBins(outcomes), 'test <set>');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('n=3');
    expect(svg).toContain('2/3 right at confidence 0.9-1.0');
    expect(svg).toContain('test &#60;set&#62;');
  });
});
