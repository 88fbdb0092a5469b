// The pentanomial GSPRT on Partie pairs (won/lost), and the Elo helpers: known values from fishtest's own code
// (server/fishtest/stats, run on these counts), error rates on synthetic dependent pairs, resume from JSON.
import { describe, expect, it } from 'vitest';
import { eloFromScore, los, pentanomialElo, pentanomialFromPairScores, pentanomialScore, pentanomialSlot, scoreFromElo } from '../../src/stats/elo.ts';
import { multinomialLlr, PENTANOMIAL_SCORES, PentanomialSprt, secularRoot, TRINOMIAL_SCORES, type PentanomialSprtSnapshot } from '../../src/stats/pentanomial.ts';
import { normalLlrModel, stopEstimate } from '../../src/stats/stop-estimate.ts';
import { figure, partiePair, rngFor } from './synth.ts';

const tol = (p: number, n: number) => 3 * Math.sqrt((p * (1 - p)) / n);

describe('Elo helpers', () => {
  it('Elo and score are inverse; LOS is the normal probability of a positive effect', () => {
    expect(scoreFromElo(0)).toBe(0.5);
    expect(eloFromScore(scoreFromElo(35.5))).toBeCloseTo(35.5, 9);
    expect(scoreFromElo(400)).toBeCloseTo(10 / 11, 12);
    expect(los(0, 1)).toBe(0.5);
    expect(los(1.959964, 1)).toBeCloseTo(0.975, 5);
    expect(los(0, 0)).toBe(0.5);
    expect(pentanomialSlot(1, 0)).toBe(2);
    expect(pentanomialSlot(0.5, 1)).toBe(3);
    expect(() => pentanomialSlot(0.3, 1)).toThrow(/0, 0.5 or 1/);
    expect(pentanomialFromPairScores([0, 0.5, 0.5, 1, 0.75])).toEqual([1, 0, 2, 1, 1]);
  });

  it('Elo ± interval, LOS and nElo from pentanomial counts (fishtest get_elo on [10789, 19328, 33806, 19402, 10543])', () => {
    const counts = [10789, 19328, 33806, 19402, 10543] as const;
    const e = pentanomialElo(counts);
    // fishtest stat_util.get_elo on these counts: (-0.7735773359165423, 1.2775798957280218, 0.1176588580327751)
    // (its SE divides the variance by n, ours by n - 1: the fifth digit of the half-width)
    expect(e.elo).toBeCloseTo(-0.7735773359165423, 10);
    expect(e.halfWidth).toBeCloseTo(1.2775798957280218, 4);
    expect(e.los).toBeCloseTo(0.1176588580327751, 4);
    const s = pentanomialScore(counts);
    expect(s.games).toBe(2 * s.pairs);
    // nElo: (score - 1/2) / sqrt(2 var) * 800 / ln 10
    expect(e.nElo).toBeCloseTo(((s.score - 0.5) / Math.sqrt(2 * s.pairVariance)) * (800 / Math.LN10), 9);
  });
});

describe('pentanomial GSPRT', () => {
  it('reproduces fishtest: LLR_logistic and the median-unbiased Elo with its interval (sprt.analytics)', () => {
    // reference figures: fishtest server/fishtest/stats (LLRcalc.LLR_logistic; sprt.sprt(...).set_state(R).analytics())
    const cases = [
      { R: [10789, 19328, 33806, 19402, 10543], e0: -3, e1: 1, llr: 2.1310678117940807, elo: -0.9925365594552716, ci: [-3.488492131294004, 1.4885858954857965] },
      { R: [120, 300, 500, 310, 130], e0: 0, e1: 10, llr: -0.4442155635996875, elo: 3.856457239783601, ci: [-6.2084586311948975, 13.945353091016736] },
      { R: [30, 0, 80, 0, 50], e0: 0, e1: 20, llr: 1.782717514198689, elo: 43.64909428000564, ci: [5.950585077306088, 82.40092528761858] },
    ];
    for (const c of cases) {
      const s0 = scoreFromElo(c.e0);
      const s1 = scoreFromElo(c.e1);
      expect(multinomialLlr(c.R, PENTANOMIAL_SCORES, s0, s1).llr).toBeCloseTo(c.llr, 9);
      // fishtest's analytics use the linear LLR on the regularized distribution; do the same here
      const reg = c.R.map((x) => (x === 0 ? 1e-3 : x));
      const n = reg.reduce((a, b) => a + b, 0);
      const mean = reg.reduce((a, x, i) => a + (x * i) / 4, 0) / n;
      const v = reg.reduce((a, x, i) => a + x * (i / 4 - mean) ** 2, 0) / n;
      const llr = (n * (s1 - s0) * (2 * mean - s0 - s1)) / (2 * v);
      const e = stopEstimate({ n, llr, lower: Math.log(0.05 / 0.95), upper: Math.log(0.95 / 0.05), decided: null }, normalLlrModel(s0, s1, v), mean, s1 - s0)!;
      expect(eloFromScore(e.estimate)).toBeCloseTo(c.elo, 5);
      expect(eloFromScore(e.low)).toBeCloseTo(c.ci[0]!, 4);
      expect(eloFromScore(e.high)).toBeCloseTo(c.ci[1]!, 4);
    }
    // a trinomial (loss, draw, win of single games): fishtest LLR_logistic(0, 10, [300, 700, 400])
    expect(multinomialLlr([300, 700, 400], TRINOMIAL_SCORES, 0.5, scoreFromElo(10)).llr).toBeCloseTo(4.604425654770094, 9);
  });

  it('the MLE with a given mean is a distribution with that mean', () => {
    const p = [0.1, 0.2, 0.4, 0.2, 0.1];
    for (const s of [0.3, 0.5, 0.62]) {
      const x = secularRoot(p, PENTANOMIAL_SCORES, s);
      const q = p.map((pi, i) => pi / (1 + x * (PENTANOMIAL_SCORES[i]! - s)));
      expect(q.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
      expect(q.reduce((a, qi, i) => a + qi * PENTANOMIAL_SCORES[i]!, 0)).toBeCloseTo(s, 12);
    }
  });

  const RUNS = 1000;
  it(`Partie pairs (won/lost, seatings dependent), per pair, elo0 = 0, elo1 = 20: false H1 <= alpha, power >= 1 - beta (n = ${RUNS} runs each, 3 SE)`, () => {
    const out: Record<string, { h1: number; meanN: number; bias: number; correctedBias: number; cover: number }> = {};
    for (const elo of [0, 20]) {
      const s = scoreFromElo(elo);
      let h1 = 0;
      let n = 0;
      let bias = 0;
      let cbias = 0;
      let cover = 0;
      for (let r = 0; r < RUNS; r++) {
        const rng = rngFor(301 + elo, r);
        const t = new PentanomialSprt({ elo0: 0, elo1: 20, alpha: 0.05, beta: 0.05 });
        while (t.verdict === 'continue') {
          const [g0, g1] = partiePair(rng, s, 0.3);
          t.pushPair(g0, g1);
        }
        if (t.verdict === 'H1') h1++;
        n += t.n;
        const c = t.corrected()!;
        bias += t.status().elo - elo;
        cbias += c.elo - elo;
        if (c.eloLow <= elo && elo <= c.eloHigh) cover++;
      }
      out[elo] = { h1: h1 / RUNS, meanN: n / RUNS, bias: bias / RUNS, correctedBias: cbias / RUNS, cover: cover / RUNS };
    }
    figure('Partie pairs, elo bounds [0, 20]', out);
    expect(out[0]!.h1).toBeLessThanOrEqual(0.05 + tol(0.05, RUNS));
    expect(1 - out[20]!.h1).toBeLessThanOrEqual(0.05 + tol(0.05, RUNS));
    // the Elo at the stop leans toward the verdict; the corrected one much less
    expect(out[0]!.bias).toBeLessThan(-2);
    expect(out[20]!.bias).toBeGreaterThan(2);
    for (const r of Object.values(out)) {
      expect(Math.abs(r.correctedBias)).toBeLessThan(0.6 * Math.abs(r.bias));
      expect(r.cover).toBeGreaterThan(0.95 - tol(0.95, RUNS));
    }
  });

  it('an A/A Partie run with shared streams (every pair split) is said to be constant and never decides', () => {
    const t = new PentanomialSprt({ elo0: 0, elo1: 20, alpha: 0.05, beta: 0.05 });
    for (let i = 0; i < 3000; i++) t.pushPair(1, 0);
    const s = t.status();
    expect(s.constant).toBe(2);
    expect(s.verdict).toBe('continue');
    expect(s.eloNote).toContain('every one of the 3000 pairs in cell 2');
    expect(t.corrected()).toBeNull();
    t.pushPair(1, 1);
    expect(t.status().constant).toBeNull();
  });

  it('resumes from JSON exactly; a trinomial of single games works the same way', () => {
    const b = { elo0: 0, elo1: 30, alpha: 0.05, beta: 0.05 };
    const straight = new PentanomialSprt(b);
    const part = new PentanomialSprt(b);
    const rng = rngFor(305, 0);
    const pairs = Array.from({ length: 2000 }, () => partiePair(rng, scoreFromElo(15), 0.2));
    let resumed: PentanomialSprt | null = null;
    pairs.forEach(([g0, g1], i) => {
      straight.pushPair(g0, g1);
      if (i < 300) part.pushPair(g0, g1);
      else (resumed ??= PentanomialSprt.fromJSON(JSON.parse(JSON.stringify(part)) as PentanomialSprtSnapshot)).pushPair(g0, g1);
    });
    expect(resumed!.toJSON()).toEqual(straight.toJSON());
    const tri = new PentanomialSprt(b, { scores: TRINOMIAL_SCORES });
    for (let i = 0; i < 400; i++) tri.push(i % 5 === 0 ? 0 : i % 5 < 3 ? 1 : 2);
    expect(tri.status().score).toBeCloseTo(0.6, 12);
    expect(tri.verdict).toBe('H1');
    expect(() => tri.pushPair(1, 0)).toThrow(/five cells/);
    expect(() => new PentanomialSprt({ elo0: 5, elo1: 0, alpha: 0.05, beta: 0.05 })).toThrow(/below/);
  });
});
