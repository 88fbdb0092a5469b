// Synthetic data with a known answer for the statistics tests: every stream keyed (seed, index), so a test
// reproduces exactly.
import { keyedRng, type Rng } from '../../src/core/rng.ts';

/** A stream kind of the tests' own, apart from the engine's. */
export const TEST_STREAM = 0x7e57;

export function rngFor(seed: number, index: number, seat = -1): Rng {
  return keyedRng(seed, index, TEST_STREAM, seat);
}

/** Standard normal draws (Box–Muller, one value per call; the sine half is dropped for simplicity). */
export function normal(rng: Rng): number {
  const u1 = (rng.nextUint32() + 0.5) / 4294967296;
  const u2 = rng.nextUint32() / 4294967296;
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

/** A draw from a discrete distribution given as cumulative probabilities. */
export function discrete(rng: Rng, cumulative: readonly number[]): number {
  const u = rng.nextFloat();
  for (let i = 0; i < cumulative.length; i++) if (u < cumulative[i]!) return i;
  return cumulative.length - 1;
}

export function cumulative(p: readonly number[]): number[] {
  let s = 0;
  return p.map((x) => (s += x));
}

/**
 * A points-like paired difference (per deal pair, A minus B, averaged over the two seatings): most pairs 0
 * (both seatings play out alike), the rest spread over half-points with a long tail, shifted by `effect`
 * in probability so the mean is `base + effect`-ish. Returns the values and their exact mean and sd.
 */
export function pointsLike(shift: number): { values: number[]; probs: number[]; mean: number; sd: number } {
  // values -3 .. 3 in halves; symmetric around 0 before the shift
  const values = [-3, -2, -1.5, -1, -0.5, 0, 0.5, 1, 1.5, 2, 3];
  const w = [0.01, 0.03, 0.04, 0.08, 0.12, 0.44, 0.12, 0.08, 0.04, 0.03, 0.01];
  // tilt: move `shift` of probability mass from -1 to +1 (mean rises by 2 * shift)
  const probs = w.slice();
  probs[3] = probs[3]! - shift;
  probs[7] = probs[7]! + shift;
  const mean = values.reduce((s, v, i) => s + v * probs[i]!, 0);
  const sd = Math.sqrt(values.reduce((s, v, i) => s + (v - mean) ** 2 * probs[i]!, 0));
  return { values, probs, mean, sd };
}

/**
 * One duplicate pair of Partien: A's win in each seating. The pair shares its cards, so a deal that favours
 * one seat favours A in one seating and B in the other: A's win chance is s + luck in seating 0 and s - luck
 * in seating 1, luck = ±lambda with equal chance (the per-game score stays s; the games are dependent).
 */
export function partiePair(rng: Rng, s: number, lambda: number): [number, number] {
  const luck = rng.nextFloat() < 0.5 ? lambda : -lambda;
  return [rng.nextFloat() < s + luck ? 1 : 0, rng.nextFloat() < s - luck ? 1 : 0];
}

/** Print a measured figure when STATS_FIGURES=1 (the figures quoted in comments and reports come from here). */
export function figure(label: string, value: unknown): void {
  if (process.env['STATS_FIGURES'] === '1') process.stdout.write(`[figure] ${label}: ${JSON.stringify(value)}\n`);
}
