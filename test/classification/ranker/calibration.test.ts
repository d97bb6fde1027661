// The confidence map fitted by `npm run train` (isotonic in src/classification/ranker/blend.ts): what it
// must guarantee whatever the data, since every confidence the service states passes through it.
import { describe, expect, it } from 'vitest';
import { CONFIDENCE_CEILING, calibrated, isotonic } from '../../../src/classification/ranker/blend.ts';

/** n answers at share x, `right` of them right. */
const at = (x: number, n: number, right: number) =>
  Array.from({ length: n }, (_, i) => ({ x, y: i < right ? 1 : 0 }));

describe('the isotonic calibration', () => {
  it('rises with the share, in steps of at least 30 answers, each stated near its share right', () => {
    const points = [at(0.3, 40, 20), at(0.6, 40, 30), at(0.8, 40, 36), at(0.95, 400, 396)].flat();
    const steps = isotonic(points);
    expect(steps.map(([upper]) => upper)).toEqual([0.3, 0.6, 0.8, 0.95]);
    const values = steps.map(([, v]) => v);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    // (right + 1) / (answers + 2): the prior towards one half moves a step only a little.
    expect(values).toEqual([0.5, 0.738, 0.881, 0.988]);
  });

  it('does not let one right answer swallow every step above it (the prior is not pooled on)', () => {
    // 30 answers at each share, accuracy rising 70% → 80% → 90% → 100%: four steps, not one.
    const points = [at(0.7, 30, 21), at(0.8, 30, 24), at(0.9, 30, 27), at(0.99, 30, 30)].flat();
    expect(isotonic(points)).toHaveLength(4);
  });

  it('pools steps that fall, and a short last bin into the one before', () => {
    const falling = isotonic([at(0.5, 30, 27), at(0.7, 30, 15)].flat());
    expect(falling).toEqual([[0.7, 0.694]]); // (42 + 1) / (60 + 2)
    const short = isotonic([at(0.5, 30, 15), at(0.9, 5, 5)].flat());
    expect(short).toHaveLength(1);
    expect(isotonic([])).toEqual([]);
  });

  it('never states an answer above the ceiling, and reads a share past the last step as that step', () => {
    const steps = isotonic(at(0.99, 2000, 2000));
    expect(steps[0][1]).toBeGreaterThan(CONFIDENCE_CEILING);
    expect(calibrated(0.995, true, { agree: steps, disagree: steps })).toBe(CONFIDENCE_CEILING);
    const low: Array<[number, number]> = [
      [0.5, 0.4],
      [0.8, 0.7],
    ];
    expect(calibrated(0.9, false, { agree: low, disagree: low })).toBe(0.7);
    expect(calibrated(0.6, false, { agree: low, disagree: low })).toBe(0.7);
    expect(calibrated(0.2, false, { agree: low, disagree: low })).toBe(0.4);
  });
});
