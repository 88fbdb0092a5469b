// RULES §5.1, §7.4, §8.1: the showing christening and silent scoring — the one place where a deal's
// points are computed (GUIDE guideline 2).
//
// At the end every player with free Perlaggen still in hand christens them once, for both figures at
// once (a Perlagg has one identity, §5.2/§7.4). The choices are the entries of the evaluator's joint
// frontier (evaluateJoint): each entry is realised as concrete identities, and the figure word of the
// hand as shown is then recomputed by the evaluator from those identities — so the points are always
// the evaluator's verdict on what was shown.
//
// Silent scoring (§8.1): 1 point each to the party that made the Spiel, the strictly best Gleich and the
// strictly best Hanger (best per player, §7.4). A tie is "steht" (nobody scores) only between opposing
// parties (A-33, `tieBetween: 'opposingParties'`), or between any two players (`'anyPlayers'`).
import { WELI } from '../cards/card.ts';
import { CardSet } from '../cards/cardset.ts';
import { evaluateHand, evaluateParts, figureContext, figureParts, type FigureContext } from '../eval/evaluate.ts';
import type { FigureParts } from '../eval/core.ts';
import { popcount32 } from '../cards/mask.ts';
import { jointFrontier } from './joint.ts';
import { INLINE_SLOTS, INLINE_WORDS, JOINT_DELTA, MAX_HAND, jointInline, tableIndex } from '../eval/tables.ts';
import { wordGleich, wordHanger, wordHangerSuit } from '../eval/figures.ts';
import { freezeEvent } from './history.ts';
import { endPartie, jointOf, penalize, writeNow } from './bidding.ts';
import type { HandState } from './state.ts';

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

/** Party that strictly has the best code, -1 if nobody has one or it steht. */
export function figureWinner(s: HandState, codes: readonly number[]): number {
  let best = 0;
  for (const c of codes) if (c > best) best = c;
  if (best === 0) return -1;
  const { party } = s.table;
  let winner = -1;
  let holders = 0;
  for (let seat = 0; seat < codes.length; seat++) {
    if (codes[seat] !== best) continue;
    holders++;
    if (winner === -1) winner = party[seat]!;
    else if (party[seat] !== winner) return -1; // opposing parties: steht
  }
  if (s.ruleset.tieBetween === 'anyPlayers' && holders > 1) return -1;
  return winner;
}

/** The party's best code among its seats. */
function partyBest(s: HandState, codes: readonly number[], party: number): number {
  let b = 0;
  for (let seat = 0; seat < codes.length; seat++) if (s.table.party[seat] === party && codes[seat]! > b) b = codes[seat]!;
  return b;
}

/** scoreHand's priority order of two stakes: at Aus first, then the one bid first. */
function stakeOrder(fx: { readonly aus: boolean; readonly seq: number }, fy: { readonly aus: boolean; readonly seq: number }): number {
  return (fx.aus ? 0 : 1) - (fy.aus ? 0 : 1) || fx.seq - fy.seq;
}

/** The Partie ended during the hand (an immediate write reached the target, or a Bummerl): nothing more is written. */
export function finishEarly(s: HandState): void {
  s.phase = 'done';
  s.points = s.bid.written.slice();
  s.figureWinners = null;
  s.events.push(Object.freeze({ type: 'end' as const, points: Object.freeze(s.points.slice()) })); // frozen directly, as freezeEvent would
}

const FIG = ['Spiel', 'Gleich', 'Hanger'] as const;

/**
 * The key of a party's best asked figure (≥ 3-fold) at 17:17: count, then Gleich > Hanger, then rank
 * ('countTypeRank'), or count, rank, type ('countRankType'); 0 when it has none.
 */
function askedFigureKey(s: HandState, gleich: readonly number[], hanger: readonly number[], p: number, rankFirst: boolean): number {
  let k = 0;
  for (let seat = 0; seat < s.table.seats; seat++) {
    if (s.table.party[seat] !== p) continue;
    const g = gleich[seat]!;
    const h = hanger[seat]!;
    if (g >>> 4 >= 3) k = Math.max(k, figKey(g, true, rankFirst));
    if (h >>> 4 >= 3) k = Math.max(k, figKey(h, false, rankFirst));
  }
  return k;
}
function figKey(code: number, gleich: boolean, rankFirst: boolean): number {
  return (code >>> 4) * 1000 + (rankFirst ? (code & 15) * 2 + (gleich ? 1 : 0) : (gleich ? 500 : 0) + (code & 15));
}

/** scoreHand's write of `pts` to `party` (nothing once the Partie is over). */
function noteWrite(s: HandState, points: number[], party: number, pts: number, reason: string): void {
  const b = s.bid;
  if (b.partieWinner >= 0) return; // the Partie is over: nothing more is written
  points[party]! += pts;
  s.events.push(freezeEvent({ type: 'write', party, points: pts, reason, figure: null }));
  if (pts > 0 && b.partieWinner < 0 && b.score[party]! + points[party]! >= s.ruleset.target) endPartie(s, party, reason);
}

// A correction moves a written figure to another party (-1: nobody), so its record (and the runner's
// DealSummary) says who finally scored it.
function reassign(fb: HandState['bid']['figs'][number], party: number): void {
  fb.writtenParty = party;
  if (party < 0) fb.writtenPoints = 0;
  fb.corrected = true;
}

// ---- the end-of-deal corrections (RULES §11.3, §12, [000 p.31-32], [003 §10], A-21, A-39) ----
//
// ORDER OF THE CORRECTIONS (decided here, RULES §11.3, A-39). Points let gut are written at once (§11.3
// step 1), but a false figure let gut, an unproved one, or a let-gut unseen figure the party did not have
// is found out only when the deal is judged — at its end, or when a party claims to have gone out in the
// middle of the hand (it must then show what was let gut to it: [000 p.28] "der ist nur schuldig einen
// solchen ... zu weisen"). A correction is an amendment of those earlier writes, not a write in the order
// of writing: the false stroke "wird ... gelöscht, und der Gegenparthei aufgeschrieben" [000 p.31-32]. So
//   1. every correction of the deal's immediate writes is applied, all of them together — one that brings
//      a party to the target does not stop the others (an erasure is not a later write);
//   2. then the Partie is judged on the corrected immediate writes: a party at or over the target has gone
//      out (were both over — only possible with points written beyond the target — the first to reach it
//      with every corrected stroke standing where the original was written); the Double is judged on the
//      loser's corrected score;
//   3. only then come the figures decided at the end, in the priority order of §11.3 step 2 (Aus, the held
//      figures as first bid — the Vorgebotene first —, the unbid figures in the default order). A false
//      HELD figure is no amendment: its stake is decided at its own place in that order, and goes to the
//      opponents ([000 p.31-32] "die Gegenparthei zwei schreiben lassen"), like any held figure.
// Innsbruck (`falseFigurePenalty: 'dealPointsMinus2'`, [003 §10], A-21): the false party loses every point
// it wrote in this deal (an amendment of step 1, at once) and 2 more (a penalty, once), and writes nothing
// at the end; under `falseFigureScope: 'partie'` it loses its whole score with them.

/** Does a seat (a party) have figure f (1 Gleich, 2 Hanger)? Judged on the shown figures at the end, on what can still be shown in the middle of a hand. */
export interface FigureJudge {
  seatHas(seat: number, f: number): boolean;
  partyHas(party: number, f: number): boolean;
}

/** A judge's party verdict from its seat verdicts: a party has f when one of its seats has it. */
abstract class SeatJudge implements FigureJudge {
  constructor(protected readonly s: HandState) {}
  abstract seatHas(seat: number, f: number): boolean;
  partyHas(party: number, f: number): boolean {
    const t = this.s.table;
    for (let seat = 0; seat < t.seats; seat++) if (t.party[seat] === party && this.seatHas(seat, f)) return true;
    return false;
  }
}

/**
 * Judge by the shown words (the end of the deal). A class, not an object of closures: tsx compiles with keepNames,
 * so every closure created per call costs a defineProperty (`__name`), and scoreHand makes one judge per hand.
 */
class ShownJudge extends SeatJudge {
  constructor(
    s: HandState,
    /** The shown words' Gleich and Hanger codes per seat. */
    private readonly gleich: readonly number[],
    private readonly hanger: readonly number[],
  ) {
    super(s);
  }
  seatHas(seat: number, f: number): boolean {
    return (f === 1 ? this.gleich[seat]! : this.hanger[seat]!) !== 0;
  }
}

/**
 * Judge by what the seat can still show (its joint frontier: played cards fixed, free Perlaggen christened
 * at will): in the middle of the hand, when a party goes out. A seat bound to both figures that can show
 * each but not both at once is given the benefit (it has not chosen yet). (A class, as ShownJudge.)
 */
class FrontierJudge extends SeatJudge {
  private readonly frontiers: Array<readonly number[] | undefined> = [];
  private frontier(seat: number): readonly number[] {
    return (this.frontiers[seat] ??= jointOf(this.s, seat));
  }
  seatHas(seat: number, f: number): boolean {
    const fr = this.frontier(seat);
    for (let i = 0; i < fr.length; i++) if ((f === 1 ? wordGleich(fr[i]!) : wordHanger(fr[i]!)) !== 0) return true;
    return false;
  }
}

/** Parties (bit mask) that bid, held or raised figure f without having it (a Gleich/Hanger not had, the Spiel without the Spielfarbe), RULES §8.5. */
function violationsOf(s: HandState, f: number, judge: FigureJudge): number {
  const fb = s.bid.figs[f]!;
  let viol = fb.violation;
  if (f > 0) {
    for (let p = 0; p < s.table.parties; p++) {
      const m = fb.obligated[p] ?? 0;
      if (m === 0) continue;
      for (let seat = 0; seat < s.table.seats; seat++) if (((m >>> seat) & 1) === 1 && !judge.seatHas(seat, f)) viol |= 1 << p;
    }
  }
  return viol;
}

/** One correction: the points written to `from` for the figure move to `to` (-1: erased). */
function correct(s: HandState, figure: number, from: number, to: number, points: number, reason: string): void {
  const b = s.bid;
  b.written[from]! -= points;
  if (to >= 0) b.written[to]! += points;
  s.events.push(freezeEvent({ type: 'correction', figure: figure < 0 ? null : FIG[figure]!, from, to, points, reason }));
}

/**
 * Step 1 of the order above: apply every correction of the deal's immediate writes (in bid.written), all
 * together. Figures already corrected are not corrected again. Returns the parties that forfeit the deal
 * (Innsbruck), bit mask.
 */
function amendWrites(s: HandState, judge: FigureJudge): number {
  const b = s.bid;
  const r = s.ruleset;
  const parties = s.table.parties;
  let forfeit = 0;
  for (let f = 0; f < 3; f++) {
    const fb = b.figs[f]!;
    const viol = violationsOf(s, f, judge);
    if (r.falseFigurePenalty === 'dealPointsMinus2') forfeit |= viol;
    if (fb.status !== 'closed' || fb.corrected || fb.decided || fb.writtenParty < 0 || fb.writtenPoints <= 0) continue;
    const wp = fb.writtenParty;
    if (f > 0 && fb.unseen && r.unseenBids === 'scoreOnlyIfHad' && wp === fb.firstParty && !judge.partyHas(wp, f)) {
      correct(s, f, wp, -1, fb.writtenPoints, `the unseen ${FIG[f]} let gut is not there: not written (A-39)`);
      reassign(fb, -1);
      continue;
    }
    if (((viol >>> wp) & 1) === 0) continue;
    if (r.falseFigurePenalty === 'points1853' && parties === 2) {
      correct(s, f, wp, 1 - wp, fb.writtenPoints, `false ${FIG[f]}: the point is erased and written to the opponents ([000 p.31])`);
      reassign(fb, 1 - wp);
    } else if (r.falseFigurePenalty !== 'dealPointsMinus2') {
      correct(s, f, wp, -1, fb.writtenPoints, `the ${FIG[f]} is not proved: not written`);
      reassign(fb, -1);
    }
  }
  // Innsbruck [003 §17]: "Farbleugnen bedeutet Spiel-Verlust und zwei Punkte Strafe" — the Spiel goes
  // to the revoker's opponents (a let-gut Spiel written to the revoker's party is moved), and 2 minus points;
  // with three players each for himself too (the Spiel then to nobody, spielAfterRevokes).
  if (r.revokePenalty === 'spielPlus2') {
    findRevokesSpielPlus2(s);
    const sp = b.figs[0]!;
    const wp = sp.writtenParty;
    if (sp.status === 'closed' && !sp.corrected && !sp.decided && wp >= 0 && sp.writtenPoints > 0 && ((b.spielLost >>> wp) & 1) === 1) {
      const to = spielAfterRevokes(s, wp);
      correct(s, 0, wp, to, sp.writtenPoints, 'a revoke: the Spiel goes to the opponents ([003 §17], A-22)');
      reassign(sp, to);
    }
  }
  for (let p = 0; p < parties; p++) {
    if (((forfeit >>> p) & 1) === 0) continue;
    const gained = b.written[p]! + b.penalties[p]!; // what the party wrote in this deal (penalties aside)
    // A-21 alternative 'partie': every point the party has in the Partie — its score with this deal's
    // writes; when that is nothing or less (penalties still owed), nothing is taken and the debt stays
    const whole = r.falseFigureScope === 'partie';
    const lost = whole ? b.score[p]! + gained : gained;
    if (lost > 0) {
      correct(s, -1, p, -1, lost, whole ? 'false figure: the points of the whole Partie are lost (A-21)' : 'false figure: the points of this deal are lost (A-21)');
      for (const fb of b.figs) if (fb.status === 'closed' && fb.writtenParty === p) reassign(fb, -1);
    }
    if (((b.forfeited >>> p) & 1) === 0) {
      b.forfeited |= 1 << p;
      penalize(s, p, 2, 'false figure: 2 minus points ([003 §10])');
    }
  }
  return b.forfeited;
}

/**
 * Innsbruck [003 §17]: who makes the Spiel the tricks gave to `w` (-1 nobody) once the revokes are
 * found — "Spiel-Verlust" for the revoker's party. Two parties: the opponents make it, even when the revoker's
 * party took the tricks (nobody when both revoked). Three or more, each for himself: a revoker loses it and
 * nobody else has it (no other player took three tricks, [003 Intro 2]); another player who made it keeps it.
 */
function spielAfterRevokes(s: HandState, w: number): number {
  const lost = s.bid.spielLost;
  if (lost === 0) return w;
  if (s.table.parties === 2) return lost === 3 ? -1 : lost === 1 ? 1 : 0;
  return w >= 0 && ((lost >>> w) & 1) === 1 ? -1 : w;
}

/** Innsbruck [003 §17]: the revokes not yet found are found now — the revoker's party loses the Spiel and pays 2. */
function findRevokesSpielPlus2(s: HandState): void {
  for (const rv of s.revokes) {
    if (rv.found) continue;
    rv.found = true;
    const p = s.table.party[rv.seat]!;
    s.bid.spielLost |= 1 << p;
    s.events.push(freezeEvent({ type: 'revoke', seat: rv.seat, trick: rv.trick, card: rv.card, substitute: -1, penalty: 'spielPlus2' }));
    penalize(s, p, 2, 'a revoke: 2 minus points ([003 §17])');
  }
}

/** The party a held or unbid Spiel goes to instead of `w` (the tricks' verdict): a revoke (A-22), a false held Spiel (1853). */
function spielRecipient(s: HandState, w: number, events: boolean): number {
  const b = s.bid;
  const r = s.ruleset;
  const fb = b.figs[0]!;
  w = spielAfterRevokes(s, w);
  // a false HELD Spiel (bid, held or raised without the Spielfarbe): its stake goes to the opponents ([000 p.31-32])
  if (r.falseFigurePenalty === 'points1853' && s.table.parties === 2 && fb.status === 'stake' && fb.violation !== 0) {
    const viol = fb.violation;
    w = viol === 3 ? -1 : viol === 1 ? 1 : 0;
    if (events) {
      for (let p = 0; p < 2; p++) {
        if (((viol >>> p) & 1) === 1) s.events.push(freezeEvent({ type: 'penalty', party: p, points: 0, reason: 'false Spiel: the stake goes to the opponents ([000 p.31])' }));
      }
    }
  }
  return w;
}

/**
 * A-43 alternative (`writeTiming: 'allImmediate'`): the Spiel, decided by the tricks, is written the moment it
 * is decided — held at its stake (Aus: what reaches the target), unbid 1 — instead of after the deal in the
 * priority order; a party reaching the target goes out at once, before the figures bid first (RULES §11.3).
 * Its winner is judged as at the end (a revoke found now, at the end of trick play; a false held Spiel);
 * a party that lost the deal's points (Innsbruck) writes nothing. Not at a deal starting 17:17 with the ask
 * contested: there the asked figures decide first and the Spiel only if they stand ([003 §25], A-23).
 */
export function writeSpielWhenDecided(s: HandState, party: number): void {
  const b = s.bid;
  const r = s.ruleset;
  const fb = b.figs[0]!;
  if (r.writeTiming !== 'allImmediate' || party < 0 || fb.status === 'closed' || b.partieWinner >= 0) return;
  if (b.start1717 && b.ask !== null && b.ask.answer === 'reject') return;
  if (r.revokePenalty === 'spielPlus2') findRevokesSpielPlus2(s);
  let w = spielRecipient(s, party, true);
  if (w >= 0 && ((b.forfeited >>> w) & 1) === 1) w = -1;
  const pts = w < 0 ? 0 : fb.status === 'stake' ? (fb.aus ? Math.max(fb.level, r.target - b.score[w]! - b.written[w]!) : fb.level) : 1;
  fb.status = 'closed';
  fb.decided = true;
  fb.writtenParty = w;
  fb.writtenPoints = pts;
  if (w >= 0) writeNow(s, w, pts, fb.outcome === 'aus' ? 'the Spiel at Aus is decided: written at once (A-43)' : 'the Spiel is decided: written at once (A-43)', 'Spiel');
}

/**
 * Step 2: the party at or over the target with the corrected writes, -1. Were both over (only possible with
 * points written beyond the target), the first to reach it when each corrected stroke stands where the
 * original was written (the corrected order of writing).
 */
function overTarget(s: HandState, points: readonly number[]): number {
  const b = s.bid;
  let w = -1;
  let n = 0;
  for (let p = 0; p < s.table.parties; p++) {
    if (b.score[p]! + points[p]! < s.ruleset.target) continue;
    w = p;
    n++;
  }
  return n > 1 ? firstOverCorrected(s) : w;
}

function firstOverCorrected(s: HandState): number {
  const moved = new Map<string, number>(); // figure -> the party its corrected write goes to (-1 erased)
  const lost = new Set<number>(); // parties whose writes of the deal are all lost (Innsbruck)
  for (const e of s.events) {
    if (e.type !== 'correction') continue;
    if (e.figure === null) lost.add(e.from);
    else moved.set(e.figure, e.to);
  }
  const v = s.bid.score.slice();
  // A-21 alternative: a party that lost the points of the whole Partie starts from nothing
  if (s.ruleset.falseFigureScope === 'partie') for (const p of lost) v[p] = Math.min(v[p]!, 0);
  for (const e of s.events) {
    if (e.type === 'penalty') v[e.party]! -= e.points;
    else if (e.type === 'write') {
      let p = e.figure !== null && moved.has(e.figure) ? moved.get(e.figure)! : e.party;
      if (lost.has(e.party)) p = -1;
      if (p >= 0) v[p]! += e.points;
    } else continue;
    for (let p = 0; p < v.length; p++) if (v[p]! >= s.ruleset.target) return p;
  }
  return -1;
}

/**
 * A party reached the target by an immediate write in the middle of the hand: it goes out only if its
 * deal's claims hold. Every correction is applied now (found out as it goes out), then the Partie is
 * judged on the corrected writes; when nobody is out any more, the hand goes on (RULES §11.3, [000 p.31-32]).
 */
export function judgeGoingOut(s: HandState, party: number, reason: string): void {
  const b = s.bid;
  if (b.partieWinner >= 0) return;
  if (b.active || s.revokes.length > 0) amendWrites(s, new FrontierJudge(s));
  const w = overTarget(s, b.written);
  if (w >= 0) endPartie(s, w, w === party && reason !== '' ? reason : 'target reached with the corrected writes of the deal');
}

/**
 * The end of a hand (RULES §8.1, §10, §11.3, §12): one place where a deal's points are computed.
 *  1. the immediate writes of the deal (declines, gut, asks, penalties; bidding.ts), corrected all together
 *     (amendWrites, the order of the corrections above): false figures (§8.5/§12: a seat bound to a
 *     Gleich/Hanger that does not show one, a party that bid, held or raised the Spiel without the
 *     Spielfarbe) per `falseFigurePenalty` — 'points1853' a let-gut point goes to the opponents, 'none' an
 *     unproven gut point is erased, 'dealPointsMinus2' (Innsbruck) the party loses the deal's points and 2
 *     more —, and an unseen figure let gut that the party does not have is erased;
 *  2. the Partie judged on those corrected writes (a party over the target is out; a Viertig Bummerl);
 *  3. then, in priority order (§11.3 algorithm): stakes at Aus, the other stakes in the order first bid (the
 *     Vorgebotene first; a false held figure's stake goes to the opponents), then the unbid figures in the
 *     ruleset's default order; each writes to the party with the strictly better figure (steht: nobody);
 *     the first party to reach the target wins the Partie and nothing after is written;
 *  4. Innsbruck (§11.4.3, A-23): a deal starting 17:17 scores Gleich/Hanger only through an ask (≥ 3-fold);
 *     17:17 reached because the Spiel was let gut: only ≥ 3-fold unbid figures can go out.
 */
export function scoreHand(s: HandState): void {
  const b = s.bid;
  const r = s.ruleset;
  const parties = s.table.parties;
  // (index loops: map with closures and Math.max over spread lists cost more than the lists)
  const n = s.shows.length;
  const gleich = new Array<number>(n);
  const hanger = new Array<number>(n);
  let bestG = 0;
  let bestH = 0;
  for (let seat = 0; seat < n; seat++) {
    const w = s.shows[seat]!.word;
    const g = (gleich[seat] = wordGleich(w));
    const h = (hanger[seat] = wordHanger(w));
    if (g > bestG) bestG = g;
    if (h > bestH) bestH = h;
  }
  const winners = [s.spielParty >= 0 ? s.spielParty : -1, figureWinner(s, gleich), figureWinner(s, hanger)];
  const best = [0, bestG, bestH];
  const judge = new ShownJudge(s, gleich, hanger);
  // 1. the corrections of the immediate writes, all together
  let anyBid = false;
  for (let f = 0; f < b.figs.length; f++) if (b.figs[f]!.status !== 'unbid') anyBid = true;
  const forfeitMask = b.active || s.revokes.length > 0 || anyBid ? amendWrites(s, judge) : 0;
  const points = b.written.slice();
  // a revoke: the Spiel, held or unbid, goes to the revoker's opponents (Innsbruck, A-22)
  if (b.spielLost !== 0 && b.figs[0]!.status !== 'closed') winners[0] = spielAfterRevokes(s, winners[0]!);
  // revokes found only now, where the Spiel was not decided by the tricks (let gut): nothing to correct
  for (const rv of s.revokes) {
    if (rv.found) continue;
    rv.found = true;
    s.events.push(freezeEvent({ type: 'revoke', seat: rv.seat, trick: rv.trick, card: rv.card, substitute: -1, penalty: r.revokePenalty }));
  }
  // a false HELD figure: its stake goes to the opponents at its place in the priority order ([000 p.31-32])
  if (r.falseFigurePenalty === 'points1853' && parties === 2) {
    for (let f = 0; f < 3; f++) {
      const fb = b.figs[f]!;
      if (fb.status !== 'stake') continue;
      const viol = violationsOf(s, f, judge);
      if (viol === 0) continue;
      winners[f] = viol === 3 ? -1 : viol === 1 ? 1 : 0;
      for (let p = 0; p < 2; p++) {
        if (((viol >>> p) & 1) === 1) s.events.push(freezeEvent({ type: 'penalty', party: p, points: 0, reason: `false ${FIG[f]}: the stake goes to the opponents ([000 p.31])` }));
      }
    }
  }
  // A Viertig/tritzig (or a Fünftig raised) rejected and false: Bummerl at the end, for the first one said.
  const ask = b.ask;
  if (b.bummerl >= 0 && b.partieWinner < 0) endPartie(s, 1 - b.bummerl, 'Bummerl: the announced figure does not exist (A-40)');
  // 2. the Partie judged on the corrected immediate writes
  if (b.partieWinner < 0) {
    const w = overTarget(s, points);
    if (w >= 0) endPartie(s, w, 'target reached with the corrected writes of the deal');
  }
  // 3. priority order
  const order: number[] = [];
  // the stakes: at Aus first, then in the order first bid (a stable insertion sort of at most three)
  const stakes: number[] = [];
  for (let f = 0; f < 3; f++) if (b.figs[f]!.status === 'stake') stakes.push(f);
  for (let i = 1; i < stakes.length; i++) {
    const x = stakes[i]!;
    let j = i - 1;
    while (j >= 0 && stakeOrder(b.figs[stakes[j]!]!, b.figs[x]!) > 0) {
      stakes[j + 1] = stakes[j]!;
      j--;
    }
    stakes[j + 1] = x;
  }
  order.push(...stakes);
  let minCount = 0;
  const ibk = r.askAtTargetMinus1 === 'ibk1717' && parties === 2;
  if (ibk && !b.start1717 && b.figs[0]!.status === 'closed' && b.figs[0]!.writtenParty >= 0) {
    if (b.score[0]! + points[0]! === r.target - 1 && b.score[1]! + points[1]! === r.target - 1) minCount = 3; // A-23 case (3)
  }
  if (ibk && b.start1717 && ask !== null && ask.answer === 'reject') {
    // 17:17, an ask contested: the higher figure (≥ 3-fold) goes out; equal: the Spiel decides. The key
    // count, then Gleich > Hanger, then rank ('countTypeRank'), or count, rank, type ('countRankType').
    const rankFirst = r.dritzigeKey === 'countRankType';
    const k0 = askedFigureKey(s, gleich, hanger, 0, rankFirst);
    const k1 = askedFigureKey(s, gleich, hanger, 1, rankFirst);
    if (k0 !== k1 && b.partieWinner < 0) {
      const w = k0 > k1 ? 0 : 1;
      noteWrite(s, points, w, r.target - b.score[w]! - points[w]!, 'the higher asked figure goes out (17:17, [003 §25])');
      if (b.partieWinner < 0) endPartie(s, w, 'the higher asked figure goes out (17:17, [003 §25])');
    }
  }
  for (const name of r.defaultFigureOrder) {
    const f = name === 'Spiel' ? 0 : name === 'Gleich' ? 1 : 2;
    if (b.figs[f]!.status === 'unbid') order.push(f);
  }
  for (const f of order) {
    const fb = b.figs[f]!;
    let w = winners[f]!;
    let how = fb.status === 'stake' ? (fb.aus ? 'aus' : 'held') : 'silent';
    if (f > 0 && fb.status === 'unbid' && ibk && b.start1717) {
      w = -1;
      how = 'not asked (17:17)';
    } else if (f > 0 && fb.status === 'unbid' && minCount > 0 && best[f]! >>> 4 < minCount) {
      w = -1;
      how = 'two-fold does not go out (17:17, A-23)';
    }
    if (w >= 0 && ((forfeitMask >>> w) & 1) === 1) w = -1;
    let pts = 0;
    if (b.partieWinner >= 0) how = 'not written (the Partie is over)';
    else if (w >= 0) {
      pts = fb.status === 'stake' ? (fb.aus ? Math.max(fb.level, r.target - b.score[w]! - points[w]!) : fb.level) : 1;
      points[w]! += pts;
    }
    // a flat record: frozen directly, as freezeEvent would
    s.events.push(Object.freeze({ type: 'figure' as const, figure: FIG[f]!, party: b.partieWinner >= 0 ? -1 : w, points: pts, code: f === 0 ? 0 : best[f]!, how }));
    if (w >= 0 && pts > 0 && b.partieWinner < 0 && b.score[w]! + points[w]! >= r.target) {
      endPartie(s, w, fb.aus && fb.status === 'stake' ? 'Aus held and won' : `the ${FIG[f]} reaches the target`);
    }
  }
  s.points = points;
  s.figureWinners = { Spiel: winners[0]!, Gleich: winners[1]!, Hanger: winners[2]! };
  s.events.push(Object.freeze({ type: 'end' as const, points: Object.freeze(points.slice()) })); // frozen directly, as freezeEvent would
}
