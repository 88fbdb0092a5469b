// RULES §8.5, GC-34: the plays of a bound seat that keep its obligations (obligations.ts), card by card — the
// fast filter over the figure tables' answers remembered per (tables, need) and per hand shape, and its
// checked twin over the joint frontiers (test/engine/obligation-filter.test.ts, test/engine/legal-twins).
import { WELI } from '../cards/card.ts';
import { CardSet } from '../cards/cardset.ts';
import { popcount32 } from '../cards/mask.ts';
import type { FigureParts } from '../eval/core.ts';
import { figureParts, type FigureContext } from '../eval/evaluate.ts';
import { TABLE_SIZE, tableIndex, type FigureTables, type JointTable } from '../eval/tables.ts';
import type { PolicyAction } from './actions.ts';
import { frontierMeets, wordMeets } from './bound-seat.ts';
import { figCtx, jointOf } from './hand-figures.ts';
import { jointFrontierOfParts } from './joint.ts';
import { obligationsOf } from './obligations.ts';
import type { HandState } from './state.ts';

/**
 * What the obligation filters (obligationFilter, filterObligations) need of one bound seat's decision: the
 * figure tables, its hand and played cards as the evaluator's parts, and — set per card by withoutCard — the
 * hand without that card and its row of answers.
 */
interface BoundSeat {
  readonly need: number;
  readonly ctx: FigureContext;
  readonly lo: number;
  readonly weli: number;
  readonly pMask: number;
  readonly meets: ReturnType<typeof meetsTable>;
  readonly joint: ReturnType<FigureTables['joint']>;
  readonly rows: Map<number, Int8Array>;
  baseMask: number;
  basePop: number;
  baseWilds: number;
  row: Int8Array;
}

/** boundSeat's answer where the checked filter must decide (a repeated identity, a natural Weli played). */
const SLOW_SEAT = 'slow';

/**
 * The facts of a bound seat's decision; null: every play keeps its obligations (no bidding, no obligation,
 * or the figures cannot be made anyway); SLOW_SEAT: the fast path does not apply (obligationFilterChecked).
 */
function boundSeat(s: HandState, seat: number): BoundSeat | null | typeof SLOW_SEAT {
  if (!s.bid.active) return null;
  const need = obligationsOf(s, seat);
  if (need === 0) return null;
  const ctx = figCtx(s);
  const pMask = playedIdentities(s, seat, ctx.ruleset.weliNaturalInFigures);
  if (pMask < 0) return SLOW_SEAT;
  const lo = s.handLo[seat]!;
  const weli = s.handWeli[seat]!;
  const hMask = (lo & ~ctx.wildLo) >>> 0;
  if ((hMask & pMask) !== 0) return SLOW_SEAT;
  const meets = meetsTable(ctx.tables, need);
  const joint = ctx.tables.joint();
  const mask0 = (hMask | pMask) >>> 0;
  const wilds0 = popcount32(lo & ctx.wildLo) + (weli & ctx.weliWild);
  if (!meetsAt(meets, joint, tableIndex(mask0, popcount32(mask0), wilds0), need)) return null; // he cannot make it anyway
  return { need, ctx, lo, weli, pMask, meets, joint, rows: rowsOf(ctx.tables, need), baseMask: 0, basePop: 0, baseWilds: 0, row: EMPTY_ROW };
}

/**
 * The identities the seat has laid, as a mask — the fast path needs them distinct and no natural Weli among
 * them (a Weli laid as itself is no part otherwise); -1 where it does not apply (SLOW_SEAT).
 */
function playedIdentities(s: HandState, seat: number, weliNatural: boolean): number {
  let pMask = 0;
  for (let ti = 0; ti < s.tricks.length; ti++) {
    const plays = s.tricks[ti]!.plays;
    for (let i = 0; i < plays.length; i++) {
      const p = plays[i]!;
      if (p.seat !== seat) continue;
      const identity = p.as ?? p.card;
      if (identity === WELI) {
        if (weliNatural) return -1;
        continue;
      }
      const bit = 1 << identity;
      if ((pMask & bit) !== 0) return -1;
      pMask = (pMask | bit) >>> 0;
    }
  }
  return pMask;
}

/** The hand without `card` and the played cards (the evaluator's parts, evaluate.ts figureParts) and its row. */
function withoutCard(b: BoundSeat, card: number): void {
  let l = b.lo;
  let w = b.weli;
  if (card === WELI) w = 0;
  else l = (l & ~(1 << card)) >>> 0;
  b.baseMask = ((l & ~b.ctx.wildLo) | b.pMask) >>> 0;
  b.baseWilds = popcount32(l & b.ctx.wildLo) + (w & b.ctx.weliWild);
  b.basePop = popcount32(b.baseMask);
  b.row = rowOf(b.rows, tableIndex(b.baseMask, b.basePop, b.baseWilds));
}

/**
 * Does the card withoutCard was given, laid as `identity` (added as figureParts adds a last played card),
 * keep the obligations? Remembered in the row. Not for a natural Weli's identity (the checked filter decides).
 */
function keepsAs(b: BoundSeat, identity: number): boolean {
  const known = b.row[identity]!;
  if (known >= 0) return known === 1;
  let keeps: boolean;
  if (identity === WELI) {
    keeps = meetsAt(b.meets, b.joint, tableIndex(b.baseMask, b.basePop, b.baseWilds), b.need);
  } else {
    const bit = 1 << identity;
    if ((b.baseMask & bit) !== 0) keeps = repeatMeets(b.ctx, b.need, b.baseMask, b.baseWilds, identity & 7, tableIndex(b.baseMask, b.basePop, b.baseWilds));
    else keeps = meetsAt(b.meets, b.joint, tableIndex((b.baseMask | bit) >>> 0, b.basePop + 1, b.baseWilds), b.need);
  }
  b.row[identity] = keeps ? 1 : 0;
  return keeps;
}

/**
 * playKeepsObligations for every candidate play of one decision: the frontier before the play is computed
 * once. null = every play keeps them (no bidding, no obligation, or the figures cannot be made anyway).
 */
export function obligationFilter(s: HandState, seat: number): ((card: number, as: number | null) => boolean) | null {
  const b = boundSeat(s, seat);
  if (b === null) return null;
  if (b === SLOW_SEAT) return obligationFilterChecked(s, seat);
  const level = s.perl!.level;
  const weliNatural = b.ctx.ruleset.weliNaturalInFigures;
  let slow: ((card: number, as: number | null) => boolean) | null = null;
  let baseCard = -1;
  return (card, as) => {
    if (level[card] === 0) return true;
    if (card !== baseCard) {
      withoutCard(b, card);
      baseCard = card;
    }
    const identity = as ?? card;
    if (identity === WELI && weliNatural) return (slow ??= obligationFilterChecked(s, seat)!)(card, as); // (rows are shared by rulesets)
    return keepsAs(b, identity);
  };
}

/**
 * legalActions' obligation filter (RULES §8.5, GC-34): drops in place, from out[start..], the plays of a bound
 * seat that break its obligations — obligationFilter's verdicts (its twin: each play asked of that closure),
 * worked out once per card: the card's christenings, consecutive in a legal list, read its row in one loop.
 * A Perlagg whose hand-without-it already makes the need keeps every christening — figures are monotone: a
 * card laid more (as any identity) never unmakes what the parts without it make — so its block is kept
 * without a look; the parts without a wild Perlagg are the same for each of them, so one look answers for
 * all. Most bound decisions drop nothing and leave the list untouched, and make no BoundSeat record
 * (test/engine/legal-twins).
 */
export function filterObligations(s: HandState, seat: number, out: PolicyAction[], start: number): void {
  // boundSeat's preparation, its record made only when some Perlagg's block must be looked at
  if (!s.bid.active) return;
  const need = obligationsOf(s, seat);
  if (need === 0) return;
  const ctx = figCtx(s);
  const pMask = playedIdentities(s, seat, ctx.ruleset.weliNaturalInFigures);
  const lo = s.handLo[seat]!;
  const weli = s.handWeli[seat]!;
  const hMask = (lo & ~ctx.wildLo) >>> 0;
  if (pMask < 0 || (hMask & pMask) !== 0) return filterBy(out, start, obligationFilterChecked(s, seat)); // (SLOW_SEAT)
  const perl = s.perl!; // (level[card] > 0: the card is in perl.lo, or the Weli with perl.weli)
  const meets = meetsTable(ctx.tables, need);
  const joint = ctx.tables.joint();
  const mask0 = (hMask | pMask) >>> 0;
  const pop0 = popcount32(mask0);
  const wilds0 = popcount32(lo & ctx.wildLo) + (weli & ctx.weliWild);
  // the hand's wild Perlaggen: the parts without any one of them are the same (the natural cards, one wild
  // fewer) — one answer for all their blocks; when it makes the need, so do the parts with that wild
  // (figures are monotone), and boundSeat's "he cannot make it anyway" does not apply
  let todo = 0;
  let todoWeli = false;
  let made = false; // the parts now make the need (known)
  const wildPerl = (lo & ctx.wildLo & perl.lo) >>> 0;
  const weliWildPerl = weli === 1 && ctx.weliWild === 1 && perl.weli === 1;
  if (wildPerl !== 0 || weliWildPerl) {
    if (meetsAt(meets, joint, tableIndex(mask0, pop0, wilds0 - 1), need)) made = true;
    else {
      if (!meetsAt(meets, joint, tableIndex(mask0, pop0, wilds0), need)) return; // he cannot make it anyway
      made = true;
      todo = wildPerl;
      todoWeli = weliWildPerl;
    }
  }
  // (a Perlagg outside the wild masks — none in the built-in rulesets — is asked as before)
  const otherPerl = (lo & ~ctx.wildLo & perl.lo) >>> 0;
  const otherWeli = weli === 1 && ctx.weliWild === 0 && perl.weli === 1;
  if (otherPerl !== 0 || otherWeli) {
    if (!made && !meetsAt(meets, joint, tableIndex(mask0, pop0, wilds0), need)) return; // he cannot make it anyway
    todo = (todo | otherPerl) >>> 0;
    if (otherWeli) todoWeli = true;
  }
  if (todo === 0 && !todoWeli) return;
  const level = perl.level;
  const b: BoundSeat = { need, ctx, lo, weli, pMask, meets, joint, rows: rowsOf(ctx.tables, need), baseMask: 0, basePop: 0, baseWilds: 0, row: EMPTY_ROW };
  const weliNatural = b.ctx.ruleset.weliNaturalInFigures;
  let slow: ((card: number, as: number | null) => boolean) | null = null;
  const n = out.length;
  let k = start;
  let i = start;
  while (i < n) {
    const a = out[i]!;
    if (a.kind !== 'play' || (a.card === WELI ? !todoWeli : ((todo >>> a.card) & 1) === 0)) {
      out[k++] = a;
      i++;
      continue;
    }
    const card = a.card;
    withoutCard(b, card);
    // the card's block: each christening added as figureParts adds a last played card
    for (; i < n; i++) {
      const c = out[i]!;
      if (c.kind !== 'play' || c.card !== card) break;
      const identity = c.as ?? card;
      const keeps = identity === WELI && weliNatural ? (slow ??= obligationFilterChecked(s, seat)!)(card, c.as) : keepsAs(b, identity); // (rows are shared by rulesets)
      if (keeps) out[k++] = c;
    }
  }
  if (k !== n) out.length = k; // (setting the length is a builtin call: only when some play was dropped)
}

/** Keep the plays of out[start..] that `keeps` keeps (null: all). */
export function filterBy(out: PolicyAction[], start: number, keeps: ((card: number, as: number | null) => boolean) | null): void {
  if (keeps === null) return;
  let k = start;
  for (let i = start; i < out.length; i++) {
    const a = out[i]!;
    if (a.kind !== 'play' || keeps(a.card, a.as)) out[k++] = a;
  }
  if (k !== out.length) out.length = k;
}

// The answers per card identity (33; -1 not yet known) for one hand-without-the-card (its table entry: the
// played cards and the rest of the hand, as parts), per (tables, need). A bound seat's next decisions ask
// the same entry: a card it plays moves from its hand to its played cards, the parts stay.
const EMPTY_ROW = new Int8Array(33).fill(-1);
const rowTables = new WeakMap<FigureTables, Map<number, Map<number, Int8Array>>>();
let lastRowTables: FigureTables | null = null;
let lastRowNeed = -1;
let lastRows: Map<number, Int8Array> | null = null;
function rowsOf(tables: FigureTables, need: number): Map<number, Int8Array> {
  if (tables === lastRowTables && need === lastRowNeed && lastRows !== null) return lastRows;
  let byNeed = rowTables.get(tables);
  if (byNeed === undefined) rowTables.set(tables, (byNeed = new Map()));
  let m = byNeed.get(need);
  if (m === undefined) {
    if (byNeed.size >= 8) byNeed.clear(); // bounded memory
    byNeed.set(need, (m = new Map()));
  }
  lastRowTables = tables;
  lastRowNeed = need;
  lastRows = m;
  return m;
}
function rowOf(rows: Map<number, Int8Array>, index: number): Int8Array {
  let r = rows.get(index);
  if (r === undefined) {
    if (rows.size >= 100000) rows.clear(); // bounded memory over long runs
    rows.set(index, (r = new Int8Array(33).fill(-1)));
  }
  return r;
}

// Per figure tables and need: does the joint frontier of table entry i make the need (1 yes, 0 no, -1 not
// yet known)? The frontier's words scanned in place (frontierMeetsScan over jointFrontierOfParts's entry).
const meetsTables = new WeakMap<FigureTables, Map<number, Int8Array>>();
let lastMeetsTables: FigureTables | null = null;
let lastMeetsByNeed: Map<number, Int8Array> | undefined;
let lastMeetsNeed = -1;
let lastMeets: Int8Array | null = null;
function meetsTable(tables: FigureTables, need: number): Int8Array {
  if (tables === lastMeetsTables && need === lastMeetsNeed && lastMeets !== null) return lastMeets;
  let byNeed = tables === lastMeetsTables ? lastMeetsByNeed : meetsTables.get(tables);
  if (byNeed === undefined) meetsTables.set(tables, (byNeed = new Map()));
  let t = byNeed.get(need);
  if (t === undefined) {
    if (byNeed.size >= 8) byNeed.clear(); // bounded memory (290 KB a need; simple's bound seats have 3 needs)
    byNeed.set(need, (t = new Int8Array(TABLE_SIZE).fill(-1)));
  }
  lastMeetsTables = tables;
  lastMeetsByNeed = byNeed;
  lastMeetsNeed = need;
  lastMeets = t;
  return t;
}

// The same for the parts with one repeated identity (a Perlagg christened as a card already held or laid):
// (base entry, the rank repeated) → answer, per (tables, need); the frontier from joint.ts.
const repeatTables = new WeakMap<FigureTables, Map<number, Map<number, boolean>>>();
function repeatMeets(ctx: FigureContext, need: number, mask: number, wilds: number, rank: number, baseIndex: number): boolean {
  let byNeed = repeatTables.get(ctx.tables);
  if (byNeed === undefined) repeatTables.set(ctx.tables, (byNeed = new Map()));
  let m = byNeed.get(need);
  if (m === undefined) {
    if (byNeed.size >= 8) byNeed.clear(); // bounded memory
    byNeed.set(need, (m = new Map()));
  }
  const key = baseIndex * 8 + rank;
  let r = m.get(key);
  if (r === undefined) {
    if (m.size >= 100000) m.clear(); // bounded memory over long runs
    const extra = new Array<number>(8).fill(0);
    extra[rank] = 1;
    r = frontierMeets(jointFrontierOfParts(ctx, { mask, extraByRank: extra, naturalWeliInFigures: 0, wilds }), need);
    m.set(key, r);
  }
  return r;
}

function meetsAt(meets: Int8Array, joint: JointTable, index: number, need: number): boolean {
  const r = meets[index]!;
  if (r >= 0) return r === 1;
  let ok = false;
  const end = joint.start[index + 1]!;
  for (let i = joint.start[index]!; i < end; i++) {
    if (wordMeets(joint.words[i]!, need)) {
      ok = true;
      break;
    }
  }
  meets[index] = ok ? 1 : 0;
  return ok;
}

/** obligationFilter the checked way (the twin of its table path): frontiers from joint.ts, memoised rows. */
export function obligationFilterChecked(s: HandState, seat: number): ((card: number, as: number | null) => boolean) | null {
  if (!s.bid.active) return null;
  const need = obligationsOf(s, seat);
  if (need === 0) return null;
  const level = s.perl!.level;
  const ctx = figCtx(s);
  const weliNatural = ctx.ruleset.weliNaturalInFigures;
  let before = -1; // can he make them now? (-1 not yet known; computed at the first Perlagg)
  let baseCard = -1;
  let base: FigureParts | null = null;
  let row: Int8Array | null = null;
  return (card, as) => {
    if (level[card] === 0) return true;
    if (before < 0) before = frontierMeets(jointOf(s, seat), need) ? 1 : 0;
    if (before === 0) return true; // he cannot make it anyway
    if (card !== baseCard || base === null) {
      // the hand without the card, the played cards so far: the evaluator's parts, once per card
      let lo = s.handLo[seat]!;
      let weli = s.handWeli[seat]!;
      if (card === WELI) weli = 0;
      else lo = (lo & ~(1 << card)) >>> 0;
      base = figureParts(ctx, { inHand: new CardSet(lo, weli), played: playedBy(s, seat) });
      baseCard = card;
      row = keepsRow(ctx, base, need);
    }
    // then the card laid as `as`, added exactly as figureParts adds a last played card
    const identity = as ?? card;
    if (row !== null && row[identity]! >= 0) return row[identity] === 1;
    let mask = base.mask;
    let extra = base.extraByRank;
    let nat = base.naturalWeliInFigures;
    if (identity === WELI) {
      if (weliNatural) nat = 1;
    } else {
      const bit = 1 << identity;
      if ((mask & bit) !== 0) {
        const e = extra === null ? new Array<number>(8).fill(0) : extra.slice();
        e[identity & 7]! += 1;
        extra = e;
      } else mask = (mask | bit) >>> 0;
    }
    const keeps = frontierMeets(jointFrontierOfParts(ctx, { mask, extraByRank: extra, naturalWeliInFigures: nat, wilds: base.wilds }), need);
    if (row !== null) row[identity] = keeps ? 1 : 0;
    return keeps;
  };
}

// The answers of obligationFilter per (figure context, the hand's parts without the card, need), one entry
// per identity the card is laid as (-1 not yet known): the same bound hands recur over a run. Parts with
// repeated identities (rare) are not remembered.
const keepsMemo = new WeakMap<FigureContext, Map<number, Map<number, Int8Array>>>();
function keepsRow(ctx: FigureContext, base: FigureParts, need: number): Int8Array | null {
  if (base.extraByRank !== null) return null;
  let byMask = keepsMemo.get(ctx);
  if (byMask === undefined) keepsMemo.set(ctx, (byMask = new Map()));
  let m = byMask.get(base.mask);
  if (m === undefined) {
    if (byMask.size >= 100000) byMask.clear(); // bounded memory over long runs
    byMask.set(base.mask, (m = new Map()));
  }
  const key = base.wilds + base.naturalWeliInFigures * 8 + need * 16;
  let row = m.get(key);
  if (row === undefined) m.set(key, (row = new Int8Array(33).fill(-1)));
  return row;
}

function playedBy(s: HandState, seat: number): Array<{ card: number; as: number | null }> {
  const played: Array<{ card: number; as: number | null }> = [];
  for (const t of s.tricks) for (const p of t.plays) if (p.seat === seat) played.push({ card: p.card, as: p.as });
  return played;
}
