// The fast path's key: handIndex is a bijection from hands of 0..5 cards onto 0..HAND_SIZE-1, handIndex5
// agrees with it on 5-card hands, and the hand table agrees with the shared table for every hand.
import { describe, expect, it } from 'vitest';
import { binom, popcount32 } from '../../src/cards/mask.ts';
import { figureContext, figureWord, figureWord5, figureParts, evaluateHand } from '../../src/eval/evaluate.ts';
import { HAND_SIZE, handIndex, handIndex5 } from '../../src/eval/hand-index.ts';
import { forEachMask } from '../../src/eval/tables.ts';
import { CardSet } from '../../src/cards/cardset.ts';
import { resolveRuleset } from '../../src/rules/registry.ts';

describe('hand index', () => {
  it('is a bijection on every hand of 0 to 5 of the 33 cards', () => {
    const seen = new Uint8Array(HAND_SIZE);
    let hands = 0;
    for (let n = 0; n <= 5; n++) {
      for (let w = 0; w <= 1; w++) {
        if (n + w > 5) continue;
        forEachMask(n, (lo) => {
          const i = handIndex(lo, w);
          expect(i >= 0 && i < HAND_SIZE).toBe(true);
          seen[i]! += 1;
          hands++;
          if (n + w === 5) expect(handIndex5(lo, w)).toBe(i);
        });
      }
    }
    let total = 0;
    for (let k = 0; k <= 5; k++) total += binom(33, k);
    expect(hands).toBe(total);
    expect(HAND_SIZE).toBe(total);
    expect(seen.every((x) => x === 1)).toBe(true);
  });

  it('the per-ruleset hand table equals the general evaluator on hands of every size', () => {
    const ctx = figureContext(resolveRuleset('innsbruck'), 'S');
    for (let n = 0; n <= 5; n++) {
      for (let w = 0; w <= 1; w++) {
        if (n + w > 5) continue;
        forEachMask(n, (lo) => {
          if (n >= 4 && (lo & 0x0f0f0f0f) !== 0) return; // a sample of the big groups keeps this quick
          const h = new CardSet(lo, w);
          const expected = evaluateHand(ctx, { inHand: h, played: [] });
          expect(figureWord(ctx, lo, w)).toBe(expected);
          if (n + w === 5) expect(figureWord5(ctx, lo, w)).toBe(expected);
          expect(figureParts(ctx, { inHand: h, played: [] }).wilds).toBe(popcount32(lo & ctx.wildLo) + w);
        });
      }
    }
  });
});
