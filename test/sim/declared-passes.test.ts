// The bid window passes a policy declared (Policy.passes), taken by the engine itself (bidding.ts
// seekWindowSeat / takeDeclaredPasses, armed by runHand) against the checked path, where act is called for
// each of them: the whole final state is the same (actions, events, the table talk's own state, the bidding),
// but for the engine's count of the passes it took.
import { describe, expect, it } from 'vitest';
import { RULESET_NAMES, resolveRuleset } from '../../src/rules/registry.ts';
import { builtinPolicy } from '../../src/policy/registry.ts';
import { playDeal, type SeatPolicy } from '../../src/sim/play.ts';
import type { HandState } from '../../src/engine/state.ts';
import type { OptionValues } from '../../src/policy/api.ts';

const simple = (o: OptionValues = {}): SeatPolicy[] => {
  const f = builtinPolicy('simple');
  return [0, 1, 2, 3].map(() => ({ name: 'simple', policy: f.create(o) }));
};
const comparable = (s: HandState) => ({ ...s, bid: { ...s.bid, declaredPasses: 0 }, obsCache: null, showCache: null });

describe('declared window passes taken by the engine = act called for each', () => {
  for (const name of RULESET_NAMES) {
    it(`${name}: the same final states, talk on and off`, () => {
      const r = resolveRuleset(name);
      for (const opts of [{}, { information: 'ignore' }] as OptionValues[]) {
        const fast = simple(opts);
        const slow = simple(opts);
        let taken = 0;
        for (let d = 0; d < 40; d++) {
          const base = { ruleset: r, players: 4, rootSeed: 29, dealIndex: d, dealer: d % 4 };
          const a = playDeal({ ...base, policies: fast });
          const b = playDeal({ ...base, policies: slow, checked: true });
          expect(b.state.bid.declaredPasses).toBe(0);
          taken += a.state.bid.declaredPasses;
          expect(a.decisions).toBe(b.decisions);
          expect(comparable(a.state)).toEqual(comparable(b.state));
        }
        expect(taken).toBeGreaterThan(40); // the engine did take them
      }
    });
  }
});
