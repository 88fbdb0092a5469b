// SPSA as fishtest runs it: the schedule's end values, keyed perturbations, stochastic rounding, resume from
// JSON, and planted optima found within a stated budget on synthetic noisy objectives.
import { describe, expect, it } from 'vitest';
import { spsaFromJSON, spsaGains, spsaInit, spsaProposal, spsaStep, spsaValues, type SpsaConfig, type SpsaState } from '../../src/stats/spsa.ts';
import { figure, normal, rngFor } from './synth.ts';

/** Run a whole tuning: `pairResult(plus, minus, rng)` plays one pair and returns the paired result. */
function tune(cfg: SpsaConfig, pairResult: (plus: readonly number[], minus: readonly number[], rng: ReturnType<typeof rngFor>) => number, noiseSeed: number): SpsaState {
  let s = spsaInit(cfg);
  const rng = rngFor(noiseSeed, cfg.seed);
  while (s.k < s.iterations) {
    const p = spsaProposal(s);
    s = spsaStep(s, p, { result: pairResult(p.plusPlayed, p.minusPlayed, rng) });
  }
  return s;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe('SPSA (fishtest schedule)', () => {
  it('the schedule ends at c_end and r_end, from c = c_end N^0.101 and a = r_end c_end² (A + N)^0.602, A = 10% of N', () => {
    const s = spsaInit({ params: [{ name: 'x', start: 0, min: -10, max: 10, cEnd: 0.5, rEnd: 0.002 }], iterations: 1000, seed: 1 });
    expect(s.A).toBe(100);
    expect(s.alpha).toBe(0.602);
    expect(s.gamma).toBe(0.101);
    expect(s.c[0]).toBeCloseTo(0.5 * Math.pow(1000, 0.101), 12);
    expect(s.a[0]).toBeCloseTo(0.002 * 0.25 * Math.pow(1100, 0.602), 12);
    const end = spsaGains(s, 999);
    expect(end.ck[0]).toBeCloseTo(0.5, 12);
    expect(end.Rk[0]).toBeCloseTo(0.002, 12);
    expect(end.ak[0]).toBeCloseTo(0.002 * 0.25, 12);
    const first = spsaGains(s, 0);
    expect(first.ck[0]).toBeCloseTo(s.c[0]!, 12);
    expect(first.ak[0]).toBeCloseTo(s.a[0]! / Math.pow(101, 0.602), 12);
    // one step: θ + R c result Δ
    const p = spsaProposal(s);
    const next = spsaStep(s, p, { result: 2 });
    expect(next.theta[0]).toBeCloseTo(first.Rk[0]! * first.ck[0]! * 2 * p.flips[0]!, 12);
    expect(next.k).toBe(1);
    expect(s.theta[0]).toBe(0); // the old state is untouched
  });

  it('perturbations are keyed by (seed, k): reproducible, balanced, independent of how a run is split', () => {
    const cfg: SpsaConfig = { params: [{ name: 'x', start: 5, min: 0, max: 10, cEnd: 1, rEnd: 0.01 }, { name: 'y', start: 0, min: -1, max: 1, cEnd: 0.1, rEnd: 0.01 }], iterations: 2000, seed: 7 };
    const s = spsaInit(cfg);
    expect(spsaProposal(s)).toEqual(spsaProposal(spsaInit(cfg)));
    let sum = 0;
    let agree = 0;
    let st = s;
    for (let k = 0; k < 2000; k++) {
      const p = spsaProposal(st);
      sum += p.flips[0]!;
      agree += p.flips[0] === p.flips[1] ? 1 : 0;
      st = { ...st, k: k + 1 };
    }
    // 2,000 fair signs: |sum| < 4 sd = 179; the two parameters' signs independent
    expect(Math.abs(sum)).toBeLessThan(179);
    expect(Math.abs(agree - 1000)).toBeLessThan(90);
    // another seed, another sequence
    const seq = (seed: number) => Array.from({ length: 64 }, (_, k) => spsaProposal({ ...s, seed, k }).flips[0]);
    expect(seq(8)).not.toEqual(seq(7));
    expect(seq(7)).toEqual(seq(7));
  });

  it('integer parameters are played stochastically rounded (floor(x + U), unbiased) and always inside [min, max]', () => {
    const s0 = spsaInit({ params: [{ name: 'n', start: 3.3, min: 0, max: 8, cEnd: 0.2, rEnd: 0.01, integer: true }], iterations: 100, seed: 3 });
    let sumPlus = 0;
    let sumReal = 0;
    let bad = 0;
    for (let k = 0; k < 4000; k++) {
      const q = spsaProposal({ ...s0, k: k % 100, seed: 3 + k });
      const x = q.plusPlayed[0]!;
      const lo = Math.floor(q.plus[0]!);
      if (!(Number.isInteger(x) && (x === lo || x === lo + 1) && q.minusPlayed[0]! >= 0 && x <= 8)) bad++;
      sumPlus += x;
      sumReal += q.plus[0]!;
    }
    expect(bad).toBe(0);
    // mean played ≈ mean real value (sd of one rounding <= 0.5: 4 sd over 4,000 draws is 0.032)
    expect(Math.abs(sumPlus / 4000 - sumReal / 4000)).toBeLessThan(0.032);
    // at the edge the perturbation is clipped
    const edge = spsaProposal(spsaInit({ params: [{ name: 'p', start: 0, min: 0, max: 1, cEnd: 0.05, rEnd: 0.02 }], iterations: 10, seed: 1 }));
    expect(Math.min(edge.plus[0]!, edge.minus[0]!)).toBe(0);
  });

  it('resumes from its JSON state exactly', () => {
    const cfg: SpsaConfig = { params: [{ name: 'x', start: 2, min: 0, max: 12, cEnd: 1, rEnd: 0.003, integer: true }], iterations: 600, seed: 11 };
    const f = (x: number) => -0.02 * (x - 6) ** 2;
    const play = (s: SpsaState, rng: ReturnType<typeof rngFor>) => {
      const p = spsaProposal(s);
      return spsaStep(s, p, { result: 2 * (f(p.plusPlayed[0]!) - f(p.minusPlayed[0]!)) + 3 * normal(rng), gain: f(s.theta[0]!) });
    };
    let a = spsaInit(cfg);
    const rngA = rngFor(950, 0);
    for (let i = 0; i < 600; i++) a = play(a, rngA);
    let b = spsaInit(cfg);
    const rngB = rngFor(950, 0);
    for (let i = 0; i < 250; i++) b = play(b, rngB);
    b = spsaFromJSON(JSON.parse(JSON.stringify(b)));
    for (let i = 250; i < 600; i++) b = play(b, rngB);
    expect(b).toEqual(a);
    expect(a.recentGain).not.toBeNull();
    expect(() => spsaFromJSON({ kind: 'spsa', version: 1, params: [], c: [1] })).toThrow(/c does not match/);
  });

  it('refuses bad declarations, naming the field', () => {
    const p = { name: 'x', start: 0, min: 0, max: 1, cEnd: 0.1, rEnd: 0.01 };
    expect(() => spsaInit({ params: [p], iterations: 0, seed: 1 })).toThrow(/iterations/);
    expect(() => spsaInit({ params: [{ ...p, min: 2 }], iterations: 10, seed: 1 })).toThrow(/x: min must be below max/);
    expect(() => spsaInit({ params: [{ ...p, start: 3 }], iterations: 10, seed: 1 })).toThrow(/x: start 3 is outside/);
    expect(() => spsaInit({ params: [{ ...p, cEnd: 0 }], iterations: 10, seed: 1 })).toThrow(/cEnd/);
    expect(() => spsaInit({ params: [p, p], iterations: 10, seed: 1 })).toThrow(/twice/);
    expect(() => spsaInit({ params: [], iterations: 10, seed: 1 })).toThrow(/no parameters/);
    const s = spsaInit({ params: [p], iterations: 10, seed: 1 });
    expect(() => spsaStep(s, { ...spsaProposal(s), k: 5 }, { result: 1 })).toThrow(/does not belong/);
  });

  const SEEDS = 20;
  it(`finds a planted optimum at a boundary: a blunder rate whose best value is 0, from 0.3, in 2,000 pairs (${SEEDS} seeds)`, () => {
    // points a deal of a policy that blunders at rate p: -2p; a pair's result is the sum over both seatings
    // of (plus's points - minus's points), with noise sd 3 points a pair
    const f = (p: number) => -2 * p;
    const ends: number[] = [];
    for (let seed = 0; seed < SEEDS; seed++) {
      const s = tune({ params: [{ name: 'blunderRate', start: 0.3, min: 0, max: 1, cEnd: 0.05, rEnd: 0.02 }], iterations: 2000, seed }, (plus, minus, rng) => 2 * (f(plus[0]!) - f(minus[0]!)) + 3 * normal(rng), 960);
      ends.push(s.theta[0]!);
    }
    figure('SPSA blunder rate after 2000 pairs (median, max)', [median(ends), Math.max(...ends)]);
    expect(median(ends)).toBeLessThan(0.03);
    expect(Math.max(...ends)).toBeLessThan(0.08);
  });

  it(`finds a planted optimum inside: a 2-parameter quadratic (one integer), optimum (6, 1.5) from (2, -2), in 5,000 pairs (${SEEDS} seeds)`, () => {
    const f = (x: number, y: number) => -0.02 * (x - 6) ** 2 - 0.5 * (y - 1.5) ** 2;
    const xs: number[] = [];
    const ys: number[] = [];
    for (let seed = 0; seed < SEEDS; seed++) {
      const s = tune(
        {
          params: [
            { name: 'x', start: 2, min: 0, max: 12, cEnd: 1, rEnd: 0.003, integer: true },
            { name: 'y', start: -2, min: -3, max: 3, cEnd: 0.2, rEnd: 0.0125 },
          ],
          iterations: 5000,
          seed,
        },
        (plus, minus, rng) => 2 * (f(plus[0]!, plus[1]!) - f(minus[0]!, minus[1]!)) + 3 * normal(rng),
        961,
      );
      xs.push(s.theta[0]!);
      ys.push(s.theta[1]!);
      if (seed === 0) expect(spsaValues(s)).toEqual({ x: Math.round(s.theta[0]!), y: s.theta[1] });
    }
    figure('SPSA quadratic after 5000 pairs: x (min, median, max), y (min, median, max)', [Math.min(...xs), median(xs), Math.max(...xs), Math.min(...ys), median(ys), Math.max(...ys)]);
    for (const x of xs) expect(Math.abs(x - 6)).toBeLessThan(1);
    for (const y of ys) expect(Math.abs(y - 1.5)).toBeLessThan(0.35);
    expect(Math.abs(median(xs) - 6)).toBeLessThan(0.4);
    expect(Math.abs(median(ys) - 1.5)).toBeLessThan(0.12);
  });
});
