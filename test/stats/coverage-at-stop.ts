// The coverage of MeanSprt's interval at its stop, on synthetic streams with a known mean: used by
// test/stats/stop-coverage.test.ts (a seeded subset) and scripts/sprt-coverage.ts (the full grid).
import { MeanSprt, meanLlr } from '../../src/stats/sprt.ts';
import { normalLlrModel, stopEstimate } from '../../src/stats/stop-estimate.ts';
import { cumulative, discrete, normal, pointsLike, rngFor } from './synth.ts';

export type Noise = 'normal' | 'points';

export interface CoverageRow {
  readonly noise: Noise;
  /** H1 in units of the noise's sd (m0 = 0). */
  readonly h1: number;
  /** The true mean as a multiple of H1. */
  readonly times: number;
  readonly runs: number;
  /** Share of intervals holding the true mean: the interval MeanSprt.corrected gives. */
  readonly cover: number;
  /** Misses with the truth below the interval, above it. */
  readonly below: number;
  readonly above: number;
  /** Share of stops where the plain t-interval at the stop was given (an effect far beyond H1). */
  readonly plainShare: number;
  /** The same stops: the old linear-model stagewise interval's coverage, and the plain t-interval's. */
  readonly linearCover: number;
  readonly plainCover: number;
  readonly meanN: number;
}

/** Noise with mean 0 and sd 1: normal, or the points-like discrete law (44% exactly 0, a long tail), standardised. */
function noiseOf(kind: Noise): (rng: ReturnType<typeof rngFor>) => number {
  if (kind === 'normal') return normal;
  const p = pointsLike(0);
  const c = cumulative(p.probs);
  return (rng) => (p.values[discrete(rng, c)]! - p.mean) / p.sd;
}

/** Run `runs` SPRTs (m0 = 0, m1 = h1, alpha = beta = 0.05) at true mean times × h1, each to its stop (or maxPairs). */
export function coverageAt(noise: Noise, h1: number, times: number, runs: number, seed: number, maxPairs = 1_000_000): CoverageRow {
  const truth = times * h1;
  const draw = noiseOf(noise);
  let cover = 0;
  let below = 0;
  let above = 0;
  let plain = 0;
  let linear = 0;
  let plainCover = 0;
  let nSum = 0;
  for (let r = 0; r < runs; r++) {
    const rng = rngFor(seed, r);
    const t = new MeanSprt({ m0: 0, m1: h1, alpha: 0.05, beta: 0.05 });
    while (t.verdict === 'continue' && t.n < maxPairs) t.push(truth + draw(rng));
    nSum += t.n;
    const c = t.corrected();
    const s = t.status();
    if (c !== null) {
      if (c.low <= truth && truth <= c.high) cover++;
      else if (truth < c.low) below++;
      else above++;
      if (c.method.startsWith('plain')) plain++;
    }
    const v = (s.sd * s.sd * (s.n - 1)) / s.n;
    const o = { n: s.n, llr: meanLlr(s.n, s.mean, v, 0, h1), lower: t.lower, upper: t.upper, decided: s.verdict === 'continue' ? null : s.verdict };
    const old = stopEstimate(o, normalLlrModel(0, h1, v), s.mean, Math.max(h1, Math.sqrt(v / s.n)));
    if (old !== null && old.low <= truth && truth <= old.high) linear++;
    const half = (1.96 * s.sd) / Math.sqrt(s.n);
    if (Math.abs(s.mean - truth) <= half) plainCover++;
  }
  return { noise, h1, times, runs, cover: cover / runs, below, above, plainShare: plain / runs, linearCover: linear / runs, plainCover: plainCover / runs, meanN: nSum / runs };
}
