// The interval printed at an SPRT's stop keeps its 95% for true effects from 0 to 15 × H1 (issue 26, item
// 8): the old stagewise interval of a linear LLR model missed large effects (true 1.204 at H1 = 0.1: 5 of 5
// intervals below it). A seeded subset of scripts/sprt-coverage.ts's grid: H1 = 0.1 sd (short tests),
// 1,000 stops at each effect.
import { describe, expect, it } from 'vitest';
import { coverageAt } from './coverage-at-stop.ts';
import { figure } from './synth.ts';

const RUNS = 1000;

describe('the interval at an SPRT stop, across effect sizes', () => {
  for (const times of [0, 1, 3, 7, 15]) {
    it(`true mean ${times} × H1 (normal pairs, H1 = 0.1 sd): 92.5-97.5% of ${RUNS} intervals hold it (3 SE around 93-97%)`, () => {
      const r = coverageAt('normal', 0.1, times, RUNS, 2600 + times);
      figure(`stop coverage ${times} x H1`, r);
      expect(r.cover).toBeGreaterThanOrEqual(0.925);
      expect(r.cover).toBeLessThanOrEqual(0.975);
      // no side misses much more than its 2.5% (an interval shifted to one side would)
      expect(Math.max(r.below, r.above)).toBeLessThanOrEqual(0.05 * RUNS);
      if (times === 15) {
        // the old interval (linear model) held none of them; the plain t-interval is what holds there
        expect(r.linearCover).toBeLessThan(0.1);
        expect(r.plainShare).toBeGreaterThan(0.9);
      }
      if (times <= 1) expect(r.plainShare).toBeLessThan(0.02); // near the hypotheses the stagewise interval stands
    });
  }

  it('points-like pairs (44% exactly 0, a long tail), 10 × H1 at H1 = 0.06 sd: the same promise', () => {
    const r = coverageAt('points', 0.06, 10, RUNS, 2700);
    figure('stop coverage points-like 10 x H1 (0.06)', r);
    expect(r.cover).toBeGreaterThanOrEqual(0.925);
    expect(r.cover).toBeLessThanOrEqual(0.975);
  });
});
