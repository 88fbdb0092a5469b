// strategies/simple.ts remembers what it works out from the acting seat's view (its figures by hand array,
// its figures by its own cards, its natural figures, its partners, what was said to it) and skips work that
// cannot change its choice.
// Its slow twin: the same policy with its memos switched off (useSimpleMemos(false): nothing read or
// written), asked the same observation at every decision — talk on and off, a liar, every built-in ruleset.
import { afterEach, describe, expect, it } from 'vitest';
import { RULESET_NAMES, resolveRuleset } from '../../src/rules/registry.ts';
import { playDeal, type SeatPolicy } from '../../src/play/hand.ts';
import type { Policy, PolicyAction } from '../../src/policy/api.ts';
import simple, { useSimpleMemos } from '../../strategies/simple.ts';

/** simple with options o, whose every decision is also taken by its memo-less twin and compared. */
function twinned(o: Record<string, string | boolean>, count: Map<string, number>): Policy {
  const inner = simple.create(o);
  return {
    bidding: inner.bidding!,
    talk: inner.talk!,
    passes: inner.passes!, // the runner takes the declared passes as for simple itself
    act(obs, ctx) {
      const fast = inner.act(obs, ctx);
      useSimpleMemos(false);
      let fresh: PolicyAction;
      try {
        fresh = inner.act(obs, ctx);
      } finally {
        useSimpleMemos(true);
      }
      // the same record of obs.legal (a show: the same christening)
      if (obs.phase === 'show') expect(fresh).toEqual(fast);
      else expect(fresh).toBe(fast);
      count.set(obs.phase, (count.get(obs.phase) ?? 0) + 1);
      return fast;
    },
  };
}

afterEach(() => useSimpleMemos(true));

describe('simple: memos = their slow twin at every decision', () => {
  const variants: Array<[string, Record<string, string | boolean>]> = [
    ['no talk', { information: 'ignore' }],
    ['talk', {}],
    ['talk, untruthful', { truthful: false }],
  ];
  for (const name of RULESET_NAMES) {
    it(`${name}: 3 × 40 hands (no talk, talk, a liar)`, () => {
      const r = resolveRuleset(`${name}{partnerInfo=table}`); // a talking table (signs only by default but in 1853, RULES §13)
      const count = new Map<string, number>();
      for (const [, o] of variants) {
        const policies: SeatPolicy[] = [0, 1, 2, 3].map(() => ({ name: 'simple', policy: twinned(o, count) }));
        for (let d = 0; d < 40; d++) playDeal({ ruleset: r, players: 4, policies, rootSeed: 41, dealIndex: d, dealer: d % 4, checked: false });
      }
      // the decisions the memos serve were all met
      expect(count.get('window') ?? 0).toBeGreaterThan(300);
      expect(count.get('play') ?? 0).toBeGreaterThan(800);
      expect(count.get('answer') ?? 0).toBeGreaterThan(50);
      expect(count.get('talk') ?? 0).toBeGreaterThan(400);
    });
  }
});
