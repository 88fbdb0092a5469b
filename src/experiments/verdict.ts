// The verdict of a test (issue 26): what its 95% interval says against 0 (or the claim's reference) and
// against δ, the smallest effect that matters to a player, after checking that the advice changed anything.
// - untested: the advice changed no decision (B, asked on A's observations, and A on B's, acted alike at every
//   one: shadow.ts), or no result (no pair differs), or fewer than MIN_DIFFERING pairs did — too few to judge;
// - no effect that matters: the whole interval lies inside ±δ (whatever its side of 0);
// - supported / refuted: the interval lies wholly on the side of 0 the claim predicts / the other side;
// - inconclusive: neither (the interval contains 0 and reaches beyond ±δ).
// An SPRT's decision (a duplicate 'points' arm with a declared stop) counts: H1 accepted is supported; H0
// accepted falls back to the interval. Holm's correction over the family (holm below) is applied by the
// report: a supported or refuted test that is not significant after it becomes inconclusive.
import type { Verdict } from './types.ts';
import type { Effect } from './summary.ts';
import { fixed } from '../core/numbers.ts';

/** Fewer deals (Partien) whose result differs than this, and a comparison is untested: too few to judge. */
export const MIN_DIFFERING = 10;

export interface VerdictInput {
  readonly effect: Pick<Effect, 'estimate' | 'low' | 'high' | 'kind'>;
  readonly direction: 'greater' | 'less';
  readonly reference?: number;
  readonly delta: number;
  /** Pairs whose result differs (null: a describe arm, where nothing is compared). */
  readonly differing?: number | null;
  /** Decisions where A and B act differently (shadow.ts; null or absent: not counted). */
  readonly differingDecisions?: number | null;
  readonly sprt?: { readonly verdict: 'H0' | 'H1' | 'continue'; readonly m1: number } | null;
}

export function verdictOf(x: VerdictInput): { verdict: Verdict; why: string } {
  const { effect: e, direction, delta } = x;
  const reference = x.reference ?? 0;
  const iv = `[${fmt(e.low)}, ${fmt(e.high)}]`;
  if (e.kind === 'empty') return { verdict: 'untested', why: 'no observations: the situation never arose' };
  const differing = x.differing ?? null;
  if (x.differingDecisions === 0) return { verdict: 'untested', why: 'the advice changed no decision: asked on the same observations, A and B acted alike at every one' };
  if (differing !== null && differing === 0) return { verdict: 'untested', why: 'the advice changed no result: A and B came out alike on every deal' };
  if (differing !== null && differing < MIN_DIFFERING) return { verdict: 'untested', why: `only ${differing} ${differing === 1 ? 'deal differs' : 'deals differ'} between A and B: too few to judge` };
  const lo = e.low - reference;
  const hi = e.high - reference;
  if (x.sprt != null && x.sprt.verdict === 'H1') return { verdict: 'supported', why: `the SPRT accepted H1 (an effect of ${x.sprt.m1})` };
  if (lo > -delta && hi < delta) return { verdict: 'no effect that matters', why: `the 95% interval ${iv} lies inside ±δ = ±${fmt(delta)}${reference === 0 ? '' : ` around ${reference}`}` };
  const above = lo > 0;
  const below = hi < 0;
  const claimed = direction === 'greater' ? above : below;
  const other = direction === 'greater' ? below : above;
  const side = (up: boolean) => (up ? 'above' : 'below');
  if (claimed) return { verdict: 'supported', why: `the 95% interval ${iv} lies ${side(direction === 'greater')} ${reference}, as claimed` };
  if (other) return { verdict: 'refuted', why: `the 95% interval ${iv} lies ${side(direction !== 'greater')} ${reference}, against the claim` };
  return { verdict: 'inconclusive', why: `the 95% interval ${iv} contains ${reference} and reaches beyond ±δ = ±${fmt(delta)}: a larger run would tell` };
}

/** At the edge: the interval's end lies within a tenth of its half-width of 0 (the reference) or of ±δ. */
export function atEdge(e: Pick<Effect, 'low' | 'high' | 'kind'>, reference: number, delta: number): boolean {
  if (e.kind !== 'interval' || !Number.isFinite(e.low) || !Number.isFinite(e.high)) return false;
  const eps = (e.high - e.low) / 20;
  const lines = [reference, reference - delta, reference + delta];
  return lines.some((l) => Math.abs(e.low - l) < eps || Math.abs(e.high - l) < eps);
}

/** Two-sided p-value of the effect against the reference (normal approximation from its SE). */
export function pValue(e: Pick<Effect, 'estimate' | 'se' | 'kind'>, reference = 0): number {
  if (e.kind === 'empty') return 1;
  if (e.kind === 'constant' || e.se === 0) return e.estimate === reference ? 1 : 0;
  if (!Number.isFinite(e.se)) return 1;
  const z = Math.abs(e.estimate - reference) / e.se;
  return Math.min(1, 2 * normalTail(z));
}

/** P(Z > z) for a standard normal (Abramowitz–Stegun 7.1.26 via erfc; error below 1.5e-7). */
function normalTail(z: number): number {
  const x = z / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const y = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  return 0.5 * y * Math.exp(-x * x);
}

/** Holm's step-down adjusted p-values (same order as given). */
export function holm(ps: readonly number[]): number[] {
  const m = ps.length;
  const order = ps.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p);
  const out = new Array<number>(m);
  let run = 0;
  order.forEach(({ p, i }, k) => {
    run = Math.max(run, Math.min(1, (m - k) * p));
    out[i] = run;
  });
  return out;
}

/**
 * The headline of an experiment from its opponent fields' verdicts: one verdict when they agree (untested
 * fields aside, when another field was tested), else "depends on the opponent".
 */
export function combine(fields: readonly Verdict[]): Verdict {
  if (fields.length === 0) return 'untested';
  const tested = fields.filter((v) => v !== 'untested');
  const use = tested.length === 0 ? fields : tested;
  return use.every((v) => v === use[0]) ? use[0]! : 'depends on the opponent';
}

const fmt = (x: number): string => (Number.isFinite(x) ? fixed(x, Math.abs(x) >= 100 ? 1 : 4) : String(x));
