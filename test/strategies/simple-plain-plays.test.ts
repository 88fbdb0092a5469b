// strategies/simple.ts's plainPlays (the plain plays among the legal actions) steps over a Perlagg's whole
// block of 32 christenings (as 0..31 in a row) instead of reading every entry. Its slow twin reads every
// entry: both lists compared at every play of hands of simple — the built-in rulesets, and derived ones whose
// follow rules restrict a Perlagg's christenings (blocks that are not whole, walked by the fast path too).
import { describe, expect, it } from 'vitest';
import { RULESET_NAMES, resolveRuleset } from '../../src/rules/registry.ts';
import { playDeal, type SeatPolicy } from '../../src/play/hand.ts';
import type { Policy } from '../../src/policy/api.ts';
import simple, { plainPlaysOf } from '../../strategies/simple.ts';

const RESTRICTED = [
  'oberland{follow.perlaggMayBePlayedOffSuitWhileHoldingSuit=false}',
  'innsbruck{follow.perlaggMayBePlayedOffSuitWhileHoldingSuit=false,follow.perlaggCountsAsHoldingSuit=true}',
  '1853{follow.perlaggMayBePlayedOffSuitWhileHoldingSuit=false,follow.mustOvertake=true}',
];

describe('simple: plainPlays = its slow twin at every play', () => {
  for (const name of [...RULESET_NAMES, ...RESTRICTED]) {
    it(name, () => {
      const r = resolveRuleset(name);
      let plays = 0;
      let whole = 0; // plays whose legal list holds a whole block (the fast path steps over it)
      let partial = 0; // plays with christenings but no whole block
      const policies: SeatPolicy[] = [0, 1, 2, 3].map(() => {
        const inner = simple.create({ information: 'ignore' });
        const p: Policy = {
          bidding: inner.bidding!,
          act(obs, ctx) {
            if (obs.phase === 'play') {
              const fast = plainPlaysOf(obs, true);
              const slow = plainPlaysOf(obs, false);
              expect(fast).toEqual(slow);
              for (let i = 0; i < fast.length; i++) expect(fast[i]).toBe(slow[i]);
              plays++;
              const legal = obs.legal;
              let blocks = 0;
              let christened = 0;
              for (let i = 0; i < legal.length; i++) {
                const a = legal[i]!;
                if (a.kind !== 'play' || a.as === null) continue;
                christened++;
                const z = legal[i + 31];
                if (a.as === 0 && z !== undefined && z.kind === 'play' && z.card === a.card && z.as === 31) blocks++;
              }
              if (blocks > 0) whole++;
              else if (christened > 0) partial++;
            }
            return inner.act(obs, ctx);
          },
        };
        return { name: 'simple', policy: p };
      });
      for (let d = 0; d < 60; d++) playDeal({ ruleset: r, players: 4, policies, rootSeed: 53, dealIndex: d, dealer: d % 4, checked: false });
      expect(plays).toBeGreaterThan(400);
      expect(whole).toBeGreaterThan(50);
      if (RESTRICTED.includes(name)) expect(partial).toBeGreaterThan(10);
    });
  }
});
