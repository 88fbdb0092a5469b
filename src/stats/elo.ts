// Elo, LOS and the pentanomial counts of game pairs (GUIDE §5, §6; the figures fastchess and fishtest print).
//
// A game scores 1 (won), 1/2 (drawn) or 0 (lost) for A. A pair is the same deal (or Partie start) played in
// both seatings; its five outcomes are counted as the pentanomial [LL, LD+DL, LW+DD+WL, DW+WD, WW], indexed by
// twice A's pair score (0 .. 4). A Partie has no draws, so Partie pairs fill only slots 0, 2 and 4.
// Pairing makes the two games of a pair dependent: every variance here is taken over pairs, never over
// games as if independent (fishtest's stats on the pentanomial; Van den Bergh, "Normalized Elo").
import { normalCdf, zFor } from './math.ts';

/** Logistic Elo of an expected score s (per game): -400 log10(1/s - 1). ±Infinity at 0 and 1. */
export function eloFromScore(s: number): number {
  return -400 * Math.log10(1 / s - 1);
}

/** The expected score per game of an Elo difference. */
export function scoreFromElo(elo: number): number {
  return 1 / (1 + Math.pow(10, -elo / 400));
}

/** 800 / ln 10: normalized Elo per unit of t-value (fishtest's nelo_divided_by_nt). */
export const NELO_PER_T = 800 / Math.LN10;

/**
 * Likelihood of superiority: the probability that the true effect is above 0, given an estimate and its
 * standard error (normal approximation, as fastchess and fishtest compute it). 0.5 for a zero estimate.
 */
export function los(estimate: number, se: number): number {
  if (se === 0) return estimate > 0 ? 1 : estimate < 0 ? 0 : 0.5;
  return normalCdf(estimate / se);
}

/** The pentanomial slot (0 .. 4) of a pair from A's scores in its two games (each 0, 0.5 or 1). */
export function pentanomialSlot(game0: number, game1: number): number {
  const slot = Math.round(2 * (game0 + game1));
  if (!(slot >= 0 && slot <= 4) || Math.abs(2 * (game0 + game1) - slot) > 1e-9) throw new RangeError(`a game scores 0, 0.5 or 1; got ${game0} and ${game1}`);
  return slot;
}

export type Pentanomial = readonly [number, number, number, number, number];

export interface ScoreSummary {
  /** Pairs counted. */
  readonly pairs: number;
  /** Games (twice the pairs). */
  readonly games: number;
  /** A's mean score per game. */
  readonly score: number;
  /** Standard error of `score`, from the spread of the pair scores. */
  readonly se: number;
  /** Variance of the pair score measured per game (the pair score halved): the pentanomial's own variance. */
  readonly pairVariance: number;
}

/** Score per game with its standard error from pentanomial counts (over pairs). */
export function pentanomialScore(counts: Pentanomial): ScoreSummary {
  let pairs = 0;
  let sum = 0;
  for (let i = 0; i < 5; i++) {
    pairs += counts[i]!;
    sum += counts[i]! * (i / 4);
  }
  if (pairs === 0) return { pairs: 0, games: 0, score: NaN, se: NaN, pairVariance: NaN };
  const score = sum / pairs;
  let v = 0;
  for (let i = 0; i < 5; i++) v += counts[i]! * (i / 4 - score) ** 2;
  const pairVariance = v / pairs;
  return { pairs, games: 2 * pairs, score, se: pairs > 1 ? Math.sqrt(pairVariance / (pairs - 1)) : Infinity, pairVariance };
}

export interface EloEstimate {
  readonly elo: number;
  readonly low: number;
  readonly high: number;
  /** (high - low) / 2, as fastchess prints "Elo ± x". */
  readonly halfWidth: number;
  readonly level: number;
  readonly los: number;
  /** Normalized Elo: (score - 1/2) / (sd per game) x 800/ln 10, with sd per game = sqrt(2 · pairVariance). */
  readonly nElo: number;
  readonly nEloHalfWidth: number;
  readonly score: number;
  readonly se: number;
  readonly pairs: number;
}

/**
 * Elo with its interval, LOS and normalized Elo from pentanomial counts (the interval maps score ± z·SE
 * through the logistic, as fishtest's get_elo). Scores of exactly 0 or 1 give infinite Elo: reported as is.
 */
export function pentanomialElo(counts: Pentanomial, level = 0.95): EloEstimate {
  const s = pentanomialScore(counts);
  const z = zFor(level);
  const lo = Math.max(0, s.score - z * s.se);
  const hi = Math.min(1, s.score + z * s.se);
  const elo = eloFromScore(s.score);
  const low = eloFromScore(lo);
  const high = eloFromScore(hi);
  const sdGame = Math.sqrt(2 * s.pairVariance);
  const nElo = sdGame > 0 ? ((s.score - 0.5) / sdGame) * NELO_PER_T : NaN;
  const nEloHalfWidth = sdGame > 0 ? ((z * s.se) / sdGame) * NELO_PER_T : NaN;
  return { elo, low, high, halfWidth: (high - low) / 2, level, los: los(s.score - 0.5, s.se), nElo, nEloHalfWidth, score: s.score, se: s.se, pairs: s.pairs };
}

/** Pentanomial counts from per-pair A scores (each the mean of the pair's two game scores: 0, 1/4, ..., 1). */
export function pentanomialFromPairScores(pairScores: ArrayLike<number>): [number, number, number, number, number] {
  const c: [number, number, number, number, number] = [0, 0, 0, 0, 0];
  for (let i = 0; i < pairScores.length; i++) {
    const x = pairScores[i]!;
    const slot = Math.round(4 * x);
    if (!(slot >= 0 && slot <= 4) || Math.abs(4 * x - slot) > 1e-9) throw new RangeError(`a pair score is 0, 1/4, 1/2, 3/4 or 1; got ${x}`);
    c[slot] = c[slot]! + 1;
  }
  return c;
}
