// The playout kernel's final writes against the engine (src/playout/kernel-writes-twin.ts, issue 27): 5,000
// random states per ruleset (20,000 in all; random scores, bids and raises to Aus before and between the
// cards, false figures, penalties; 2, 3, 4 and 6 players), the points per party of the deal and the end of
// the Partie equal in every compared state, and the states exercise what they are for. 1,000 for each
// scoring alternative. scripts/deep-check-kernel.ts runs the same check on 1,000,000 states.
import { describe, expect, it } from 'vitest';
import { resolveRuleset } from '../../src/rules/registry.ts';
import { writesCheck } from '../../src/playout/kernel-writes-twin.ts';

const STATES = Number(process.env['KERNEL_WRITES_STATES'] ?? 5000);

describe('kernel final writes = engine', () => {
  for (const spec of ['1853', 'oberland', 'suedtirol', 'innsbruck']) {
    it(`${spec}: ${STATES} states`, () => {
      const rep = writesCheck({ ruleset: resolveRuleset(spec), hands: STATES, seed: 27 });
      expect(rep.mismatches).toEqual([]);
      expect(rep.states).toBe(STATES);
      expect(rep.compared).toBeGreaterThan(STATES * 0.45);
      expect(rep.withBids).toBeGreaterThan(STATES * 0.1);
      expect(rep.corrected).toBeGreaterThan(STATES * 0.05); // corrections and penalties happen
      expect(rep.partieOver).toBeGreaterThan(STATES * 0.05); // and Partien end in the deal
    });
  }
  for (const spec of ['1853{writeTiming=allImmediate}', 'innsbruck{falseFigureScope=partie}', 'oberland{unseenBids=asSeen}']) {
    it(`${spec}: 1000 states`, () => {
      const rep = writesCheck({ ruleset: resolveRuleset(spec), hands: 1000, seed: 28 });
      expect(rep.mismatches).toEqual([]);
      expect(rep.compared).toBeGreaterThan(400);
    });
  }
});
