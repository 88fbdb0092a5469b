// The SPRT on game pairs scored won/drawn/lost (Partien won or lost): fishtest's pentanomial GSPRT.
//
// H0: A's expected score per game is s0 = L(elo0), H1: s1 = L(elo1) (logistic Elo, L(e) = 1/(1 + 10^(-e/400))).
// The pair outcomes are a multinomial over the pair scores a = 0, 1/4, 1/2, 3/4, 1; the generalized
// log-likelihood ratio compares the best multinomial with mean s1 to the best with mean s0, each fitted to the
// empirical distribution p̂ (fishtest's LLRcalc.LLR_logistic):
//
//   LLR = N Σ p̂_i log(q1_i / q0_i),   q_i = p̂_i / (1 + x (a_i - s)),   Σ p̂_i (a_i - s) / (1 + x (a_i - s)) = 0
//
// (the maximum-likelihood distribution with expectation s, Van den Bergh, "Support of the MLE for multinomial
// distributions", Prop. 1.1). Empty cells get 1e-3 of a count, as fishtest's regularize. The same test runs on
// a trinomial (single games: loss, draw, win scored 0, 1/2, 1) with `scores = TRINOMIAL_SCORES`.
//
// As MeanSprt, it is looked at after every pair (or every `checkEvery`), saved and resumed as plain JSON, and
// its estimate at the stop comes with the median-unbiased correction.
import { eloFromScore, pentanomialSlot, scoreFromElo } from './elo.ts';
import { normalLlrModel, stopEstimate, type StopEstimate } from './stop-estimate.ts';
import { sprtBoundaries, type SprtVerdict } from './sprt.ts';

export const PENTANOMIAL_SCORES: readonly number[] = Object.freeze([0, 0.25, 0.5, 0.75, 1]);
export const TRINOMIAL_SCORES: readonly number[] = Object.freeze([0, 0.5, 1]);

/** fishtest's regularization: a cell with no count gets this much of one. */
export const EMPTY_CELL = 1e-3;

export interface EloBounds {
  /** H0 and H1 in logistic Elo (e.g. 0 and 10). */
  readonly elo0: number;
  readonly elo1: number;
  readonly alpha: number;
  readonly beta: number;
}

/**
 * The x of the maximum-likelihood distribution with expectation s: the root of the secular equation
 * Σ p_i d_i / (1 + x d_i) = 0 with d_i = a_i - s, on the interval where every 1 + x d_i > 0 (the function
 * falls monotonically there). Newton from `start`, kept inside a shrinking bracket, bisecting when a step
 * would leave it.
 */
export function secularRoot(p: ArrayLike<number>, a: ArrayLike<number>, s: number, start = 0): number {
  let dmin = Infinity;
  let dmax = -Infinity;
  for (let i = 0; i < a.length; i++) {
    dmin = Math.min(dmin, a[i]! - s);
    dmax = Math.max(dmax, a[i]! - s);
  }
  if (!(dmin < 0 && dmax > 0)) throw new RangeError(`the expected score ${s} must lie strictly between the smallest and largest scores`);
  let lo = -1 / dmax;
  let hi = -1 / dmin;
  let x = start > lo && start < hi ? start : 0;
  for (let it = 0; it < 200; it++) {
    let f = 0;
    let df = 0;
    for (let i = 0; i < p.length; i++) {
      const d = a[i]! - s;
      const q = 1 / (1 + x * d);
      f += p[i]! * d * q;
      df -= p[i]! * d * d * q * q;
    }
    if (f > 0) lo = x;
    else hi = x;
    let next = x - f / df;
    if (!(next > lo && next < hi)) next = 0.5 * (lo + hi);
    if (Math.abs(next - x) <= 1e-14 * Math.max(1, Math.abs(x))) return next;
    x = next;
  }
  return x;
}

/** Counts with empty cells filled (fishtest's regularize) as probabilities in `p`; returns their total. */
function empiricalInto(counts: ArrayLike<number>, p: Float64Array): number {
  let n = 0;
  for (let i = 0; i < counts.length; i++) n += counts[i] === 0 ? EMPTY_CELL : counts[i]!;
  for (let i = 0; i < counts.length; i++) p[i] = (counts[i] === 0 ? EMPTY_CELL : counts[i]!) / n;
  return n;
}

/** The GSPRT LLR of these counts (over `scores`) for mean s1 against s0; x0, x1 warm-start the roots. */
export function multinomialLlr(counts: ArrayLike<number>, scores: readonly number[], s0: number, s1: number, x0 = 0, x1 = 0, scratch?: Float64Array): { llr: number; x0: number; x1: number } {
  const p = scratch ?? new Float64Array(counts.length);
  const n = empiricalInto(counts, p);
  const r0 = secularRoot(p, scores, s0, x0);
  const r1 = secularRoot(p, scores, s1, x1);
  let llr = 0;
  for (let i = 0; i < counts.length; i++) {
    // log(q1/q0) = log(1 + x0 d0) - log(1 + x1 d1)
    llr += p[i]! * (Math.log1p(r0 * (scores[i]! - s0)) - Math.log1p(r1 * (scores[i]! - s1)));
  }
  return { llr: n * llr, x0: r0, x1: r1 };
}

export interface PentanomialSprtSnapshot {
  readonly kind: 'pentanomial-sprt';
  readonly version: 1;
  readonly bounds: EloBounds;
  readonly scores: readonly number[];
  readonly checkEvery: number;
  readonly minPairs: number;
  readonly counts: readonly number[];
  readonly llr: number | null;
  readonly x0: number;
  readonly x1: number;
  readonly verdict: SprtVerdict;
  readonly decidedAt: number | null;
  readonly afterStop: number;
}

export interface PentanomialSprtStatus {
  readonly bounds: EloBounds;
  readonly lower: number;
  readonly upper: number;
  readonly counts: readonly number[];
  readonly n: number;
  readonly llr: number | null;
  readonly verdict: SprtVerdict;
  readonly decidedAt: number | null;
  readonly afterStop: number;
  readonly checkEvery: number;
  /**
   * The one cell every pair fell in (e.g. 2: every pair split, as an A/A run with shared streams gives), or
   * null. While set the test does not decide (no spread to test against).
   */
  readonly constant: number | null;
  /** A's mean score per game, and its Elo: at a stop biased toward the accepted hypothesis (see `corrected`). */
  readonly score: number;
  readonly elo: number;
  readonly eloNote: string;
}

export interface EloStopEstimate extends StopEstimate {
  readonly elo: number;
  readonly eloLow: number;
  readonly eloHigh: number;
}

/** The SPRT on pair outcomes, one pair at a time. */
export class PentanomialSprt {
  readonly bounds: EloBounds;
  readonly scores: readonly number[];
  readonly checkEvery: number;
  readonly minPairs: number;
  readonly lower: number;
  readonly upper: number;
  readonly s0: number;
  readonly s1: number;
  #counts: number[];
  #n = 0;
  readonly #scratch: Float64Array;
  #llr: number | null = null;
  #x0 = 0;
  #x1 = 0;
  #verdict: SprtVerdict = 'continue';
  #decidedAt: number | null = null;
  #afterStop = 0;

  constructor(bounds: EloBounds, opts: { readonly scores?: readonly number[]; readonly checkEvery?: number; readonly minPairs?: number } = {}) {
    if (!(Number.isFinite(bounds.elo0) && Number.isFinite(bounds.elo1) && bounds.elo0 < bounds.elo1)) throw new RangeError(`SPRT: elo0 must be below elo1, got ${bounds.elo0}, ${bounds.elo1}`);
    if (!(bounds.alpha > 0 && bounds.alpha < 0.5 && bounds.beta > 0 && bounds.beta < 0.5)) throw new RangeError(`SPRT: alpha and beta must lie in (0, 0.5), got ${bounds.alpha}, ${bounds.beta}`);
    const scores = opts.scores ?? PENTANOMIAL_SCORES;
    const checkEvery = opts.checkEvery ?? 1;
    const minPairs = opts.minPairs ?? 20;
    if (!(Number.isInteger(checkEvery) && checkEvery >= 1)) throw new RangeError(`checkEvery must be a whole number >= 1, got ${checkEvery}`);
    if (!(Number.isInteger(minPairs) && minPairs >= 1)) throw new RangeError(`minPairs must be a whole number >= 1, got ${minPairs}`);
    this.bounds = { elo0: bounds.elo0, elo1: bounds.elo1, alpha: bounds.alpha, beta: bounds.beta };
    this.scores = [...scores];
    this.checkEvery = checkEvery;
    this.minPairs = minPairs;
    const { lower, upper } = sprtBoundaries(bounds.alpha, bounds.beta);
    this.lower = lower;
    this.upper = upper;
    this.s0 = scoreFromElo(bounds.elo0);
    this.s1 = scoreFromElo(bounds.elo1);
    this.#counts = new Array<number>(scores.length).fill(0);
    this.#scratch = new Float64Array(scores.length);
  }

  static fromJSON(s: PentanomialSprtSnapshot): PentanomialSprt {
    if (s.kind !== 'pentanomial-sprt' || s.version !== 1) throw new Error(`not a pentanomial-sprt snapshot (version 1): ${String(s.kind)} ${String(s.version)}`);
    const t = new PentanomialSprt(s.bounds, { scores: s.scores, checkEvery: s.checkEvery, minPairs: s.minPairs });
    if (s.counts.length !== s.scores.length) throw new Error('pentanomial-sprt snapshot: counts and scores differ in length');
    t.#counts = [...s.counts];
    t.#n = s.counts.reduce((a, c) => a + c, 0);
    t.#llr = s.llr;
    t.#x0 = s.x0;
    t.#x1 = s.x1;
    t.#verdict = s.verdict;
    t.#decidedAt = s.decidedAt;
    t.#afterStop = s.afterStop;
    return t;
  }

  toJSON(): PentanomialSprtSnapshot {
    return {
      kind: 'pentanomial-sprt',
      version: 1,
      bounds: this.bounds,
      scores: this.scores,
      checkEvery: this.checkEvery,
      minPairs: this.minPairs,
      counts: [...this.#counts],
      llr: this.#llr,
      x0: this.#x0,
      x1: this.#x1,
      verdict: this.#verdict,
      decidedAt: this.#decidedAt,
      afterStop: this.#afterStop,
    };
  }

  get verdict(): SprtVerdict {
    return this.#verdict;
  }
  get n(): number {
    return this.#n;
  }

  /** Add one outcome by its cell (pentanomial: twice A's pair score, 0 .. 4). */
  push(cell: number): SprtVerdict {
    if (!(Number.isInteger(cell) && cell >= 0 && cell < this.#counts.length)) throw new RangeError(`an outcome cell is 0 .. ${this.#counts.length - 1}, got ${cell}`);
    if (this.#verdict !== 'continue') {
      this.#afterStop++;
      return this.#verdict;
    }
    this.#counts[cell]!++;
    const n = ++this.#n;
    if (n % this.checkEvery === 0) this.#look(n);
    return this.#verdict;
  }

  /** Add one pair from A's two game scores (0, 0.5 or 1 each; a Partie: won 1, lost 0). */
  pushPair(game0: number, game1: number): SprtVerdict {
    if (this.#counts.length !== 5) throw new Error('pushPair needs the pentanomial (five cells)');
    return this.push(pentanomialSlot(game0, game1));
  }

  #look(n: number): void {
    const r = multinomialLlr(this.#counts, this.scores, this.s0, this.s1, this.#x0, this.#x1, this.#scratch);
    this.#llr = r.llr;
    this.#x0 = r.x0;
    this.#x1 = r.x1;
    // every pair in one cell (an A/A Partie run with shared streams splits every pair): no spread, no decision
    if (n < this.minPairs || this.#constantCell() !== null) return;
    if (r.llr >= this.upper) this.#verdict = 'H1';
    else if (r.llr <= this.lower) this.#verdict = 'H0';
    if (this.#verdict !== 'continue') this.#decidedAt = n;
  }

  /** The cell holding every pair so far, or null (none yet, or more than one cell used). */
  #constantCell(): number | null {
    let cell: number | null = null;
    for (let i = 0; i < this.#counts.length; i++) {
      if (this.#counts[i]! === 0) continue;
      if (cell !== null) return null;
      cell = i;
    }
    return cell;
  }

  #moments(): { n: number; mean: number; variance: number } {
    let n = 0;
    let sum = 0;
    for (let i = 0; i < this.#counts.length; i++) {
      n += this.#counts[i]!;
      sum += this.#counts[i]! * this.scores[i]!;
    }
    const mean = n > 0 ? sum / n : NaN;
    let v = 0;
    for (let i = 0; i < this.#counts.length; i++) v += this.#counts[i]! * (this.scores[i]! - mean) ** 2;
    return { n, mean, variance: n > 0 ? v / n : NaN };
  }

  status(): PentanomialSprtStatus {
    const { n, mean } = this.#moments();
    return {
      bounds: this.bounds,
      lower: this.lower,
      upper: this.upper,
      counts: [...this.#counts],
      n,
      llr: this.#llr,
      verdict: this.#verdict,
      decidedAt: this.#decidedAt,
      afterStop: this.#afterStop,
      checkEvery: this.checkEvery,
      constant: this.#constantCell(),
      score: mean,
      elo: eloFromScore(mean),
      eloNote:
        this.#constantCell() !== null && n > 0 ? `every one of the ${n} pairs in cell ${this.#constantCell()}: no spread, no test`
        : this.#verdict === 'continue' ? 'from the mean score (the test has not stopped)' : `from the mean score at the stop: biased toward ${this.#verdict} (a sequential stop); see the corrected estimate`,
    };
  }

  /** The median-unbiased score and Elo at the end of the test, with intervals (stop-estimate.ts). */
  corrected(level = 0.95): EloStopEstimate | null {
    const { n, mean, variance } = this.#moments();
    if (n < 2 || !(variance > 0) || this.#llr === null || this.#constantCell() !== null) return null;
    const llr = multinomialLlr(this.#counts, this.scores, this.s0, this.s1, this.#x0, this.#x1).llr;
    const decided = this.#verdict === 'continue' ? null : this.#verdict;
    const model = normalLlrModel(this.s0, this.s1, variance);
    const scale = Math.max(this.s1 - this.s0, Math.sqrt(variance / n));
    const e = stopEstimate({ n, llr, lower: this.lower, upper: this.upper, decided }, model, mean, scale, level);
    if (e === null) return null;
    const clamp = (s: number) => Math.min(1 - 1e-12, Math.max(1e-12, s));
    return { ...e, elo: eloFromScore(clamp(e.estimate)), eloLow: eloFromScore(clamp(e.low)), eloHigh: eloFromScore(clamp(e.high)) };
  }
}
