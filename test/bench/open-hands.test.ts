// Open hands (bench/open-hands.ts): the upper-bound measurement's bot sees exactly the hands being played, the
// other seats see what they always see, and the deals are those of the same seed without it.
import { describe, expect, it } from 'vitest';
import { resolveRuleset } from '../../src/rules/registry.ts';
import { playDeal, type SeatPolicy } from '../../src/play/hand.ts';
import { builtinPolicy } from '../../src/registry/policies.ts';
import type { Observation, Policy } from '../../src/policy/api.ts';
import { openHandsTable } from '../../bench/open-hands.ts';

const simple = builtinPolicy('simple').create({});

/** simple, noting what it was shown at each decision, and playing as if at a closed table (it reads no hand it was shown). */
function noting(seen: Array<Observation['seenHands']>): Policy {
  return { act: (obs, ctx) => (obs.legal.length > 1 && seen.push(obs.seenHands), simple.act({ ...obs, seenHands: [] }, ctx)) };
}

describe('open hands', () => {
  for (const rs of ['1853', 'oberland']) {
    it(`${rs}: the open seats see every other hand as it is, the others nothing more, the deals unchanged`, () => {
      const r = resolveRuleset(rs);
      let decisions = 0;
      for (let d = 0; d < 12; d++) {
        const seen: Array<Array<Observation['seenHands']>> = [[], [], [], []];
        const truth: Array<Array<Array<{ seat: number; cards: number[] }>>> = [[], [], [], []];
        const seats = [0, 1, 2, 3].map((s): SeatPolicy => ({ name: 'simple', policy: noting(seen[s]!) }));
        const open = playDeal({
          ruleset: r, players: 4, policies: openHandsTable(seats, (s) => s % 2 === 0), rootSeed: 3, dealIndex: d, dealer: d % 4,
          onDecision: (s, p, obs) => {
            if (obs.legal.length <= 1) return;
            const hands = [0, 1, 2, 3].filter((x) => x !== p).map((seat) => ({ seat, cards: [...s.loc.keys()].filter((c) => s.loc[c] === seat) }));
            truth[p]!.push(hands);
          },
        });
        const closed = playDeal({ ruleset: r, players: 4, policies: [0, 1, 2, 3].map(() => ({ name: 'simple', policy: noting([]) })), rootSeed: 3, dealIndex: d, dealer: d % 4 });
        // the hook deals as the engine does: the same deal, the same play, the same points as at a closed table
        expect(open.summary).toEqual(closed.summary);
        for (const p of [0, 1, 2, 3]) {
          const mine = seen[p]!;
          if (p % 2 === 0) {
            expect(mine).toEqual(truth[p]);
            decisions += mine.length;
          } else for (const h of seen[p]!) expect(h).toEqual([]);
        }
      }
      expect(decisions).toBeGreaterThan(50);
    });
  }
});
