// RULES §11.2, A-13, A-14, A-45: the limits near the target — a party at target − 1 or more (gestrichen) may
// not bid or raise, nor may a party's open offers take it past target − 1 (`overbidLimit`), and at target − 2
// only one figure may be bid in 1853 ([000 p.24]); a bid or raise over the limit is curtailed or void, with
// the ruleset's penalty.
import { penalize, virtualScore } from './partie-score.ts';
import type { HandState } from './state.ts';

/** Decline values of the party's open offers (what it would write if all were let gut). */
function openDeclines(s: HandState, party: number): number {
  let n = 0;
  for (const f of s.bid.queue) {
    const fb = s.bid.figs[f]!;
    if (fb.status === 'offer' && fb.offerParty === party) n += fb.level - 1;
  }
  return n;
}

/**
 * Check a bid or raise adding `declineValue` to the party's open declines (RULES §11.2, A-13, A-14, A-45).
 * Returns the number of units allowed: `units` (all), fewer (curtailed, 1853 at target − 2), or 0 (void;
 * a penalty has then been written where the ruleset has one).
 */
export function checkLimit(s: HandState, party: number, units: number, valuePerUnit: number, what: string): number {
  const r = s.ruleset;
  const v = virtualScore(s, party);
  const cap = r.target - 1;
  if (v >= cap) {
    // gestrichen: no bid, no raise
    if (r.bidWhenGestrichenPenalty === 'halve') penalize(s, party, v - Math.floor(v / 2), `${what} while gestrichen: half the points (RULES §11.2, A-14)`);
    else penalize(s, party, 2, `${what} while gestrichen: 2 minus points (RULES §11.2, A-14)`);
    return 0;
  }
  if (r.overbidLimit === 'targetMinus1Only') return units;
  const room = cap - v - openDeclines(s, party);
  let fits = Math.max(0, Math.floor(room / valuePerUnit));
  // "Wer auf 9 steht, kann nur mehr Eins biethen" [000 p.24] read as one figure in the deal (A-13 switch)
  if (r.overbidLimit === 'oneBidAtTargetMinus2' && v === cap - 1) fits = Math.min(fits, ((s.bid.bidAtTargetMinus2 >>> party) & 1) === 1 ? 0 : 1);
  if (fits >= units) return units;
  if (r.overbidAtTargetMinus2 === 'curtailed') return fits; // the opponents restrict it (1853, [000 p.24])
  penalize(s, party, 2, `${what} over the limit (score + open offers > target − 1): 2 minus points (A-13)`);
  return 0;
}
