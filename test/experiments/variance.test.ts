// The variance arms of the experiments (H-42): Var(A) − Var(B) on the same cards, with a 95% interval from the
// paired influence terms (src/experiments/run.ts varianceTerms + effectOf). Checked on synthetic data with a
// known answer — correlated pairs whose variances differ by a known amount, and A/A pairs of equal variance —
// over many seeds: the interval must keep its promise (cover the truth in about 95% of the replicates).
import { describe, expect, it } from 'vitest';
import { effectOf, varianceTerms } from '../../src/experiments/run.ts';
import { keyedRng, type Rng } from '../../src/core/rng.ts';

function normal(rng: Rng): number {
  const u = 1 - rng.nextFloat();
  const v = rng.nextFloat();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** n pairs (x, y): x = a·(ρ·z1 + √(1−ρ²)·z2), y = b·z1 (Var x = a², Var y = b², correlated through z1); plus a heavy-tailed option (points are lumpy). */
function pairs(seed: number, n: number, a: number, b: number, rho: number, lumpy: boolean): { xs: number[]; ys: number[] } {
  const rng = keyedRng(seed, 42, 7);
  const xs: number[] = [];
  const ys: number[] = [];
  for (let i = 0; i < n; i++) {
    const z1 = normal(rng);
    const z2 = normal(rng);
    let x = a * (rho * z1 + Math.sqrt(1 - rho * rho) * z2);
    let y = b * z1;
    if (lumpy) {
      x = Math.round(x * 2) / 2;
      y = Math.round(y * 2) / 2;
    }
    xs.push(x);
    ys.push(y);
  }
  return { xs, ys };
}

describe('variance arms: Var(A) − Var(B) with a paired 95% interval', () => {
  it('on one large sample the estimate is the difference of the sample variances', () => {
    const { xs, ys } = pairs(1, 20_000, 1, 2, 0.6, false);
    const e = effectOf(varianceTerms(xs, ys), false);
    const v = (zs: number[]) => {
      const m = zs.reduce((s, z) => s + z, 0) / zs.length;
      return zs.reduce((s, z) => s + (z - m) ** 2, 0) / (zs.length - 1);
    };
    expect(e.estimate).toBeCloseTo(v(xs) - v(ys), 9);
    expect(e.low).toBeLessThan(-3);
    expect(e.high).toBeGreaterThan(-3);
    expect(e.high).toBeLessThan(0);
  });

  it.each([
    ['a known difference (Var 1 against 4, ρ = 0.6)', 1, 2, 0.6, false, -3],
    ['A/A: equal variances, strongly correlated (ρ = 0.9)', 1.5, 1.5, 0.9, false, 0],
    ['A/A on lumpy values (rounded to halves)', 1.5, 1.5, 0.5, true, null],
  ] as const)('%s: the interval covers the truth in 92 to 98 of 100 replicates (400 of 300 pairs)', (_name, a, b, rho, lumpy, truth) => {
    let covered = 0;
    const R = 400;
    for (let r = 0; r < R; r++) {
      const { xs, ys } = pairs(1000 + r, 300, a, b, rho, lumpy);
      const e = effectOf(varianceTerms(xs, ys), false);
      // rounding to halves adds the same variance (1/48) to both: the truth stays 0
      const t = truth ?? 0;
      if (e.low <= t && t <= e.high) covered++;
    }
    expect(covered / R).toBeGreaterThan(0.92);
    expect(covered / R).toBeLessThan(0.98);
  });

  it('identical sides give no spread (every term 0); too few pairs give nothing', () => {
    const xs = [1, 2, 3, 5];
    expect(effectOf(varianceTerms(xs, xs), false).kind).toBe('constant');
    expect(varianceTerms([1], [2])).toEqual([]);
  });
});
