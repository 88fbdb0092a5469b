// The hand's set-up fast paths against their slow twins: the keyed streams made at their first draw (keyedRngLater)
// against the streams made at once; the whole shuffle in one engine call (applyShuffleFrom) against one applyAction a step;
// summarize's per-seat figures against the seats' cards at the first lead.
import { describe, expect, it } from 'vitest';
import { STREAM, keyedPartieRng, keyedPartieRngLater, keyedRng, keyedRngLater } from '../../src/core/rng.ts';
import { RULESET_NAMES, resolveRuleset } from '../../src/rules/registry.ts';
import { applyAction, applyShuffleFrom, chanceOutcomes, newHand } from '../../src/engine/game.ts';
import type { Action } from '../../src/engine/actions.ts';
import { builtinPolicy } from '../../src/registry/policies.ts';
import { playDeal } from '../../src/play/hand.ts';
import { figureContext, figureWord } from '../../src/eval/evaluate.ts';
import { wordGleich, wordHanger } from '../../src/eval/figures.ts';
import { popcount32 } from '../../src/cards/mask.ts';

describe('keyedRngLater = the keyed stream made at once', () => {
  it('the same draws for deal and Partie keys, whichever draw comes first', () => {
    for (const seat of [-1, 0, 1, 3]) {
      const eager = keyedRng(5, 17, STREAM.policy, seat);
      const later = keyedRngLater(5, 17, STREAM.policy, seat);
      expect(later.nextFloat()).toBe(eager.nextFloat());
      for (let i = 0; i < 50; i++) expect(later.nextUint32()).toBe(eager.nextUint32());
      const p = keyedPartieRng(5, 2, 9, STREAM.policy, seat);
      const lp = keyedPartieRngLater(5, 2, 9, STREAM.policy, seat);
      for (let i = 0; i < 50; i++) expect(lp.below(7)).toBe(p.below(7));
    }
  });
  it('checks its key at once', () => {
    expect(() => keyedRngLater(-1, 0, STREAM.policy, 0)).toThrow(RangeError);
    expect(() => keyedPartieRngLater(1, 0.5, 0, STREAM.policy, 0)).toThrow(RangeError);
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

describe('summarize: the per-seat figures at the first lead', () => {
  it('= each seat\'s figure word and Perlaggen from its cards at the first lead, every ruleset', () => {
    const f = builtinPolicy('simple');
    for (const name of RULESET_NAMES) {
      const r = resolveRuleset(name);
      const policies = [0, 1, 2, 3].map(() => ({ name: 'simple', policy: f.create({}) }));
      for (let d = 0; d < 30; d++) {
        const { state: s, summary } = playDeal({ ruleset: r, players: 4, policies, rootSeed: 21, dealIndex: d, dealer: d % 4 });
        const ctx = figureContext(r, s.trump!);
        const words = s.startLo.map((lo, seat) => figureWord(ctx, lo, s.startWeli[seat]!));
        expect(summary.bestGleichPerSeat).toEqual(words.map(wordGleich));
        expect(summary.bestHangerPerSeat).toEqual(words.map(wordHanger));
        expect(summary.perlaggenPerSeat).toEqual(s.startLo.map((lo, seat) => popcount32((lo & s.perl!.lo) >>> 0) + (s.startWeli[seat]! & s.perl!.weli)));
        expect(summary.perlaggenPerSeat.length).toBe(4);
      }
    }
  });
});
