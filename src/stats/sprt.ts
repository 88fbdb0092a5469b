// Sequential probability ratio test on a mean (GUIDE §5: decide "better" with an SPRT on paired results,
// bounds declared in advance, as chess engine testing does). H0: mean = m0 against H1: mean = m1, the
// observations taken as normal with an unknown variance: the generalized SPRT, whose log-likelihood ratio
// profiles the variance under each hypothesis (fishtest's LLRcalc.LLR_alt; M. Van den Bergh, "Support of
// the MLE for multinomial ..." notes). After n observations with mean x and (population) variance s2:
//
//   LLR = (n / 2) * log((s2 + (x - m0)²) / (s2 + (x - m1)²))
//
// Its linearisation n (m1 - m0)(2x - m0 - m1) / (2 s2) (LLR_alt2) agrees when m1 - m0 is small against the
// spread; looked at after every pair it lets the false-H1 rate rise to 5.9-6.0% for a declared 5% once
// (m1 - m0)/sd reaches 0.2-0.3, where the profiled form gives 4.7-4.8% (10,000 runs each,
// test/stats/deep-check.ts).
//
// Stop for H1 when LLR >= log((1 - beta) / alpha), for H0 when LLR <= log(beta / (1 - alpha)) (Wald's bounds).
//
// When to look: Wald's bounds give the declared error rates for a test looked at after every observation.
// Looking only every B observations lets the LLR jump over a bound and come back unseen, so the real error
// rates come out smaller than declared and every decision costs up to B - 1 observations more (measured
// with B = 1,024 on the runner's batches: 1.9% false H1 for a declared 5%). MeanSprt therefore takes the
// paired results one by one, in deal order, and decides at the first pair that crosses (checkEvery = 1, the
// default; a small stated block size is allowed and recorded).
//
// The degenerate case: when every observation so far is the same value (an A/A comparison with shared
// random streams gives a paired difference of exactly 0 in every pair) the variance is 0 and the LLR is
// undefined: the state says so (constant, llr null) and never decides, instead of dividing by 0.
import type { Moments } from './intervals.ts';
import { meanStopEstimate, type StopEstimate } from './stop-estimate.ts';

export interface SprtBounds {
  /** The mean under H0 and H1 (e.g. points per deal of A - B: 0 and 0.05). */
  readonly m0: number;
  readonly m1: number;
  readonly alpha: number;
  readonly beta: number;
}

export type SprtVerdict = 'H1' | 'H0' | 'continue';

/** The state of the batch form `sprt` (kept for the runner's once-per-batch check; prefer MeanSprt). */
export interface SprtState {
  readonly llr: number;
  readonly lower: number;
  readonly upper: number;
  readonly verdict: SprtVerdict;
  /** Every observation had the same value: no variance, no test statistic (llr is reported as 0). */
  readonly constant?: true;
}

/** Wald's bounds on the LLR: accept H0 at or below `lower`, H1 at or above `upper`. */
export function sprtBoundaries(alpha: number, beta: number): { lower: number; upper: number } {
  return { lower: Math.log(beta / (1 - alpha)), upper: Math.log((1 - beta) / alpha) };
}

/** The GSPRT log-likelihood ratio of n normal observations with this mean and (population, divide-by-n) variance. */
export function meanLlr(n: number, mean: number, variance: number, m0: number, m1: number): number {
  return (n / 2) * Math.log((variance + (mean - m0) * (mean - m0)) / (variance + (mean - m1) * (mean - m1)));
}

/** The SPRT on accumulated moments (one look). Degenerate (zero-variance) data never decide. */
export function sprt(m: Moments, b: SprtBounds): SprtState {
  const { lower, upper } = sprtBoundaries(b.alpha, b.beta);
  if (m.n < 2) return { llr: 0, lower, upper, verdict: 'continue' };
  const mean = m.sum / m.n;
  const variance = (m.sumSq - m.n * mean * mean) / m.n;
  if (!(variance > 1e-12 * Math.max(1, mean * mean))) return { llr: 0, lower, upper, verdict: 'continue', constant: true };
  const llr = meanLlr(m.n, mean, variance, b.m0, b.m1);
  return { llr, lower, upper, verdict: llr >= upper ? 'H1' : llr <= lower ? 'H0' : 'continue' };
}

/** Parse "m0,m1" (alpha = beta = 0.05) or "m0,m1,alpha,beta". */
export function parseSprt(text: string): SprtBounds | null {
  const parts = text.split(',').map((x) => Number(x.trim()));
  if (!(parts.length === 2 || parts.length === 4) || parts.some((x) => !Number.isFinite(x))) return null;
  const [m0, m1, alpha = 0.05, beta = 0.05] = parts as [number, number, number?, number?];
  if (m0 === m1 || !(alpha > 0 && alpha < 0.5 && beta > 0 && beta < 0.5)) return null;
  return { m0, m1, alpha, beta };
}

export interface SequentialOptions {
  /** Look after every `checkEvery` observations (1 = after every pair; the default and the recommended rule). */
  readonly checkEvery?: number;
  /**
   * No decision before this many observations. The variance is estimated from the data, and from a handful
   * of pairs it can come out small by chance, which would let an early lucky run cross a bound; 20 pairs
   * keep that effect below what the tests can see (see test/stats/sprt.test.ts). Default 20.
   */
  readonly minPairs?: number;
}

/** A MeanSprt as plain JSON (save it beside a run; MeanSprt.fromJSON resumes it exactly). */
export interface MeanSprtSnapshot {
  readonly kind: 'mean-sprt';
  readonly version: 1;
  readonly bounds: SprtBounds;
  readonly checkEvery: number;
  readonly minPairs: number;
  readonly n: number;
  readonly sum: number;
  readonly sumSq: number;
  /** The first observation and whether any later one differed from it (detects the constant case exactly). */
  readonly first: number | null;
  readonly varied: boolean;
  readonly llr: number | null;
  readonly verdict: SprtVerdict;
  /** The observation count at which the verdict was reached (null while undecided). */
  readonly decidedAt: number | null;
  /** Observations pushed after the decision: not used by the test or its estimate. */
  readonly afterStop: number;
}

export interface MeanSprtStatus {
  readonly bounds: SprtBounds;
  readonly lower: number;
  readonly upper: number;
  readonly n: number;
  /** null when the LLR is undefined (fewer than 2 observations, or every observation the same value). */
  readonly llr: number | null;
  readonly verdict: SprtVerdict;
  readonly decidedAt: number | null;
  readonly afterStop: number;
  readonly checkEvery: number;
  /** Every observation so far had this value (e.g. 0: "identical (difference 0 in all n pairs)"). */
  readonly constant: number | null;
  /**
   * The sample mean of the observations used. At a sequential stop it is biased toward the accepted
   * hypothesis (see stop-estimate.ts); report `corrected` beside it, or say so.
   */
  readonly mean: number;
  readonly sd: number;
  readonly meanNote: string;
}

/**
 * The SPRT on a stream of paired results, looked at after every observation (or every `checkEvery`).
 * Mutable for speed (one call per pair); `toJSON()` / `MeanSprt.fromJSON()` save and resume it.
 */
export class MeanSprt {
  readonly bounds: SprtBounds;
  readonly checkEvery: number;
  readonly minPairs: number;
  readonly lower: number;
  readonly upper: number;
  #n = 0;
  #sum = 0;
  #sumSq = 0;
  #first: number | null = null;
  #varied = false;
  #llr: number | null = null;
  #verdict: SprtVerdict = 'continue';
  #decidedAt: number | null = null;
  #afterStop = 0;

  constructor(bounds: SprtBounds, opts: SequentialOptions = {}) {
    checkBounds(bounds);
    const checkEvery = opts.checkEvery ?? 1;
    const minPairs = opts.minPairs ?? 20;
    if (!(Number.isInteger(checkEvery) && checkEvery >= 1)) throw new RangeError(`checkEvery must be a whole number >= 1, got ${checkEvery}`);
    if (!(Number.isInteger(minPairs) && minPairs >= 2)) throw new RangeError(`minPairs must be a whole number >= 2, got ${minPairs}`);
    this.bounds = { m0: bounds.m0, m1: bounds.m1, alpha: bounds.alpha, beta: bounds.beta };
    this.checkEvery = checkEvery;
    this.minPairs = minPairs;
    const { lower, upper } = sprtBoundaries(bounds.alpha, bounds.beta);
    this.lower = lower;
    this.upper = upper;
  }

  static fromJSON(s: MeanSprtSnapshot): MeanSprt {
    if (s.kind !== 'mean-sprt' || s.version !== 1) throw new Error(`not a mean-sprt snapshot (version 1): ${String(s.kind)} ${String(s.version)}`);
    const t = new MeanSprt(s.bounds, { checkEvery: s.checkEvery, minPairs: s.minPairs });
    t.#n = s.n;
    t.#sum = s.sum;
    t.#sumSq = s.sumSq;
    t.#first = s.first;
    t.#varied = s.varied;
    t.#llr = s.llr;
    t.#verdict = s.verdict;
    t.#decidedAt = s.decidedAt;
    t.#afterStop = s.afterStop;
    return t;
  }

  toJSON(): MeanSprtSnapshot {
    return {
      kind: 'mean-sprt',
      version: 1,
      bounds: this.bounds,
      checkEvery: this.checkEvery,
      minPairs: this.minPairs,
      n: this.#n,
      sum: this.#sum,
      sumSq: this.#sumSq,
      first: this.#first,
      varied: this.#varied,
      llr: this.#llr,
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

  /** Add one paired result; returns the verdict after it. After a decision further results are only counted. */
  push(x: number): SprtVerdict {
    if (!Number.isFinite(x)) throw new RangeError(`a paired result must be a finite number, got ${x}`);
    if (this.#verdict !== 'continue') {
      this.#afterStop++;
      return this.#verdict;
    }
    const n = ++this.#n;
    this.#sum += x;
    this.#sumSq += x * x;
    if (this.#first === null) this.#first = x;
    else if (x !== this.#first) this.#varied = true;
    if (n % this.checkEvery === 0) this.#look();
    return this.#verdict;
  }

  /** Push results in order; returns the index (into `xs`) of the result that decided, or -1. */
  pushAll(xs: ArrayLike<number>): number {
    for (let i = 0; i < xs.length; i++) {
      const was = this.#verdict;
      const v = this.push(xs[i]!);
      if (was === 'continue' && v !== 'continue') return i;
    }
    return -1;
  }

  #look(): void {
    const n = this.#n;
    if (n < 2 || !this.#varied) {
      this.#llr = null;
      return;
    }
    const mean = this.#sum / n;
    const variance = Math.max((this.#sumSq - this.#sum * mean) / n, Number.MIN_VALUE);
    const llr = meanLlr(n, mean, variance, this.bounds.m0, this.bounds.m1);
    this.#llr = llr;
    if (n < this.minPairs) return;
    if (llr >= this.upper) this.#verdict = 'H1';
    else if (llr <= this.lower) this.#verdict = 'H0';
    if (this.#verdict !== 'continue') this.#decidedAt = n;
  }

  status(): MeanSprtStatus {
    const n = this.#n;
    const mean = n > 0 ? this.#sum / n : NaN;
    const sd = n > 1 ? Math.sqrt(Math.max(0, (this.#sumSq - this.#sum * mean) / (n - 1))) : NaN;
    const constant = n > 0 && !this.#varied ? this.#first : null;
    const meanNote =
      constant !== null ? `every one of the ${n} pairs gave ${constant}: no variance, no test statistic`
      : this.#verdict === 'continue' ? 'sample mean (the test has not stopped)'
      : `sample mean at the stop: biased toward ${this.#verdict} (a sequential stop); see the corrected estimate`;
    return {
      bounds: this.bounds,
      lower: this.lower,
      upper: this.upper,
      n,
      llr: this.#llr,
      verdict: this.#verdict,
      decidedAt: this.#decidedAt,
      afterStop: this.#afterStop,
      checkEvery: this.checkEvery,
      constant,
      mean,
      sd,
      meanNote,
    };
  }

  /**
   * The estimate of the mean at the end of the test with its interval (stop-estimate.ts, meanStopEstimate):
   * median-unbiased in the stagewise ordering of the profiled LLR, or, for an effect so far beyond H1 that
   * the stop time does not order it, the plain t-interval at the stop (`method` says which). At an undecided
   * end (a planned maximum) it treats the end as the truncation point. null when the data are constant or
   * too few.
   */
  corrected(level = 0.95): StopEstimate | null {
    const n = this.#n;
    if (n < 2 || !this.#varied) return null;
    const mean = this.#sum / n;
    const variance = (this.#sumSq - this.#sum * mean) / n;
    if (!(variance > 0)) return null;
    const llr = meanLlr(n, mean, variance, this.bounds.m0, this.bounds.m1);
    const decided = this.#verdict === 'continue' ? null : this.#verdict;
    return meanStopEstimate({ n, llr, lower: this.lower, upper: this.upper, decided }, this.bounds.m0, this.bounds.m1, mean, variance, level);
  }
}

function checkBounds(b: SprtBounds): void {
  if (!(Number.isFinite(b.m0) && Number.isFinite(b.m1) && b.m0 !== b.m1)) throw new RangeError(`SPRT: m0 and m1 must be different numbers, got ${b.m0}, ${b.m1}`);
  if (!(b.alpha > 0 && b.alpha < 0.5 && b.beta > 0 && b.beta < 0.5)) throw new RangeError(`SPRT: alpha and beta must lie in (0, 0.5), got ${b.alpha}, ${b.beta}`);
}
