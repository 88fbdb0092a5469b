// The fast deal against its slow twin, the engine's state machine (chance nodes, cutKeep decisions).
import { describe, expect, it } from 'vitest';
import { RULESET_NAMES, resolveRuleset } from '../../src/rules/registry.ts';
import { EngineDealer } from '../../src/sim/figures.ts';
import { FastDealer, type DealtHands } from '../../src/sim/fast-deal.ts';
import { STREAM, keyedRng } from '../../src/core/rng.ts';

const fresh = (seats: number): DealtHands => ({ hands: new Int32Array(seats), weli: new Int32Array(seats), trump: 'H', turned: -1 });

describe('FastDealer = the engine\'s deal', () => {
  const specs = [...RULESET_NAMES, 'oberland{cutRepeat=once}', 'innsbruck{dealPattern=3/2}', 'suedtirol{cutterKeepsPermanentPerlaggen=false}'];
  for (const spec of specs) {
    it(`deal by deal: ${spec}, 2, 3, 4 and 6 players`, () => {
      const r = resolveRuleset(spec);
      for (const players of [2, 3, 4, 6]) {
        const engine = new EngineDealer(r, players);
        const fast = new FastDealer(r, players);
        const seats = engine.seats();
        const a = fresh(seats);
        const b = fresh(seats);
        for (let d = 0; d < 1500; d++) {
          engine.deal(keyedRng(99, d, STREAM.deal), d % seats, a);
          fast.deal(keyedRng(99, d, STREAM.deal), d % seats, b);
          expect([...b.hands, ...b.weli, b.trump, b.turned], `${spec} ${players} players deal ${d}`).toEqual([...a.hands, ...a.weli, a.trump, a.turned]);
        }
      }
    });
  }
});
