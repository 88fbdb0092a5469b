// What one pair of seats wins against another, by duplicate deals (issue 28: exploitability and the
// exploiters' bench): deal d is played twice with the same cards — party 0 (seats 0, 2) by `a` and party 1
// by `b`, then the seats swapped — and the pair's value is the mean of a's margin (its party's points minus
// the other's) over the two. The estimate: the mean over n pairs with a Student-t interval.
import { playDeal, type SeatPolicy } from '../play/hand.ts';
import type { Policy } from '../policy/api.ts';
import type { RulesVariant } from '../rules/variant.ts';
import { emptyMoments, meanInterval, pushMoment, type Interval } from '../stats/intervals.ts';

export interface DuplicateOptions {
  readonly ruleset: RulesVariant;
  readonly a: Policy;
  readonly b: Policy;
  readonly pairs: number;
  readonly seed: number;
  /** The Partie score before each deal (default 0:0). */
  readonly score?: readonly number[];
}

/** a's margin per deal against b: mean and 95% interval over the pairs. */
export function duplicateMargin(o: DuplicateOptions): Interval {
  const m = emptyMoments();
  const sa: SeatPolicy = { name: 'a', policy: o.a };
  const sb: SeatPolicy = { name: 'b', policy: o.b };
  for (let d = 0; d < o.pairs; d++) {
    let v = 0;
    for (const swap of [false, true]) {
      const policies = swap ? [sb, sa, sb, sa] : [sa, sb, sa, sb];
      const r = playDeal({ ruleset: o.ruleset, players: 4, policies, rootSeed: o.seed, dealIndex: d, dealer: d % 4, ...(o.score ? { score: o.score } : {}) });
      const mine = swap ? 1 : 0;
      v += (r.points[mine]! - r.points[1 - mine]!) / 2;
    }
    pushMoment(m, v);
  }
  return meanInterval(m);
}
