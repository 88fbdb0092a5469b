// The look ahead handed to a person at the keyboard (src/sim/ahead.ts): at a talk turn or a bid window, the
// decisions the seat will be asked next if every seat stays quiet and passes. Checked against the game itself:
// at a table where every seat does exactly that, each predicted decision is the one the engine then asks —
// the same phase, the same legal actions — up to the first that cannot be passed.
import { describe, expect, it } from 'vitest';
import type { PolicyAction } from '../../src/engine/actions.ts';
import type { Observation } from '../../src/engine/observation.ts';
import { resolveRuleset } from '../../src/rules/registry.ts';
import { aheadIfQuiet, type AheadStep } from '../../src/play/ahead.ts';
import { playDeal, type SeatPolicy } from '../../src/play/hand.ts';

/** Says nothing and passes where it may, else takes the first legal action. */
const quietSeat = (): SeatPolicy => ({ name: 'quiet', policy: { act: (obs: Observation) => obs.legal.find((a) => a.kind === 'pass' || a.kind === 'quiet') ?? obs.legal[0]! } });

describe('aheadIfQuiet', () => {
  it('predicts the seat\'s next decisions exactly at a table where everybody stays quiet', () => {
    let checked = 0;
    for (const rs of ['1853', 'oberland', 'innsbruck']) {
      for (let deal = 0; deal < 6; deal++) {
        const asked: Array<{ obs: Observation; ahead: readonly AheadStep[] }> = [];
        playDeal({
          ruleset: resolveRuleset(rs), players: 4, policies: [0, 1, 2, 3].map(quietSeat), rootSeed: 21, dealIndex: deal, dealer: deal % 4,
          onDecision: (s, player, obs) => void (player === 0 && asked.push({ obs, ahead: aheadIfQuiet(s, 0) })),
        });
        asked.forEach(({ obs, ahead }, i) => {
          const passable = obs.phase === 'window' || (obs.phase === 'talk' && obs.question === null);
          if (!passable) return expect(ahead).toEqual([]);
          ahead.forEach((step, k) => {
            const real = asked[i + 1 + k]!.obs;
            expect(step.obs.phase).toBe(real.phase);
            expect(step.obs.legal.map((a: PolicyAction) => JSON.stringify(a))).toEqual(real.legal.map((a) => JSON.stringify(a)));
            expect(step.obs.hand).toEqual(real.hand);
            checked++;
          });
        });
      }
    }
    expect(checked).toBeGreaterThan(50);
  });
});
