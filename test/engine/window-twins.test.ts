// The bid window's remembered facts (bid-windows.ts windowInfo: per party and situation, until the bidding
// changes) and its seat masks (windowSeats) against their twins that read the state (hasWindowActionChecked,
// declaresPassChecked, windowKindOfChecked, windowActionsChecked), compared at every call the engine makes —
// hands of simple (talk on and off) and of random (bids, raises, vetoes, asks), at scores near the target
// (asks, gestrichen), on every table.
import { afterEach, describe, expect, it } from 'vitest';
import { RULESET_NAMES, resolveRuleset } from '../../src/rules/registry.ts';
import { builtinPolicy } from '../../src/registry/policies.ts';
import { playDeal, type SeatPolicy } from '../../src/play/hand.ts';
import { checkWindowTwins } from '../../src/engine/bid-windows.ts';
import type { OptionValues } from '../../src/policy/api.ts';
import { TABLES } from './tables.ts';
import { randomOnEveryTable, tamperedSeatMaskFaults, tamperedWindowFaults } from './twin-drivers.ts';

const seats = (name: string, n: number, o: OptionValues = {}): SeatPolicy[] => {
  const f = builtinPolicy(name);
  return Array.from({ length: n }, () => ({ name, policy: f.create(o) }));
};

afterEach(() => {
  checkWindowTwins(false);
});

describe('bid window facts remembered = worked out from the state, at every call', () => {
  for (const name of RULESET_NAMES) {
    it(`${name}: simple (talk on, off) and random, 4 players, scores 0 and near the target`, () => {
      const r = resolveRuleset(`${name}{partnerInfo=table}`); // a talking table (signs only by default but in 1853, RULES §13)
      checkWindowTwins(true);
      const pols = [seats('simple', 4), seats('simple', 4, { information: 'ignore' }), seats('random', 4), seats('random', 4, { bidRate: 0.3, vetoRate: 0.3, raiseRate: 0.5 })];
      for (let d = 0; d < 240; d++) {
        const t = r.target;
        const score = d % 3 === 0 ? [0, 0] : [t - 1 - (d % 2), t - 1 - ((d >> 1) % 3)];
        playDeal({ ruleset: r, players: 4, policies: pols[d % 4]!, rootSeed: 71, dealIndex: d, dealer: d % 4, score });
      }
      expect(checkWindowTwins(false)).toBeGreaterThan(5000);
    });
  }
  it('every table (2, 3, 3 with the Strohmann, 6 players; three each alone answering in turn): random hands', () => {
    checkWindowTwins(true);
    const tables = [...TABLES, { label: 'answer in turn', players: 3, override: 'threePlayers=individual,individualBidding=answerInTurn' }];
    randomOnEveryTable(tables, 12, 72, (n) => seats('random', n, { bidRate: 0.2 }));
    expect(checkWindowTwins(false)).toBeGreaterThan(1000);
  });
  it('the comparison can fail: a bidding changed behind the remembered facts is a fault', () => {
    checkWindowTwins(true);
    expect(tamperedWindowFaults(/bidding twin windowActions differs/)).toBe(true);
  });
  it('the seat masks\' comparison can fail too: a bidding changed behind them is a fault at the next seat', () => {
    checkWindowTwins(true);
    expect(tamperedSeatMaskFaults(/bidding twin hasWindowAction differs/)).toBe(true);
  });
});
