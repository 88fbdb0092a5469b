// The verdict of an experiment's arm: a statistical statement about the effect's 95% interval (or the SPRT's
// decision). Supported: the interval lies wholly on the side of the reference the claim predicts; refuted:
// wholly on the other side; otherwise no effect found (at this n; the interval says how large an effect
// could still hide). With an SPRT: H1 accepted (an effect of at least m1 in the claimed direction) is
// supported; H0 accepted is "no effect found" unless the interval at the stop excludes the reference on the
// other side (refuted); an undecided test falls back to the interval.
import type { Verdict } from './types.ts';
import type { Effect } from './summary.ts';

export function verdictOf(
  e: Pick<Effect, 'estimate' | 'low' | 'high' | 'kind'>,
  direction: 'greater' | 'less',
  reference = 0,
  sprt: { readonly verdict: 'H0' | 'H1' | 'continue'; readonly m1: number } | null = null,
): { verdict: Verdict; why: string } {
  const above = e.low > reference;
  const below = e.high < reference;
  const claimed = direction === 'greater' ? above : below;
  const other = direction === 'greater' ? below : above;
  const iv = `[${fmt(e.low)}, ${fmt(e.high)}]`;
  if (e.kind === 'empty') return { verdict: 'no effect found', why: 'no observations' };
  if (e.kind === 'constant') {
    return e.estimate === reference ? { verdict: 'no effect found', why: `the same value ${fmt(e.estimate)} in every pair (no spread: the two sides played alike)` } : { verdict: e.estimate > reference === (direction === 'greater') ? 'supported' : 'refuted', why: `the same value ${fmt(e.estimate)} in every pair` };
  }
  if (sprt !== null && sprt.verdict === 'H1') return { verdict: 'supported', why: `the SPRT accepted H1 (an effect of ${sprt.m1})` };
  if (sprt !== null && sprt.verdict === 'H0') return other ? { verdict: 'refuted', why: `the SPRT accepted H0 and the interval ${iv} lies on the other side of ${reference}` } : { verdict: 'no effect found', why: `the SPRT accepted H0 (no effect of ${sprt.m1})` };
  if (claimed) return { verdict: 'supported', why: `the 95% interval ${iv} lies ${direction === 'greater' ? 'above' : 'below'} ${reference}, as claimed` };
  if (other) return { verdict: 'refuted', why: `the 95% interval ${iv} lies ${direction === 'greater' ? 'below' : 'above'} ${reference}, against the claim` };
  return { verdict: 'no effect found', why: `the 95% interval ${iv} contains ${reference}` };
}

const fmt = (x: number): string => (Number.isFinite(x) ? (Math.abs(x) >= 100 ? x.toFixed(1) : x.toFixed(4)) : String(x));
