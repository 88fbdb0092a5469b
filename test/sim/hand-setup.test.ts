// The hand's set-up fast paths against their slow twins: the keyed streams made lazily (LazyStream) against
// the streams made at once; the whole shuffle in one engine call (applyShuffleFrom) against one applyAction a step.
import { describe, expect, it } from 'vitest';
import { LazyStream, STREAM, keyedPartieRng, keyedRng } from '../../src/sim/seeds.ts';
import { RULESET_NAMES, resolveRuleset } from '../../src/rules/registry.ts';
import { applyAction, applyShuffleFrom, chanceOutcomes, newHand } from '../../src/engine/game.ts';
import type { Action } from '../../src/engine/actions.ts';

describe('LazyStream = the keyed stream made at once', () => {
  it('the same draws for deal and Partie keys, the same object on every read', () => {
    for (const seat of [0, 1, 3]) {
      const eager = keyedRng(5, 17, STREAM.policy, seat);
      const lazy = new LazyStream(() => keyedRng(5, 17, STREAM.policy, seat));
      expect(lazy.rng).toBe(lazy.rng);
      for (let i = 0; i < 50; i++) expect(lazy.rng.nextUint32()).toBe(eager.nextUint32());
      const p = keyedPartieRng(5, 2, 9, STREAM.policy, seat);
      const lp = new LazyStream(() => keyedPartieRng(5, 2, 9, STREAM.policy, seat));
      for (let i = 0; i < 50; i++) expect(lp.rng.below(7)).toBe(p.below(7));
    }
  });
  it('is not made until read', () => {
    let made = 0;
    const lazy = new LazyStream(() => (made++, keyedRng(1, 2, STREAM.policy, 0)));
    expect(made).toBe(0);
    void lazy.rng;
    void lazy.rng;
    expect(made).toBe(1);
  });
});

describe('applyShuffleFrom = one applyAction per shuffle step', () => {
  const record = (outcome: number): Action => ({ kind: 'chance', outcome });
  for (const name of RULESET_NAMES) {
    it(`${name}: the same state after the shuffle, and after the cut that follows`, () => {
      const r = resolveRuleset(name);
      for (const players of [2, 4, 6]) {
        for (let d = 0; d < 20; d++) {
          const a = newHand(r, { players, dealer: d % players });
          const b = newHand(r, { players, dealer: d % players });
          const ra = keyedRng(3, d, STREAM.deal);
          const rb = keyedRng(3, d, STREAM.deal);
          while (a.phase === 'shuffle') applyAction(a, record(ra.below(chanceOutcomes(a))));
          applyShuffleFrom(b, rb, record);
          expect(b).toEqual(a);
          applyShuffleFrom(b, rb, record); // outside the shuffle: nothing
          expect(b).toEqual(a);
          applyAction(a, record(ra.below(chanceOutcomes(a))));
          applyAction(b, record(rb.below(chanceOutcomes(b))));
          expect(b).toEqual(a);
        }
      }
    });
  }
});
