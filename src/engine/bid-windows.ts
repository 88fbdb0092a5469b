// RULES §8.4: the bid windows — where they open, whose turn it is, the passes the policies declared, and on
// with play (or the showing) when a window is over; the seats' verdicts remembered per situation as masks.
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
//
// How a window's seat acts: bid-offer.ts (bids, raises), bid-answer.ts (the answers), bid-veto.ts, bid-ask.ts;
// the legal actions of the bidding phases: bid-actions.ts.
import { popcount32 } from '../cards/mask.ts';
import { PASS } from './actions.ts';
import { F_GLEICH, F_HANGER, F_SPIEL, bidChanged, bidGeneration, type Bidding } from './bid-state.ts';
import { askAllowed, blindAllThreeOnly, figureOpenForBid, isSilent, mayRaiseStake, mayStillAsk, otherParty, partyMayBidMore, spielOpen } from './bid-rights.ts';
import { openTrick } from './legality.ts';
import { virtualScore } from './partie-score.ts';
import type { HandState } from './state.ts';
import { TwinSwitch } from './twin-switch.ts';
import { WINDOW_AFTER_SPIEL, WINDOW_LATER_LEAD, WINDOW_SPIEL_LEAD, WINDOW_TRICK_OPEN, WINDOW_UNSEEN, declaresPassChecked, opponentHasShown, partyTricks, windowKindOfChecked } from './window-passes.ts';

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
export function nextInWindow(s: HandState, stay = false): void {
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

// What a seat may do in the open window depends on its party, the bidding and where the window is (its point,
// whether a trick is open, whether the Spiel is still open), nothing else — and of the point only whether it
// is the unseen window, the first trick's (the asks), a later trick's or after the Spiel: it is worked out
// once per party and situation (situation: 16 of them), and remembered until the bidding changes (each act that changes it: bid-state.ts bidChanged),
// instead of at every seat's turn of every window — the twins (…Checked) read the state. Bits: WI_DONE
// known, WI_ACT the seat has a window action, WI_ASK it may ask, WI_THREE only a blind bid of all three, open
// figures (3 bits at WI_OPEN), raisable stakes (3 bits at WI_RAISE), the window kind (3 bits at WI_KIND).
const WI_DONE = 1;
const WI_ACT = 2;
export const WI_ASK = 4;
export const WI_THREE = 8;
export const WI_OPEN = 4;
export const WI_RAISE = 7;
const WI_KIND = 10;
const WI_PARTIES = 16; // tables have fewer than 16 seats
let windowInfoOf: HandState | null = null;
let windowInfoBid: Bidding | null = null;
/** The window whose situation (windowSit) is known. */
let windowSitOf: readonly number[] | null = null;
let windowSit = 0;
/** Per situation (windowSit) and party: the window facts, valid while windowInfoGens holds the generation. */
const windowInfos = new Int32Array(16 * WI_PARTIES);
const windowInfoGens = new Float64Array(16 * WI_PARTIES).fill(-1);

export function windowInfo(s: HandState, seat: number): number {
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
  if (windowInfoGens[k] === bidGeneration) return windowInfos[k]!;
  const info = windowInfoOfParty(s, seat, party, sit);
  windowInfos[k] = info;
  windowInfoGens[k] = bidGeneration;
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
  const three = openMask !== 0 && point < 0 && rfAskFirst && mayStillAsk(s, otherParty(party)); // blindAllThreeOnly
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
export const windowTwins = new TwinSwitch();

/** Switch the comparison on or off; returns the number of answers compared since the last call. */
export function checkWindowTwins(on: boolean): number {
  return windowTwins.set(on);
}

export function twinFault(what: string, s: HandState, seat: number): never {
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
