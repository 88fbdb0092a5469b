// Duplicate (paired) metrics done right (GUIDE §5: "every metric of a duplicate run is a per-pair quantity").
//
// A duplicate run plays every deal (or Partie) twice with the partnerships swapped. The two seatings share the
// cards, so they are dependent: the number of decisions, the length of a Partie, whether it was lost double,
// all move together within a pair (and a points difference moves against itself). An interval that treats
// the 2n seatings as 2n independent draws is too narrow by the factor sqrt(1 + rho), rho the correlation of
// the seatings: with rho near 1 (decisions) it covers ~83% for a stated 95%. The fix is the one of the
// paired t-test: reduce each pair to ONE value (the mean of its two seatings, or A's difference averaged over
// them), then take mean ± t·SE over the n pair values.
//
// Special cases are reported as what they are, not as intervals:
// - a value that is the same in every pair (an A/A comparison with shared streams: the difference is exactly
//   0 in all n pairs) has no spread and no test statistic: "identical (difference 0 in all n pairs)";
// - a quantity that is fixed by the design (A's share of the Spiel over the two seatings of a deal is 1/2
//   when each seating's Spiel goes to whoever holds the cards) is declared so and printed "by construction".
//
// The accumulator holds sums, so partial results merge associatively; for values on a grid of 1/2^k (points,
// half-points, the 0/0.5/1 of a pair's proportion) the sums are exact and merging in any order gives the
// same bits.
import { wilson, type Moments } from './intervals.ts';
import { los as losOf } from './elo.ts';
import { normalCdf, tFor } from './math.ts';
import { fixed, plain } from '../core/numbers.ts';

/** Per-pair values accumulated: n, sum, sum of squares, and the smallest and largest value. */
export interface PairAcc extends Moments {
  min: number;
  max: number;
}

export const emptyPairAcc = (): PairAcc => ({ n: 0, sum: 0, sumSq: 0, min: Infinity, max: -Infinity });

/** Add one pair's value. */
export function pushPair(acc: PairAcc, x: number): void {
  if (!Number.isFinite(x)) throw new RangeError(`a pair's value must be a finite number, got ${x}`);
  acc.n += 1;
  acc.sum += x;
  acc.sumSq += x * x;
  if (x < acc.min) acc.min = x;
  if (x > acc.max) acc.max = x;
}

export function mergePairAcc(a: PairAcc, b: PairAcc): PairAcc {
  return { n: a.n + b.n, sum: a.sum + b.sum, sumSq: a.sumSq + b.sumSq, min: Math.min(a.min, b.min), max: Math.max(a.max, b.max) };
}

export function pairAccOf(values: ArrayLike<number>): PairAcc {
  const acc = emptyPairAcc();
  for (let i = 0; i < values.length; i++) pushPair(acc, values[i]!);
  return acc;
}

/** The value of one pair from its two seatings: their mean (a count, a 0/1 outcome, A's difference). */
export function pairValue(seating0: number, seating1: number): number {
  return (seating0 + seating1) / 2;
}

/**
 * What a metric is, which decides how it is reported:
 * - 'difference': A minus B per pair (tested against 0: t, two-sided p, LOS);
 * - 'mean': a per-pair mean of a count or amount (decisions, deals a Partie lasts);
 * - 'proportion': a per-pair share of 0/1 outcomes (Partien lost double): the pair value is 0, 1/2 or 1;
 * - 'fixed': fixed by the design (with the value and the reason); no interval.
 */
export type PairedMetric =
  | { readonly kind: 'difference' | 'mean' | 'proportion' }
  | { readonly kind: 'fixed'; readonly value: number; readonly reason: string };

export type PairedEstimate =
  | {
      readonly kind: 'interval';
      readonly metric: 'difference' | 'mean' | 'proportion';
      readonly estimate: number;
      readonly low: number;
      readonly high: number;
      readonly halfWidth: number;
      /** Standard error over pairs. */
      readonly se: number;
      /** Standard deviation of the pair values. */
      readonly sd: number;
      readonly n: number;
      readonly level: number;
      /** For a difference: t = estimate / se, its two-sided p (normal approximation) and LOS. */
      readonly t?: number;
      readonly p?: number;
      readonly los?: number;
    }
  | { readonly kind: 'constant'; readonly metric: 'difference' | 'mean' | 'proportion'; readonly value: number; readonly n: number }
  | { readonly kind: 'fixed'; readonly value: number; readonly reason: string; readonly n: number; readonly consistent: boolean }
  | { readonly kind: 'empty'; readonly n: 0 }
  | { readonly kind: 'single'; readonly value: number; readonly n: 1 };

/**
 * The estimate of a per-pair metric from its accumulator.
 *
 * Means and differences: mean ± t(n-1)·SE with SE = sd/sqrt(n) over the pair values.
 * Proportions: the Wilson interval at the effective sample size n_eff = p(1-p)/SE², SE from the pair values
 * (the clustered-data form of Wilson: E. L. Korn and B. I. Graubard, "Confidence intervals for proportions
 * with small expected number of positive counts estimated from survey data", Survey Methodology 24 (1998)
 * 193-201); it stays inside [0, 1] and behaves near 0 and 1 where the t-interval does not.
 * A 'fixed' metric reports its declared value; `consistent` says whether every pair agreed with it.
 */
export function pairedEstimate(acc: PairAcc, metric: PairedMetric, level = 0.95): PairedEstimate {
  if (metric.kind === 'fixed') return { kind: 'fixed', value: metric.value, reason: metric.reason, n: acc.n, consistent: acc.n === 0 || (acc.min === metric.value && acc.max === metric.value) };
  if (acc.n === 0) return { kind: 'empty', n: 0 };
  const mean = acc.sum / acc.n;
  if (acc.n === 1) return { kind: 'single', value: mean, n: 1 };
  const variance = Math.max(0, (acc.sumSq - acc.sum * mean) / (acc.n - 1));
  const sd = Math.sqrt(variance);
  const se = sd / Math.sqrt(acc.n);
  if (metric.kind === 'proportion') {
    if (acc.min < 0 || acc.max > 1) throw new RangeError(`a per-pair proportion lies in [0, 1], got values from ${acc.min} to ${acc.max}`);
    // no event at all (or nothing but events): the pairs give the count, Wilson at n pairs (the cautious
    // n_eff, as the seatings' correlation cannot be seen)
    const allSame = acc.min === acc.max;
    if (allSame && acc.min !== 0 && acc.min !== 1) return { kind: 'constant', metric: 'proportion', value: acc.min, n: acc.n };
    const p = Math.min(1, Math.max(0, mean));
    const nEff = se > 0 ? Math.max(1, (p * (1 - p)) / (se * se)) : acc.n;
    const w = wilson(p * nEff, nEff, level);
    return { kind: 'interval', metric: 'proportion', estimate: mean, low: w.low, high: w.high, halfWidth: (w.high - w.low) / 2, se, sd, n: acc.n, level };
  }
  if (acc.min === acc.max) return { kind: 'constant', metric: metric.kind, value: acc.min, n: acc.n };
  const half = tFor(level, acc.n - 1) * se;
  const base = { kind: 'interval' as const, metric: metric.kind, estimate: mean, low: mean - half, high: mean + half, halfWidth: half, se, sd, n: acc.n, level };
  if (metric.kind !== 'difference') return base;
  const t = mean / se;
  return { ...base, t, p: 2 * normalCdf(-Math.abs(t)), los: losOf(mean, se) };
}

/** Say what a paired estimate is, e.g. "0.2100 [0.1600, 0.2600]", "identical (difference 0 in all 1,000 pairs)". */
export function formatPaired(e: PairedEstimate, opts: { readonly digits?: number; readonly unit?: string } = {}): string {
  const d = opts.digits ?? 4;
  const unit = opts.unit ?? 'pairs';
  const count = (n: number) => `${n.toLocaleString('en-US')} ${unit}`;
  switch (e.kind) {
    case 'interval':
      return `${fixed(e.estimate, d)} [${fixed(e.low, d)}, ${fixed(e.high, d)}]`;
    case 'constant':
      if (e.metric === 'difference') return e.value === 0 ? `identical (difference 0 in all ${count(e.n)})` : `constant (difference ${plain(e.value)} in all ${count(e.n)})`;
      return `constant (${plain(e.value)} in all ${count(e.n)})`;
    case 'fixed':
      return `${e.value} by construction (${e.reason})${e.consistent ? '' : `: NOT so in the data (${count(e.n)})`}`;
    case 'empty':
      return `n/a (no ${unit})`;
    case 'single':
      return `${fixed(e.value, d)} (1 ${unit.replace(/s$/, '')}: no interval)`;
  }
}

/**
 * How much pairing narrowed the interval of a difference (GUIDE §5): the variance of the mean from 2n single
 * seatings taken as independent deals, over the variance of the mean from the n pairs. `singles` holds the
 * per-seating differences, `pairs` the per-pair ones (their means). null when either has no spread.
 */
export function varianceRatio(pairs: PairAcc, singles: Moments): number | null {
  if (pairs.n < 2 || singles.n < 2) return null;
  const vp = (pairs.sumSq - (pairs.sum * pairs.sum) / pairs.n) / (pairs.n - 1) / pairs.n;
  const vs = (singles.sumSq - (singles.sum * singles.sum) / singles.n) / (singles.n - 1) / singles.n;
  return vp > 0 && vs > 0 ? vs / vp : null;
}
