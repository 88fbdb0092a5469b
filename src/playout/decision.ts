// A decision searched: each option's value estimated over sampled worlds (options.ts lists the options,
// search.ts plays them out), with its interval, and the best one chosen.

import type { Observation } from '../engine/observation.ts';
import { tFor } from '../stats/math.ts';
import { type OptionSpec, type Outcome, Search } from './search.ts';
import { type DecisionEstimate, type Estimate, type OptionEstimate, type SearchConfig, type SearchRandom } from './search-config.ts';
import { cutOptions, optionsOf } from './options.ts';
import { ReplayUnsupported, effectiveSize } from './inference.ts';
import { EngineLines, type LineValues } from './lines.ts';

const NONE: Estimate | null = null;

const plain = (x: Estimate): Estimate => ({ mean: x.mean, lo: x.lo, hi: x.hi });

/**
 * A mean with its 95% interval over weighted worlds: self-normalised importance sampling (inference.ts).
 * mean = Σ w·x / Σ w; ESS = (Σ w)² / Σ w² (Kish's effective sample size); the standard error² is the
 * weighted variance of the worlds' values, Σ w·(x − mean)² / Σ w, divided by ESS − 1 (the effective worlds in
 * place of n), and the half-width t(ESS − 1)·SE. With equal weights this is exactly the plain interval,
 * mean ± t(n − 1)·s/√n. Chosen by measurement (scripts/interval-coverage.ts, 40 weighted worlds against 400,
 * mean ESS 12.6): this interval held the long run's mean in 95.1% of 880 intervals; the delta-method form
 * (Σ w²·(x − mean)² / (Σ w)², Owen 2013 §9.2) in only 83.3% — with few effective worlds it sees too little
 * of the spread. On a larger set (400 decisions, 3,456 intervals, mean ESS 14.8) it held 90.0% [89.0%,
 * 91.0%]: still short of the 93–97% that uniform worlds reach (93.5% of 11,130) — the self-normalised mean's
 * own bias (of order 1/ESS) is not in any interval; more worlds narrow it. Measured again (400 decisions, 40
 * worlds): 91.8% [90.8%, 92.7%] of 3,065 intervals at mean ESS 13.1; with minEss 40 (search.ts: worlds drawn until
 * 40 are effective, 207 on average, ~4× the CPU) 93.5% [92.6%, 94.3%] of 3,137 at ESS 37.2 against a run 10×
 * longer in effective worlds — in the window. A single (effective) world: no width.
 */
export function weightedEstimate(x: ArrayLike<number>, w: ArrayLike<number>, n = x.length): Estimate & { readonly ess: number } {
  let W = 0, W2 = 0, S = 0;
  for (let i = 0; i < n; i++) {
    W += w[i]!;
    W2 += w[i]! * w[i]!;
    S += w[i]! * x[i]!;
  }
  if (!(W > 0)) return { mean: NaN, lo: NaN, hi: NaN, ess: 0 };
  const mean = S / W;
  const ess = (W * W) / W2;
  if (n < 2 || ess <= 1) return { mean, lo: mean, hi: mean, ess };
  let V = 0;
  for (let i = 0; i < n; i++) V += w[i]! * (x[i]! - mean) * (x[i]! - mean);
  const v = V / W / (ess - 1);
  const h = tFor(0.95, Math.max(1, ess - 1)) * Math.sqrt(v);
  return { mean, lo: mean - h, hi: mean + h, ess };
}

/**
 * Search one decision: sample worlds (throws WorldError when the observation admits none), play every
 * option out in every world, and estimate each option's value. The options' estimates share the worlds and
 * the rollouts' random numbers (common random numbers: their differences are sharper than their intervals).
 */
export function searchDecision(obs: Observation, cfg: SearchConfig, rng: SearchRandom): DecisionEstimate {
  if (obs.acting < 0 || obs.legal.length === 0) throw new Error('searchDecision: the player is not to act');
  if (obs.phase === 'cutKeep') return finish(obs, 'points', 0, 0, cutOptions({ obs } as Search), null, null, [], { effectiveWorlds: 0, weights: 'uniform', model: null });
  const S = new Search(obs, cfg);
  S.sample(rng);
  const specs = optionsOf(S);
  const sampled = specs.filter((o) => o.rule !== true);
  let lines: Map<OptionSpec, LineValues> | null = null;
  if (sampled.length > 1 || (sampled.length === 1 && cfg.everyOption)) {
    const n0 = S.n;
    try {
      lines = new EngineLines(S).run(sampled);
    } catch (e) {
      if (!(e instanceof ReplayUnsupported)) throw e;
      // the plain stakes (search.ts Plan): no end-of-deal corrections, penalties only as options.ts writes them
      S.notes.push(`the hand could not be replayed in the engine (${e.message}): the options priced on the plain stakes`);
      S.n = n0;
      S.rollouts = 0;
      S.run();
      for (const o of sampled) o.prepare?.();
    }
  }
  const n = S.n;
  const R = S.R;
  const out: Outcome = { diff: 0, pwin: 0, equity: 0 };
  const acc = new Map<OptionSpec, { points: Estimate; pwin: Estimate | null; equity: Estimate | null }>();
  if (S.rollouts > 0) {
    const w = S.weights;
    const withEq = S.eq !== null;
    for (const o of sampled) {
      let v = lines?.get(o);
      if (v === undefined) {
        const d = new Float64Array(n), p = new Float64Array(n), e = new Float64Array(n);
        for (let i = 0; i < n; i++) {
          let di = 0, wi = 0, ei = 0;
          for (let r = 0; r < R; r++) {
            o.value(i, r, out);
            di += out.diff;
            wi += out.pwin;
            ei += out.equity;
          }
          d[i] = di / R;
          p[i] = wi / R;
          e[i] = ei / R;
        }
        v = { d, p, e };
      }
      acc.set(o, { points: plain(weightedEstimate(v.d, w, n)), pwin: withEq ? plain(weightedEstimate(v.p, w, n)) : NONE, equity: withEq ? plain(weightedEstimate(v.e, w, n)) : NONE });
    }
  }
  const ess = n === 0 ? 0 : effectiveSize(S.weights, n);
  const weighting = { effectiveWorlds: ess, weights: S.weightedBy === null ? ('uniform' as const) : ('weighted' as const), model: S.weightedBy };
  return finish(obs, S.objective, n, S.rollouts, specs, acc, S.eq === null ? null : S.eq.source, S.notes, weighting);
}

function finish(
  obs: Observation,
  objective: 'points' | 'partie',
  n: number,
  rollouts: number,
  specs: readonly OptionSpec[],
  acc: ReadonlyMap<OptionSpec, { points: Estimate; pwin: Estimate | null; equity: Estimate | null }> | null,
  equitySource: string | null,
  notes: readonly string[],
  weighting: Pick<DecisionEstimate, 'effectiveWorlds' | 'weights' | 'model'>,
): DecisionEstimate {
  const options: OptionEstimate[] = specs.map((o) => {
    const a = acc?.get(o);
    if (a === undefined) return { action: o.action, evaluated: false, points: null, pwin: null, equity: null, value: NaN, note: o.note ?? '' };
    // the Partie objective is P(win the Partie) (the equity's stake, ±2 with the Double, is reported beside it)
    const value = objective === 'partie' && a.pwin !== null ? a.pwin.mean : a.points.mean;
    return { action: o.action, evaluated: true, points: a.points, pwin: a.pwin, equity: a.equity, value, note: o.note ?? '' };
  });
  // a rule that prefers an option decides; else the best sampled value; else the first option
  let best = -1;
  let bestPrefer = 0;
  specs.forEach((o, i) => {
    if (o.rule === true && (o.prefer ?? 0) > bestPrefer) {
      bestPrefer = o.prefer!;
      best = i;
    }
  });
  if (best < 0) {
    let bv = -Infinity;
    options.forEach((o, i) => {
      if (o.evaluated && o.value > bv) {
        bv = o.value;
        best = i;
      }
    });
  }
  if (best < 0) {
    const i = specs.findIndex((o) => o.rule !== true || (o.prefer ?? 0) >= 0);
    best = i < 0 ? 0 : i;
  }
  return { phase: obs.phase, objective, worlds: n, ...weighting, rollouts, options, best, equitySource, notes };
}
