// Estimates with their intervals (GUIDE §5): Wilson for proportions, mean ± t·SE for means. Every
// estimate carries its n. Accumulators merge associatively, so partial results from batches, workers or
// shards combine into the same answer in any grouping.
import { tFor, zFor } from './math.ts';
import { fixed } from '../core/numbers.ts';

export { zFor };

export interface Interval {
  readonly estimate: number;
  readonly low: number;
  readonly high: number;
  /** (high - low) / 2 */
  readonly halfWidth: number;
  readonly n: number;
  /** Standard error of the estimate (sqrt(p(1-p)/n) for a proportion). */
  readonly se: number;
}

/** Wilson score interval for k successes in n trials. */
export function wilson(k: number, n: number, level = 0.95): Interval {
  if (n <= 0) return { estimate: NaN, low: 0, high: 1, halfWidth: 0.5, n: 0, se: NaN };
  const z = zFor(level);
  const p = k / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  return { estimate: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half), halfWidth: half, n, se: Math.sqrt((p * (1 - p)) / n) };
}

/** A running sum for means: n, sum, sum of squares. Merge with addMoments. */
export interface Moments {
  n: number;
  sum: number;
  sumSq: number;
}
export const emptyMoments = (): Moments => ({ n: 0, sum: 0, sumSq: 0 });
export function addMoments(a: Moments, b: Moments): Moments {
  return { n: a.n + b.n, sum: a.sum + b.sum, sumSq: a.sumSq + b.sumSq };
}
export function pushMoment(m: Moments, x: number): void {
  m.n += 1;
  m.sum += x;
  m.sumSq += x * x;
}

/** Mean ± t·SE (Student t with n - 1 degrees of freedom). */
export function meanInterval(m: Moments, level = 0.95): Interval {
  if (m.n === 0) return { estimate: NaN, low: NaN, high: NaN, halfWidth: Infinity, n: 0, se: NaN };
  const mean = m.sum / m.n;
  if (m.n === 1) return { estimate: mean, low: -Infinity, high: Infinity, halfWidth: Infinity, n: 1, se: Infinity };
  const variance = Math.max(0, (m.sumSq - m.n * mean * mean) / (m.n - 1));
  const se = Math.sqrt(variance / m.n);
  const t = tFor(level, m.n - 1);
  return { estimate: mean, low: mean - t * se, high: mean + t * se, halfWidth: t * se, n: m.n, se };
}

/** Format an interval for a table: "0.5837 [0.5821, 0.5853]" (a negative number with U+2212: core/numbers.ts). */
export function formatInterval(i: Interval, digits = 4): string {
  if (!Number.isFinite(i.estimate)) return 'n/a';
  return `${fixed(i.estimate, digits)} [${fixed(i.low, digits)}, ${fixed(i.high, digits)}]`;
}
