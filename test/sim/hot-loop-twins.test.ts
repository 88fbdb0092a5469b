// The runner's fast paths for a hand (issue 13's speed work) against their slow twins:
//  - the passes a policy declared (Policy.passes): unchecked runs pass for it without calling act; checked
//    runs call act and fault a broken promise — both must give the same hands, deal by deal;
//  - the bound seat's obligation filter (obligation-filter.ts obligationFilter, remembered per hand shape) against
//    playKeepsObligations asked play by play.
import { describe, expect, it } from 'vitest';
import { RULESET_NAMES, resolveRuleset } from '../../src/rules/registry.ts';
import { builtinPolicy } from '../../src/registry/policies.ts';
import { playDeal, type SeatPolicy } from '../../src/play/hand.ts';
import { playPartie } from '../../src/play/partie.ts';
import { breakTalkPromise } from './talk-liars.ts';
import { legalActions } from '../../src/engine/game.ts';
import { legalPlays } from '../../src/engine/legality.ts';
import { obligationsOf, playKeepsObligations } from '../../src/engine/obligations.ts';
import { actionText, type PolicyAction } from '../../src/engine/actions.ts';

const simple = (): SeatPolicy[] => {
  const f = builtinPolicy('simple');
  return [0, 1, 2, 3].map(() => ({ name: 'simple', policy: f.create({}) }));
};

describe('declared passes (Policy.passes) = calling act', () => {
  it('simple declares the unseen, the open-trick, the later-lead and the after-Spiel windows and its unsaid phrases', () => {
    expect(simple()[0]!.policy.passes).toEqual({
      unseen: true, trickOpen: true, laterLead: true, afterSpiel: true, unsaid: ['trumpf', 'farbe', 'gutDrueben', 'gutLassen', 'entscheidung'],
      unsaidAt: { firstLead: ['inNatura:Spiel', 'biet:Spiel'], laterLead: ['inNatura:Gleich', 'inNatura:Hanger', 'biet:Gleich', 'biet:Hanger'], notAhead: ['inNatura:Spiel', 'biet:Spiel', 'halt:Spiel'] },
    });
  });
  for (const name of RULESET_NAMES) {
    it(`${name}: 150 hands of simple with bidding, unchecked = checked (act called, promise held)`, () => {
      const r = resolveRuleset(name);
      const fast = simple();
      const slow = simple();
      for (let d = 0; d < 150; d++) {
        const base = { ruleset: r, players: 4, rootSeed: 13, dealIndex: d, dealer: d % 4 };
        const a = playDeal({ ...base, policies: fast, checked: false });
        const b = playDeal({ ...base, policies: slow, checked: true });
        expect(a.summary).toEqual(b.summary);
        expect(a.state.events).toEqual(b.state.events);
        expect(a.state.actions).toEqual(b.state.actions);
      }
    });
  }
  it('oberland: 6 Partien of simple (scores near the target: asks, gestrichen), unchecked = checked', () => {
    const r = resolveRuleset('oberland');
    for (let k = 0; k < 6; k++) {
      const a = playPartie({ ruleset: r, players: 4, policies: simple(), rootSeed: 13, partieIndex: k, checked: false });
      const b = playPartie({ ruleset: r, players: 4, policies: simple(), rootSeed: 13, partieIndex: k, checked: true });
      expect(a.summary).toEqual(b.summary);
      expect(a.sheet).toEqual(b.sheet);
    }
  });
  it('a policy that breaks its promise is a fault on the checked path', () => {
    const f = builtinPolicy('random');
    const liar = [0, 1, 2, 3].map(() => {
      const p = f.create({});
      return { name: 'liar', policy: { act: p.act.bind(p), passes: { unseen: true, trickOpen: true } } };
    });
    const r = resolveRuleset('oberland');
    let faulted = 0;
    for (let d = 0; d < 40; d++) {
      try {
        playDeal({ ruleset: r, players: 4, policies: liar, rootSeed: 13, dealIndex: d, dealer: d % 4, checked: true });
      } catch (e) {
        expect(String(e)).toMatch(/declared it passes in this bid window/);
        faulted++;
      }
    }
    expect(faulted).toBeGreaterThan(0);
  });
  it('a policy that says a phrase it declared unsaid is a fault on the checked path; unchecked, the runner says quiet for it', () => {
    // simple, but asking "Ist der Stich von Entscheidung?" whenever it may — declaring (or not) that it never
    // does; unchecked the promise is taken at its word: where entscheidung is all it could say, it is not asked
    const { faulted, promised, open } = breakTalkPromise(
      { unsaid: ['entscheidung'] },
      (a) => a.kind === 'say' && a.phrase === 'entscheidung',
      (e) => e.type === 'say' && e.phrase === 'entscheidung',
      /declared it never says what it may say in this talk window/,
    );
    expect(faulted).toBeGreaterThan(0);
    expect(promised).toBeLessThan(open);
  });
});

describe('the obligation filter = playKeepsObligations', () => {
  for (const name of RULESET_NAMES) {
    it(`${name}: every play decision of a bound seat in 200 hands of simple`, () => {
      const r = resolveRuleset(name);
      let bound = 0;
      const policies = simple();
      for (let d = 0; d < 200; d++) {
        playDeal({
          ruleset: r,
          players: 4,
          policies,
          rootSeed: 17,
          dealIndex: d,
          dealer: d % 4,
          onDecision(s) {
            if (s.phase !== 'play' || obligationsOf(s, s.turn) === 0) return;
            bound++;
            const all: PolicyAction[] = [];
            legalPlays(s, s.turn, all);
            const twin = all.filter((a) => a.kind !== 'play' || playKeepsObligations(s, s.turn, a.card, a.as)).map(actionText);
            const fast = legalActions(s).filter((a) => a.kind === 'play').map(actionText);
            expect(fast).toEqual(twin);
          },
        });
      }
      expect(bound).toBeGreaterThan(0);
    });
  }
});
