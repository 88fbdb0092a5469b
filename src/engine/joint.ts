// The joint figure frontier (RULES §7.4) of a hand mid-game, memoised: exactly eval/evaluate.ts's
// evaluateJoint (table lookup when no identity repeats, else core.ts's jointFigures), but each distinct
// answer is computed (or copied from the table) once and handed out as a shared frozen array (callers only read it). The engine asks
// for the same frontiers over and over (every candidate play of a bound seat, every showing, the policies'
// showing plans), and the table path's typed-array copy was itself a large part of the cost.
import { CardSet } from '../cards/cardset.ts';
import { popcount32 } from '../cards/mask.ts';
import { jointFigures, type FigureParts } from '../eval/core.ts';
import { figureParts, type FigureContext, type PlayedCard } from '../eval/evaluate.ts';
import { TABLE_SIZE, tableIndex, type FigureTables } from '../eval/tables.ts';

const fast = new WeakMap<FigureTables, Array<readonly number[] | undefined>>();
// the tables of the last call (one ruleset family at a time in hot loops): no WeakMap lookup
let lastTables: FigureTables | null = null;
let lastFast: Array<readonly number[] | undefined> | undefined;
const slow = new WeakMap<FigureTables, Map<number, Map<number, readonly number[]>>>();
let lastSlowTables: FigureTables | null = null;
let lastSlow: Map<number, Map<number, readonly number[]>> | undefined;
const EXTRA_WEIGHT = [16, 128, 1024, 8192, 65536, 524288, 4194304, 33554432]; // 2 ** (4 + 3 * rank)

/** The Pareto frontier of figure words of a hand (`lo`/`weli` held in hand, `played` with their identities). Frozen, shared. */
export function jointFrontier(ctx: FigureContext, lo: number, weli: number, played: readonly PlayedCard[]): readonly number[] {
  return jointFrontierOfParts(ctx, figureParts(ctx, { inHand: new CardSet(lo, weli), played }));
}

/** The same from the evaluator's parts (evaluate.ts figureParts). */
export function jointFrontierOfParts(ctx: FigureContext, p: FigureParts): readonly number[] {
  const tables = ctx.tables;
  if (p.extraByRank === null && p.naturalWeliInFigures === 0) {
    let m = tables === lastTables ? lastFast : fast.get(tables);
    if (m === undefined) fast.set(tables, (m = new Array<readonly number[] | undefined>(TABLE_SIZE)));
    lastTables = tables;
    lastFast = m;
    const index = tableIndex(p.mask, popcount32(p.mask), p.wilds);
    let r = m[index];
    if (r === undefined) {
      const j = tables.joint();
      const a = j.start[index]!;
      const b = j.start[index + 1]!;
      const out = new Array<number>(b - a);
      for (let i = a; i < b; i++) out[i - a] = j.words[i]!;
      m[index] = r = Object.freeze(out);
    }
    return r;
  }
  // identities repeat: core.ts's jointFigures, remembered by (mask, repeats, wilds, natural Weli)
  let byMask = tables === lastSlowTables ? lastSlow : slow.get(tables);
  if (byMask === undefined) slow.set(tables, (byMask = new Map()));
  lastSlowTables = tables;
  lastSlow = byMask;
  let m = byMask.get(p.mask);
  if (m === undefined) {
    if (byMask.size >= 100000) byMask.clear(); // bounded memory over long runs
    byMask.set(p.mask, (m = new Map()));
  }
  // wilds (0..5), the natural Weli flag and the repeat count per rank (0..5 each, 3 bits): 28 bits
  let key = p.wilds | (p.naturalWeliInFigures << 3);
  const extra = p.extraByRank;
  if (extra !== null) for (let r = 0; r < 8; r++) key += extra[r]! * EXTRA_WEIGHT[r]!;
  let r = m.get(key);
  if (r === undefined) m.set(key, (r = Object.freeze(jointFigures(p, tables.rules))));
  return r;
}
