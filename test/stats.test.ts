import { describe, expect, it } from 'vitest';
import { addMoments, emptyMoments, meanInterval, pushMoment, wilson, zFor } from '../src/stats/intervals.ts';

describe('intervals', () => {
  it('Wilson matches known values', () => {
    expect(zFor(0.95)).toBeCloseTo(1.959964, 5);
    const w = wilson(10, 100);
    // Wilson 95% for 10/100: [0.0552, 0.1744]
    expect(w.low).toBeCloseTo(0.05523, 4);
    expect(w.high).toBeCloseTo(0.17437, 4);
    expect(wilson(0, 10).low).toBe(0);
    expect(wilson(10, 10).high).toBe(1);
  });
  it('mean ± t·SE, and moments merge associatively', () => {
    const a = emptyMoments();
    const b = emptyMoments();
    const all = emptyMoments();
    [1, 2, 3, 4].forEach((x) => (pushMoment(a, x), pushMoment(all, x)));
    [5, 6, 7].forEach((x) => (pushMoment(b, x), pushMoment(all, x)));
    expect(addMoments(a, b)).toEqual(all);
    const m = meanInterval(all);
    expect(m.estimate).toBe(4);
    // sd = sqrt(14/3) ... se = sqrt(14/3/7); t(0.975, 6) = 2.446912
    expect(m.halfWidth).toBeCloseTo(2.446912 * Math.sqrt(14 / 3 / 7), 5);
  });
});
