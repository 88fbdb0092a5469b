// obligation-filter.ts obligationFilter (the bound seat's plays through a per-(tables, need) table of the joint
// frontiers' answers) against its checked twin obligationFilterChecked (frontiers from joint.ts, memoised
// rows): every card of the seat's hand, laid as every identity and un-christened, at every play decision of
// a bound seat — whether the play is legal or not — and the same null/non-null answer.
import { describe, expect, it } from 'vitest';
import { RULESET_NAMES, resolveRuleset } from '../../src/rules/registry.ts';
import { builtinPolicy } from '../../src/registry/policies.ts';
import { playDeal, type SeatPolicy } from '../../src/play/hand.ts';
import { obligationFilter, obligationFilterChecked } from '../../src/engine/obligation-filter.ts';
import { obligationsOf } from '../../src/engine/obligations.ts';
import { WELI } from '../../src/cards/card.ts';

const seats = (name: string): SeatPolicy[] => {
  const f = builtinPolicy(name);
  return [0, 1, 2, 3].map((i) => ({ name, policy: f.create(name === 'random' ? { seed: i } : {}) }));
};

describe('obligationFilter = obligationFilterChecked, exhaustively', () => {
  const cases: Array<[string, Record<string, boolean>]> = [...RULESET_NAMES.map((n): [string, Record<string, boolean>] => [n, {}]), ['oberland', { weliNaturalInFigures: true }], ['1853', { weliNaturalInFigures: true }]];
  for (const [name, overrides] of cases) {
    it(`${name} ${JSON.stringify(overrides)}: every (card, identity) of every bound play decision in 100 hands of simple and 100 of random`, () => {
      const r = resolveRuleset(name, overrides);
      let bound = 0;
      let dropped = 0;
      for (const policy of ['simple', 'random']) {
        const policies = seats(policy);
        for (let d = 0; d < 100; d++) {
          playDeal({
            ruleset: r,
            players: 4,
            policies,
            rootSeed: 29,
            dealIndex: d,
            dealer: d % 4,
            onDecision(s) {
              if (s.phase !== 'play' || obligationsOf(s, s.turn) === 0) return;
              bound++;
              const fast = obligationFilter(s, s.turn);
              const slow = obligationFilterChecked(s, s.turn);
              const cards: number[] = [];
              for (let c = 0; c < 32; c++) if (((s.handLo[s.turn]! >>> c) & 1) === 1) cards.push(c);
              if (s.handWeli[s.turn] === 1) cards.push(WELI);
              const got: string[] = [];
              const want: string[] = [];
              for (const card of cards) {
                for (let as = -1; as <= WELI; as++) {
                  const a = as < 0 ? null : as;
                  const f = fast === null ? true : fast(card, a);
                  const w = slow === null ? true : slow(card, a);
                  if (!w) dropped++;
                  got.push(`${card}/${a}:${f}`);
                  want.push(`${card}/${a}:${w}`);
                }
              }
              expect(got).toEqual(want);
            },
          });
        }
      }
      expect(bound).toBeGreaterThan(0);
      if (name === 'oberland') expect(dropped).toBeGreaterThan(0);
    });
  }
});
