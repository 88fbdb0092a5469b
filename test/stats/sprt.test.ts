// The SPRT keeps its promises: looked at after every pair, its false-H1 rate at H0 and its power at H1 are the
// declared ones; looked at once per 1,024 it is conservative (the review's finding), and the per-pair rule is
// the fix. Synthetic paired streams with a known mean, keyed by (seed, run), so every figure reproduces.
import { describe, expect, it } from 'vitest';
import { MeanSprt, meanLlr, parseSprt, sprt, sprtBoundaries, type MeanSprtSnapshot } from '../../src/stats/sprt.ts';
import { emptyMoments, pushMoment } from '../../src/stats/intervals.ts';
import { cumulative, discrete, figure, normal, pointsLike, rngFor } from './synth.ts';

/** Run `runs` SPRTs on a stream drawn by `draw` until they decide; the share accepting H1, the mean n. */
function rates(runs: number, seed: number, make: () => MeanSprt, draw: (rng: ReturnType<typeof rngFor>) => number): { h1: number; meanN: number } {
  let h1 = 0;
  let n = 0;
  for (let r = 0; r < runs; r++) {
    const rng = rngFor(seed, r);
    const t = make();
    while (t.verdict === 'continue') t.push(draw(rng));
    if (t.verdict === 'H1') h1++;
    n += t.n;
  }
  return { h1: h1 / runs, meanN: n / runs };
}

/** 3 standard errors of a rate p estimated from n runs: the tolerance of every rate below. */
const tol = (p: number, n: number) => 3 * Math.sqrt((p * (1 - p)) / n);

describe('SPRT on a mean, looked at after every pair', () => {
  const RUNS = 2000;
  const bounds = { m0: 0, m1: 0.1, alpha: 0.05, beta: 0.05 };

  it(`normal pairs, (m1 - m0)/sd = 0.1: false H1 at H0 <= alpha, power at H1 >= 1 - beta (n = ${RUNS} runs each, tolerance 3 SE)`, () => {
    const h0 = rates(RUNS, 101, () => new MeanSprt(bounds), (rng) => normal(rng));
    const h1 = rates(RUNS, 102, () => new MeanSprt(bounds), (rng) => 0.1 + normal(rng));
    figure('normal, delta/sd 0.1: false H1, power, mean n at H0', [h0.h1, h1.h1, h0.meanN]);
    expect(h0.h1).toBeLessThanOrEqual(0.05 + tol(0.05, RUNS));
    expect(h0.h1).toBeGreaterThan(0.05 - tol(0.05, RUNS)); // not needlessly conservative either
    expect(1 - h1.h1).toBeLessThanOrEqual(0.05 + tol(0.05, RUNS));
    expect(1 - h1.h1).toBeGreaterThan(0.05 - tol(0.05, RUNS));
    // Wald's approximation of the expected length at H0: ((1-a) log(b/(1-a)) + a log((1-b)/a)) / (-(m1-m0)²/2 sd²) = 530
    expect(h0.meanN).toBeGreaterThan(450);
    expect(h0.meanN).toBeLessThan(620);
  });

  it('points-like pairs (44% exactly 0, half-points, a long tail): the same promises', () => {
    const h0d = pointsLike(0);
    const h1d = pointsLike(0.05); // mean 0.1 points a deal, sd 0.91
    const b = { m0: 0, m1: h1d.mean, alpha: 0.05, beta: 0.05 };
    const c0 = cumulative(h0d.probs);
    const c1 = cumulative(h1d.probs);
    const h0 = rates(RUNS, 103, () => new MeanSprt(b), (rng) => h0d.values[discrete(rng, c0)]!);
    const h1 = rates(RUNS, 104, () => new MeanSprt(b), (rng) => h1d.values[discrete(rng, c1)]!);
    figure('points-like, delta/sd 0.11: false H1, power', [h0.h1, h1.h1]);
    expect(h0.h1).toBeLessThanOrEqual(0.05 + tol(0.05, RUNS));
    expect(1 - h1.h1).toBeLessThanOrEqual(0.05 + tol(0.05, RUNS));
  });

  it('looking once per 1,024 pairs is conservative (real alpha well below 5%) and slower; per pair is the fix', () => {
    const b = { m0: 0, m1: 0.05, alpha: 0.05, beta: 0.05 };
    const runs = 1000;
    const batch = rates(runs, 105, () => new MeanSprt(b, { checkEvery: 1024 }), (rng) => normal(rng));
    const pair = rates(runs, 105, () => new MeanSprt(b), (rng) => normal(rng));
    figure('delta/sd 0.05, once per 1024 vs per pair: false H1 and mean n', { batch, pair });
    expect(batch.h1).toBeLessThan(0.04);
    expect(pair.h1).toBeGreaterThan(batch.h1);
    expect(pair.h1).toBeLessThanOrEqual(0.05 + tol(0.05, runs));
    expect(batch.meanN).toBeGreaterThan(1.25 * pair.meanN);
  });

  it('needs 20 pairs before deciding: with a large (m1 - m0)/sd a lucky start would cross a bound early', () => {
    const b = { m0: 0, m1: 0.5, alpha: 0.05, beta: 0.05 };
    const runs = 2000;
    const early = rates(runs, 106, () => new MeanSprt(b, { minPairs: 2 }), (rng) => normal(rng));
    const guarded = rates(runs, 106, () => new MeanSprt(b), (rng) => normal(rng));
    figure('delta/sd 0.5: false H1 with minPairs 2 and 20', [early.h1, guarded.h1]);
    expect(early.h1).toBeGreaterThan(0.05 + tol(0.05, runs) / 3);
    expect(guarded.h1).toBeLessThanOrEqual(0.05);
  });

  it('an A/A stream with a difference of exactly 0 in every pair: no test statistic, no decision, said so', () => {
    const t = new MeanSprt({ m0: 0, m1: 0.05, alpha: 0.05, beta: 0.05 });
    for (let i = 0; i < 5000; i++) t.push(0);
    const s = t.status();
    expect(s.verdict).toBe('continue');
    expect(s.llr).toBeNull();
    expect(s.constant).toBe(0);
    expect(s.meanNote).toContain('every one of the 5000 pairs gave 0');
    expect(t.corrected()).toBeNull();
    // the batch form says "constant" too, never the -3e11 of a division by a floored variance
    const m = emptyMoments();
    for (let i = 0; i < 5000; i++) pushMoment(m, 0);
    const old = sprt(m, { m0: 0, m1: 0.05, alpha: 0.05, beta: 0.05 });
    expect(old.constant).toBe(true);
    expect(old.llr).toBe(0);
    expect(old.verdict).toBe('continue');
    // one differing pair ends the degenerate state
    t.push(0.5);
    expect(t.status().constant).toBeNull();
    expect(t.status().llr).not.toBeNull();
  });

  it('saves and resumes as plain JSON: the resumed test runs on exactly as the uninterrupted one', () => {
    const b = { m0: 0, m1: 0.1, alpha: 0.05, beta: 0.05 };
    const straight = new MeanSprt(b);
    const first = new MeanSprt(b);
    const rngA = rngFor(107, 0);
    const xs = Array.from({ length: 3000 }, () => 0.05 + normal(rngA));
    let resumed: MeanSprt | null = null;
    for (let i = 0; i < xs.length; i++) {
      straight.push(xs[i]!);
      if (i < 700) first.push(xs[i]!);
      else {
        resumed ??= MeanSprt.fromJSON(JSON.parse(JSON.stringify(first)) as MeanSprtSnapshot);
        resumed.push(xs[i]!);
      }
    }
    expect(resumed!.toJSON()).toEqual(straight.toJSON());
    expect(straight.status().decidedAt).not.toBeNull();
    // results after the decision are counted, not used
    expect(straight.status().afterStop).toBe(3000 - straight.status().decidedAt!);
  });

  it('pushAll returns the index of the deciding pair; the LLR and bounds are the textbook ones', () => {
    const t = new MeanSprt({ m0: 0, m1: 1, alpha: 0.05, beta: 0.05 });
    const idx = t.pushAll(Array.from({ length: 100 }, (_, i) => (i % 2 === 0 ? 2 : 0)));
    expect(idx).toBe(t.status().decidedAt! - 1);
    expect(t.verdict).toBe('H1');
    const { lower, upper } = sprtBoundaries(0.05, 0.1);
    expect(upper).toBeCloseTo(Math.log(0.9 / 0.05), 12);
    expect(lower).toBeCloseTo(Math.log(0.1 / 0.95), 12);
    // the profiled-variance LLR: (n/2) log((s2 + x²)/(s2 + (x - 1)²)) for m0 = 0, m1 = 1
    expect(meanLlr(10, 0.5, 1, 0, 1)).toBeCloseTo(0, 12);
    expect(meanLlr(10, 1, 1, 0, 1)).toBeCloseTo(5 * Math.log(2), 12);
    expect(() => new MeanSprt({ m0: 0, m1: 0, alpha: 0.05, beta: 0.05 })).toThrow(/different/);
    expect(() => new MeanSprt({ m0: 0, m1: 1, alpha: 0.05, beta: 0.05 }, { checkEvery: 0 })).toThrow(/checkEvery/);
    expect(parseSprt('0,0.1,0.05,0.1')).toEqual({ m0: 0, m1: 0.1, alpha: 0.05, beta: 0.1 });
  });
});

describe('the estimate at a sequential stop', () => {
  const RUNS = 2000;
  const bounds = { m0: 0, m1: 0.1, alpha: 0.05, beta: 0.05 };

  /** Stop many tests at a true mean; the naive and corrected estimates, and whether intervals cover. */
  function atStops(truth: number, seed: number) {
    const naive: number[] = [];
    const corrected: number[] = [];
    let covered = 0;
    let naiveCovered = 0;
    let h1Naive = 0;
    let h1Corrected = 0;
    let h1 = 0;
    for (let r = 0; r < RUNS; r++) {
      const rng = rngFor(seed, r);
      const t = new MeanSprt(bounds);
      while (t.verdict === 'continue') t.push(truth + normal(rng));
      const s = t.status();
      const c = t.corrected()!;
      naive.push(s.mean);
      corrected.push(c.estimate);
      if (c.low <= truth && truth <= c.high) covered++;
      if (Math.abs(s.mean - truth) <= (1.96 * s.sd) / Math.sqrt(s.n)) naiveCovered++;
      if (s.verdict === 'H1') {
        h1++;
        h1Naive += s.mean;
        h1Corrected += c.estimate;
      }
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const below = (xs: number[]) => xs.filter((x) => x < truth).length / xs.length;
    return { naiveBias: mean(naive) - truth, correctedBias: mean(corrected) - truth, naiveBelow: below(naive), correctedBelow: below(corrected), cover: covered / RUNS, naiveCover: naiveCovered / RUNS, h1, h1NaiveBias: h1Naive / h1 - truth, h1CorrectedBias: h1Corrected / h1 - truth };
  }

  it(`is biased toward the accepted hypothesis, and the median-unbiased correction removes most of it (n = ${RUNS} stops)`, () => {
    // truth at m1: most tests accept H1 and the plain mean overstates the effect
    const at1 = atStops(0.1, 201);
    expect(at1.naiveBias).toBeGreaterThan(0.02);
    expect(at1.naiveBelow).toBeLessThan(0.4);
    expect(Math.abs(at1.correctedBias)).toBeLessThan(0.6 * at1.naiveBias);
    expect(Math.abs(at1.correctedBelow - 0.5)).toBeLessThan(0.035);
    // among the tests that accepted H1 the bias is the one the label warns of
    expect(at1.h1NaiveBias).toBeGreaterThan(at1.h1CorrectedBias);
    // truth at m0: most accept H0 and the plain mean understates
    const at0 = atStops(0, 202);
    figure('stop estimate at truth m1 and m0', { at1, at0 });
    expect(at0.naiveBias).toBeLessThan(-0.02);
    expect(at0.naiveBelow).toBeGreaterThan(0.6);
    expect(Math.abs(at0.correctedBias)).toBeLessThan(0.6 * Math.abs(at0.naiveBias));
    expect(Math.abs(at0.correctedBelow - 0.5)).toBeLessThan(0.035);
    // the stagewise interval keeps its 95% after the stop; the plain t-interval does not (measured 0.90)
    for (const r of [at1, at0]) {
      expect(r.cover).toBeGreaterThan(0.95 - tol(0.95, RUNS));
      expect(r.cover).toBeLessThan(0.985);
      expect(r.naiveCover).toBeLessThan(0.93);
    }
  });
});
