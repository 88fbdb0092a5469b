// RULES §8.5 (perlagg's reading) with A-04's strict follow switches together: a bound seat whose follow-legal
// plays all spoil its figure lays one of them — the obligation yields, a seat always has a card to lay. Before,
// the obligation filter left no card (only the concede, or nothing at a table of three parties).
import { describe, expect, it } from 'vitest';
import { resolveRuleset } from '../../src/rules/registry.ts';
import { builtinPolicy } from '../../src/registry/policies.ts';
import { playDeal, type SeatPolicy } from '../../src/play/hand.ts';
import { legalActions, legalActionsChecked } from '../../src/engine/game.ts';
import { explainIllegal, obligationYields } from '../../src/engine/checked.ts';
import { playKeepsObligations } from '../../src/engine/obligations.ts';
import type { HandState } from '../../src/engine/state.ts';
import type { PolicyAction } from '../../src/engine/actions.ts';

const STRICT = 'innsbruck{follow.perlaggCountsAsHoldingSuit=true,follow.perlaggMayBePlayedOffSuitWhileHoldingSuit=false}';
const seats = (): SeatPolicy[] => [0, 1, 2, 3].map(() => ({ name: 'simple', policy: builtinPolicy('simple').create({}) }));

function run(spec: string, hands: number, checked: boolean): { yields: number; decisions: number } {
  const r = resolveRuleset(spec);
  const pols = seats();
  let yields = 0;
  let decisions = 0;
  const onDecision = (s: HandState, _p: number, _obs: unknown, chosen: PolicyAction): void => {
    decisions++;
    if (!obligationYields(s)) return;
    yields++;
    const legal = legalActions(s);
    expect(legal).toEqual(legalActionsChecked(s));
    const plays = legal.filter((a) => a.kind === 'play');
    expect(plays.length).toBeGreaterThan(0);
    // every play there spoils the figure, and each is legal all the same
    for (const a of plays) {
      if (a.kind !== 'play') continue;
      expect(playKeepsObligations(s, s.turn, a.card, a.as)).toBe(false);
      expect(explainIllegal(s, a)).toBeNull();
    }
    expect(chosen.kind).toBe('play');
  };
  for (let d = 0; d < hands; d++) {
    const t = r.target;
    const score = d % 3 === 0 ? [0, 0] : [t - 1 - (d % 2), t - 1 - ((d >> 1) % 3)];
    playDeal({ ruleset: r, players: 4, policies: pols, rootSeed: 991, dealIndex: d, dealer: d % 4, score, checked, onDecision });
  }
  return { yields, decisions };
}

describe('a bound seat with no follow-legal play that keeps its figure (RULES §8.5, A-04)', () => {
  it('lays a card the follow rules allow: hands end, the fast and the checked lists agree', () => {
    const fast = run(STRICT, 150, false);
    expect(fast.yields).toBeGreaterThan(0);
    const checked = run(STRICT, 150, true);
    expect(checked).toEqual(fast);
  });
  it('never yields under the builtin follow rules', () => {
    expect(run('innsbruck', 60, false).yields).toBe(0);
    expect(run('1853', 60, false).yields).toBe(0);
  });
});
