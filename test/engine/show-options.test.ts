// scoring.ts showOptions (the showing choices from the fixed identities read off the state's bits and the joint
// table's entry read in place) against its checked twin showOptionsChecked (frontier, christening and word
// worked out from the state every time): for every seat at every step of seeded random hands from the deal
// on (mid-hand states give hands with played and christened cards), every ruleset and table, and the rules
// that send the fast path to the checked one (a natural Weli in the figures, identical identities).
import { describe, expect, it } from 'vitest';
import { resolveRuleset } from '../../src/rules/registry.ts';
import { CHANCE, applyAction, chanceOutcomes, currentPlayer, isTerminal, legalActions, newHand } from '../../src/engine/game.ts';
import { entryChoices, showEntryChoices, showOptions, showOptionsChecked } from '../../src/engine/show-options.ts';
import { figureContext } from '../../src/eval/evaluate.ts';
import { INLINE_SLOTS, INLINE_WORDS, JOINT_DELTA, JOINT_ENTRIES_K, MAX_HAND, forEachMask, jointInline, tableIndex } from '../../src/eval/tables.ts';
import { RULESETS, TABLES } from './tables.ts';

/** Test-only seeded stream (mulberry32). */
function stream(seed: number): (n: number) => number {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

const HANDS = 40;

describe('showOptions = showOptionsChecked at every step', () => {
  const cases: string[] = [];
  for (const name of RULESETS) for (const t of TABLES) cases.push(t.override === '' ? name : `${name}{${t.override}}`);
  cases.push('oberland{weliNaturalInFigures=true}', '1853{weliNaturalInFigures=true}');
  for (const spec of new Set(cases)) {
    it(`${spec}: ${HANDS} random hands${spec.includes('{') ? '' : ' at 2, 4 and 6 players'}`, () => {
      const r = resolveRuleset(spec);
      const players = spec.includes('strohmann') ? 4 : spec.includes('threePlayers') ? 3 : 4;
      let compared = 0;
      let christened = 0;
      for (const p of spec.includes('{') ? [players] : [2, 4, 6]) {
        for (let d = 0; d < HANDS; d++) {
          const below = stream(1000 * p + d);
          const s = newHand(r, { players: p, dealer: d % p });
          const check = () => {
            if (s.perl === null) return;
            for (let seat = 0; seat < s.table.seats; seat++) {
              const fast = showOptions(s, seat);
              const slow = showOptionsChecked(s, seat);
              expect(fast.map((o) => [[...o.as], o.word])).toEqual(slow.map((o) => [o.as, o.word]));
              // every christening comes frozen (game.ts cachedShows shares them without freezing)
              if (!fast.every((o) => Object.isFrozen(o.as)) || !slow.every((o) => Object.isFrozen(o.as))) expect.fail('a christening is not frozen');
              compared++;
              if (fast.length > 1 && fast[0]!.as.length > 0) christened++; // a choice among christenings
            }
          };
          for (let step = 0; !isTerminal(s) && step < 2000; step++) {
            if (s.phase !== 'shuffle' && s.phase !== 'talk' && s.phase !== 'window') check();
            if (currentPlayer(s) === CHANCE) applyAction(s, { kind: 'chance', outcome: below(chanceOutcomes(s)) });
            else {
              const legal = legalActions(s);
              // bid now and then (windows: legal[0] is the pass), else any legal action
              const a = s.phase === 'window' ? (below(8) === 0 ? legal[below(legal.length)]! : legal[0]!) : legal[below(legal.length)]!;
              applyAction(s, a);
            }
          }
          expect(isTerminal(s)).toBe(true);
          check();
        }
      }
      expect(compared).toBeGreaterThan(1000);
      expect(christened).toBeGreaterThan(100);
    });
  }
});

// showOptions' fast path reads two facts off the tables instead of working each choice out (showEntryChoices
// works them out as showOptionsChecked does, with its check of each realisation): with no free Perlagg the
// frontier is the one word tables.best[index]; with free Perlaggen each choice's word is its frontier word.
// Checked here over every entry of the table, for both figure rules (A-36: identical identities or not). And the
// fast path's own reading of the entry, entryChoices (the inline table tables.ts jointInline, the christenings
// frozen), gives the same choices as showEntryChoices there.
describe('showOptions fast path: the facts it takes from the joint table hold at every entry', () => {
  for (const spec of ['oberland', 'oberland{gleichIdenticalIdentities=false}']) {
    it(spec, () => {
      const ctx = figureContext(resolveRuleset(spec), 'H');
      const j = ctx.tables.joint();
      let entries = 0;
      let choices = 0;
      for (let n = 0; n <= MAX_HAND; n++) {
        forEachMask(n, (mask) => {
          for (let k = 0; n + k <= MAX_HAND; k++) {
            const index = tableIndex(mask, n, k);
            const slow = showEntryChoices(ctx, mask, n, k); // throws where a realisation misses its entry
            entries++;
            choices += slow.length;
            const fast = entryChoices(ctx, mask, n, k);
            if (fast.length !== slow.length) expect.fail(`entry ${index}: entryChoices has ${fast.length} choices, showEntryChoices ${slow.length}`);
            for (let i = 0; i < fast.length; i++) {
              const f = fast[i]!;
              const o = slow[i]!;
              if (f.word !== o.word || f.as.length !== o.as.length || f.as.some((id, x) => id !== o.as[x]) || !Object.isFrozen(f.as)) {
                expect.fail(`entry ${index} choice ${i}: entryChoices ${JSON.stringify(f)}, showEntryChoices ${JSON.stringify(o)}`);
              }
            }
            if (k === 0) {
              if (slow.length !== 1 || slow[0]!.word !== ctx.tables.best[index]) expect.fail(`entry ${index}: ${JSON.stringify(slow)}, best ${ctx.tables.best[index]}`);
              continue;
            }
            if (slow.length !== j.start[index + 1]! - j.start[index]!) expect.fail(`entry ${index}: ${slow.length} choices`);
            for (let i = 0; i < slow.length; i++) if (slow[i]!.word !== j.words[j.start[index]! + i]) expect.fail(`entry ${index} choice ${i}: word ${slow[i]!.word}, frontier ${j.words[j.start[index]! + i]}`);
          }
        });
      }
      expect(entries).toBe(j.start.length - 1);
      expect(choices).toBeGreaterThan(entries);
    });
  }
});

// tables.ts jointInline: the joint frontiers of the entries with free Perlaggen in a compact index, inline.
// Every such entry against the joint table, both figure rules; every built-in frontier fits inline.
describe('jointInline = the joint table, every entry with free Perlaggen', () => {
  for (const spec of ['oberland', 'oberland{gleichIdenticalIdentities=false}']) {
    it(spec, () => {
      const tables = figureContext(resolveRuleset(spec), 'H').tables;
      const j = tables.joint();
      const inline = jointInline(tables);
      expect(inline.length).toBe(INLINE_SLOTS * JOINT_ENTRIES_K);
      const seen = new Uint8Array(JOINT_ENTRIES_K);
      let entries = 0;
      for (let n = 0; n <= MAX_HAND; n++) {
        forEachMask(n, (mask) => {
          for (let k = 1; n + k <= MAX_HAND; k++) {
            const index = tableIndex(mask, n, k);
            const e = index + JOINT_DELTA[n * 6 + k]!;
            if (e < 0 || e >= JOINT_ENTRIES_K || seen[e] !== 0) expect.fail(`entry ${index}: compact index ${e} out of range or taken`);
            seen[e] = 1;
            const len = j.start[index + 1]! - j.start[index]!;
            if (inline[INLINE_SLOTS * e] !== len || len > INLINE_WORDS) expect.fail(`entry ${index}: inline length ${inline[INLINE_SLOTS * e]}, joint ${len}`);
            for (let i = 0; i < len; i++) if (inline[INLINE_SLOTS * e + 1 + i] !== j.words[j.start[index]! + i]) expect.fail(`entry ${index} word ${i}`);
            entries++;
          }
        });
      }
      expect(entries).toBe(JOINT_ENTRIES_K);
    });
  }
});
