// RULES §8 (bidding), §11.2 (gestrichen, target − 2, A-13/A-14/A-45), §11.4 (asking), §12 (penalties of
// bids): the bidding war as a party-level state machine per figure (the §8.3 machine):
//
//   unbid --bid by P-->                 offer(2, by P)
//   offer(n, by P) --gut by Q-->        closed: P writes n − 1 at once      ("gut": 1, "zwei gut": 2, …)
//   offer(n, by P) --hold by Q-->       stake(n, raise right Q)
//   offer(n, by P) --raise by Q-->      offer(n + 1, by Q)                  (one step; never beyond Aus)
//   stake(n, right H) --raise by H-->   offer(n + 1, by H)                  (in any later bid window)
//   end of deal: stake(n) → the party with the better figure writes n (steht: nobody); unbid → 1.
//
// BID WINDOWS — where a bid can be made (README quotes this). RULES §8.4 lets anybody bid "at any stage";
// the engine opens a window at these decision points, and in each window every seat, clockwise from the
// seat about to act, gets one turn in which it may pass, bid (one figure, several named together, or all
// three cumulatively), raise a stake it holds the raise right of, or ask (§11.4):
//   • point −1, once, right after the deal (before the first lead): the unseen window — only unseen bids
//     (§8.7); the bidder's observation then shows no own cards;
//   • point t = 0..4: before every card of trick t+1 (so before each of the 20 cards);
//   • point 5: after the Spiel is decided — first the Spiel party's window, then it shows (weisen), then
//     the opponents' window (abweisen or bid), then they show; held figures are decided at the end (§9).
// A bid is answered at once by the opposing party (its seat that last acted on that figure, else the first
// opponent clockwise from the bidder); answers can raise back and forth. A seat whose policy declares that
// it never bids (Policy.bidding = 'never') is skipped by every window and lets every offer gut without a
// call; with every seat silent no window opens at all (the hot path of passive simulations).
// Bidding needs two parties (4 players, the Strohmann, 6 players, 2 players); with three players each for
// himself the sources give no answering rule, so those tables score silently — unless `individualBidding:
// 'answerInTurn'` (A-41): then Bieten's rule [001 p.9-11], each offer answered by the others in turn
// clockwise from the offerer, written to him only when all have let it gut (nextAnswerer).
import { WELI } from '../cards/card.ts';
import { CardSet } from '../cards/cardset.ts';
import { jointFrontierOfParts } from './joint.ts';
import { figureParts, type FigureContext } from '../eval/evaluate.ts';
import type { FigureParts } from '../eval/core.ts';
import { TABLE_SIZE, tableIndex, type FigureTables, type JointTable } from '../eval/tables.ts';
import { popcount32 } from '../cards/mask.ts';
import { ALLOW, CONSENT, GUT, HOLD, PASS, REJECT, VETO, askOf, bidOf, raiseOf, type FigureName, type PolicyAction } from './actions.ts';
import { freezeEvent } from './history.ts';
import type { HandState } from './state.ts';
import { effectiveSuit } from './tricks.ts';
import { openTrick, tctx } from './legality.ts';
import { TwinSwitch } from './twin-switch.ts';
import { NEED_FIGURES, boundNeed, frontierMeets, mayTakeOn, wordMeets } from './bound-seat.ts';
import { FIGURES, F_GLEICH, F_HANGER, F_SPIEL, bidChanged, bidGeneration, cloneFig, figIndex, type Bidding, type FigureBid } from './bid-state.ts';
import { figCtx, jointOf, reachableCounts } from './hand-figures.ts';
import { endPartie, penalize, virtualScore } from './partie-score.ts';
import { judgeGoingOut, writeNow } from './going-out.ts';
// ---- score helpers ----
const isSilent = (s: HandState, seat: number): boolean => ((s.bid.silent >>> seat) & 1) === 1;
const other = (p: number): number => 1 - p;

/** Decline values of the party's open offers (what it would write if all were let gut). */
function openDeclines(s: HandState, party: number): number {
  let n = 0;
  for (const f of s.bid.queue) {
    const fb = s.bid.figs[f]!;
    if (fb.status === 'offer' && fb.offerParty === party) n += fb.level - 1;
  }
  return n;
}

/** Level of "Aus" for the next raise: upTo7ThenAus → 8; openToAus → the first level reaching either party's target. */
function ausLevel(s: HandState): number {
  if (s.ruleset.raiseLadder === 'upTo7ThenAus') return 8;
  const t = s.ruleset.target;
  let need = 2;
  for (let p = 0; p < s.table.parties; p++) need = Math.max(need, t - virtualScore(s, p));
  return need;
}

/**
 * Check a bid or raise adding `declineValue` to the party's open declines (RULES §11.2, A-13, A-14, A-45).
 * Returns the number of units allowed: `units` (all), fewer (curtailed, 1853 at target − 2), or 0 (void;
 * a penalty has then been written where the ruleset has one).
 */
function checkLimit(s: HandState, party: number, units: number, valuePerUnit: number, what: string): number {
  const r = s.ruleset;
  const v = virtualScore(s, party);
  const cap = r.target - 1;
  if (v >= cap) {
    // gestrichen: no bid, no raise
    if (r.bidWhenGestrichenPenalty === 'halve') penalize(s, party, v - Math.floor(v / 2), `${what} while gestrichen: half the points (RULES §11.2, A-14)`);
    else penalize(s, party, 2, `${what} while gestrichen: 2 minus points (RULES §11.2, A-14)`);
    return 0;
  }
  if (r.overbidLimit === 'targetMinus1Only') return units;
  const room = cap - v - openDeclines(s, party);
  let fits = Math.max(0, Math.floor(room / valuePerUnit));
  // "Wer auf 9 steht, kann nur mehr Eins biethen" [000 p.24] read as one figure in the deal (A-13 switch)
  if (r.overbidLimit === 'oneBidAtTargetMinus2' && v === cap - 1) fits = Math.min(fits, ((s.bid.bidAtTargetMinus2 >>> party) & 1) === 1 ? 0 : 1);
  if (fits >= units) return units;
  if (r.overbidAtTargetMinus2 === 'curtailed') return fits; // the opponents restrict it (1853, [000 p.24])
  penalize(s, party, 2, `${what} over the limit (score + open offers > target − 1): 2 minus points (A-13)`);
  return 0;
}

// ---- Spielfarbe (RULES §8.5, A-16, A-38) ----

/** May `seat` bid, hold or raise the Spiel now without breaking the Spielfarbe rule? */
export function hasSpielfarbe(s: HandState, seat: number): boolean {
  const r = s.ruleset;
  if (r.spielfarbeRule === 'none') return true;
  const t = openTrick(s);
  if (t === null || t.plays.length === 0) return true;
  if (r.spielfarbeRule === 'lastTrickWithPerlagg' && s.tricks.length < s.table.handSize) return true;
  const ctx = tctx(s);
  const perl = s.perl!;
  let suit = effectiveSuit(ctx, t.plays[0]!.card, t.plays[0]!.as);
  if (r.spielfarbeRule === 'anyPendingTrick') {
    for (const p of t.plays) if (effectiveSuit(ctx, p.card, p.as) === ctx.trump) suit = ctx.trump;
  }
  const lo = s.handLo[seat]!;
  if (r.spielfarbePerlaggInHandCounts && ((lo & perl.lo) !== 0 || (s.handWeli[seat] === 1 && perl.weli === 1))) return true;
  const plain = (lo & ~perl.lo) >>> 0;
  const suitMask = (0xff << (suit * 8)) >>> 0;
  const trumpMask = (0xff << (ctx.trump * 8)) >>> 0;
  if ((plain & suitMask) !== 0) return true;
  if (r.spielfarbeRule === 'anyPendingTrick') return (plain & trumpMask) !== 0; // trump is always Spielfarbe
  return (plain & trumpMask) !== 0; // VIBK: "that suit, a trump or a Perlagg"
}

// ---- figures a seat can still make (asks, obligations) ----

/**
 * What the seat is bound to have (RULES §8.5, §11.4): bit 1 a Gleich, bit 2 a Hanger (it bid, held or
 * raised them), and the asked figure (askNeed: count << 4 | types << 8) when it asked or rejected an ask.
 * When the asked figure and the others cannot be shown together, what binds (bound-seat.ts boundNeed,
 * `askObligation`): [000 p.30] rule 3 "dürfen im Verlaufe des Spieles nicht mehr davon abgehen".
 */
export function obligationsOf(s: HandState, seat: number): number {
  const party = s.table.party[seat]!;
  const ask = s.bid.askNeed[seat]!;
  let figs = 0;
  for (let f = 1; f < 3; f++) if (((s.bid.figs[f]!.obligated[party]! >>> seat) & 1) === 1) figs |= 1 << f;
  if (ask === 0 || figs === 0) return ask | figs;
  return boundNeed(s.ruleset.askObligation, ask, figs, jointOf(s, seat));
}

/**
 * [000 p.30] rule 3 (`askObligation: 'dritzigeFirst'`): may the seat bid, hold or raise the figures `figs`
 * (bit 1 a Gleich, bit 2 a Hanger)? A seat bound to the Dritzige only those it can show together with it
 * (bound-seat.ts mayTakeOn); every other seat anything.
 */
export function mayTakeOnFigures(s: HandState, seat: number, figs: number): boolean {
  const ask = s.bid.askNeed[seat]!;
  if (ask === 0 || (figs & NEED_FIGURES) === 0 || s.ruleset.askObligation !== 'dritzigeFirst') return true;
  return mayTakeOn(s.ruleset.askObligation, ask, obligationsOf(s, seat), figs, jointOf(s, seat));
}

/** Why the seat may not bid, hold or raise the figures `figs` now (mayTakeOnFigures), null when it may. */
export function takeOnRefusal(s: HandState, seat: number, figs: number): string | null {
  if (mayTakeOnFigures(s, seat, figs)) return null;
  const what = (figs & 6) === 6 ? 'the Gleich and the Hanger' : (figs & 2) !== 0 ? 'the Gleich' : 'the Hanger';
  return `P${seat + 1} is bound to the Dritzige he asked or rejected and cannot show ${what} together with it ([000 p.30] rule 3, askObligation=dritzigeFirst)`;
}

/** The figure bits (bit 1 a Gleich, bit 2 a Hanger) a bid or raise `a` takes on; 0 for other actions and the Spiel. */
function takesOn(a: PolicyAction): number {
  if (a.kind === 'raise') return a.figure === 'Gleich' ? 2 : a.figure === 'Hanger' ? 4 : 0;
  if (a.kind !== 'bid') return 0;
  let m = 0;
  for (let i = 0; i < a.figures.length; i++) m |= a.figures[i] === 'Gleich' ? 2 : a.figures[i] === 'Hanger' ? 4 : 0;
  return m;
}

/**
 * Drops in place, from out[start..], the bids and raises a seat bound to the Dritzige may not make
 * (mayTakeOnFigures). Seats not bound to an asked figure keep every action (no frontier is worked out).
 */
function dropUntakeable(s: HandState, seat: number, out: PolicyAction[], start: number): void {
  if (s.bid.askNeed[seat] === 0 || s.ruleset.askObligation !== 'dritzigeFirst') return;
  let k = start;
  for (let i = start; i < out.length; i++) {
    const a = out[i]!;
    const figs = takesOn(a);
    if (figs === 0 || mayTakeOnFigures(s, seat, figs)) out[k++] = a;
  }
  if (k !== out.length) out.length = k;
}

/**
 * RULES §8.5 / GC-34: a seat bound to a figure must spend its un-christened Perlaggen on it: a Perlagg may
 * be laid (as `as`) only if the bound figures can still be made afterwards — when they could be made before.
 */
export function playKeepsObligations(s: HandState, seat: number, card: number, as: number | null): boolean {
  if (!s.bid.active) return true;
  const need = obligationsOf(s, seat);
  if (need === 0) return true;
  if (s.perl!.level[card] === 0) return true;
  if (!frontierMeets(jointOf(s, seat), need)) return true; // he cannot make it anyway
  return frontierMeets(jointOf(s, seat, { card, as }), need);
}

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

/** The showing words allowed to a bound seat: those making the bound figures, when any does. */
export function showMeetsObligations(s: HandState, seat: number, word: number): boolean {
  const need = obligationsOf(s, seat);
  return need === 0 || wordMeets(word, need);
}

// ---- windows ----

/** Cards laid so far in this hand (the window key). */
function cardsLaid(s: HandState): number {
  let n = 0;
  for (const t of s.tricks) n += t.plays.length;
  return n;
}

/**
 * Open a window at `point` for `seats` (in order), unless it was held already. Returns true when a window
 * is now open (phase 'window'), false when it closed at once (nobody can act).
 */
export function openWindow(s: HandState, point: number, seats: readonly number[], resume: 'play' | 'show'): boolean {
  const b = s.bid;
  if (!b.active || b.partieWinner >= 0) return false;
  if (point === 5) {
    const bit = 1 << (resume === 'show' ? seats[0]! : 0);
    if ((b.windowsAfter & bit) !== 0) return false;
    b.windowsAfter |= bit;
  } else {
    const bit = point < 0 ? 1 << 30 : 1 << cardsLaid(s);
    if ((b.windowsDone & bit) !== 0) return false;
    b.windowsDone |= bit;
  }
  const live: number[] = [];
  for (const seat of seats) if (!isSilent(s, seat)) live.push(seat);
  return startWindow(s, point, live, resume);
}

/**
 * openWindow before a card (resume 'play') for every seat clockwise from `from`: the seat list is made only
 * when some seat decides in the window (play asks at every card; most of those windows were held already,
 * and in most of the rest every seat that can act declared its pass). With no table talk at this table (or
 * in the unseen window, which has none) the declared passes are taken here at the opening — as
 * takeDeclaredPasses would take them after this action: no talk can come between.
 */
export function openWindowFrom(s: HandState, point: number, from: number): boolean {
  const b = s.bid;
  if (!b.active || b.partieWinner >= 0) return false;
  const bit = point < 0 ? 1 << 30 : 1 << cardsLaid(s);
  if ((b.windowsDone & bit) !== 0) return false;
  b.windowsDone |= bit;
  b.point = point;
  b.resume = 'play';
  const sit = windowSitAt(s, point);
  windowSeats(s, sit);
  const take = point < 0 || s.talk === null;
  const stop = stopsOf(s, take);
  if (stop === 0) {
    // nobody decides: the seats that can act pass as declared, and the window is over (startWindow's and
    // seekWindowSeat's state: its seats counted, no window open) — the masks' verdicts on every seat checked
    // against their twins first, as seekWindowSeat checks them seat by seat
    if (windowTwins.on) {
      const words = take && (b.declared | b.declared2) !== 0;
      for (let seat = 0; seat < s.table.seats; seat++) if (!isSilent(s, seat)) seekTwin(s, seat, maskAct, stop, words);
    }
    const passes = popcount32(maskAct);
    for (let i = 0; i < passes; i++) s.actions.push(PASS);
    b.declaredPasses += passes;
    b.window = null;
    b.windowAt = s.table.seats - popcount32(b.silent);
    if (passes > 0 && point >= 0 && closedSpiel(s)) {
      // (as afterWindow after the passes: a Spiel let gut ends trick play)
      continueHook(s);
      return true;
    }
    return false;
  }
  const n = s.table.seats;
  const live: number[] = [];
  for (let i = 0; i < n; i++) {
    const seat = (from + i) % n;
    if (!isSilent(s, seat)) live.push(seat);
  }
  if (point === 0 && s.ruleset.askFirst) askerFirst(s, live);
  b.window = live;
  b.windowAt = 0;
  windowSitOf = live; // (its situation: worked out above)
  windowSit = sit;
  return seekWindowSeat(s, take);
}

/** A Spiel let gut (or a raise on it declined) while still open in play: afterWindow ends trick play then. */
function closedSpiel(s: HandState): boolean {
  return s.bid.figs[F_SPIEL]!.status === 'closed' && s.spielParty === -1;
}

function startWindow(s: HandState, point: number, live: number[], resume: 'play' | 'show'): boolean {
  const b = s.bid;
  if (live.length === 0) return false;
  if (point === 0 && s.ruleset.askFirst) askerFirst(s, live);
  b.window = live;
  b.windowAt = 0;
  b.point = point;
  b.resume = resume;
  // Declared passes are taken at the opening only in the unseen window: elsewhere the table talk (talk.ts
  // talkBefore) may open after this action, and the seats' passes come after that talk (openWindowFrom,
  // without talk at the table, takes them at once).
  return seekWindowSeat(s, point < 0);
}

/**
 * "um's Dritzige fragen" comes first (1853 [000 p.29]): in the window before the first card, the seats of
 * the one party that may still ask speak before its opponents, who may not pre-empt the ask by bidding.
 */
function askerFirst(s: HandState, seats: number[]): void {
  let asker = -1;
  for (let p = 0; p < s.table.parties; p++) {
    if (!mayStillAsk(s, p)) continue;
    if (asker >= 0) return; // both may ask: nobody may bid anyway; clockwise
    asker = p;
  }
  if (asker < 0) return;
  const first = seats.filter((x) => s.table.party[x] === asker);
  const rest = seats.filter((x) => s.table.party[x] !== asker);
  seats.length = 0;
  seats.push(...first, ...rest);
}

/**
 * Move to the next window seat that has something to do; close the window when none is left. With
 * `declared`, a seat whose policy declared it passes in a window of this kind (Bidding.declared) passes
 * here, as applyAction(PASS) would: the record in `actions`, a decision counted, on to the next seat. The
 * seats' verdicts are the window's seat masks (windowSeats: once per situation while the bidding holds);
 * their twins, per seat, hasWindowActionChecked and declaresPassChecked.
 */
function seekWindowSeat(s: HandState, declared: boolean): boolean {
  const b = s.bid;
  const w = b.window!;
  windowSeats(s, windowFacts(s));
  const act = maskAct;
  const take = declared && (b.declared | b.declared2) !== 0;
  // (nothing a pass changes decides a live seat's verdict: worked out once for the walk)
  const stop = stopsOf(s, declared);
  while (b.windowAt < w.length) {
    const seat = w[b.windowAt]!;
    if (windowTwins.on) seekTwin(s, seat, act, stop, take);
    if (((act >>> seat) & 1) !== 0) {
      if (((stop >>> seat) & 1) !== 0) {
        s.phase = 'window';
        return true;
      }
      s.actions.push(PASS);
      b.declaredPasses += 1;
    }
    b.windowAt += 1;
  }
  b.window = null;
  return false;
}

/**
 * The seats that decide in the window of windowSeats' masks: those that can act, less those whose declared
 * pass is taken (`declared`: declared passes may be taken here, and some policy declared one).
 */
function stopsOf(s: HandState, declared: boolean): number {
  const b = s.bid;
  if (!declared || (b.declared | b.declared2) === 0) return maskAct;
  return maskLive === 0 ? maskStop : maskStop | liveStops(s, maskLive);
}

/** The seat masks' verdicts on `seat` against their twins worked out from the state. */
function seekTwin(s: HandState, seat: number, act: number, stop: number, take: boolean): void {
  windowTwins.count += 1;
  const has = ((act >>> seat) & 1) !== 0;
  if (has !== hasWindowActionChecked(s, seat)) twinFault('hasWindowAction', s, seat);
  if (!has || !take) return;
  windowTwins.count += 1;
  if ((((stop >>> seat) & 1) === 0) !== declaresPassChecked(s, seat)) twinFault('declaresPass', s, seat);
}

/**
 * A bid window decision is due after an action, and the table talk before it (talkBefore) has had its turn
 * (game.ts applyAction): the passes the seats now due declared are taken here, on with play when no seat is
 * left. Returns whether any was taken.
 */
export function takeDeclaredPasses(s: HandState): boolean {
  const b = s.bid;
  const before = b.declaredPasses;
  if (!seekWindowSeat(s, true)) continueHook(s);
  return b.declaredPasses !== before;
}

/**
 * Did the seat's policy declare it passes in the window now open, for this seat's kind of it (Bidding.declared)?
 * Worked out from the state: the twin of the seat masks (windowSeats).
 */
function declaresPassChecked(s: HandState, seat: number): boolean {
  const kind = windowKindOfChecked(s, seat);
  if (kind === 0) return false;
  const b = s.bid;
  if (kind < WINDOW_SPIEL_LEAD) return ((b.declared >>> (kind * 8 + seat)) & 1) === 1;
  if (kind === WINDOW_AFTER_SPIEL) return ((b.declared2 >>> seat) & 1) === 1 && !opponentHasShown(s, seat);
  return partyTricks(s, seat) < ((b.declared2 >>> (8 + 3 * seat)) & 7);
}

/** Tricks the seat's party has won so far (Observation.tricksWon of its party). */
function partyTricks(s: HandState, seat: number): number {
  return s.tricksWon[s.table.party[seat]!]!;
}

/** Has a seat of another party than `seat`'s shown its figures (Observation.shown)? */
export function opponentHasShown(s: HandState, seat: number): boolean {
  const party = s.table.party;
  const me = party[seat]!;
  const shows = s.shows;
  for (let i = 0; i < shows.length; i++) {
    const x = shows[i];
    if (x !== null && x !== undefined && party[x.seat] !== me) return true;
  }
  return false;
}

/** The declarations of Policy.passes (policy/api.ts WindowPasses) the window kinds are held to. */
export interface DeclaredPasses {
  readonly unseen?: boolean;
  readonly trickOpen?: boolean;
  readonly laterLead?: boolean;
  readonly spielTricks?: number;
  readonly afterSpiel?: boolean;
}

/**
 * Did the declarations `d` promise a pass for the seat now deciding in the open window (of kind windowKind)?
 * The runner's reading of Policy.passes: the twin of the engine's own (declaresPass, by Bidding.declared).
 */
export function passPromised(s: HandState, kind: number, d: DeclaredPasses): boolean {
  switch (kind) {
    case WINDOW_UNSEEN:
      return d.unseen === true;
    case WINDOW_TRICK_OPEN:
      return d.trickOpen === true;
    case WINDOW_LATER_LEAD:
      return d.laterLead === true;
    case WINDOW_SPIEL_LEAD:
      return d.spielTricks !== undefined && partyTricks(s, s.bid.window![s.bid.windowAt]!) < d.spielTricks;
    case WINDOW_AFTER_SPIEL:
      return d.afterSpiel === true && !opponentHasShown(s, s.bid.window![s.bid.windowAt]!);
    default:
      return false;
  }
}

/**
 * May `party` raise the held stake in a window (RULES §8.3 law 1, A-19)? 'holderOnly': only the party with
 * the raise right (the last acceptor); 'eitherParty' ([003 §11] "von der einen oder anderen Partei
 * neuerdings geboten"): either party.
 */
export function mayRaiseStake(s: HandState, fb: FigureBid, party: number): boolean {
  return fb.raiseRight === party || s.ruleset.raiseRight === 'eitherParty';
}

function spielOpen(s: HandState): boolean {
  return s.spielParty === -1;
}

function figureOpenForBid(s: HandState, f: number, point: number): boolean {
  if (s.bid.figs[f]!.status !== 'unbid') return false;
  if (f === F_SPIEL && (!spielOpen(s) || point === 5)) return false;
  if (s.bid.start1717 && s.ruleset.askAtTargetMinus1 === 'ibk1717') return true;
  return true;
}

function partyMayBidMore(s: HandState, party: number): boolean {
  if (s.ruleset.figuresPerPartyPerDeal === 'any') return true;
  const figs = s.bid.figs;
  for (let f = 0; f < figs.length; f++) if (figs[f]!.firstParty === party) return false;
  return true;
}

function askAllowed(s: HandState, seat: number): boolean {
  const r = s.ruleset;
  const b = s.bid;
  if (r.askAtTargetMinus1 === 'none' || b.point < 0 || b.point === 5 || s.table.parties !== 2) return false;
  const party = s.table.party[seat]!;
  if (b.ask !== null) return escalationAllowed(s, party);
  if (((b.asked >>> party) & 1) === 1) return false;
  if (r.askAtTargetMinus1 === 'ibk1717') return b.start1717 && s.tricks.length === 1;
  return mayStillAsk(s, party);
}

/** The party at target − 1 may still ask in this deal ("first of all", before the first card; no blind all-three bid against it). */
function mayStillAsk(s: HandState, party: number): boolean {
  const r = s.ruleset;
  const b = s.bid;
  if (r.askAtTargetMinus1 === 'none' || r.askAtTargetMinus1 === 'ibk1717' || s.table.parties !== 2 || ((b.asked >>> party) & 1) === 1) return false;
  if (virtualScore(s, party) !== r.target - 1) return false;
  if (((b.unseenAll >>> other(party)) & 1) === 1) return false; // [000 p.31]
  return s.tricks.length === 1 && s.tricks[0]!.plays.length === 0;
}

/**
 * "Viertig nicht erlaubt!" may be raised to "Fünftig erlaubt?" ([002 §1.6] "man kann aber auch erhöhen mit
 * 'Fünftig erlaubt?'", A-40): after a rejection either side may ask again, one number of cards higher (never
 * a jump: from "tritzig" to "Viertig", not to "Fünftig"), in the same window, before the first card. `party`
 * is unused: either side may (resolveAsk gives the rejecter a turn for it).
 */
function escalationAllowed(s: HandState, party: number): boolean {
  void party;
  return escalates(s) && s.tricks.length === 1 && s.tricks[0]!.plays.length === 0;
}

/** Can the ask now settled be raised one number of cards ("Fünftig erlaubt?", A-40)? */
function escalates(s: HandState): boolean {
  const a = s.bid.ask;
  const r = s.ruleset.askAtTargetMinus1;
  return a !== null && (r === 'viertig' || r === 'tritzig') && a.answer === 'reject' && a.count < 5;
}

/** 1853 (`askFirst`): the opponents of a party that may still ask may only bid all three blind ([000 p.29, p.31]). */
function blindAllThreeOnly(s: HandState, party: number): boolean {
  return s.ruleset.askFirst && s.bid.point < 0 && mayStillAsk(s, other(party));
}

// The counts an ask may name: from 2, 3 or 4 on (the first ask), or the one next number of an escalation
// ([4] from "tritzig", [5] from "Viertig"). At most 7 lists: windowListKey keeps the index in 3 bits.
const ASK_FROM: readonly (readonly number[])[] = Object.freeze([Object.freeze([2, 3, 4, 5]), Object.freeze([3, 4, 5]), Object.freeze([4, 5]), Object.freeze([5]), Object.freeze([4])]);
function askCounts(s: HandState): readonly number[] {
  const r = s.ruleset.askAtTargetMinus1;
  if (s.bid.ask !== null) return s.bid.ask.count + 1 === 4 ? ASK_FROM[4]! : ASK_FROM[3]!; // an escalation: one step
  if (r === 'viertig') return ASK_FROM[2]!;
  if (r === 'ibk1717' && s.ruleset.ibkTwofoldAt1717) return ASK_FROM[0]!;
  return ASK_FROM[1]!;
}

/**
 * Window kinds of Policy.passes (policy/api.ts), for the window seat now: WINDOW_UNSEEN, WINDOW_TRICK_OPEN,
 * WINDOW_LATER_LEAD (the lead of trick 2–5, neither an ask nor a bid of the Spiel open to the seat),
 * WINDOW_SPIEL_LEAD (the lead of trick 2–5, no ask but a bid of the Spiel open to the seat),
 * WINDOW_AFTER_SPIEL (point 5, after the Spiel, no ask open to the seat) or 0.
 */
export const WINDOW_UNSEEN = 1;
export const WINDOW_TRICK_OPEN = 2;
export const WINDOW_LATER_LEAD = 3;
export const WINDOW_SPIEL_LEAD = 4;
export const WINDOW_AFTER_SPIEL = 5;
/** The Policy.passes declaration of each window kind (for messages). */
export const WINDOW_PASS_NAMES: readonly string[] = Object.freeze(['', 'unseen', 'trickOpen', 'laterLead', 'spielTricks', 'afterSpiel']);
export function windowKind(s: HandState): number {
  if (s.phase !== 'window') return 0;
  return windowKindOf(s, s.bid.window![s.bid.windowAt]!);
}

/** The kind of the open window (windowKind) for `seat`: from the party's window facts (windowInfo). */
function windowKindOf(s: HandState, seat: number): number {
  const k = (windowInfo(s, seat) >>> WI_KIND) & 7;
  if (windowTwins.on && ++windowTwins.count > 0 && k !== windowKindOfChecked(s, seat)) twinFault('windowKindOf', s, seat);
  return k;
}

/** windowKindOf worked out from the state (the twin of the windowInfo path). */
function windowKindOfChecked(s: HandState, seat: number): number {
  const b = s.bid;
  if (b.point < 0) return WINDOW_UNSEEN;
  if (b.point > 4) return b.point === 5 && !askAllowed(s, seat) ? WINDOW_AFTER_SPIEL : 0;
  const t = openTrick(s);
  if (t === null || t.plays.length === 0) {
    if (b.point === 0 || askAllowed(s, seat)) return 0;
    return partyMayBidMore(s, s.table.party[seat]!) && figureOpenForBid(s, F_SPIEL, b.point) ? WINDOW_SPIEL_LEAD : WINDOW_LATER_LEAD;
  }
  return askAllowed(s, seat) ? 0 : WINDOW_TRICK_OPEN;
}

// What a seat may do in the open window depends on its party, the bidding and where the window is (its point,
// whether a trick is open, whether the Spiel is still open), nothing else — and of the point only whether it
// is the unseen window, the first trick's (the asks), a later trick's or after the Spiel: it is worked out
// once per party and situation (situation: 16 of them), and remembered until the bidding changes (each act that changes it: bid-state.ts bidChanged),
// instead of at every seat's turn of every window — the twins (…Checked) read the state. Bits: WI_DONE
// known, WI_ACT the seat has a window action, WI_ASK it may ask, WI_THREE only a blind bid of all three, open
// figures (3 bits at WI_OPEN), raisable stakes (3 bits at WI_RAISE), the window kind (3 bits at WI_KIND).
const WI_DONE = 1;
const WI_ACT = 2;
const WI_ASK = 4;
const WI_THREE = 8;
const WI_OPEN = 4;
const WI_RAISE = 7;
const WI_KIND = 10;
const WI_PARTIES = 16; // tables have fewer than 16 seats
let windowInfoOf: HandState | null = null;
let windowInfoBid: Bidding | null = null;
/** The window whose situation (windowSit) is known. */
let windowSitOf: readonly number[] | null = null;
let windowSit = 0;
/** Per situation (windowSit) and party: the window facts, valid while bidGenerations holds the generation. */
const windowInfos = new Int32Array(16 * WI_PARTIES);
const bidGenerations = new Float64Array(16 * WI_PARTIES).fill(-1);

function windowInfo(s: HandState, seat: number): number {
  return infoAt(s, windowFacts(s), seat, s.table.party[seat]!);
}

/** The caches' state and bidding checked (another: a new generation); the open window's situation. */
function windowFacts(s: HandState): number {
  const b = s.bid;
  checkWindowCaches(s);
  if (b.window !== windowSitOf) {
    windowSit = situation(s, b.point);
    windowSitOf = b.window;
  }
  return windowSit;
}

/** The situation of a window about to open at `point` (no window list yet), the caches' state checked. */
function windowSitAt(s: HandState, point: number): number {
  checkWindowCaches(s);
  return situation(s, point);
}

/** The window caches are for this state and its bidding: else a new generation (no remembered facts hold). */
function checkWindowCaches(s: HandState): void {
  const b = s.bid;
  if (windowInfoOf !== s || windowInfoBid !== b) {
    windowInfoOf = s;
    windowInfoBid = b;
    bidChanged();
    windowSitOf = null;
  }
}

/**
 * The window's situation: its point's class (0 the unseen window, 1 the first trick's, 2 a later trick's, 3
 * after the Spiel) × 4, + 2 with a trick open (cards in it), + 1 with the Spiel open: 16 situations.
 * windowInfoOfParty reads of the point only its class (point 0 is s.tricks.length === 1, the asks' trick).
 */
function situation(s: HandState, point: number): number {
  const t = openTrick(s);
  return (point < 0 ? 0 : point === 0 ? 4 : point === 5 ? 12 : 8) + (t !== null && t.plays.length > 0 ? 2 : 0) + (spielOpen(s) ? 1 : 0);
}

/** The window facts of `party` (the party of `seat`) in situation `sit`, remembered for the generation. */
function infoAt(s: HandState, sit: number, seat: number, party: number): number {
  const k = sit * WI_PARTIES + party;
  if (bidGenerations[k] === bidGeneration) return windowInfos[k]!;
  const info = windowInfoOfParty(s, seat, party, sit);
  windowInfos[k] = info;
  bidGenerations[k] = bidGeneration;
  return info;
}

// The seats' verdicts per situation, from their parties' facts (infoAt) and the seats' declared passes
// (Bidding.declared, .declared2), remembered with the generation and the declarations they were worked out
// for: bit seat of seatAct, the seat can act (hasWindowAction); of seatStop, it acts and decides (no pass
// declared for its kind of the window); of seatLive, its pass is declared but holds only as the hand stands
// when it is due (liveStops): a later lead's Spiel pass while its party has fewer tricks than it declared
// (WINDOW_SPIEL_LEAD), an after-Spiel pass while no opponent has shown (WINDOW_AFTER_SPIEL). Read into
// maskAct, maskStop, maskLive.
const seatGens = new Float64Array(16).fill(-1);
const seatAct = new Int32Array(16);
const seatStop = new Int32Array(16);
const seatLive = new Int32Array(16);
const seatDeclared = new Int32Array(16);
const seatDeclared2 = new Int32Array(16);
let maskAct = 0;
let maskStop = 0;
let maskLive = 0;

/** The seat masks of situation `sit` (windowFacts, windowSitAt checked the caches' state) into maskAct, maskStop, maskLive. */
function windowSeats(s: HandState, sit: number): void {
  const b = s.bid;
  const d = b.declared | 0;
  const d2 = b.declared2 | 0;
  if (seatGens[sit] === bidGeneration && seatDeclared[sit] === d && seatDeclared2[sit] === d2) {
    maskAct = seatAct[sit]!;
    maskStop = seatStop[sit]!;
    maskLive = seatLive[sit]!;
    return;
  }
  const n = s.table.seats;
  const party = s.table.party;
  let act = 0;
  let stop = 0;
  let live = 0;
  for (let seat = 0; seat < n; seat++) {
    if (((b.silent >>> seat) & 1) === 1) continue;
    const info = infoAt(s, sit, seat, party[seat]!);
    if ((info & WI_ACT) === 0) continue;
    const bit = 1 << seat;
    act |= bit;
    const kind = (info >>> WI_KIND) & 7;
    if (kind === 0) stop |= bit;
    else if (kind < WINDOW_SPIEL_LEAD) {
      if (((d >>> (kind * 8 + seat)) & 1) === 0) stop |= bit;
    } else if (kind === WINDOW_AFTER_SPIEL) {
      if (((d2 >>> seat) & 1) === 0) stop |= bit;
      else live |= bit;
    } else if (((d2 >>> (8 + 3 * seat)) & 7) === 0) stop |= bit;
    else live |= bit;
  }
  seatAct[sit] = maskAct = act;
  seatStop[sit] = maskStop = stop;
  seatLive[sit] = maskLive = live;
  seatDeclared[sit] = d;
  seatDeclared2[sit] = d2;
  seatGens[sit] = bidGeneration;
}

/**
 * The seats of `live` (maskLive) whose declared pass does not hold now, as a mask: after the Spiel (point 5)
 * an opponent has shown; at a later lead their party has won the tricks they declared (spielTricks).
 */
function liveStops(s: HandState, live: number): number {
  const d2 = s.bid.declared2;
  const after = s.bid.point === 5;
  let stop = 0;
  for (let m = live; m !== 0; m &= m - 1) {
    const seat = 31 - Math.clz32(m & -m);
    if (after ? opponentHasShown(s, seat) : !(partyTricks(s, seat) < ((d2 >>> (8 + 3 * seat)) & 7))) stop |= 1 << seat;
  }
  return stop;
}

/**
 * The window facts of the seat's party worked out in situation `sit` (hasWindowActionChecked, askAllowed,
 * windowActionsChecked, windowKindOfChecked in one pass): their conditions in the order cheapest first, the
 * ruleset's switches read once per ruleset (ruleFlags), the open trick from the situation's bit.
 */
function windowInfoOfParty(s: HandState, seat: number, party: number, sit: number): number {
  const b = s.bid;
  const figs = b.figs;
  ruleFlags(s.ruleset);
  let info = WI_DONE;
  const point = b.point;
  const spiel = spielOpen(s);
  // askAllowed's own exits first: no ask before the cards or after the Spiel, nor without one open (an
  // escalation), the Innsbruck 17:17 or the party at target − 1
  const ask = point >= 0 && point !== 5 && (b.ask !== null || b.start1717 || virtualScore(s, party) === s.ruleset.target - 1) && askAllowed(s, seat);
  let openMask = 0;
  if (rfAnyFigures || partyMayBidMore(s, party)) {
    // figureOpenForBid of each figure
    if (figs[F_SPIEL]!.status === 'unbid' && spiel && point !== 5) openMask = 1;
    if (figs[F_GLEICH]!.status === 'unbid') openMask |= 2;
    if (figs[F_HANGER]!.status === 'unbid') openMask |= 4;
  }
  const three = openMask !== 0 && point < 0 && rfAskFirst && mayStillAsk(s, other(party)); // blindAllThreeOnly
  let raises = 0;
  if (point >= 0) {
    for (let f = 0; f < 3; f++) {
      const fb = figs[f]!;
      if (fb.status === 'stake' && (fb.raiseRight === party || rfEitherRaises) && !fb.aus && (f !== F_SPIEL || spiel)) raises |= 1 << f; // mayRaiseStake
    }
  }
  if (ask || (openMask !== 0 && (!three || openMask === 7)) || raises !== 0) info |= WI_ACT;
  if (ask) info |= WI_ASK;
  if (three) info |= WI_THREE;
  info |= (openMask << WI_OPEN) | (raises << WI_RAISE);
  let kind = 0;
  if (point < 0) kind = WINDOW_UNSEEN;
  else if (point <= 4) {
    if ((sit & 2) === 0) kind = point === 0 || ask ? 0 : (openMask & 1) !== 0 ? WINDOW_SPIEL_LEAD : WINDOW_LATER_LEAD;
    else kind = ask ? 0 : WINDOW_TRICK_OPEN;
  } else if (point === 5 && !ask) kind = WINDOW_AFTER_SPIEL;
  info |= kind << WI_KIND;
  return info;
}

// The ruleset switches windowInfoOfParty reads, for the last ruleset asked (rulesets are frozen).
let flagsRuleset: HandState['ruleset'] | null = null;
let rfAnyFigures = false;
let rfEitherRaises = false;
let rfAskFirst = false;
function ruleFlags(r: HandState['ruleset']): void {
  if (r === flagsRuleset) return;
  flagsRuleset = r;
  rfAnyFigures = r.figuresPerPartyPerDeal === 'any';
  rfEitherRaises = r.raiseRight === 'eitherParty';
  rfAskFirst = r.askFirst;
}

/**
 * Tests: compare every window answer of the windowInfo path with its twin as it is asked (a fault is
 * thrown at the first difference). Off by default.
 */
const windowTwins = new TwinSwitch();
/** Switch the comparison on or off; returns the number of answers compared since the last call. */
export function checkWindowTwins(on: boolean): number {
  return windowTwins.set(on);
}
function twinFault(what: string, s: HandState, seat: number): never {
  throw new Error(`bidding twin ${what} differs for P${seat + 1} at point ${s.bid.point} (window info ${windowInfo(s, seat)})`);
}

/** hasWindowAction worked out from the state (the twin of the windowInfo path). */
function hasWindowActionChecked(s: HandState, seat: number): boolean {
  const b = s.bid;
  const party = s.table.party[seat]!;
  if (askAllowed(s, seat)) return true;
  if (partyMayBidMore(s, party)) {
    if (blindAllThreeOnly(s, party)) {
      if (figureOpenForBid(s, 0, b.point) && figureOpenForBid(s, 1, b.point) && figureOpenForBid(s, 2, b.point)) return true;
    } else for (let f = 0; f < 3; f++) if (figureOpenForBid(s, f, b.point)) return true;
  }
  if (b.point < 0) return false;
  for (let f = 0; f < 3; f++) {
    const fb = b.figs[f]!;
    if (fb.status === 'stake' && mayRaiseStake(s, fb, party) && !fb.aus && (f !== F_SPIEL || spielOpen(s))) return true;
  }
  return false;
}

/** The bid actions of a window (singles, named pairs, named triples, cumulative) per open figures, shared frozen records. */
const bidLists = new WeakMap<object, Array<readonly PolicyAction[] | undefined>>();
let lastBidRuleset: object | null = null;
let lastBidList: Array<readonly PolicyAction[] | undefined> | undefined;
function bidActions(s: HandState, openMask: number, unseen: boolean): readonly PolicyAction[] {
  let per = s.ruleset === lastBidRuleset ? lastBidList : bidLists.get(s.ruleset);
  if (per === undefined) bidLists.set(s.ruleset, (per = []));
  lastBidRuleset = s.ruleset;
  lastBidList = per;
  const k = openMask * 2 + (unseen ? 1 : 0);
  let list = per[k];
  if (list === undefined) {
    const out: PolicyAction[] = [];
    const open: FigureName[] = [];
    for (let f = 0; f < 3; f++) if ((openMask >>> f) & 1) open.push(FIGURES[f]!);
    for (const f of open) out.push(bidOf([f], false, unseen));
    if (s.ruleset.figuresPerPartyPerDeal === 'any') {
      for (const a of open) for (const c of open) if (a !== c) out.push(bidOf([a, c], false, unseen));
      if (open.length === 3) {
        for (const a of open) for (const c of open) for (const d of open) if (a !== c && a !== d && c !== d) out.push(bidOf([a, c, d], false, unseen));
        out.push(bidOf(s.ruleset.defaultFigureOrder, true, unseen));
      }
    }
    per[k] = list = Object.freeze(out);
  }
  return list;
}

/** Legal actions of the window seat: pass first, then bids (singles, named pairs, named triples, cumulative), raises, asks. */
export function windowActions(s: HandState, seat: number, out: PolicyAction[]): void {
  const info = windowInfo(s, seat);
  const start = out.length;
  const key = windowListKey(s, info);
  if (key < 0) windowListOf(s, info, out);
  else {
    // the list of a window met before (per ruleset, by everything it is built from): copied from a plain array
    let lists = s.ruleset === lastWindowRuleset ? lastWindowLists : windowLists.get(s.ruleset);
    if (lists === undefined) windowLists.set(s.ruleset, (lists = new Map()));
    lastWindowRuleset = s.ruleset;
    lastWindowLists = lists;
    let list = lists.get(key);
    if (list === undefined) {
      if (lists.size >= 4096) lists.clear(); // bounded memory
      list = [];
      windowListOf(s, info, list);
      lists.set(key, list);
    }
    for (let i = 0; i < list.length; i++) out.push(list[i]!);
  }
  dropUntakeable(s, seat, out, start);
  if (windowTwins.on) {
    windowTwins.count += 1;
    const twin: PolicyAction[] = [];
    windowActionsChecked(s, seat, twin);
    if (twin.length !== out.length - start || twin.some((a, i) => a !== out[start + i])) twinFault('windowActions', s, seat);
  }
}

// Window lists per ruleset, keyed by all windowListOf reads: the window facts' ask/three/open/raise bits, an
// unseen window, the ask counts (ASK_FROM's index) and the levels of the figures that may be raised.
const windowLists = new WeakMap<object, Map<number, PolicyAction[]>>();
let lastWindowRuleset: object | null = null;
let lastWindowLists: Map<number, PolicyAction[]> | undefined;
/** The window list's key (30 bits), or -1 when it does not fit (a level above 62: built, not remembered). */
function windowListKey(s: HandState, info: number): number {
  let key = ((info >>> 2) & 0xff) | (s.bid.point < 0 ? 1 << 8 : 0);
  if ((info & WI_ASK) !== 0) key |= (ASK_FROM.indexOf(askCounts(s)) + 1) << 9;
  const raises = (info >>> WI_RAISE) & 7;
  if (raises !== 0) {
    for (let f = 0; f < 3; f++) {
      if (((raises >>> f) & 1) === 0) continue;
      const l = s.bid.figs[f]!.level + 1;
      if (!(l >= 0 && l < 63)) return -1;
      key |= l << (12 + 6 * f);
    }
  }
  return key;
}

/** windowActions' list built from the window facts `info` (the remembered lists' source). */
function windowListOf(s: HandState, info: number, out: PolicyAction[]): void {
  out.push(PASS);
  const openMask = (info >>> WI_OPEN) & 7;
  if (openMask !== 0) {
    const bids = bidActions(s, openMask, s.bid.point < 0);
    if ((info & WI_THREE) === 0) for (let i = 0; i < bids.length; i++) out.push(bids[i]!);
    else {
      for (let i = 0; i < bids.length; i++) {
        const a = bids[i]!;
        if (a.kind === 'bid' && a.figures.length === 3) out.push(a);
      }
    }
  }
  const raises = (info >>> WI_RAISE) & 7;
  if (raises !== 0) for (let f = 0; f < 3; f++) if (((raises >>> f) & 1) === 1) out.push(raiseOf(f, s.bid.figs[f]!.level + 1));
  if ((info & WI_ASK) !== 0) {
    const counts = askCounts(s);
    for (let i = 0; i < counts.length; i++) {
      out.push(askOf(counts[i]!, 'Gleich'));
      out.push(askOf(counts[i]!, 'Hanger'));
    }
  }
}

/** windowActions worked out from the state (the twin of the windowInfo path). */
export function windowActionsChecked(s: HandState, seat: number, out: PolicyAction[]): void {
  const b = s.bid;
  const party = s.table.party[seat]!;
  const unseen = b.point < 0;
  out.push(PASS);
  let openMask = 0;
  if (partyMayBidMore(s, party)) for (let f = 0; f < 3; f++) if (figureOpenForBid(s, f, b.point)) openMask |= 1 << f;
  if (openMask !== 0) {
    const bids = bidActions(s, openMask, unseen);
    const three = blindAllThreeOnly(s, party);
    for (let i = 0; i < bids.length; i++) {
      const a = bids[i]!;
      if (!three || (a.kind === 'bid' && a.figures.length === 3)) out.push(a);
    }
  }
  if (!unseen) {
    for (let f = 0; f < 3; f++) {
      const fb = b.figs[f]!;
      if (fb.status === 'stake' && mayRaiseStake(s, fb, party) && !fb.aus && (f !== F_SPIEL || spielOpen(s))) out.push(raiseOf(f, fb.level + 1));
    }
  }
  if (askAllowed(s, seat)) {
    for (const count of askCounts(s)) {
      out.push(askOf(count, 'Gleich'));
      out.push(askOf(count, 'Hanger'));
    }
  }
  // a seat bound to the Dritzige: each bid and raise asked of mayTakeOnFigures ([000 p.30] rule 3)
  let k = 0;
  for (let i = 0; i < out.length; i++) if (takeOnRefusal(s, seat, takesOn(out[i]!)) === null) out[k++] = out[i]!;
  out.length = k;
}

export function answerActions(s: HandState, out: PolicyAction[]): void {
  const b = s.bid;
  if (b.ask !== null && b.ask.answer === 'pending') {
    out.push(ALLOW);
    if (mayReject(s, b.answerSeat)) out.push(REJECT);
    return;
  }
  const f = b.queue[0]!;
  const fb = b.figs[f]!;
  out.push(GUT);
  // a seat bound to the Dritzige holds or raises only what it can show with it ([000 p.30] rule 3)
  if (f > 0 && !mayTakeOnFigures(s, b.answerSeat, 1 << f)) return;
  if (mayHold(s, s.table.party[b.answerSeat]!)) out.push(HOLD);
  if (!fb.aus) out.push(raiseOf(f, fb.level + 1));
}

/**
 * May the party hold an offer now (RULES §11.2, A-45)? Always by default (holding is no bid); under
 * `holdWhenGestrichen: false` a gestrichen party (virtual score at target − 1 or more) may not: it must let
 * the offer gut — a raise it says is a bid, void and penalised, and then stands as that gut.
 */
export function mayHold(s: HandState, party: number): boolean {
  return s.ruleset.holdWhenGestrichen || virtualScore(s, party) < s.ruleset.target - 1;
}

export function vetoActions(out: PolicyAction[]): void {
  out.push(CONSENT, VETO);
}

/** The seat deciding now in the bidding phases. */
export function biddingSeat(s: HandState): number {
  const b = s.bid;
  if (s.phase === 'window') return b.window![b.windowAt]!;
  if (s.phase === 'answer') return b.answerSeat;
  return b.veto!.seat;
}

// ---- applying the bidding actions ----

/** Where the engine continues after the bidding phases: set by game.ts (avoids an import cycle). */
let continueHook: (s: HandState) => void = () => {
  throw new Error('engine not initialised');
};
export function setContinue(fn: (s: HandState) => void): void {
  continueHook = fn;
}

/**
 * Back to the window after a seat's action and its answers. After a valid bid, raise or ask the same seat
 * may act again (bid the next figure once the first is answered: GC-37/38/39); after a pass, a void or a
 * vetoed bid the turn passes on. On with play when the window is over.
 */
function nextInWindow(s: HandState, stay = false): void {
  const b = s.bid;
  if (b.partieWinner >= 0) {
    b.window = null;
    continueHook(s);
    return;
  }
  if (!stay) b.windowAt += 1;
  // after an action in the window its table talk is over (talkBefore ran when the window opened): the
  // declared passes of the seats now due are taken here
  if (b.window !== null && seekWindowSeat(s, true)) return;
  continueHook(s);
}

export function applyPass(s: HandState): void {
  nextInWindow(s);
}

export function applyBid(s: HandState, seat: number, figures: readonly FigureName[], cumulative: boolean, unseen: boolean): void {
  bidChanged();
  const b = s.bid;
  const party = s.table.party[seat]!;
  const what = cumulative ? 'a bid of all three' : figures.length > 1 ? 'a bid of several figures' : 'a bid';
  const kept = checkLimit(s, party, figures.length, 1, what);
  // the figures copied by index: a bid from legalActions names a shared frozen list, and V8's slice() is
  // many times slower on frozen arrays
  const named: FigureName[] = [];
  for (let i = 0; i < figures.length; i++) named.push(figures[i]!);
  s.events.push(Object.freeze({ type: 'bid' as const, seat, party, figures: Object.freeze(named), cumulative, unseen, kept, point: b.point }));
  if (kept === 0) {
    b.voidBids += 1;
    nextInWindow(s);
    return;
  }
  if (kept < figures.length) b.voidBids += 1;
  const tm2 = b.bidAtTargetMinus2;
  const ua = b.unseenAll;
  if (virtualScore(s, party) === s.ruleset.target - 2) b.bidAtTargetMinus2 |= 1 << party;
  const undo = vetoSeat(s, seat) >= 0 ? b.figs.map(cloneFig) : null; // kept only for a partner who may veto it
  const opened: number[] = [];
  for (let i = 0; i < kept; i++) {
    const f = figIndex(figures[i]!);
    const fb = b.figs[f]!;
    fb.status = 'offer';
    fb.gutBy = 0;
    fb.level = 2;
    fb.maxLevel = 2;
    fb.aus = false;
    fb.offerParty = party;
    fb.offerSeat = seat;
    fb.lastSeat[party] = seat;
    fb.firstParty = party;
    fb.firstSeat = seat;
    fb.firstPoint = b.point;
    fb.seq = b.seq++;
    fb.unseen = unseen;
    bind(s, fb, f, seat, party, unseen);
    opened.push(f);
  }
  if (unseen && kept === 3) b.unseenAll |= 1 << party;
  b.queue = opened;
  startVetoOrAnswer(s, seat, undo, opened, tm2, ua);
}

/** Obligations (§8.5): Gleich/Hanger bind the seat to have it; the Spiel binds it to the Spielfarbe. */
function bind(s: HandState, fb: FigureBid, f: number, seat: number, party: number, unseen: boolean): void {
  if (unseen) return; // no obligation for unseen bids
  if (f === F_SPIEL) {
    if (!hasSpielfarbe(s, seat)) fb.violation |= 1 << party;
  } else fb.obligated[party]! |= 1 << seat;
}

/** A later raise by the holder of the raise right ("zuerst phlegmatisch halten, und erst dann Drei sagen"). */
export function applyWindowRaise(s: HandState, seat: number, figure: FigureName, to: number): void {
  bidChanged();
  const b = s.bid;
  const party = s.table.party[seat]!;
  const f = figIndex(figure);
  const fb = b.figs[f]!;
  const undo = vetoSeat(s, seat) >= 0 ? b.figs.map(cloneFig) : null; // kept only for a partner who may veto it
  const ok = raiseTo(s, fb, f, seat, party, to, false);
  if (!ok) {
    b.voidBids += 1;
    nextInWindow(s);
    return;
  }
  b.queue = [f];
  startVetoOrAnswer(s, seat, undo, [f]);
}

/** Raise the figure's offer/stake to `to` by `party`; false when void (penalty written). A jump binds its author (GC-30). */
function raiseTo(s: HandState, fb: FigureBid, f: number, seat: number, party: number, to: number, answer: boolean): boolean {
  const declineValue = to - 1;
  const ok = checkLimit(s, party, 1, declineValue - openDeclinesOf(fb, party), to === 3 ? 'a Drei' : 'a raise') === 1;
  const aus = ok && to >= ausLevel(s);
  s.events.push(freezeEvent({ type: 'raise', seat, party, figure: FIGURES[f]!, to, aus, answer, valid: ok }));
  if (!ok) return false;
  fb.status = 'offer';
  fb.gutBy = 0;
  fb.level = to;
  fb.maxLevel = Math.max(fb.maxLevel, to);
  fb.aus = aus;
  fb.offerParty = party;
  fb.offerSeat = seat;
  fb.lastSeat[party] = seat;
  bind(s, fb, f, seat, party, false);
  return true;
}
/** Part of `party`'s open declines already counted for this very figure (its own open offer, replaced by the raise). */
function openDeclinesOf(fb: FigureBid, party: number): number {
  return fb.status === 'offer' && fb.offerParty === party ? fb.level - 1 : 0;
}

/** The partner who may veto `seat`'s act now (1853 `partnerVeto`, §8.6): the next seat of its party played by another player, -1. */
function vetoSeat(s: HandState, seat: number): number {
  if (!s.ruleset.partnerVeto) return -1;
  const party = s.table.party[seat]!;
  for (let i = 1; i < s.table.seats; i++) {
    const p = (seat + i) % s.table.seats;
    if (s.table.party[p] === party && !isSilent(s, p) && s.table.controller[p] !== s.table.controller[seat]) return p;
  }
  return -1;
}

/** `undo`: the bidding before the act, made (non-null) when vetoSeat(s, seat) >= 0 — the seat is the same before and after it. */
function startVetoOrAnswer(s: HandState, seat: number, undo: FigureBid[] | null, figures: number[], tm2 = s.bid.bidAtTargetMinus2, unseenAll = s.bid.unseenAll): void {
  const p = vetoSeat(s, seat);
  if (p >= 0) {
    s.bid.veto = { seat: p, undo: undo!, figures, act: 'bid', actor: seat, queue: [], tm2, unseenAll };
    s.phase = 'veto';
    return;
  }
  settleAnswers(s);
}

/**
 * The veto (1853 [000 p.33]): "Kann kein vermittelnder Ausweg gefunden werden, so hat jedenfalls diejenige
 * Meinung den Vorzug, mit welcher die geringere Gefahr verbunden ist." The partner's protest stands for the
 * less dangerous act, one step down: no bid instead of a bid or a raise, gut instead of holding, holding
 * instead of a Drei. Letting gut is the least dangerous answer; a protest against it could never prevail,
 * so none is asked for.
 */
export function applyVeto(s: HandState, veto: boolean): void {
  bidChanged();
  const b = s.bid;
  const v = b.veto!;
  s.events.push(freezeEvent({ type: 'veto', seat: v.seat, veto, act: v.act }));
  b.veto = null;
  if (veto && v.act === 'bid') {
    b.figs = v.undo;
    // a vetoed bid was never made ("Protestirt er ..., dann muß sie die Vereinigung ihrer Meinungen abwarten"
    // [000 p.33]): a blind all-three bid vetoed does not take away the ask of the party at 10 ([000 p.31])
    b.bidAtTargetMinus2 = v.tm2;
    b.unseenAll = v.unseenAll;
    b.queue = [];
    b.voidBids += 1;
    nextInWindow(s);
    return;
  }
  if (veto) {
    b.figs = v.undo;
    b.queue = v.queue;
    const q = s.table.party[v.actor]!;
    if (v.act === 'hold') answerGut(s, v.actor, q);
    else holdOffer(s, v.actor, q);
  }
  settleAnswers(s);
}

/** Find who answers the head of the queue; silent parties let it gut at once. Back to the window when done. */
function settleAnswers(s: HandState): void {
  const b = s.bid;
  while (b.queue.length > 0 && b.partieWinner < 0) {
    const f = b.queue[0]!;
    const fb = b.figs[f]!;
    const q = nextAnswerer(s, fb);
    const seat = answeringSeat(s, fb, q);
    if (seat >= 0) {
      b.answerSeat = seat;
      s.phase = 'answer';
      return;
    }
    answerGut(s, -1, q);
  }
  b.queue = [];
  nextInWindow(s, true);
}

function answeringSeat(s: HandState, fb: FigureBid, q: number): number {
  const last = fb.lastSeat[q]!;
  if (last >= 0 && !isSilent(s, last)) return last;
  const n = s.table.seats;
  for (let i = 1; i < n; i++) {
    const seat = (fb.offerSeat + i) % n;
    if (s.table.party[seat] === q && !isSilent(s, seat)) return seat;
  }
  return -1;
}

/**
 * The party to answer the open offer next: the other party; with more than two parties (individualBidding)
 * the next one clockwise from the offerer that has not let it gut. -1: all have let it gut.
 */
function nextAnswerer(s: HandState, fb: FigureBid): number {
  const { parties, seats, party } = s.table;
  if (parties === 2) {
    const q = other(fb.offerParty);
    return ((fb.gutBy >>> q) & 1) === 1 ? -1 : q;
  }
  for (let i = 1; i < seats; i++) {
    const p = party[(fb.offerSeat + i) % seats]!;
    if (p !== fb.offerParty && ((fb.gutBy >>> p) & 1) === 0) return p;
  }
  return -1;
}

function answerGut(s: HandState, seat: number, q: number): void {
  const b = s.bid;
  const f = b.queue[0]!;
  const fb = b.figs[f]!;
  const o = fb.offerParty;
  s.events.push(freezeEvent({ type: 'answer', seat, party: q, figure: FIGURES[f]!, answer: 'gut', level: fb.level, aus: fb.aus }));
  fb.gutBy |= 1 << q;
  if (!s.ruleset.obligationSurvivesDecline) fb.obligated[q] = 0;
  if (seat >= 0) fb.lastSeat[q] = seat;
  if (nextAnswerer(s, fb) >= 0) return; // more than two parties: the next one answers (all must let it gut)
  b.queue.shift();
  fb.status = 'closed';
  fb.writtenParty = o;
  fb.writtenPoints = fb.level - 1;
  fb.outcome = fb.aus ? 'ausDeclined' : fb.level === 2 ? 'gut' : 'declinedRaise';
  writeNow(s, o, fb.level - 1, fb.level === 2 ? 'gut' : `${fb.level - 1} gut`, FIGURES[f]!);
}

export function applyAnswer(s: HandState, a: 'gut' | 'hold' | 'raise', to: number): void {
  bidChanged();
  const b = s.bid;
  const seat = b.answerSeat;
  const q = s.table.party[seat]!;
  const f = b.queue[0]!;
  const fb = b.figs[f]!;
  if (a === 'gut') {
    answerGut(s, seat, q);
    settleAnswers(s);
    return;
  }
  // a hold or a Drei may be vetoed by the answerer's partner (1853): keep the bidding before the act
  const vs = vetoSeat(s, seat);
  const undo = vs >= 0 ? b.figs.map(cloneFig) : null;
  const queue = vs >= 0 ? b.queue.slice() : null;
  let act: 'hold' | 'raise' = 'raise';
  const holdOk = mayHold(s, q); // judged before a void raise's penalty changes the score
  if (!(a === 'raise' && raiseTo(s, fb, f, seat, q, to, true))) {
    if (!holdOk) {
      // A-45 alternative: a gestrichen party may not hold; its void raise stands as the gut it must give
      answerGut(s, seat, q);
      settleAnswers(s);
      return;
    }
    // hold (or a void raise, which stands as a hold: holding is allowed when gestrichen, A-45)
    holdOffer(s, seat, q);
    act = 'hold';
  }
  if (vs >= 0 && b.partieWinner < 0) {
    b.veto = { seat: vs, undo: undo!, figures: [f], act, actor: seat, queue: queue!, tm2: b.bidAtTargetMinus2, unseenAll: b.unseenAll };
    s.phase = 'veto';
    return;
  }
  settleAnswers(s);
}

/** Hold the offer at the head of the queue: a stake, the raise right to the holder's party. */
function holdOffer(s: HandState, seat: number, q: number): void {
  const b = s.bid;
  const f = b.queue.shift()!;
  const fb = b.figs[f]!;
  s.events.push(freezeEvent({ type: 'answer', seat, party: q, figure: FIGURES[f]!, answer: 'hold', level: fb.level, aus: fb.aus }));
  fb.status = 'stake';
  fb.raiseRight = q;
  fb.lastSeat[q] = seat;
  fb.outcome = fb.aus ? 'aus' : 'held';
  bind(s, fb, f, seat, q, false);
}

// ---- asking (RULES §11.4) ----

export function applyAsk(s: HandState, seat: number, count: number, type: 'Gleich' | 'Hanger'): void {
  bidChanged();
  const b = s.bid;
  const party = s.table.party[seat]!;
  const [g, h] = reachableCounts(s, seat);
  const typed = s.ruleset.askAtTargetMinus1 === 'dritzig';
  const truthful = typed ? (type === 'Gleich' ? g >= count : h >= count) : Math.max(g, h) >= count;
  b.asked |= 1 << party;
  s.events.push(freezeEvent({ type: 'ask', seat, party, count, kind: type }));
  b.ask = { seat, party, count, type, truthful, answer: 'pending', answerSeat: -1 };
  // the asker is bound to what he asked with ([000 p.30] rule 3)
  if (s.ruleset.askBinds) b.askNeed[seat] = (count << 4) | ((typed ? (type === 'Gleich' ? 1 : 2) : 3) << 8);
  const n = s.table.seats;
  for (let i = 1; i < n; i++) {
    const p = (seat + i) % n;
    if (s.table.party[p] !== party && !isSilent(s, p)) {
      b.ask.answerSeat = p;
      b.answerSeat = p;
      s.phase = 'answer';
      return;
    }
  }
  resolveAsk(s, -1, true);
}

/** May the answering seat reject the ask? Only with a figure of its own as multiple (a Gleich rejects both kinds, a Hanger only a Hanger; A-30). */
export function mayReject(s: HandState, seat: number): boolean {
  const a = s.bid.ask!;
  const [g, h] = reachableCounts(s, seat);
  const r = s.ruleset.askAtTargetMinus1;
  if (r === 'dritzig') return a.type === 'Gleich' ? g >= a.count : Math.max(g, h) >= a.count;
  if (r === 'ibk1717') return Math.max(g, h) >= (s.ruleset.ibkTwofoldAt1717 ? 2 : 3);
  return Math.max(g, h) >= a.count;
}

export function applyAskAnswer(s: HandState, allow: boolean): void {
  bidChanged();
  resolveAsk(s, s.bid.answerSeat, allow);
}

function resolveAsk(s: HandState, seat: number, allow: boolean): void {
  const b = s.bid;
  const a = b.ask!;
  a.answer = allow ? 'allow' : 'reject';
  const opp = other(a.party);
  const rule = s.ruleset.askAtTargetMinus1;
  s.events.push(freezeEvent({ type: 'askAnswer', seat, party: opp, allow, truthful: allow ? a.truthful : rule === 'dritzig' && !a.truthful ? false : null }));
  if (allow) {
    // Granted: the asker shows it and is out ([000 p.29]; "mit der man bereits 15 Punkte erreichen, also 'aus'
    // gehen könnte" [002 §1.6]) — his deal's let-gut claims are checked as he goes out. A "Fünftig erlaubt?"
    // raised by a side below target − 1 only beats the figure asked before: play goes on.
    const viertig = rule === 'viertig' || rule === 'tritzig';
    if (a.truthful && (!viertig || virtualScore(s, a.party) >= s.ruleset.target - 1)) {
      judgeGoingOut(s, a.party, '');
      if (b.partieWinner < 0) writeNow(s, a.party, Math.max(1, s.ruleset.target - virtualScore(s, a.party)), 'the asked figure is shown', null);
    } else if (!a.truthful && viertig) endPartie(s, opp, 'Bummerl: the announced figure does not exist (A-40)');
  } else {
    // the rejecter is bound to an equally multiple figure: a Gleich for a Gleich, a Gleich or a Hanger for a Hanger
    if (s.ruleset.askBinds && seat >= 0) b.askNeed[seat] = (a.count << 4) | ((rule === 'dritzig' && a.type === 'Gleich' ? 1 : 3) << 8);
    if (rule === 'dritzig' && !a.truthful) writeNow(s, opp, 2, 'a false Dritzige ask rejected ([000 p.32])', null);
    // an announced Viertig or Fünftig that does not exist: the Bummerl, found at the end (the first one said)
    if (!a.truthful && (rule === 'viertig' || rule === 'tritzig') && b.bummerl < 0) b.bummerl = a.party;
    // either side may raise it one number higher ("Fünftig erlaubt?", A-40): the asker first (his turn goes
    // on), then the rejecter, who gets a turn right after the asker's unless one is still to come
    const w = b.window;
    if (escalates(s) && seat >= 0 && w !== null && w.indexOf(seat, b.windowAt + 1) < 0) w.splice(b.windowAt + 1, 0, seat);
  }
  nextInWindow(s, true);
}
