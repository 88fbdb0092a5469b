// The exhaustive figure check (perft-style, GUIDE guideline 6), shared by test/perft/figures.perft.test.ts
// (one trump of each ruleset in the suite) and scripts/deep-check-perft.ts (every trump of every ruleset):
// every 5-card hand, fast path against its twin, with the category counts and a hash of the whole output.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cardShort } from '../../src/cards/notation.ts';
import { figureContext, figureWord, jointWords, naturalFigureWord } from '../../src/eval/evaluate.ts';
import { codeCount, wordGleich, wordHanger, wordHangerSuit } from '../../src/eval/figures.ts';
import { forEachMask } from '../../src/eval/tables.ts';
import { RULESET_NAMES, resolveRuleset } from '../../src/rules/registry.ts';
import type { RulesVariant } from '../../src/rules/variant.ts';
import { twinFigures, twinHand, type TwinFigures } from '../oracle/figures-twin.ts';

export const PINNED = join(import.meta.dirname, 'figure-perft.json');
export type Pinned = Record<string, { hands: number; byGleichHanger: Record<string, number>; dritzigesGleich: number; hash: string }>;
export const pinned: Pinned = existsSync(PINNED) ? (JSON.parse(readFileSync(PINNED, 'utf8')) as Pinned) : {};

function twinWord(t: TwinFigures): number[] {
  return [(t.gleichCount << 4) | t.gleichRank, (t.hangerLength << 4) | t.hangerTop, t.hangerLength > 0 ? t.hangerSuit : 0];
}
function fastWord(w: number): number[] {
  return [wordGleich(w), wordHanger(w), wordHangerSuit(w)];
}
function jointOf(words: number[]): string {
  return words.map((w) => [codeCount(wordGleich(w)), wordGleich(w) & 15, codeCount(wordHanger(w)), wordHanger(w) & 15, wordHanger(w) ? wordHangerSuit(w) : 0].join()).join(';');
}

/** Every hand of the deck: 5 suited cards, and (33-card decks) 4 suited cards with the Weli. */
function forEachHand(r: RulesVariant, fn: (lo: number, weli: 0 | 1) => void): void {
  forEachMask(5, (m) => fn(m, 0));
  if (r.deckHasWeli) forEachMask(4, (m) => fn(m, 1));
}

function namesOf(lo: number, weli: number): string[] {
  const names: string[] = [];
  for (let b = 0; b < 32; b++) if ((lo >>> b) & 1) names.push(cardShort(b));
  if (weli) names.push('W');
  return names;
}

/**
 * The check of one ruleset: at each of its trumps (or only those given), every hand through the fast path
 * (its counts and hash), and every `twinEvery`-th hand of the enumeration also through the twin (1: every hand).
 */
export function checkRuleset(spec: string, identical: boolean, only: readonly string[] | null = null, twinEvery = 1): { diffs: string[]; results: Pinned } {
  const r = resolveRuleset(spec);
  const diffs: string[] = [];
  const results: Pinned = {};
  for (const trump of r.trumpSuitsAllowed) {
    if (only !== null && !only.includes(trump)) continue;
    const ctx = figureContext(r, trump);
    const hash = createHash('sha256');
    const by: Record<string, number> = {};
    let hands = 0;
    let dritzig = 0;
    const out = new Uint16Array(16);
    forEachHand(r, (lo, weli) => {
      const twinned = hands++ % twinEvery === 0;
      const w = figureWord(ctx, lo, weli);
      const nat = naturalFigureWord(ctx, lo);
      const joint = jointWords(ctx, lo, weli);
      if (twinned) {
        const names = namesOf(lo, weli);
        const tw = twinHand(names, r.perlaggen, 'HSLE'.indexOf(trump), identical);
        const naturals = names.filter((n) => n !== 'W').map((n) => ({ suit: 'HSLE'.indexOf(n[0]!), rank: ['7', '8', '9', '10', 'U', 'O', 'K', 'A'].indexOf(n.slice(1)) + 1 }));
        const twNat = twinFigures(naturals, 0, identical);
        if (fastWord(w).join() !== twinWord(tw).join() || fastWord(nat).join() !== twinWord(twNat).join() || jointOf(joint) !== tw.joint.map((x) => x.join()).join(';')) {
          if (diffs.length < 10) diffs.push(`${spec} ${trump} ${names.join(' ')}: fast ${fastWord(w)} ${jointOf(joint)} twin ${twinWord(tw)} ${tw.joint.map((x) => x.join()).join(';')}`);
        }
      }
      const key = `G${codeCount(wordGleich(w))}H${codeCount(wordHanger(w))}`;
      by[key] = (by[key] ?? 0) + 1;
      if (codeCount(wordGleich(w)) >= 3) dritzig++;
      out[0] = lo & 0xffff;
      out[1] = lo >>> 16;
      out[2] = weli;
      out[3] = w;
      out[4] = nat;
      out[5] = joint.length;
      joint.forEach((j, i) => (out[6 + i] = j));
      hash.update(out.subarray(0, 6 + joint.length));
    });
    results[`${spec}/${trump}`] = {
      hands,
      byGleichHanger: Object.fromEntries(Object.entries(by).sort()),
      dritzigesGleich: dritzig,
      hash: hash.digest('hex'),
    };
  }
  return { diffs, results };
}

/** Every ruleset and switch the check covers, each with whether identical cards make a Gleich. */
export const PERFT_SPECS: ReadonlyArray<readonly [string, boolean]> = [...RULESET_NAMES, 'oberland{gleichIdenticalIdentities=false}'].map((name) => [name, !name.includes('gleichIdenticalIdentities=false')] as const);

/** Writes these results into figure-perft.json beside the pinned ones (UPDATE_PERFT=1, after a deliberate change). */
export function writePinned(results: Pinned): void {
  const merged = { ...(existsSync(PINNED) ? (JSON.parse(readFileSync(PINNED, 'utf8')) as Pinned) : {}), ...results };
  writeFileSync(PINNED, JSON.stringify(Object.fromEntries(Object.entries(merged).sort()), null, 1) + '\n');
}
