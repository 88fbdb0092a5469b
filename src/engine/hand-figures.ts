// RULES §7, §8.5, §11.4: the figures of a hand as the evaluator (src/eval) sees them — the deal's figure
// context, the figure word of a hand, and what a seat can still show with the cards it has played and still
// holds (its joint frontier: the asks, the obligations and the judging of a party going out read it).
import { WELI } from '../cards/card.ts';
import { popcount32 } from '../cards/mask.ts';
import { figureContext, type FigureContext } from '../eval/evaluate.ts';
import { codeCount, wordGleich, wordHanger } from '../eval/figures.ts';
import { tableIndex } from '../eval/tables.ts';
import { jointFrontier } from './joint.ts';
import type { HandState } from './state.ts';

/** The figure context of the deal (the evaluator's, for its ruleset and trump). */
export function figCtx(s: HandState): FigureContext {
  // the last context asked for, without figureContext's two map lookups
  if (s.ruleset === lastCtxRuleset && s.trump === lastCtxTrump && lastCtx !== null) return lastCtx;
  const ctx = figureContext(s.ruleset, s.trump!);
  lastCtxRuleset = s.ruleset;
  lastCtxTrump = s.trump;
  lastCtx = ctx;
  return ctx;
}

let lastCtxRuleset: object | null = null;
let lastCtxTrump: string | null = null;
let lastCtx: FigureContext | null = null;

/**
 * figureWord (evaluate.ts: every Perlagg free) of a hand of at most 5 cards, read in the shared figure table:
 * the hand table's entry is by construction (buildHandTable) tables.best at the hand's natural cards and its
 * number of Perlaggen. One lookup in one table, where figureWord's handIndex reads two index tables of their
 * own before the hand table — three cache misses at the end of every hand (engine/summary.ts summarize). Its twin is
 * figureWord, compared over every hand of every ruleset's deck in test/engine/hand-word.test.ts.
 */
export function figureWordByParts(ctx: FigureContext, lo: number, weli: number): number {
  const nat = (lo & ~ctx.wildLo) >>> 0;
  const k = popcount32((lo & ctx.wildLo) >>> 0) + (weli & ctx.weliWild);
  return ctx.tables.best[tableIndex(nat, popcount32(nat), k)]!;
}

/** Best Gleich and Hanger multiplicities the seat can still reach (played cards fixed, free Perlaggen wild). */
export function reachableCounts(s: HandState, seat: number): [number, number] {
  const frontier = jointOf(s, seat);
  let g = 0;
  let h = 0;
  for (const w of frontier) {
    g = Math.max(g, codeCount(wordGleich(w)));
    h = Math.max(h, codeCount(wordHanger(w)));
  }
  return [g, h];
}

// ---- figures a seat can still make (asks, obligations) ----

/** The seat's joint frontier now (played cards fixed, free Perlaggen wild): what it can still show. */
export function jointOf(s: HandState, seat: number, extra?: { card: number; as: number | null }): readonly number[] {
  const played: Array<{ card: number; as: number | null }> = [];
  for (const t of s.tricks) for (const p of t.plays) if (p.seat === seat) played.push({ card: p.card, as: p.as });
  let lo = s.handLo[seat]!;
  let weli = s.handWeli[seat]!;
  if (extra !== undefined) {
    played.push(extra);
    if (extra.card === WELI) weli = 0;
    else lo = (lo & ~(1 << extra.card)) >>> 0;
  }
  return jointFrontier(figCtx(s), lo, weli, played);
}
