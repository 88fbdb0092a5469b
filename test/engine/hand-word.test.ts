// scoring.ts figureWordByParts (a hand's figure word read in the shared figure table, tables.best at its
// natural cards and number of Perlaggen) against its twin evaluate.ts figureWord (the ruleset's hand table by
// handIndex): every hand of 0..5 cards of the deck, for every ruleset and allowed trump.
import { describe, expect, it } from 'vitest';
import { RULESET_NAMES, resolveRuleset } from '../../src/rules/registry.ts';
import { figureContext, figureWord } from '../../src/eval/evaluate.ts';
import { forEachMask } from '../../src/eval/tables.ts';
import { figureWordByParts } from '../../src/engine/hand-figures.ts';

describe('figureWordByParts = figureWord at every hand', () => {
  for (const name of RULESET_NAMES) {
    it(name, () => {
      const r = resolveRuleset(name);
      let hands = 0;
      let bad = 0;
      let figures = 0;
      for (const trump of r.trumpSuitsAllowed) {
        const ctx = figureContext(r, trump);
        for (let weli = 0; weli <= (r.deckHasWeli ? 1 : 0); weli++) {
          for (let n = 0; n + weli <= 5; n++) {
            forEachMask(n, (lo) => {
              const w = figureWord(ctx, lo, weli);
              if (figureWordByParts(ctx, lo, weli) !== w) bad++;
              if (w !== 0) figures++;
              hands++;
            });
          }
        }
      }
      expect(bad).toBe(0);
      expect(hands).toBeGreaterThan(200_000);
      expect(figures).toBeGreaterThan(hands / 10);
    });
  }
});
