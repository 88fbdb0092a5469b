// The statistics' deep check, outside CI: the same measurements as test/stats/*.test.ts with ten times the
// runs, printed with their n and 95% Wilson intervals. Run: npx tsx test/stats/deep-check.ts [scale]
// (scale multiplies every run count; default 1; ~10-20 minutes on one free core at scale 1).
import { wilson, emptyMoments, meanInterval, pushMoment } from '../../src/stats/intervals.ts';
import { MeanSprt, sprtBoundaries } from '../../src/stats/sprt.ts';
import { PentanomialSprt } from '../../src/stats/pentanomial.ts';
import { scoreFromElo } from '../../src/stats/elo.ts';
import { emptyPairAcc, pairedEstimate, pairValue, pushPair } from '../../src/stats/paired.ts';
import { bootstrapRatings, type League, type LeagueMatch } from '../../src/stats/ratings.ts';
import { spsaInit, spsaProposal, spsaStep } from '../../src/stats/spsa.ts';
import { cumulative, discrete, normal, partiePair, pointsLike, rngFor } from './synth.ts';

const scale = Number(process.argv[2] ?? 1);
const R = (n: number) => Math.max(10, Math.round(n * scale));
const rate = (k: number, n: number) => {
  const w = wilson(k, n);
  return `${(k / n).toFixed(4)} [${w.low.toFixed(4)}, ${w.high.toFixed(4)}] (n = ${n})`;
};
const say = (s: string) => process.stdout.write(s + '\n');
const t0 = performance.now();

// ---- 1. MeanSprt: false H1 and power, per pair ----
say('1. SPRT on a mean, per pair, alpha = beta = 0.05, minPairs 20 (normal pairs)');
for (const d of [0.05, 0.1, 0.2, 0.3, 0.5]) {
  const runs = R(d <= 0.05 ? 4000 : 10000);
  let h0 = 0;
  let h1 = 0;
  for (let r = 0; r < runs; r++) {
    for (const truth of [0, d]) {
      const rng = rngFor(1000 + (truth > 0 ? 1 : 0), r, Math.round(d * 1000));
      const t = new MeanSprt({ m0: 0, m1: d, alpha: 0.05, beta: 0.05 });
      while (t.verdict === 'continue') t.push(truth + normal(rng));
      if (t.verdict === 'H1') truth > 0 ? h1++ : h0++;
    }
  }
  say(`   (m1-m0)/sd = ${d}: false H1 ${rate(h0, runs)}, beta ${rate(runs - h1, runs)}`);
}

say('   the linear LLR (fishtest LLR_alt2) in the same loop, for comparison (false H1):');
for (const d of [0.1, 0.2, 0.3]) {
  const runs = R(10000);
  const { lower, upper } = sprtBoundaries(0.05, 0.05);
  let h0 = 0;
  for (let r = 0; r < runs; r++) {
    const rng = rngFor(1000, r, Math.round(d * 1000));
    let n = 0;
    let s = 0;
    let ss = 0;
    for (;;) {
      const x = normal(rng);
      n++;
      s += x;
      ss += x * x;
      if (n < 20) continue;
      const mean = s / n;
      const v = (ss - s * mean) / n;
      const llr = (n * d * (2 * mean - d)) / (2 * v);
      if (llr >= upper) {
        h0++;
        break;
      }
      if (llr <= lower) break;
    }
  }
  say(`   (m1-m0)/sd = ${d}: linear LLR false H1 ${rate(h0, runs)}`);
}

say('   points-like pairs (44% zeros, half-points, long tail):');
for (const shift of [0.02, 0.05, 0.1]) {
  const runs = R(10000);
  const a = pointsLike(0);
  const b = pointsLike(shift);
  const ca = cumulative(a.probs);
  const cb = cumulative(b.probs);
  let h0 = 0;
  let h1 = 0;
  for (let r = 0; r < runs; r++) {
    for (const [dist, cum, isH1] of [[a, ca, false], [b, cb, true]] as const) {
      const rng = rngFor(1100 + (isH1 ? 1 : 0), r, Math.round(shift * 1000));
      const t = new MeanSprt({ m0: 0, m1: b.mean, alpha: 0.05, beta: 0.05 });
      while (t.verdict === 'continue') t.push(dist.values[discrete(rng, cum)]!);
      if (t.verdict === 'H1') isH1 ? h1++ : h0++;
    }
  }
  say(`   delta = ${b.mean.toFixed(2)} points, sd ${a.sd.toFixed(2)}: false H1 ${rate(h0, runs)}, beta ${rate(runs - h1, runs)}`);
}

say('   looked at once per 1,024 pairs vs per pair, (m1-m0)/sd = 0.05:');
for (const every of [1024, 1]) {
  const runs = R(4000);
  let h0 = 0;
  let n = 0;
  for (let r = 0; r < runs; r++) {
    const rng = rngFor(1200, r);
    const t = new MeanSprt({ m0: 0, m1: 0.05, alpha: 0.05, beta: 0.05 }, { checkEvery: every });
    while (t.verdict === 'continue') t.push(normal(rng));
    if (t.verdict === 'H1') h0++;
    n += t.n;
  }
  say(`   checkEvery ${every}: false H1 ${rate(h0, runs)}, mean pairs ${(n / runs).toFixed(0)}`);
}

// ---- 2. the stop estimate ----
say('2. Estimate at the stop, m0 = 0, m1 = 0.1 (sd 1): bias of the sample mean vs the median-unbiased estimate');
for (const truth of [0, 0.05, 0.1, 0.2]) {
  const runs = R(10000);
  let naive = 0;
  let corr = 0;
  let below = 0;
  let cover = 0;
  let tcover = 0;
  for (let r = 0; r < runs; r++) {
    const rng = rngFor(1300, r, Math.round(truth * 1000));
    const t = new MeanSprt({ m0: 0, m1: 0.1, alpha: 0.05, beta: 0.05 });
    while (t.verdict === 'continue') t.push(truth + normal(rng));
    const s = t.status();
    const c = t.corrected()!;
    naive += s.mean - truth;
    corr += c.estimate - truth;
    if (c.estimate < truth) below++;
    if (c.low <= truth && truth <= c.high) cover++;
    if (Math.abs(s.mean - truth) <= (1.96 * s.sd) / Math.sqrt(s.n)) tcover++;
  }
  say(`   truth ${truth}: bias ${(naive / runs).toFixed(4)} -> ${(corr / runs).toFixed(4)}; P(corrected < truth) ${rate(below, runs)}; interval cover ${rate(cover, runs)} (plain t: ${rate(tcover, runs)})`);
}

// ---- 3. pentanomial ----
say('3. Pentanomial SPRT on Partie pairs (won/lost, seatings dependent), elo0 = 0, elo1 = 20, per pair');
{
  const runs = R(5000);
  let h0 = 0;
  let h1 = 0;
  for (let r = 0; r < runs; r++) {
    for (const elo of [0, 20]) {
      const rng = rngFor(1400 + elo, r);
      const t = new PentanomialSprt({ elo0: 0, elo1: 20, alpha: 0.05, beta: 0.05 });
      while (t.verdict === 'continue') t.pushPair(...partiePair(rng, scoreFromElo(elo), 0.3));
      if (t.verdict === 'H1') elo > 0 ? h1++ : h0++;
    }
  }
  say(`   false H1 ${rate(h0, runs)}, beta ${rate(runs - h1, runs)}`);
}

// ---- 4. paired coverage ----
say('4. Paired interval coverage (95% stated), synthetic duplicate runs, per pair vs the old per-seating interval');
{
  const reps = R(10000);
  type Model = (rng: ReturnType<typeof rngFor>) => [number, number];
  const models: Array<[string, Model, number, 'mean' | 'proportion', number]> = [
    ['decisions (rho ~0.96)', (rng) => { const b = 30 + Math.round(5 * normal(rng)); return [b + rng.below(3), b + rng.below(3)]; }, 31, 'mean', 400],
    ['deals a Partie lasts (rho ~0.44)', (rng) => { const s = 2 * normal(rng); return [12 + Math.round(s + 2.2 * normal(rng)), 12 + Math.round(s + 2.2 * normal(rng))]; }, 12, 'mean', 300],
    ['lost double (p 0.3, rho 0.43)', (rng) => { const q = rng.nextFloat() < 0.5 ? 0 : 0.6; return [rng.nextFloat() < q ? 1 : 0, rng.nextFloat() < q ? 1 : 0]; }, 0.3, 'proportion', 400],
    ['lost double, rare (p 0.01, 200 pairs)', (rng) => { const q = rng.nextFloat() < 0.5 ? 0.002 : 0.018; return [rng.nextFloat() < q ? 1 : 0, rng.nextFloat() < q ? 1 : 0]; }, 0.01, 'proportion', 200],
  ];
  for (const [name, model, truth, kind, pairs] of models) {
    let ok = 0;
    let old = 0;
    for (let r = 0; r < reps; r++) {
      const rng = rngFor(1500, r, name.length);
      const acc = emptyPairAcc();
      const seat = emptyMoments();
      let k = 0;
      for (let i = 0; i < pairs; i++) {
        const [a, b] = model(rng);
        pushPair(acc, pairValue(a, b));
        pushMoment(seat, a);
        pushMoment(seat, b);
        k += a + b;
      }
      const e = pairedEstimate(acc, { kind });
      if (e.kind === 'interval' ? e.low <= truth && truth <= e.high : false) ok++;
      const o = kind === 'proportion' ? wilson(k, 2 * pairs) : meanInterval(seat);
      if (o.low <= truth && truth <= o.high) old++;
    }
    say(`   ${name}: per pair ${rate(ok, reps)}; per seating ${rate(old, reps)}`);
  }
}

// ---- 5. bootstrap ----
say('5. Bootstrap over deal pairs: coverage of the ratings (4 players, 300 deals, 200 replicates)');
{
  const leagues = R(1000);
  const truth = [0.3, 0.1, 0, -0.4];
  let cover = 0;
  for (let l = 0; l < leagues; l++) {
    const rng = rngFor(1600, l);
    const e = truth.map(() => Float64Array.from({ length: 300 }, () => normal(rng)));
    const matches: LeagueMatch[] = [];
    for (let a = 0; a < 4; a++) for (let b = a + 1; b < 4; b++) matches.push({ a, b, margins: Float64Array.from({ length: 300 }, (_, k) => truth[a]! - truth[b]! + e[a]![k]! - e[b]![k]! + 0.7 * normal(rng)) });
    const league: League = { players: ['a', 'b', 'c', 'd'], matches };
    const rep = bootstrapRatings(league, 'massey', { replicates: 200, seed: l });
    rep.ratings.forEach((x, i) => (cover += x.low <= truth[i]! && truth[i]! <= x.high ? 1 : 0));
  }
  say(`   Massey: ${rate(cover, 4 * leagues)} (intervals dependent within a league)`);
}

// ---- 6. SPSA ----
say('6. SPSA planted optima');
{
  const seeds = R(200);
  const ends: number[] = [];
  for (let seed = 0; seed < seeds; seed++) {
    let s = spsaInit({ params: [{ name: 'blunderRate', start: 0.3, min: 0, max: 1, cEnd: 0.05, rEnd: 0.02 }], iterations: 2000, seed });
    const rng = rngFor(1700, seed);
    while (s.k < s.iterations) {
      const p = spsaProposal(s);
      s = spsaStep(s, p, { result: 2 * (-2 * p.plusPlayed[0]! + 2 * p.minusPlayed[0]!) + 3 * normal(rng) });
    }
    ends.push(s.theta[0]!);
  }
  ends.sort((a, b) => a - b);
  say(`   blunder rate from 0.3, 2,000 pairs, ${seeds} seeds: median ${ends[Math.floor(seeds / 2)]!.toFixed(4)}, 95th percentile ${ends[Math.floor(0.95 * seeds)]!.toFixed(4)}, max ${ends[seeds - 1]!.toFixed(4)}`);
}
say(`done in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
