// The exhaustive check (perft-style, GUIDE guideline 6): every 5-card hand x every allowed trump x all
// four rulesets (and the A-36 switch), fast path against its twin (best Gleich, best Hanger with its suit, the
// joint frontier, and the natural figures), 0 differences. The category counts and a hash of the whole output
// are pinned in figure-perft.json; set UPDATE_PERFT=1 to rewrite it after a deliberate change (Results:
// changed). In the suite, every hand at one trump of each ruleset (the four suits each at least once), every
// hand's fast-path figures against the pinned hash and counts, and every 8th hand of the enumeration also
// against the twin (the pinned hash was written where the twin agreed on every hand); every trump and the twin
// on every hand with PERLAGG_DEEP=1 (or UPDATE_PERFT=1), or `node --import tsx scripts/deep-check-perft.ts`
// (docs/testing.md).
import { describe, expect, it } from 'vitest';
import { exactDistribution, exactSummary } from '../../src/exact/distribution.ts';
import { resolveRuleset } from '../../src/rules/registry.ts';
import { DEEP } from '../deep.ts';
import { PERFT_SPECS, checkRuleset, pinned, writePinned } from './figure-perft.ts';

/** The trump checked in the suite for each ruleset: every suit at least once over the five. */
const QUICK_TRUMP: Record<string, string> = { '1853': 'E', innsbruck: 'S', oberland: 'L', suedtirol: 'H', 'oberland{gleichIdenticalIdentities=false}': 'H' };

/** Every how many hands the twin checks the fast path: each hand at full size and when the pin is rewritten. */
const TWIN_EVERY = DEEP || process.env['UPDATE_PERFT'] === '1' ? 1 : 8;

describe('figure evaluator: exhaustive fast path vs twin', () => {
  for (const [name, identical] of PERFT_SPECS) {
    const only = DEEP ? null : [QUICK_TRUMP[name] ?? resolveRuleset(name).trumpSuitsAllowed[0]!];
    it(`every hand x ${only === null ? 'every trump' : `trump ${only[0]}`}${TWIN_EVERY === 1 ? '' : ` (the twin on every ${TWIN_EVERY}th)`}: ${name}`, () => {
      const { diffs, results } = checkRuleset(name, identical, only, TWIN_EVERY);
      expect(diffs).toEqual([]);
      expect(Object.keys(results).length).toBe(only === null ? resolveRuleset(name).trumpSuitsAllowed.length : 1);
      const r = resolveRuleset(name);
      const deckSize = r.deckHasWeli ? 33 : 32;
      for (const [key, res] of Object.entries(results)) {
        // every hand once: C(33,5) = 237,336 or C(32,5) = 201,376
        expect(res.hands, key).toBe(deckSize === 33 ? 237_336 : 201_376);
        // the exact command counts the same dritzig hands
        const trump = key.split('/').at(-1) as 'H';
        expect(exactSummary(exactDistribution(r, trump)).dritzigesGleich, key).toBe(res.dritzigesGleich);
        if (process.env['UPDATE_PERFT'] !== '1') {
          expect(pinned[key], `${key} is not pinned in figure-perft.json (run with UPDATE_PERFT=1)`).toBeDefined();
          expect(res, key).toEqual(pinned[key]);
        }
      }
      if (process.env['UPDATE_PERFT'] === '1') writePinned(results);
    });
  }
});
