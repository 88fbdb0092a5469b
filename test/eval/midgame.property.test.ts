// Mid-game hands against the twin (fast-check, fixed seed): some cards already played, their Perlaggen
// christened as any suited card (duplicates of other cards included) or left un-christened (RULES §5.3:
// then the natural identity; a natural Weli is Schell 6, in no figure unless weliNaturalInFigures, A-11).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WELI, rankValue, suitIndexOf, type Suit } from '../../src/cards/card.ts';
import { CardSet } from '../../src/cards/cardset.ts';
import { evaluateHand, evaluateJoint, figureContext, type PlayedCard } from '../../src/eval/evaluate.ts';
import { codeCount, wordGleich, wordHanger, wordHangerSuit } from '../../src/eval/figures.ts';
import { resolveRuleset } from '../../src/rules/registry.ts';
import { twinFigures, type Identity } from '../oracle/figures-twin.ts';

const SPECS = ['1853', 'oberland', 'suedtirol', 'innsbruck', 'oberland{weliNaturalInFigures=true}', 'innsbruck{gleichIdenticalIdentities=false,weliNaturalInFigures=true}'];

const identityOf = (id: number): Identity => ({ suit: suitIndexOf(id), rank: rankValue(id) });

describe('figure evaluator mid-game vs twin', () => {
  for (const spec of SPECS) {
    it(`random part-played hands: ${spec}`, () => {
      const r = resolveRuleset(spec);
      const deckSize = r.deckHasWeli ? 33 : 32;
      const hand = fc.uniqueArray(fc.integer({ min: 0, max: deckSize - 1 }), { minLength: 1, maxLength: 5 });
      const plan = fc.tuple(
        hand,
        fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }), // played?
        fc.array(fc.option(fc.integer({ min: 0, max: 31 }), { freq: 3 }), { minLength: 5, maxLength: 5 }), // christening
        fc.constantFrom(...r.trumpSuitsAllowed),
      );
      fc.assert(
        fc.property(plan, ([cards, played, christen, trump]) => {
          const ctx = figureContext(r, trump as Suit);
          const level = ctx.perlaggen.level;
          const inHand: number[] = [];
          const out: PlayedCard[] = [];
          const naturals: Identity[] = [];
          let k = 0;
          cards.forEach((id, i) => {
            const isPerlagg = level[id]! > 0;
            if (!played[i]) {
              inHand.push(id);
              if (isPerlagg) k++;
              else naturals.push(identityOf(id));
              return;
            }
            const as = isPerlagg ? (christen[i] ?? null) : null;
            out.push({ card: id, as });
            const identity = as ?? id;
            if (identity === WELI) {
              if (r.weliNaturalInFigures) naturals.push({ suit: 1, rank: 0 });
            } else naturals.push(identityOf(identity));
          });
          const h = { inHand: CardSet.of(inHand), played: out };
          const tw = twinFigures(naturals, k, r.gleichIdenticalIdentities);
          const w = evaluateHand(ctx, h);
          expect([codeCount(wordGleich(w)), wordGleich(w) & 15]).toEqual([tw.gleichCount, tw.gleichRank]);
          expect([codeCount(wordHanger(w)), wordHanger(w) & 15]).toEqual([tw.hangerLength, tw.hangerTop]);
          if (tw.hangerLength > 0) expect(wordHangerSuit(w)).toBe(tw.hangerSuit);
          const joint = evaluateJoint(ctx, h).map((x) => [codeCount(wordGleich(x)), wordGleich(x) & 15, codeCount(wordHanger(x)), wordHanger(x) & 15, wordHanger(x) ? wordHangerSuit(x) : 0]);
          expect(joint).toEqual(tw.joint);
        }),
        { seed: 20261130, numRuns: 1500 },
      );
    });
  }
});
