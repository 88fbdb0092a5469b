// Sequential probability ratio test on a mean (GUIDE §5: decide "better" with an SPRT on paired results,
// bounds declared in advance, as chess engine testing does). H0: mean = m0 against H1: mean = m1, the
// observations taken as normal with the variance estimated from the data (the generalized SPRT fishtest
// uses). After n observations with mean x and variance s2:
//
//   LLR = n * (m1 - m0) * (2x - m0 - m1) / (2 s2)
//
// Stop for H1 when LLR >= log((1 - beta) / alpha), for H0 when LLR <= log(beta / (1 - alpha)).
import type { Moments } from './intervals.ts';

export interface SprtBounds {
  /** The mean under H0 and H1 (e.g. points per hand of A - B: 0 and 0.05). */
  readonly m0: number;
  readonly m1: number;
  readonly alpha: number;
  readonly beta: number;
}

export type SprtVerdict = 'H1' | 'H0' | 'continue';

export interface SprtState {
  readonly llr: number;
  readonly lower: number;
  readonly upper: number;
  readonly verdict: SprtVerdict;
}

export function sprt(m: Moments, b: SprtBounds): SprtState {
  const lower = Math.log(b.beta / (1 - b.alpha));
  const upper = Math.log((1 - b.beta) / b.alpha);
  if (m.n < 2) return { llr: 0, lower, upper, verdict: 'continue' };
  const mean = m.sum / m.n;
  const s2 = Math.max((m.sumSq - m.n * mean * mean) / (m.n - 1), 1e-12);
  const llr = (m.n * (b.m1 - b.m0) * (2 * mean - b.m0 - b.m1)) / (2 * s2);
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
