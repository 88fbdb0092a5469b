// Ratings for many policies from a league of paired matches (GUIDE §6): every pair of policies meets on the
// same duplicate deals (or Partie starts), and each match gives, per deal pair, A's paired margin over B.
//
// Two fits:
// - least squares on the margins (Massey): E[margin of i over j] = r_i - r_j, in points a deal; each deal
//   pair weighs the same. K. Massey, "Statistical models applied to the rating of sports teams" (1997).
// - Bradley–Terry on the paired win/loss results: P(i beats j) = 1 / (1 + 10^(-(R_i - R_j)/400)), R in
//   Elo, fitted by maximum likelihood with Hunter's MM algorithm (D. R. Hunter, "MM algorithms for
//   generalized Bradley–Terry models", Ann. Statist. 32 (2004) 384-406). A pair counts as won, drawn (1/2)
//   or lost by the sign of its margin, or by an explicit score (a Partie pair: A's wins / 2). Without draws
//   in some direction the maximum-likelihood ratings run off to infinity, so every match gets `priorDraws`
//   virtual drawn pairs (1 by default: negligible beside hundreds of real pairs, as Ordo's and BayesElo's
//   priors).
// Both are centred: the ratings average 0, so a rating reads "points a deal (Elo) above the field's mean".
//
// Error bars by a bootstrap over deal pairs. The deals are shared by all matches, so deal k moves all its
// matches together when resampled: a player's results on one deal are correlated across its matches, and
// resampling matches independently would miss that. Each replicate draws a Poisson(1) weight per deal
// (the Poisson bootstrap: J. A. Hanley and B. MacGibbon, "Creating non-parametric bootstrap samples using
// Poisson frequencies", Comput. Methods Programs Biomed. 83 (2006) 57-62), from the keyed stream
// (seed, replicate), so the error bars are a deterministic function of the data and the seed.
import { keyedRng } from '../core/rng.ts';
import { poisson1, quantileSorted } from './math.ts';
import { pairAccOf, pairedEstimate, type PairedEstimate } from './paired.ts';

/** The stream kind of the ratings bootstrap (a stream of its own, apart from deals and policies). */
export const BOOTSTRAP_STREAM = 0x424f4f54; // 'BOOT'

export interface LeagueMatch {
  /** The two policies, as indices into League.players. */
  readonly a: number;
  readonly b: number;
  /** Per deal pair k = 0, 1, ... (the league's shared deals): A's paired margin over B (points a deal). */
  readonly margins: ArrayLike<number>;
  /** Per deal pair: A's score in [0, 1] for Bradley–Terry. Default: 1, 1/2, 0 by the margin's sign. */
  readonly scores?: ArrayLike<number>;
}

export interface League {
  readonly players: readonly string[];
  readonly matches: readonly LeagueMatch[];
}

export type RatingFit = 'massey' | 'bradley-terry';

export interface FitOptions {
  /** Bradley–Terry: virtual drawn pairs added to every match (default 1). */
  readonly priorDraws?: number;
}

/** Check a league: indices in range, no self-matches, a connected match graph. Throws a one-line reason. */
export function checkLeague(league: League): void {
  const p = league.players.length;
  if (p < 2) throw new RangeError(`a league needs at least 2 policies, got ${p}`);
  if (league.matches.length === 0) throw new RangeError('a league needs at least one match');
  for (const m of league.matches) {
    if (!(Number.isInteger(m.a) && Number.isInteger(m.b) && m.a >= 0 && m.b >= 0 && m.a < p && m.b < p)) throw new RangeError(`a match names a policy that is not in the league: ${m.a} vs ${m.b}`);
    if (m.a === m.b) throw new RangeError(`a policy cannot play itself in a league: ${league.players[m.a]}`);
    if (m.margins.length === 0) throw new RangeError(`the match ${league.players[m.a]} vs ${league.players[m.b]} has no pairs`);
    if (m.scores !== undefined && m.scores.length !== m.margins.length) throw new RangeError(`the match ${league.players[m.a]} vs ${league.players[m.b]}: scores and margins differ in length`);
  }
  // connected?
  const parent = league.players.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  for (const m of league.matches) parent[find(m.a)] = find(m.b);
  const root = find(0);
  const apart = league.players.filter((_, i) => find(i) !== root);
  if (apart.length > 0) throw new RangeError(`the league is not connected: ${apart.join(', ')} never meet${apart.length === 1 ? 's' : ''} ${league.players[0]}, directly or through others`);
}

/** Solve the square system M x = y (Gaussian elimination with partial pivoting; M is small and dense). */
function solve(M: number[][], y: number[]): number[] {
  const n = y.length;
  const A = M.map((row, i) => [...row, y[i]!]);
  for (let c = 0; c < n; c++) {
    let piv = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(A[r]![c]!) > Math.abs(A[piv]![c]!)) piv = r;
    [A[c], A[piv]] = [A[piv]!, A[c]!];
    const d = A[c]![c]!;
    if (Math.abs(d) < 1e-300) throw new RangeError('singular system (is the league connected?)');
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = A[r]![c]! / d;
      if (f === 0) continue;
      for (let k = c; k <= n; k++) A[r]![k] = A[r]![k]! - f * A[c]![k]!;
    }
  }
  return A.map((row, i) => row[n]! / row[i]!);
}

/** Per match: the weighted count of pairs, sum of margins and sum of scores (weights per deal, 1 if none). */
interface MatchSums {
  readonly n: number;
  readonly margin: number;
  readonly score: number;
}

function matchSums(m: LeagueMatch, w: ArrayLike<number> | null): MatchSums {
  let n = 0;
  let margin = 0;
  let score = 0;
  const len = m.margins.length;
  for (let k = 0; k < len; k++) {
    const wk = w === null ? 1 : w[k]!;
    if (wk === 0) continue;
    const x = m.margins[k]!;
    n += wk;
    margin += wk * x;
    score += wk * (m.scores !== undefined ? m.scores[k]! : x > 0 ? 1 : x < 0 ? 0 : 0.5);
  }
  return { n, margin, score };
}

/** Massey's least squares on the weighted sums: (L + 11ᵀ) r = b gives the centred solution of L r = b. */
function masseyFromSums(p: number, matches: readonly LeagueMatch[], sums: readonly MatchSums[]): number[] {
  const M = Array.from({ length: p }, () => new Array<number>(p).fill(1));
  const b = new Array<number>(p).fill(0);
  matches.forEach((m, i) => {
    const s = sums[i]!;
    M[m.a]![m.a] = M[m.a]![m.a]! + s.n;
    M[m.b]![m.b] = M[m.b]![m.b]! + s.n;
    M[m.a]![m.b] = M[m.a]![m.b]! - s.n;
    M[m.b]![m.a] = M[m.b]![m.a]! - s.n;
    b[m.a] = b[m.a]! + s.margin;
    b[m.b] = b[m.b]! - s.margin;
  });
  return solve(M, b);
}

/** Bradley–Terry by MM on the weighted sums (with the prior's virtual draws), as centred Elo. */
function bradleyTerryFromSums(p: number, matches: readonly LeagueMatch[], sums: readonly MatchSums[], priorDraws: number, start: readonly number[] | null = null): number[] {
  const k = matches.length;
  const games = new Float64Array(k);
  const wins = new Float64Array(p);
  for (let i = 0; i < k; i++) {
    const m = matches[i]!;
    const g = sums[i]!.n + priorDraws;
    const sa = sums[i]!.score + priorDraws / 2;
    games[i] = g;
    wins[m.a] = wins[m.a]! + sa;
    wins[m.b] = wins[m.b]! + (g - sa);
  }
  // from a start (Elo) when given: a bootstrap replicate starts at the full-data fit and needs few steps
  const pi = start === null ? new Float64Array(p).fill(1) : Float64Array.from(start, (e) => Math.pow(10, e / 400));
  const denom = new Float64Array(p);
  for (let it = 0; it < 100000; it++) {
    denom.fill(0);
    for (let i = 0; i < k; i++) {
      const m = matches[i]!;
      const g = games[i]! / (pi[m.a]! + pi[m.b]!);
      denom[m.a] = denom[m.a]! + g;
      denom[m.b] = denom[m.b]! + g;
    }
    // one MM step, then the geometric mean back to 1
    let lg = 0;
    for (let i = 0; i < p; i++) {
      const x = denom[i]! > 0 ? wins[i]! / denom[i]! : pi[i]!;
      denom[i] = x;
      lg += Math.log(x);
    }
    const scale = Math.exp(-lg / p);
    let change = 0;
    for (let i = 0; i < p; i++) {
      const x = denom[i]! * scale;
      change = Math.max(change, Math.abs(Math.log(x / pi[i]!)));
      pi[i] = x;
    }
    if (change < 1e-10) break;
  }
  return Array.from(pi, (x) => 400 * Math.log10(x));
}

/** Fit ratings (centred: they average 0). Massey in points a deal, Bradley–Terry in Elo. */
export function fitRatings(league: League, fit: RatingFit, opts: FitOptions = {}, weights: ArrayLike<number> | null = null): number[] {
  checkLeague(league);
  const sums = league.matches.map((m) => matchSums(m, weights));
  return fitFromSums(league, fit, sums, opts);
}

function fitFromSums(league: League, fit: RatingFit, sums: readonly MatchSums[], opts: FitOptions, start: readonly number[] | null = null): number[] {
  const p = league.players.length;
  if (fit === 'massey') return masseyFromSums(p, league.matches, sums);
  const priorDraws = opts.priorDraws ?? 1;
  if (!(priorDraws >= 0)) throw new RangeError(`priorDraws must be >= 0, got ${priorDraws}`);
  return bradleyTerryFromSums(p, league.matches, sums, priorDraws, start);
}

export interface PlayerRating {
  readonly player: string;
  /** The fit on all the data. */
  readonly rating: number;
  /** The bootstrap standard deviation. */
  readonly se: number;
  /** The bootstrap percentile interval. */
  readonly low: number;
  readonly high: number;
}

export interface RatingsReport {
  readonly fit: RatingFit;
  /** 'points a deal' (Massey) or 'Elo' (Bradley–Terry). */
  readonly unit: string;
  readonly ratings: readonly PlayerRating[];
  readonly level: number;
  readonly replicates: number;
  readonly seed: number;
  /** Deal pairs in the longest match (the bootstrap's deals). */
  readonly deals: number;
  readonly method: string;
  /** The replicates' ratings, replicate-major (replicates × players), for anything else a caller needs. */
  readonly draws: Float64Array;
}

export interface BootstrapOptions extends FitOptions {
  readonly replicates?: number;
  readonly seed?: number;
  readonly level?: number;
}

/** Ratings with bootstrap error bars over deal pairs (Poisson weights, keyed by (seed, replicate)). */
export function bootstrapRatings(league: League, fit: RatingFit, opts: BootstrapOptions = {}): RatingsReport {
  checkLeague(league);
  const replicates = opts.replicates ?? 1000;
  const seed = opts.seed ?? 1;
  const level = opts.level ?? 0.95;
  if (!(Number.isInteger(replicates) && replicates >= 20)) throw new RangeError(`a bootstrap needs at least 20 replicates, got ${replicates}`);
  const p = league.players.length;
  const deals = Math.max(...league.matches.map((m) => m.margins.length));
  const rating = fitFromSums(league, fit, league.matches.map((m) => matchSums(m, null)), opts);
  const draws = new Float64Array(replicates * p);
  const w = new Float64Array(deals);
  for (let r = 0; r < replicates; r++) {
    const rng = keyedRng(seed, r, BOOTSTRAP_STREAM);
    for (let k = 0; k < deals; k++) w[k] = poisson1(rng);
    const x = fitFromSums(league, fit, league.matches.map((m) => matchSums(m, w)), opts, rating);
    for (let i = 0; i < p; i++) draws[r * p + i] = x[i]!;
  }
  const ratings = league.players.map((player, i) => {
    const xs = new Float64Array(replicates);
    for (let r = 0; r < replicates; r++) xs[r] = draws[r * p + i]!;
    const mean = xs.reduce((s, x) => s + x, 0) / replicates;
    const se = Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / (replicates - 1));
    xs.sort();
    return { player, rating: rating[i]!, se, low: quantileSorted(xs, (1 - level) / 2), high: quantileSorted(xs, 1 - (1 - level) / 2) };
  });
  return {
    fit,
    unit: fit === 'massey' ? 'points a deal' : 'Elo',
    ratings,
    level,
    replicates,
    seed,
    deals,
    method: `${fit === 'massey' ? 'least squares on paired margins (Massey)' : 'Bradley–Terry on paired win/loss (MM)'}, centred; percentile intervals from a Poisson bootstrap over ${deals.toLocaleString('en-US')} deal pairs, ${replicates} replicates, seed ${seed}`,
    draws,
  };
}

export interface CrosstableCell {
  readonly a: number;
  readonly b: number;
  /** A's paired margin over B (points a deal). */
  readonly margin: PairedEstimate;
}

/**
 * The crosstable of paired differences: every ordered pair of policies that met, with A's margin over B
 * (B over A is the same match with the sign flipped). Several matches between the same two are pooled.
 */
export function crosstable(league: League, level = 0.95): CrosstableCell[] {
  checkLeague(league);
  const p = league.players.length;
  const cells: CrosstableCell[] = [];
  for (let a = 0; a < p; a++) {
    for (let b = 0; b < p; b++) {
      if (a === b) continue;
      const xs: number[] = [];
      for (const m of league.matches) {
        if (m.a === a && m.b === b) for (let k = 0; k < m.margins.length; k++) xs.push(m.margins[k]!);
        else if (m.a === b && m.b === a) for (let k = 0; k < m.margins.length; k++) xs.push(-m.margins[k]!);
      }
      if (xs.length > 0) cells.push({ a, b, margin: pairedEstimate(pairAccOf(xs), { kind: 'difference' }, level) });
    }
  }
  return cells;
}
