// RULES §5.1, §7.4: the showing christening — every player with free Perlaggen still in hand christens them
// once, for both figures at once (a Perlagg has one identity, §5.2/§7.4). The choices are the entries of the
// evaluator's joint frontier (evaluateJoint): each entry is realised as concrete identities, and the figure
// word of the hand as shown is then recomputed by the evaluator from those identities — so the points
// (scoring.ts) are always the evaluator's verdict on what was shown.
import { WELI } from '../cards/card.ts';
import { CardSet } from '../cards/cardset.ts';
import { popcount32 } from '../cards/mask.ts';
import type { FigureParts } from '../eval/core.ts';
import { evaluateHand, evaluateParts, figureParts, type FigureContext } from '../eval/evaluate.ts';
import { wordGleich, wordHanger, wordHangerSuit } from '../eval/figures.ts';
import { INLINE_SLOTS, INLINE_WORDS, JOINT_DELTA, MAX_HAND, jointInline, tableIndex } from '../eval/tables.ts';
import { figCtx } from './hand-figures.ts';
import { jointFrontier } from './joint.ts';
import type { HandState } from './state.ts';

/** The seat's played cards as the evaluator takes them. */
function playedOf(s: HandState, seat: number): Array<{ card: number; as: number | null }> {
  const out: Array<{ card: number; as: number | null }> = [];
  for (const t of s.tricks) for (const p of t.plays) if (p.seat === seat) out.push({ card: p.card, as: p.as });
  return out;
}

/** The seat's played cards: the state's own frozen records (read only). */
function playedRecords(s: HandState, seat: number): Array<{ readonly card: number; readonly as: number | null }> {
  const out: Array<{ readonly card: number; readonly as: number | null }> = [];
  for (const t of s.tricks) for (const p of t.plays) if (p.seat === seat) out.push(p);
  return out;
}

/** Free Perlaggen in the seat's hand, ascending card id. */
export function freePerlaggen(s: HandState, seat: number): number[] {
  const lvl = s.perl!.level;
  const out: number[] = [];
  let m = (s.handLo[seat]! & s.perl!.lo) >>> 0;
  while (m !== 0) {
    out.push(31 - Math.clz32(m & -m));
    m = (m & (m - 1)) >>> 0;
  }
  if (s.handWeli[seat] === 1 && lvl[WELI]! > 0) out.push(WELI);
  return out;
}

/** The plain cards in the seat's hand as a CardSet (no Perlaggen). */
function plainInHand(s: HandState, seat: number): CardSet {
  return new CardSet((s.handLo[seat]! & ~s.perl!.lo) >>> 0, s.handWeli[seat]! & (s.perl!.weli ^ 1));
}

/** Figure word of the seat's hand when its free Perlaggen show as `as` (aligned with freePerlaggen). */
export function shownWord(s: HandState, seat: number, as: readonly number[]): number {
  const free = freePerlaggen(s, seat);
  const played = playedOf(s, seat);
  for (let i = 0; i < free.length; i++) played.push({ card: free[i]!, as: as[i]! });
  return evaluateHand(figCtx(s), { inHand: plainInHand(s, seat), played });
}

export interface ShowOption {
  /** Identities of the free Perlaggen, aligned with freePerlaggen(s, seat). */
  readonly as: number[];
  /** Figure word of the whole hand as shown. */
  readonly word: number;
}

/**
 * Concrete identities realising a frontier word: the Hanger window's missing cards first, every other
 * free Perlagg joins the Gleich's rank (in a suit not yet present, when identities must differ). Because
 * the word is on the Pareto frontier, the realisation shows exactly its two codes; shownWord checks it.
 */
export function realize(ctx: FigureContext, fixed: readonly number[], k: number, word: number): number[] {
  let present = 0;
  for (const id of fixed) if (id !== WELI) present |= 1 << id;
  void ctx;
  return realizeOver(present, k, word);
}

/** realize from the identities already present (a bit mask of the suited identities among the fixed cards). */
function realizeOver(present: number, k: number, word: number): number[] {
  let have = present;
  const out: number[] = [];
  const h = wordHanger(word);
  if (h > 0) {
    const len = h >>> 4;
    const top = h & 15;
    const suit = wordHangerSuit(word);
    for (let rv = top; rv > top - len; rv--) {
      if (rv <= 0) continue; // the natural Weli's 6 (weliNaturalInFigures): it is a fixed card
      const id = suit * 8 + rv - 1;
      if (((have >>> id) & 1) === 0) {
        out.push(id);
        have |= 1 << id;
      }
    }
  }
  const g = wordGleich(word);
  const rank = g > 0 ? (g & 15) - 1 : 7;
  while (out.length < k) {
    let pick = rank; // Herz
    for (let suit = 0; suit < 4; suit++) {
      if (((have >>> (suit * 8 + rank)) & 1) === 0) {
        pick = suit * 8 + rank;
        break;
      }
    }
    out.push(pick);
    have |= 1 << pick;
  }
  if (out.length > k) throw new Error('internal: a frontier word needs more Perlaggen than the hand has');
  // ascending (a few entries: insertion sort, the order sort((a, b) => a - b) gives)
  for (let i = 1; i < out.length; i++) {
    const x = out[i]!;
    let j = i - 1;
    while (j >= 0 && out[j]! > x) {
      out[j + 1] = out[j]!;
      j--;
    }
    out[j + 1] = x;
  }
  return out;
}

/**
 * The seat's showing choices: one per entry of the joint frontier, in the evaluator's order.
 *
 * Fast path: when no identity repeats among the fixed cards (the plain cards in hand and the played cards as
 * laid) and no natural Weli joins the figures, the fixed identities are one mask, read off the state's bits
 * without the played list, the two figureParts and the frontier's copy of showOptionsChecked: the frontier is
 * the joint table's entry (tables.ts) of that mask and the number of free Perlaggen, read in place, and each
 * choice's christening and word follow from it as there (entryChoices). Else, and as its twin
 * (test/engine/show-options.test.ts), showOptionsChecked.
 */
export function showOptions(s: HandState, seat: number): ShowOption[] {
  const ctx = figCtx(s);
  if (s.perl !== ctx.perlaggen || s.handWeli[seat]! > ctx.weliWild) return showOptionsChecked(s, seat); // (figureParts' error)
  const lo = s.handLo[seat]!;
  // figureParts' reading of the fixed identities (index loops: the tricks' plays are frozen arrays)
  let mask = (lo & ~ctx.wildLo) >>> 0;
  const tricks = s.tricks;
  for (let t = 0; t < tricks.length; t++) {
    const plays = tricks[t]!.plays;
    for (let i = 0; i < plays.length; i++) {
      const p = plays[i]!;
      if (p.seat !== seat) continue;
      const identity = p.as ?? p.card;
      if (identity === WELI) {
        if (ctx.ruleset.weliNaturalInFigures) return showOptionsChecked(s, seat);
        continue;
      }
      const bit = 1 << identity;
      if ((mask & bit) !== 0) return showOptionsChecked(s, seat); // an identity repeats
      mask = (mask | bit) >>> 0;
    }
  }
  const k = popcount32((lo & ctx.wildLo) >>> 0) + (s.handWeli[seat]! & ctx.weliWild);
  const n = popcount32(mask);
  if (n + k > 5) return showOptionsChecked(s, seat); // (figureParts' error)
  return entryChoices(ctx, mask, n, k);
}

/**
 * The showing choices of the joint table's entry (mask, n, k) as showOptions' fast path takes them: with no
 * free Perlagg the one choice of the entry's word (tables.best); else each frontier word with its realisation,
 * frozen (the engine shares the choices read only: game.ts cachedShows), each frontier word being the word of
 * its realisation (showEntryChoices: wordWithIdentities gives it back). The frontier is read in the inline
 * table (tables.ts jointInline: one read where the joint table's start and words are two dependent ones).
 * Compared with showEntryChoices over every entry of the table (test/engine/show-options.test.ts).
 */
export function entryChoices(ctx: FigureContext, mask: number, n: number, k: number): ShowOption[] {
  const tables = ctx.tables;
  const index = tableIndex(mask, n, k);
  if (k === 0) return [{ as: NO_IDENTITIES, word: tables.best[index]! }];
  const inline = jointInline(tables);
  const at = INLINE_SLOTS * (index + JOINT_DELTA[n * 6 + k]!);
  const len = inline[at]!;
  const out = new Array<ShowOption>(len);
  if (len <= INLINE_WORDS) {
    for (let i = 0; i < len; i++) out[i] = frozenChoice(mask, k, inline[at + 1 + i]!);
    return out;
  }
  const j = tables.joint(); // (a frontier longer than an inline entry: none in the built-in figure rules)
  const from = j.start[index]!;
  for (let i = 0; i < len; i++) out[i] = frozenChoice(mask, k, j.words[from + i]!);
  return out;
}
function frozenChoice(mask: number, k: number, word: number): ShowOption {
  const as = realizeOver(mask, k, word);
  Object.freeze(as);
  return { as, word };
}

/**
 * Read, for every seat at once, the table entry showOptions will read for it (the fast path's entry; the
 * checked path's hands are skipped), so that their cache misses overlap here instead of coming one after the
 * other, a seat's showing apart (game.ts startShow calls it when the cards are final). Results: none (a
 * sum kept only so that the reads are not optimised away).
 */
export function touchShowEntries(s: HandState): void {
  if (s.trump === null || s.perl === null) return;
  const ctx = figCtx(s);
  if (s.perl !== ctx.perlaggen) return;
  const seats = s.table.seats;
  if (seats > touchMasks.length) return;
  for (let seat = 0; seat < seats; seat++) touchMasks[seat] = s.handLo[seat]! & ~ctx.wildLo;
  const tricks = s.tricks;
  for (let t = 0; t < tricks.length; t++) {
    const plays = tricks[t]!.plays;
    for (let i = 0; i < plays.length; i++) {
      const p = plays[i]!;
      const identity = p.as ?? p.card;
      if (identity !== WELI) touchMasks[p.seat] = touchMasks[p.seat]! | (1 << identity);
    }
  }
  const tables = ctx.tables;
  const inline = jointInline(tables);
  let acc = 0;
  for (let seat = 0; seat < seats; seat++) {
    const mask = touchMasks[seat]! >>> 0;
    const k = popcount32((s.handLo[seat]! & ctx.wildLo) >>> 0) + (s.handWeli[seat]! & ctx.weliWild);
    const n = popcount32(mask);
    if (n + k > MAX_HAND) continue;
    const index = tableIndex(mask, n, k);
    acc += k === 0 ? tables.best[index]! : inline[INLINE_SLOTS * (index + JOINT_DELTA[n * 6 + k]!)]!;
  }
  touchSink = acc;
}
const touchMasks = new Int32Array(8);
let touchSink = 0;
/** The sum of touchShowEntries' last reads (nothing to use: it keeps them). */
export function touchedShowEntries(): number {
  return touchSink;
}

/** The christening of a hand with no free Perlagg, shared (frozen: nobody may change it). */
const NO_IDENTITIES = Object.freeze([]) as unknown as number[];

/**
 * The showing choices of the joint table's entry of fixed identities `mask` (n of them, no repeat, no
 * natural Weli) and k free Perlaggen, worked out as showOptionsChecked does (each choice's word by
 * wordWithIdentities, checked against its frontier word). The fast path of showOptions takes two facts of
 * these for every entry, which test/engine/show-options.test.ts checks over the whole table: with k = 0 the
 * frontier is the one word tables.best[index]; with k > 0 every choice's word is its frontier word.
 */
export function showEntryChoices(ctx: FigureContext, mask: number, n: number, k: number): ShowOption[] {
  const j = ctx.tables.joint();
  const index = tableIndex(mask, n, k);
  const frontier: number[] = [];
  for (let i = j.start[index]!; i < j.start[index + 1]!; i++) frontier.push(j.words[i]!);
  return showOptionsOfParts(ctx, { mask, extraByRank: null, naturalWeliInFigures: 0, wilds: 0 }, k, frontier, -1);
}

/** showOptions computed from the state every time (its slow twin, and its path when identities repeat). */
export function showOptionsChecked(s: HandState, seat: number): ShowOption[] {
  const ctx = figCtx(s);
  const free = freePerlaggen(s, seat);
  const played = playedRecords(s, seat);
  const frontier = jointFrontier(ctx, s.handLo[seat]!, s.handWeli[seat]!, played);
  // what every shown word shares: the plain cards in hand and the played cards (evaluate.ts figureParts),
  // worked out once; each entry adds its christened identities (as shownWord's played list would)
  const base = figureParts(ctx, { inHand: plainInHand(s, seat), played });
  return showOptionsOfParts(ctx, base, free.length, frontier, seat);
}

/**
 * The choices of a hand whose fixed identities are `base` (no free Perlagg in it), with k free Perlaggen and this
 * joint frontier; each christening frozen (the engine shares the choices read only: game.ts cachedShows).
 */
function showOptionsOfParts(ctx: FigureContext, base: FigureParts, k: number, frontier: readonly number[], seat: number): ShowOption[] {
  const out: ShowOption[] = [];
  let bare = -1; // the word with nothing to christen: the same for every entry
  for (let i = 0; i < frontier.length; i++) {
    const w = frontier[i]!;
    let as: number[];
    let word: number;
    if (k === 0) {
      as = Object.freeze([]) as unknown as number[];
      if (bare < 0) bare = evaluateParts(ctx, base);
      word = bare;
    } else {
      // the fixed identities of realize: the plain cards in hand and the played cards as laid (the Weli aside)
      as = realizeOver(base.mask, k, w);
      word = wordWithIdentities(ctx, base, as);
      Object.freeze(as);
    }
    if (wordGleich(word) !== wordGleich(w) || wordHanger(word) !== wordHanger(w)) {
      throw new Error(`internal: showing christening does not realise the frontier entry (seat ${seat}, word ${w}, got ${word})`);
    }
    out.push({ as, word });
  }
  return out;
}

/** The figure word of `base` with the free Perlaggen laid as `ids` (figureParts' reading of each identity). */
function wordWithIdentities(ctx: FigureContext, base: FigureParts, ids: readonly number[]): number {
  let mask = base.mask;
  let extra: number[] | null = null; // a copy of base.extraByRank once an identity repeats
  for (let i = 0; i < ids.length; i++) {
    const identity = ids[i]!; // 0..31: never the Weli
    const bit = 1 << identity;
    if ((mask & bit) !== 0) {
      extra ??= base.extraByRank === null ? [0, 0, 0, 0, 0, 0, 0, 0] : base.extraByRank.slice();
      extra[identity & 7]! += 1;
    } else mask = (mask | bit) >>> 0;
  }
  const extraByRank = extra ?? base.extraByRank;
  let n = popcount32(mask) + base.wilds + base.naturalWeliInFigures;
  if (extraByRank !== null) for (let r = 0; r < 8; r++) n += extraByRank[r]!;
  if (n > 5) throw new RangeError('a hand has at most 5 cards');
  return evaluateParts(ctx, { mask, extraByRank, naturalWeliInFigures: base.naturalWeliInFigures, wilds: base.wilds });
}
