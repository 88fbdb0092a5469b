import { describe, expect, it } from 'vitest';
import { addMoments, emptyMoments, meanInterval, pushMoment, wilson, zFor, emptyMoments as em, pushMoment as pm } from '../../src/stats/intervals.ts';

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

import { parseSprt, sprt } from '../../src/stats/sprt.ts';
describe('SPRT', () => {
  it('accepts H1 when the mean sits at m1, H0 when it sits at m0, and parses its bounds', () => {
    const b = parseSprt('0,0.1')!;
    expect(b).toEqual({ m0: 0, m1: 0.1, alpha: 0.05, beta: 0.05 });
    expect(parseSprt('0,0')).toBeNull();
    expect(parseSprt('x,1')).toBeNull();
    const hi = em();
    const lo = em();
    // deterministic samples with sd 1 around 0.1 and around 0
    for (let i = 0; i < 4000; i++) {
      const e = i % 2 === 0 ? 1 : -1;
      pm(hi, 0.1 + e);
      pm(lo, 0 + e);
    }
    expect(sprt(hi, b).verdict).toBe('H1');
    expect(sprt(lo, b).verdict).toBe('H0');
    const few = em();
    pm(few, 0.1);
    pm(few, -0.1);
    expect(sprt(few, b).verdict).toBe('continue');
    expect(sprt(hi, b).upper).toBeCloseTo(Math.log(0.95 / 0.05), 12);
  });
});
