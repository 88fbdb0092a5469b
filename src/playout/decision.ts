// A decision searched: each option's value estimated over sampled worlds (options.ts lists the options,
// search.ts plays them out), with its interval, and the best one chosen.

import type { Observation } from '../engine/observation.ts';
import { tFor } from '../stats/math.ts';
import { type DecisionEstimate, type Estimate, type OptionEstimate, type OptionSpec, type Outcome, Search, type SearchConfig, type SearchRandom } from './search.ts';
import { cutOptions, optionsOf } from './options.ts';

const NONE: Estimate | null = null;

/** A mean with its 95% interval over the worlds (t on n − 1 degrees of freedom; a single world: no width). */
function estimate(sum: number, sumSq: number, n: number): Estimate {
  const mean = sum / n;
  if (n < 2) return { mean, lo: mean, hi: mean };
  const v = Math.max(0, (sumSq - n * mean * mean) / (n - 1));
  const h = tFor(0.95, n - 1) * Math.sqrt(v / n);
  return { mean, lo: mean - h, hi: mean + h };
}

/**
 * Search one decision: sample worlds (throws WorldError when the observation admits none), play every
 * option out in every world, and estimate each option's value. The options' estimates share the worlds and
 * the rollouts' random numbers (common random numbers: their differences are sharper than their intervals).
 */
export function searchDecision(obs: Observation, cfg: SearchConfig, rng: SearchRandom): DecisionEstimate {
  if (obs.acting < 0 || obs.legal.length === 0) throw new Error('searchDecision: the player is not to act');
  if (obs.phase === 'cutKeep') return finish(obs, 'points', 0, 0, cutOptions({ obs } as Search), null, null, []);
  const S = new Search(obs, cfg);
  S.sample(rng);
  const specs = optionsOf(S);
  const sampled = specs.filter((o) => o.rule !== true);
  if (sampled.length > 1 || (sampled.length === 1 && cfg.everyOption)) {
    S.run();
    for (const o of sampled) o.prepare?.();
  }
  const n = S.n;
  const R = S.R;
  const out: Outcome = { diff: 0, pwin: 0, equity: 0 };
  const acc = new Map<OptionSpec, { points: Estimate; pwin: Estimate | null; equity: Estimate | null }>();
  if (S.rollouts > 0) {
    for (const o of sampled) {
      let d = 0, d2 = 0, w = 0, w2 = 0, e = 0, e2 = 0;
      for (let i = 0; i < n; i++) {
        let di = 0, wi = 0, ei = 0;
        for (let r = 0; r < R; r++) {
          o.value(i, r, out);
          di += out.diff;
          wi += out.pwin;
          ei += out.equity;
        }
        di /= R;
        wi /= R;
        ei /= R;
        d += di;
        d2 += di * di;
        w += wi;
        w2 += wi * wi;
        e += ei;
        e2 += ei * ei;
      }
      const withEq = S.eq !== null;
      acc.set(o, { points: estimate(d, d2, n), pwin: withEq ? estimate(w, w2, n) : NONE, equity: withEq ? estimate(e, e2, n) : NONE });
    }
  }
  return finish(obs, S.objective, n, S.rollouts, specs, acc, S.eq === null ? null : S.eq.source, S.notes);
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
  return { phase: obs.phase, objective, worlds: n, rollouts, options, best, equitySource, notes };
}
