// showingFigures (src/policy/api.ts) against its slow twin: the frontier of the seat's cards (jointFrontier,
// the hand in hand and its played identities) and the plan entry showingPlanWord picks from it — at every
// decision of hands of simple, for every seat whose hand the observation holds. The fast path reads the plan
// word from a table built once per figure tables (and skips figureParts before the first card).
import { describe, expect, it } from 'vitest';
import { RULESET_NAMES, resolveRuleset } from '../../src/rules/registry.ts';
import { builtinPolicy } from '../../src/registry/policies.ts';
import { playDeal, type SeatPolicy } from '../../src/play/hand.ts';
import { type Observation, type Policy } from '../../src/policy/api.ts';
import { showingFigures, showingPlan, showingPlanWord } from '../../src/policy/figures.ts';
import { handOf } from '../../src/policy/seen.ts';
import { figureContext } from '../../src/eval/evaluate.ts';
import { jointFrontier } from '../../src/engine/joint.ts';
import { wordGleich, wordHanger } from '../../src/eval/figures.ts';
import { WELI } from '../../src/cards/card.ts';

function slowFigures(obs: Observation, seat: number): { gleich: number; hanger: number } {
  const ctx = figureContext(resolveRuleset(obs.ruleset), (obs.trump ?? 'H') as 'H');
  let lo = 0;
  let weli = 0;
  for (const c of handOf(obs, seat)) {
    if (c === WELI) weli = 1;
    else lo |= 1 << c;
  }
  const played = obs.tricks.flatMap((t) => t.plays.filter((p) => p.seat === seat));
  const w = showingPlanWord(jointFrontier(ctx, lo >>> 0, weli, played));
  return { gleich: wordGleich(w), hanger: wordHanger(w) };
}

describe('showingFigures = the plan entry of the joint frontier', () => {
  for (const name of RULESET_NAMES) {
    it(`${name}: every decision of 40 hands of simple`, () => {
      const r = resolveRuleset(name);
      const f = builtinPolicy('simple');
      let compared = 0;
      let withPlays = 0;
      const policies: SeatPolicy[] = [0, 1, 2, 3].map(() => {
        const inner = f.create({});
        const p: Policy = {
          act(obs, ctx) {
            for (let seat = 0; seat < obs.seats; seat++) {
              if (seat !== obs.seat && !obs.seenHands.some((h) => h.seat === seat)) continue;
              if (handOf(obs, seat).length === 0) continue;
              const fast = showingFigures(obs, seat);
              expect(fast).toEqual(slowFigures(obs, seat));
              const plan = showingPlan(obs, seat);
              expect({ gleich: plan.gleich, hanger: plan.hanger }).toEqual(fast);
              compared++;
              if (obs.tricks.some((t) => t.plays.some((q) => q.seat === seat))) withPlays++;
            }
            return inner.act(obs, ctx);
          },
        };
        return { name: 'simple', policy: p };
      });
      for (let d = 0; d < 40; d++) playDeal({ ruleset: r, players: 4, policies, rootSeed: 29, dealIndex: d, dealer: d % 4, checked: false });
      expect(compared).toBeGreaterThan(600);
      expect(withPlays).toBeGreaterThan(100);
    });
  }
});
