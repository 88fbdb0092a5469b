// Open hands (bench/open-hands.ts): the upper-bound measurement's bot sees exactly the hands being played —
// at every decision, or only in the bidding war's, or only outside it — the other seats see what they always
// see, and the deals are those of the same seed without it.
import { describe, expect, it } from 'vitest';
import { resolveRuleset } from '../../src/rules/registry.ts';
import { playDeal, type SeatPolicy } from '../../src/play/hand.ts';
import { builtinPolicy } from '../../src/registry/policies.ts';
import type { Observation, Policy } from '../../src/policy/api.ts';
import { openHandsTable, type OpenAt } from '../../bench/open-hands.ts';
import { BID_PHASES } from '../../strategies/solved-layer.ts';

const simple = builtinPolicy('simple').create({});
type Seen = { phase: string; hands: Observation['seenHands'] };

/** simple, noting what it was shown at each decision, and playing as if at a closed table (it reads no hand it was shown). */
function noting(seen: Seen[]): Policy {
  return { act: (obs, ctx) => (obs.legal.length > 1 && seen.push({ phase: obs.phase, hands: obs.seenHands }), simple.act({ ...obs, seenHands: [] }, ctx)) };
}

describe('open hands', () => {
  for (const [rs, at] of [['1853', 'all'], ['oberland', 'all'], ['1853', 'bids'], ['1853', 'seenBids'], ['1853', 'cards']] as const) {
    it(`${rs}, open at ${at}: the open seats see every other hand as it is there, the others nothing more, the deals unchanged`, () => {
      const r = resolveRuleset(rs);
      let opened = 0;
      let closed = 0;
      for (let d = 0; d < 12; d++) {
        const seen: Seen[][] = [[], [], [], []];
        const truth: Seen[][] = [[], [], [], []];
        const seats = [0, 1, 2, 3].map((s): SeatPolicy => ({ name: 'simple', policy: noting(seen[s]!) }));
        const open = playDeal({
          ruleset: r, players: 4, policies: openHandsTable(seats, (s) => s % 2 === 0, at as OpenAt), rootSeed: 3, dealIndex: d, dealer: d % 4,
          onDecision: (s, p, obs) => {
            if (obs.legal.length <= 1) return;
            const bidding = BID_PHASES.has(obs.phase);
            const shown = p % 2 === 0 && (at === 'all' || (at === 'cards' ? !bidding : bidding && (at === 'bids' || obs.hand.length > 0)));
            const hands = shown ? [0, 1, 2, 3].filter((x) => x !== p).map((seat) => ({ seat, cards: [...s.loc.keys()].filter((c) => s.loc[c] === seat) })) : [];
            truth[p]!.push({ phase: obs.phase, hands });
            if (shown) opened++;
            else closed++;
          },
        });
        const plain = playDeal({ ruleset: r, players: 4, policies: [0, 1, 2, 3].map(() => ({ name: 'simple', policy: noting([]) })), rootSeed: 3, dealIndex: d, dealer: d % 4 });
        // the hook deals as the engine does: the same deal, the same play, the same points as at a closed table
        expect(open.summary).toEqual(plain.summary);
        for (const p of [0, 1, 2, 3]) expect(seen[p]).toEqual(truth[p]);
      }
      expect(opened).toBeGreaterThan(10);
      expect(closed).toBeGreaterThan(10);
    });
  }
});
