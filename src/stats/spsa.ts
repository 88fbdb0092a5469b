// SPSA as fishtest runs it (GUIDE §6), as a pure stepper: the state and one iteration's paired result in, the
// next state out. Nothing here plays a game; `perlagg tune` evaluates the proposal and hands the result back.
//
// Simultaneous perturbation stochastic approximation (J. C. Spall, "Multivariate stochastic approximation using
// a simultaneous perturbation gradient approximation", IEEE Trans. Autom. Control 37 (1992) 332-341; the
// gains as in Spall, "Implementation of the simultaneous perturbation algorithm for stochastic optimization",
// IEEE Trans. Aerosp. Electron. Syst. 34 (1998) 817-823) in fishtest's form (server/fishtest/spsa_handler.py,
// spsa_workflow.py):
//
//   iteration k = 0, 1, ..., N - 1 (N = the planned iterations; one iteration is one pair)
//   c_k = c / (k + 1)^gamma,   a_k = a / (A + k + 1)^alpha,   R_k = a_k / c_k²
//   gamma = 0.101, alpha = 0.602, A = 10% of N
//   per parameter, from its end values: c = c_end · N^gamma, a = a_end · (A + N)^alpha, a_end = r_end · c_end²
//   so at the last iteration the perturbation is c_end and the step ratio R is r_end.
//   Δ: one random sign per parameter; play θ + c_k Δ against θ - c_k Δ on a pair;
//   result = (score of θ + c_k Δ) - (score of θ - c_k Δ) over the pair's games (fishtest: wins - losses)
//   θ ← clip(θ + R_k · c_k · result · Δ)   (= θ + a_k · result / c_k · Δ)
//
// An iteration may play a block of pairs with one perturbation (as a fishtest worker does): its result is the
// sum over the block, and k advances by the number of pairs. Integer parameters stay real in the state and
// are rounded stochastically when played, floor(x + U) with U uniform in [0, 1) (fishtest's worker), so the
// value played is x on average. Δ and the rounding come from the keyed stream (seed, k): a tuning run is a
// pure function of its seed and its results, and resumes from its JSON state exactly.
import { keyedRng } from '../core/rng.ts';
import { rademacher } from './math.ts';

/** The stream kind of SPSA's perturbations and roundings. */
export const SPSA_STREAM = 0x53505341; // 'SPSA'

export interface SpsaParam {
  readonly name: string;
  readonly start: number;
  readonly min: number;
  readonly max: number;
  /** The perturbation c at the last iteration (in the parameter's units). */
  readonly cEnd: number;
  /** The step ratio R = a/c² at the last iteration: a_end = rEnd · cEnd². */
  readonly rEnd: number;
  /** Played as a whole number (rounded stochastically). */
  readonly integer?: boolean;
}

export interface SpsaConfig {
  readonly params: readonly SpsaParam[];
  /** The planned iterations N (pairs). */
  readonly iterations: number;
  /** The root seed of the perturbations (a tuning run's seed; its games should use other streams). */
  readonly seed: number;
  /** Defaults as fishtest: alpha 0.602, gamma 0.101, A = aRatio · N with aRatio 0.1. */
  readonly alpha?: number;
  readonly gamma?: number;
  readonly aRatio?: number;
}

/** The state between iterations: plain JSON. */
export interface SpsaState {
  readonly kind: 'spsa';
  readonly version: 1;
  readonly params: readonly SpsaParam[];
  readonly iterations: number;
  readonly seed: number;
  readonly alpha: number;
  readonly gamma: number;
  /** A = floor(aRatio · N), as fishtest. */
  readonly A: number;
  /** Per parameter: c = cEnd · N^gamma and a = rEnd · cEnd² · (A + N)^alpha. */
  readonly c: readonly number[];
  readonly a: readonly number[];
  /** Iterations (pairs) done. */
  readonly k: number;
  /** The current values (real, inside [min, max]). */
  readonly theta: readonly number[];
  /** Sum of the results and of the pairs they came from (their mean is ~0: Δ flips the sign at random). */
  readonly resultSum: number;
  /**
   * An exponentially weighted mean of the gains reported with the results (e.g. the pair's mean margin of
   * θ ± c_k Δ against a fixed opponent), weight 1/100 per pair; null until one is reported.
   */
  readonly recentGain: number | null;
}

/** What to play at iteration k: the perturbation, the two parameter vectors, and the values as played. */
export interface SpsaProposal {
  readonly k: number;
  readonly flips: readonly (-1 | 1)[];
  readonly ck: readonly number[];
  /** θ + c_k Δ and θ - c_k Δ, clipped to [min, max] (real). */
  readonly plus: readonly number[];
  readonly minus: readonly number[];
  /** The same as played: integer parameters rounded stochastically. */
  readonly plusPlayed: readonly number[];
  readonly minusPlayed: readonly number[];
}

export interface SpsaOutcome {
  /** Σ over the pairs of (score of plus) - (score of minus), in the units the r_end values were chosen for. */
  readonly result: number;
  /** Pairs played with this proposal (default 1). */
  readonly pairs?: number;
  /** Optional: how the current values did (e.g. the mean margin of plus and minus against an opponent). */
  readonly gain?: number;
}

const clip = (x: number, p: SpsaParam) => Math.min(p.max, Math.max(p.min, x));

/** Start a tuning run. Throws a one-line RangeError naming the bad field. */
export function spsaInit(cfg: SpsaConfig): SpsaState {
  const alpha = cfg.alpha ?? 0.602;
  const gamma = cfg.gamma ?? 0.101;
  const aRatio = cfg.aRatio ?? 0.1;
  const N = cfg.iterations;
  if (!(Number.isInteger(N) && N >= 1)) throw new RangeError(`SPSA: iterations must be a whole number >= 1, got ${N}`);
  if (!(Number.isSafeInteger(cfg.seed) && cfg.seed >= 0)) throw new RangeError(`SPSA: the seed must be a whole number >= 0, got ${cfg.seed}`);
  if (!(alpha > 0 && gamma > 0 && aRatio >= 0)) throw new RangeError(`SPSA: alpha and gamma must be > 0 and aRatio >= 0, got ${alpha}, ${gamma}, ${aRatio}`);
  if (cfg.params.length === 0) throw new RangeError('SPSA: no parameters to tune');
  const names = new Set<string>();
  for (const p of cfg.params) {
    if (names.has(p.name)) throw new RangeError(`SPSA: parameter ${p.name} given twice`);
    names.add(p.name);
    if (!(Number.isFinite(p.min) && Number.isFinite(p.max) && p.min < p.max)) throw new RangeError(`SPSA: ${p.name}: min must be below max, got [${p.min}, ${p.max}]`);
    if (!(p.start >= p.min && p.start <= p.max)) throw new RangeError(`SPSA: ${p.name}: start ${p.start} is outside [${p.min}, ${p.max}]`);
    if (!(p.cEnd > 0)) throw new RangeError(`SPSA: ${p.name}: cEnd must be > 0, got ${p.cEnd}`);
    if (!(p.rEnd >= 0 && Number.isFinite(p.rEnd))) throw new RangeError(`SPSA: ${p.name}: rEnd must be >= 0, got ${p.rEnd}`);
  }
  const A = Math.floor(aRatio * N);
  const params = cfg.params.map((p) => ({ name: p.name, start: p.start, min: p.min, max: p.max, cEnd: p.cEnd, rEnd: p.rEnd, ...(p.integer === true ? { integer: true } : {}) }));
  return {
    kind: 'spsa',
    version: 1,
    params,
    iterations: N,
    seed: cfg.seed,
    alpha,
    gamma,
    A,
    c: params.map((p) => p.cEnd * Math.pow(N, gamma)),
    a: params.map((p) => p.rEnd * p.cEnd * p.cEnd * Math.pow(A + N, alpha)),
    k: 0,
    theta: params.map((p) => p.start),
    resultSum: 0,
    recentGain: null,
  };
}

/** The gains at iteration k, per parameter: c_k, a_k and R_k = a_k / c_k². */
export function spsaGains(s: SpsaState, k: number): { ck: number[]; ak: number[]; Rk: number[] } {
  const ck = s.c.map((c) => c / Math.pow(k + 1, s.gamma));
  const ak = s.a.map((a) => a / Math.pow(s.A + k + 1, s.alpha));
  return { ck, ak, Rk: ak.map((a, i) => a / (ck[i]! * ck[i]!)) };
}

/** What to play next (iteration s.k): a pure function of (seed, k) and the current values. */
export function spsaProposal(s: SpsaState): SpsaProposal {
  const k = s.k;
  const rng = keyedRng(s.seed, k, SPSA_STREAM);
  const flips = s.params.map(() => rademacher(rng));
  const { ck } = spsaGains(s, k);
  const plus = s.params.map((p, i) => clip(s.theta[i]! + ck[i]! * flips[i]!, p));
  const minus = s.params.map((p, i) => clip(s.theta[i]! - ck[i]! * flips[i]!, p));
  // stochastic rounding, drawn after the flips from the same stream (always drawn, so adding an integer
  // parameter does not shift the other parameters' flips)
  const round = (x: number, p: SpsaParam): number => {
    const u = rng.nextFloat();
    return p.integer === true ? clip(Math.floor(x + u), p) : x;
  };
  const plusPlayed = s.params.map((p, i) => round(plus[i]!, p));
  const minusPlayed = s.params.map((p, i) => round(minus[i]!, p));
  return { k, flips, ck, plus, minus, plusPlayed, minusPlayed };
}

/**
 * The next state after playing `proposal` (from spsaProposal, normally of this state; an older one is allowed,
 * as fishtest applies a worker's result with the gains of the iteration it was asked at) with this outcome.
 */
export function spsaStep(s: SpsaState, proposal: SpsaProposal, outcome: SpsaOutcome): SpsaState {
  const pairs = outcome.pairs ?? 1;
  if (!(Number.isInteger(pairs) && pairs >= 1)) throw new RangeError(`SPSA: pairs must be a whole number >= 1, got ${pairs}`);
  if (!Number.isFinite(outcome.result)) throw new RangeError(`SPSA: the result must be a finite number, got ${outcome.result}`);
  if (proposal.k > s.k || proposal.flips.length !== s.params.length) throw new RangeError(`SPSA: the proposal (iteration ${proposal.k}) does not belong to this state (iteration ${s.k})`);
  const { ck, Rk } = spsaGains(s, proposal.k);
  const theta = s.params.map((p, i) => clip(s.theta[i]! + Rk[i]! * ck[i]! * outcome.result * proposal.flips[i]!, p));
  let recentGain = s.recentGain;
  if (outcome.gain !== undefined) {
    const w = 1 - Math.pow(1 - 0.01, pairs);
    recentGain = recentGain === null ? outcome.gain : recentGain + w * (outcome.gain - recentGain);
  }
  return { ...s, k: s.k + pairs, theta, resultSum: s.resultSum + outcome.result, recentGain };
}

/** The current values as a policy's options, integers rounded to the nearest (for a spec like simple{a=2}). */
export function spsaValues(s: SpsaState): Record<string, number> {
  return Object.fromEntries(s.params.map((p, i) => [p.name, p.integer === true ? Math.round(s.theta[i]!) : s.theta[i]!]));
}

/** Check a state read back from JSON (a resume): the fields a stepper needs, with the right shapes. */
export function spsaFromJSON(x: unknown): SpsaState {
  const s = x as Partial<SpsaState> | null;
  if (s === null || typeof s !== 'object' || s.kind !== 'spsa' || s.version !== 1) throw new Error('not an SPSA state (version 1)');
  const n = s.params?.length ?? -1;
  for (const f of ['c', 'a', 'theta'] as const) if (!Array.isArray(s[f]) || s[f].length !== n) throw new Error(`SPSA state: ${f} does not match the parameters`);
  if (!(Number.isInteger(s.k) && s.k! >= 0)) throw new Error('SPSA state: bad iteration count k');
  return s as SpsaState;
}
