// The engine contract (GUIDE guideline 2, OpenSpiel's spiel.h): a hand is a state machine.
//
//   newHand(ruleset, {players, dealer})   the state before the shuffle
//   currentPlayer(state)                  a player index, CHANCE (-1) or TERMINAL (-2)
//   actingSeat(state)                     the hand that acts (differs from the player's seat for the Strohmann)
//   chanceOutcomes(state)                 number of equally likely outcomes at a chance node
//   legalActions(state)                   the decision's legal actions in a stable order
//   applyAction(state, action)            unchecked, in place (hot loops)
//   returns(state)                        points per player at the end
//
// Beside it: checked.ts (explainIllegal: why an action is illegal, in words; applyChecked: the checked path
// for the CLI, human input, recordings and tests), showing.ts (the showing after the tricks), records.ts
// (the frozen records a hand writes).
//
// Guideline 14 (verify / can / do): the hot loop calls applyAction with an action taken from
// legalActions; everything else goes through applyChecked.
//
// Table talk (RULES §13, talk.ts): after every action applyAction looks whether a talk window is due before
// the decision now pending (phase 'talk'); the signs are given at the first lead (startPlay).
import { WELI } from '../cards/card.ts';
import type { RulesVariant } from '../rules/variant.ts';
import { CONCEDE, DECLINE_EXCHANGE, KEEP_CUT, LEAVE_CUT, exchangeOf, sameAction, type Action, type PolicyAction } from './actions.ts';
import { applyCut, applyDeclineExchange, applyExchange, applyKeepCut, applyShuffle, chanceOutcomes, exchangeCards, exchangeIsCompulsory, exchangerNow, permanentPerlaggen as permanentOf, setEndPartie, setStartPlay, shuffleOutcomesFor, takeFromHand } from './deal.ts';
import { freezeEvent } from './history.ts';
import { isRevoke, legalPlaysAt, legalPlaysChecked, openTrick, tctx } from './legality.ts';
import { finishEarly, writeSpielWhenDecided } from './scoring.ts';
import type { ShowOption } from './show-options.ts';
import { answerActions, biddingSeat, vetoActions, windowActions, windowActionsChecked } from './bid-actions.ts';
import { applyAnswer } from './bid-answer.ts';
import { applyAsk, applyAskAnswer } from './bid-ask.ts';
import { applyBid, applyWindowRaise } from './bid-offer.ts';
import { applyVeto } from './bid-veto.ts';
import { applyPass, openWindowFrom, takeDeclaredPasses, setContinue } from './bid-windows.ts';
import { filterBy, filterObligations, obligationFilter } from './obligation-filter.ts';
import { obligationsOf } from './obligations.ts';
import { TwinSwitch } from './twin-switch.ts';
import { LOC, newDeck, nulls, seatTable, seatingOf, zeros, type HandState, type Table, type TableOptions } from './state.ts';
import { effectiveSuit, trickWinnerIndex } from './tricks.ts';
import { applyTalk, giveSigns, newTalk, talkActions, talkBefore, talkSeat } from './talk.ts';
import { cardShort } from '../cards/notation.ts';
import { newBidding } from './bid-state.ts';
import { endPartie } from './partie-score.ts';
import { writeNow } from './going-out.ts';
import { playEvent, playRecord, spielEvent, trickEvent } from './records.ts';
import { advanceShow, allowedShows, cachedShows, knownShowWord, recordShow, startShow } from './showing.ts';

export const CHANCE = -1;

export const TERMINAL = -2;

export class IllegalActionError extends Error {
  override name = 'IllegalActionError';
}

export interface HandOptions extends TableOptions {
  /** The dealer's seat (default 0). Vorhand is the seat to his left (dealer + 1). */
  readonly dealer?: number;
  /** Partie score per party before this deal (default all 0): gestrichen, limits, asks and the end of the Partie depend on it. */
  readonly score?: readonly number[];
  /**
   * Seats that never bid (bit mask; Policy.bidding = 'never'): bid windows skip them and they let every
   * offer gut without a decision. Default: none (every seat may bid). All seats silent = no windows at all.
   */
  readonly silentSeats?: number;
  /**
   * Seats that never talk (bit mask; Policy.talk = 'never', RULES §13, talk.ts): talk windows skip them and
   * nobody asks them. Default: none. No two partners able to talk = no talk phases at all.
   */
  readonly quietSeats?: number;
  /**
   * The simulation switch for revokes (RULES §6.4, §12; default false): a policy may play a card against
   * the follow rules — Observation.revokes lists those plays — and the ruleset's penalty and correction
   * apply when the revoke is found at the end of trick play (`revokePenalty`).
   */
  readonly revokes?: boolean;
}

/** The table newHand would seat, with newHand's checks of the options (and its errors). */
export function probeTable(ruleset: RulesVariant, opts: HandOptions): Table {
  const table = seatTable(ruleset, opts);
  const dealer = opts.dealer ?? 0;
  if (!(Number.isInteger(dealer) && dealer >= 0 && dealer < table.seats)) {
    throw new RangeError(`the dealer's seat must be 0..${table.seats - 1}, got ${dealer}`);
  }
  return table;
}

export function newHand(ruleset: RulesVariant, opts: HandOptions): HandState {
  const table = probeTable(ruleset, opts);
  const dealer = opts.dealer ?? 0;
  const deck = newDeck(ruleset);
  const loc = (deck.length === 33 ? LOC_ALL : LOC_NO_WELI).slice(); // (deckOf: ids 0..n-1; a copy costs less than fill and a loop)
  return {
    ruleset,
    table,
    dealer,
    cutter: (dealer + table.seats - 1) % table.seats, // the right-hand neighbour [000 p.13] [002 §1.3]
    vorhand: (dealer + 1) % table.seats,
    phase: 'shuffle',
    deck,
    shuffleStep: deck.length - 1,
    cutAt: 0,
    cutVisible: -1,
    cutKept: [],
    cutSeen: -1,
    loc,
    handLo: zeros(table.seats),
    handWeli: zeros(table.seats),
    stock: [],
    trump: null,
    perl: null,
    turned: -1,
    faceUp: -1,
    skipped: [],
    shownStock: [],
    exchanges: [],
    exchangeOrder: [],
    exchangeAt: 0,
    exchangeTarget: -1,
    tricks: [],
    turn: -1,
    tricksWon: zeros(table.parties),
    spielParty: -1,
    conceded: -1,
    startLo: [],
    startWeli: [],
    bid: newBidding(table.parties, table.seats, opts.score, opts.silentSeats ?? 0, ruleset.target, ruleset.askAtTargetMinus1, ruleset.individualBidding === 'answerInTurn'),
    talk: newTalk(ruleset, table, opts.quietSeats ?? 0),
    showOrder: [],
    showSplit: 0,
    showAt: 0,
    shows: nulls(table.seats),
    points: zeros(table.parties),
    figureWinners: null,
    revokesAllowed: opts.revokes === true,
    revokes: [],
    events: [],
    actions: [],
    infractions: [],
    obsCache: null,
    showCache: null,
  };
}

/** The card locations before the shuffle: every card of the deck in the pack, the Weli absent without it (copied per hand). */
const LOC_ALL = new Int8Array(33).fill(LOC.pack);

const LOC_NO_WELI = new Int8Array(33).fill(LOC.pack).fill(LOC.absent, 32);

// ---- trick play (RULES §6) ----

function startPlay(s: HandState): void {
  s.phase = 'play';
  s.turn = s.vorhand; // Vorhand leads [000 p.16-17] [002 §1.5]
  s.tricks.push({ leader: s.vorhand, plays: [], winner: -1 });
  s.startLo = s.handLo.slice();
  s.startWeli = s.handWeli.slice();
  giveSigns(s); // RULES §13: the partners' secret signs, at the first lead
  enterPlay(s);
}

setStartPlay(startPlay);

setEndPartie((s, winner, reason) => {
  endPartie(s, winner, reason);
  finishEarly(s);
});

/**
 * Before every card: the bid windows of bid-windows.ts (the unseen window before the first lead, then one
 * before each card), then the card. Without bidding this is just phase 'play'.
 */
function enterPlay(s: HandState): void {
  s.phase = 'play';
  const b = s.bid;
  if (!b.active) return;
  if (b.partieWinner >= 0) {
    finishEarly(s);
    return;
  }
  const t = s.tricks.length - 1;
  if (t === 0 && s.tricks[0]!.plays.length === 0 && openWindowFrom(s, -1, s.turn)) return;
  if (openWindowFrom(s, t, s.turn)) return;
  s.phase = 'play';
}

/** Where play goes on after a window closes (bid-windows.ts calls it). */
function afterWindow(s: HandState): void {
  if (s.bid.partieWinner >= 0) {
    finishEarly(s);
    return;
  }
  if (s.bid.resume === 'play') {
    // A Spiel let gut (or a raise on it declined) is decided and already written: trick play stops here
    // ("sobald eine Parthei ... das Spiel gut gelassen ... hat" [000 p.17], RULES §6.1). Play on would let a
    // later concede write the Spiel a second time.
    const spiel = s.bid.figs[0]!;
    if (spiel.status === 'closed' && s.spielParty === -1) endPlay(s, spiel.writtenParty);
    else enterPlay(s);
  } else advanceShow(s);
}

setContinue(afterWindow);

/**
 * Is the Spiel decided? A party reached `spielTricks` (3), or no party can reach it with the tricks left
 * (three players each for himself, or six players 2:2 — it "geht unter", A-41). Under `spielDefinition:
 * 'lastTrick'` it is decided by the last trick.
 */
function spielDecision(s: HandState): number | null {
  const total = s.table.handSize;
  let done = 0; // (an index loop: filter allocates a list and calls a closure per trick)
  for (let i = 0; i < s.tricks.length; i++) if (s.tricks[i]!.winner >= 0) done++;
  if (s.ruleset.spielDefinition === 'lastTrick') {
    if (done < total) return null;
    return seatingOf(s.table).party[s.tricks[total - 1]!.winner]!;
  }
  const need = s.table.spielTricks;
  let canStill = false;
  for (let p = 0; p < s.table.parties; p++) {
    if (s.tricksWon[p]! >= need) return p;
    if (s.tricksWon[p]! + (total - done) >= need) canStill = true;
  }
  return canStill ? null : -2;
}

export function applyPlay(s: HandState, card: number, as: number | null, revoke: boolean): void {
  const seat = s.turn;
  const trick = s.tricks[s.tricks.length - 1]!;
  if (revoke) s.revokes.push({ trick: s.tricks.length - 1, seat, card, as, found: false, cleared: false });
  takeFromHand(s, seat, card);
  s.loc[card] = LOC.table;
  const plays = trick.plays;
  plays.push(playRecord(seat, card, as));
  s.events.push(playEvent(seat, card, as, s.tricks.length - 1));
  if (plays.length < s.table.seats) {
    s.turn = (seat + 1) % s.table.seats;
    enterPlay(s);
    return;
  }
  const n = plays.length;
  // the trick's cards and identities for trickWinnerIndex, in scratch lists (index loops, no closures)
  for (let i = 0; i < n; i++) {
    trickCards[i] = plays[i]!.card;
    trickIds[i] = plays[i]!.as;
  }
  const winner = plays[trickWinnerIndex(tctx(s), trickCards, trickIds, n)]!.seat;
  trick.winner = winner;
  s.tricksWon[seatingOf(s.table).party[winner]!]! += 1;
  s.events.push(trickEvent(s.tricks.length - 1, winner));
  let d = spielDecision(s);
  if (d !== null && s.revokes.length > 0 && s.ruleset.revokePenalty === 'substitute' && substituteRevokes(s)) {
    // judged on the corrected tricks the Spiel may be open again: play goes on from the last trick's winner
    d = spielDecision(s);
    if (d === null) {
      const last = s.tricks[s.tricks.length - 1]!.winner;
      s.tricks.push({ leader: last, plays: [], winner: -1 });
      s.turn = last;
      enterPlay(s);
      return;
    }
  }
  if (d !== null) {
    endPlay(s, d);
    return;
  }
  s.tricks.push({ leader: winner, plays: [], winner: -1 });
  s.turn = winner;
  enterPlay(s);
}

const trickCards: number[] = [];

const trickIds: Array<number | null> = [];

/**
 * 1853 (`revokePenalty: 'substitute'`, [000 p.31], GC-64): when trick play is over, every revoke not yet
 * found is corrected: "die später bei ihm zum Vorschein kommende Farbe oder der Trumpf" is put in place of
 * the wrong card — the first card of the led suit (else a plain trump) he laid later, else the lowest he
 * still holds — and the wrong card takes its place; the tricks are judged again on that. No penalty points.
 * The revokes are corrected in the order made, each judged on the lie the corrections before it left: a
 * second revoke on a suit of which the seat held a single card was none — once that card stands in the
 * first wrong card's place, he held no card of the suit at the second ("das Spiel nach dieser Lage
 * beurtheilt"), so his card there stands, and no trump is put in its place.
 * Returns whether anything was found.
 */
function substituteRevokes(s: HandState): boolean {
  let any = false;
  const ctx = tctx(s);
  const perl = s.perl!;
  for (const rv of s.revokes) {
    if (rv.found) continue;
    rv.found = true;
    const t = s.tricks[rv.trick]!;
    const i = t.plays.findIndex((p) => p.seat === rv.seat);
    const led = effectiveSuit(ctx, t.plays[0]!.card, t.plays[0]!.as);
    const fits = (c: number, suit: number) => perl.level[c] === 0 && (c === 32 ? 1 : c >>> 3) === suit;
    // [000 p.31]: did he, as the cards now lie, still hold what obliged him at that trick (a plain card of the
    // led suit, or a Perlagg where one counts as holding it, A-04) — laid later or still in hand?
    const obliges = (c: number) => fits(c, led) || (s.ruleset.follow.perlaggCountsAsHoldingSuit && perl.level[c]! > 0);
    let held = false;
    for (let u = rv.trick + 1; u < s.tricks.length && !held; u++) for (const p of s.tricks[u]!.plays) if (p.seat === rv.seat && obliges(p.card)) held = true;
    for (let c = 0; c < 32 && !held; c++) if (((s.handLo[rv.seat]! >>> c) & 1) === 1 && obliges(c)) held = true;
    if (!held && s.handWeli[rv.seat] === 1 && obliges(WELI)) held = true;
    if (!held) {
      rv.cleared = true; // no revoke after the corrections before it: the card stands as laid
      continue;
    }
    any = true;
    let sub = -1;
    let at: { trick: number; index: number } | null = null;
    for (const suit of led === ctx.trump ? [led] : [led, ctx.trump]) {
      for (let u = rv.trick + 1; u < s.tricks.length && sub < 0; u++) {
        const j = s.tricks[u]!.plays.findIndex((p) => p.seat === rv.seat && fits(p.card, suit));
        if (j >= 0) {
          sub = s.tricks[u]!.plays[j]!.card;
          at = { trick: u, index: j };
        }
      }
      if (sub < 0) for (let c = 0; c < 32 && sub < 0; c++) if (((s.handLo[rv.seat]! >>> c) & 1) === 1 && fits(c, suit)) sub = c;
      if (sub >= 0) break;
    }
    if (sub >= 0) {
      const wrong = t.plays[i]!;
      t.plays[i] = Object.freeze({ seat: rv.seat, card: sub, as: null });
      if (at !== null) {
        s.tricks[at.trick]!.plays[at.index] = wrong;
      } else {
        takeFromHand(s, rv.seat, sub);
        s.loc[sub] = LOC.table;
        if (wrong.card === WELI) s.handWeli[rv.seat] = 1;
        else s.handLo[rv.seat] = (s.handLo[rv.seat]! | (1 << wrong.card)) >>> 0;
        s.loc[wrong.card] = rv.seat;
      }
    }
    s.events.push(freezeEvent({ type: 'revoke', seat: rv.seat, trick: rv.trick, card: rv.card, substitute: sub, penalty: 'substitute' }));
  }
  if (!any) return false;
  // judge every trick again on the cards as they now lie
  s.tricksWon.fill(0);
  for (let k = 0; k < s.tricks.length; k++) {
    const t = s.tricks[k]!;
    if (t.winner < 0) continue;
    const w = t.plays[trickWinnerIndex(ctx, t.plays.map((p) => p.card), t.plays.map((p) => p.as), t.plays.length)]!.seat;
    if (w !== t.winner) s.events.push(freezeEvent({ type: 'trick', index: k, winner: w }));
    t.winner = w;
    s.tricksWon[seatingOf(s.table).party[w]!]! += 1;
  }
  s.obsCache = null; // the tricks changed under the observations' caches
  return true;
}

/** Conceding the Spiel ("gut lassen"): with two parties the other party makes it and play stops (§6.1). */
function applyConcede(s: HandState): void {
  const seat = s.turn;
  const party = seatingOf(s.table).party[seat]!;
  s.conceded = party;
  s.events.push(freezeEvent({ type: 'concede', seat, party }));
  endPlay(s, 1 - party);
}

function endPlay(s: HandState, party: number): void {
  s.spielParty = party;
  const open = openTrick(s);
  if (open !== null && open.plays.length === 0) s.tricks.pop();
  s.events.push(spielEvent(party, s.tricksWon));
  if (s.conceded >= 0 && party >= 0) {
    // Letting the Spiel gut: it counts as made and written at once (RULES §8.2, [003 §12]) — at its stake when held.
    const fb = s.bid.figs[0]!;
    const pts = fb.status === 'stake' ? (fb.aus ? Math.max(fb.level, s.ruleset.target - s.bid.score[party]! - s.bid.written[party]!) : fb.level) : 1;
    fb.status = 'closed';
    fb.writtenParty = party;
    fb.writtenPoints = pts;
    fb.outcome = 'conceded';
    writeNow(s, party, pts, 'the Spiel is let gut', 'Spiel');
    if (s.bid.partieWinner >= 0) {
      finishEarly(s);
      return;
    }
  } else if (party >= 0 && s.ruleset.writeTiming === 'allImmediate') {
    writeSpielWhenDecided(s, party); // written when decided, not after the deal
    if (s.bid.partieWinner >= 0) {
      finishEarly(s);
      return;
    }
  }
  startShow(s);
}

/**
 * The showing choices of the decision now as the cache holds them (allowedShows without the copy; nobody may
 * change the list): for the runner's match of a policy's show (src/play/hand.ts).
 */
export function showChoicesNow(s: HandState): readonly ShowOption[] {
  return cachedShows(s, actingSeat(s));
}

// ---- the contract ----

/** The hand that acts now (a seat), -1 at chance or terminal nodes. */
export function actingSeat(s: HandState): number {
  switch (s.phase) {
    case 'cutKeep':
      return s.cutter;
    case 'exchange':
      return exchangerNow(s);
    case 'play':
      return s.turn;
    case 'show':
      return s.showOrder[s.showAt]!;
    case 'window':
    case 'answer':
    case 'veto':
      return biddingSeat(s);
    case 'talk':
      return talkSeat(s);
    default:
      return -1;
  }
}

export function currentPlayer(s: HandState): number {
  if (s.phase === 'shuffle' || s.phase === 'cut') return CHANCE;
  if (s.phase === 'done') return TERMINAL;
  return seatingOf(s.table).controller[actingSeat(s)]!;
}

export function isTerminal(s: HandState): boolean {
  return s.phase === 'done';
}

export { chanceOutcomes };

/** Can the acting party concede the Spiel now? Only with two parties, during trick play. */
export function mayConcede(s: HandState): boolean {
  return s.table.parties === 2 && s.phase === 'play' && s.bid.figs[0]!.status !== 'closed';
}

/** legalActions' scratch list for the plays (written by index, never shrunk; its tail past a list is stale shared records). */
const PLAY_SCRATCH: PolicyAction[] = [];

/** The legal actions of the decision now, in a stable order (empty at chance and terminal nodes). */
export function legalActions(s: HandState): PolicyAction[] {
  let out: PolicyAction[];
  switch (s.phase) {
    case 'play': {
      // the plays (and the concession) written into a scratch list and copied out at their exact length: no
      // fresh array grown play by play (a Perlagg brings 33). Nothing between the writes and the copy calls
      // out of the engine, so the scratch is never in use twice.
      let n = legalPlaysAt(s, s.turn, PLAY_SCRATCH, 0);
      const concede = mayConcede(s);
      if (concede) PLAY_SCRATCH[n++] = CONCEDE;
      out = PLAY_SCRATCH.slice(0, n);
      // a bound seat's plays: the obligation filter card by card (obligation-filter.ts filterObligations, which keeps
      // the concession, no play); where it leaves no card (strict follow switches), the obligation yields to
      // the follow rules (RULES §8.5)
      if (s.bid.active && obligationsOf(s, s.turn) !== 0) {
        filterObligations(s, s.turn, out, 0);
        if (out.length === (concede ? 1 : 0)) out = PLAY_SCRATCH.slice(0, n); // (the plays the follow rules allow, still in the scratch)
      }
      break;
    }
    case 'window':
      out = [];
      windowActions(s, biddingSeat(s), out);
      break;
    default:
      out = [];
      otherActions(s, out);
  }
  if (legalTwins.on) {
    legalTwins.count += 1;
    const twin = legalActionsChecked(s);
    if (twin.length !== out.length || twin.some((a, i) => !sameRecord(a, out[i]!))) {
      throw new Error(`legalActions twin differs in phase ${s.phase} for P${actingSeat(s) + 1}: ${out.length} actions, the twin ${twin.length}`);
    }
    // outside a showing every legal record is one of the engine's frozen shared records: the runner takes a
    // policy's answer that is one of them by identity alone (play.ts identical; its twin, this check)
    if (s.phase !== 'show') {
      for (const a of out) if (!Object.isFrozen(a)) throw new Error(`legalActions in phase ${s.phase}: an unfrozen record ${JSON.stringify(a)}`);
    }
  }
  return out;
}

/** The legal actions of the phases other than trick play and the bid windows (which have fast paths and twins). */
function otherActions(s: HandState, out: PolicyAction[]): void {
  switch (s.phase) {
    case 'cutKeep':
      out.push(KEEP_CUT, LEAVE_CUT);
      break;
    case 'exchange': {
      const seat = exchangerNow(s);
      for (const card of exchangeCards(s, seat)) out.push(exchangeOf(card));
      if (!exchangeIsCompulsory(s, seat)) out.push(DECLINE_EXCHANGE);
      break;
    }
    case 'show':
      for (const o of allowedShows(s, actingSeat(s))) out.push({ kind: 'show', as: o.as });
      break;
    case 'answer':
      answerActions(s, out);
      break;
    case 'veto':
      vetoActions(out);
      break;
    case 'talk':
      talkActions(s, out);
      break;
    default:
      break;
  }
}

/** The same record: identical (shared records), or for shows (a fresh record each call) the same fields. */
function sameRecord(a: PolicyAction, b: PolicyAction): boolean {
  return a === b || (a.kind === 'show' && b.kind === 'show' && sameAction(a, b));
}

/**
 * Tests: compare every legalActions list with legalActionsChecked's as it is asked, record by record (a
 * fault is thrown at the first difference). Off by default.
 */
const legalTwins = new TwinSwitch();

/** Switch the comparison on or off; returns the number of lists compared since the last call. */
export function checkLegalTwins(on: boolean): number {
  return legalTwins.set(on);
}

/** legalActions built as before its fast paths (the twin): legalPlaysChecked, obligationFilter's verdict per play, windowActionsChecked. */
export function legalActionsChecked(s: HandState): PolicyAction[] {
  const out: PolicyAction[] = [];
  if (s.phase === 'play') {
    legalPlaysChecked(s, s.turn, out);
    if (s.bid.active && obligationsOf(s, s.turn) !== 0) {
      filterBy(out, 0, obligationFilter(s, s.turn));
      if (out.length === 0) legalPlaysChecked(s, s.turn, out); // the obligation yields (RULES §8.5)
    }
    if (mayConcede(s)) out.push(CONCEDE);
  } else if (s.phase === 'window') windowActionsChecked(s, biddingSeat(s), out);
  else otherActions(s, out);
  return out;
}

/** Apply without checks (the action must come from legalActions, or be a valid chance outcome). In place. */
export function applyAction(s: HandState, a: Action): void {
  applyOne(s, a);
  if (s.talk !== null) talkBefore(s); // RULES §13: a talk window before the decision now due (talk.ts)
  // A bid window decision due now, its table talk over or none opened: the passes its seats declared
  // (Bidding.declared), taken in order after that talk; then talk looks again, as after each pass.
  if (s.phase === 'window' && (s.bid.declared | s.bid.declared2) !== 0 && takeDeclaredPasses(s) && s.talk !== null) talkBefore(s);
}

/**
 * The whole shuffle in one call (the hot loop's chance steps): each Fisher–Yates step draws its outcome from
 * `chance` (below(n): uniform in 0..n-1) and is applied as applyAction applies `record(outcome)` (a chance
 * action of that outcome) — the same
 * draws, records, events and state as one applyAction per step. Does nothing outside the shuffle.
 */
export function applyShuffleFrom(s: HandState, chance: { below(n: number): number }, record: (outcome: number) => Action): void {
  if (s.phase !== 'shuffle') return;
  while (s.phase === 'shuffle') {
    const outcome = chance.below(s.shuffleStep + 1);
    s.actions.push(record(outcome));
    applyShuffle(s, outcome);
  }
  if (s.talk !== null) talkBefore(s); // what applyAction does after each step (no talk during the shuffle)
}

function applyOne(s: HandState, a: Action): void {
  s.actions.push(a);
  switch (a.kind) {
    case 'chance':
      if (s.phase === 'shuffle') applyShuffle(s, a.outcome);
      else applyCut(s, a.outcome);
      return;
    case 'keepCut':
      applyKeepCut(s, a.keep);
      return;
    case 'exchange':
      applyExchange(s, a.card);
      return;
    case 'declineExchange':
      applyDeclineExchange(s);
      return;
    case 'play':
      applyPlay(s, a.card, a.as, s.revokesAllowed && isRevoke(s, s.turn, a.card, a.as));
      return;
    case 'concede':
      applyConcede(s);
      return;
    case 'show': {
      const seat = actingSeat(s);
      recordShow(s, seat, a.as, knownShowWord(s, seat, a.as));
      advanceShow(s);
      return;
    }
    case 'pass':
      applyPass(s);
      return;
    case 'bid':
      applyBid(s, biddingSeat(s), a.figures, a.cumulative, a.unseen);
      return;
    case 'raise':
      if (s.phase === 'answer') applyAnswer(s, 'raise', a.to);
      else applyWindowRaise(s, biddingSeat(s), a.figure, a.to);
      return;
    case 'gut':
    case 'hold':
      applyAnswer(s, a.kind, 0);
      return;
    case 'veto':
    case 'consent':
      applyVeto(s, a.kind === 'veto');
      return;
    case 'ask':
      applyAsk(s, biddingSeat(s), a.count, a.type);
      return;
    case 'allow':
    case 'reject':
      applyAskAnswer(s, a.kind === 'allow');
      return;
    case 'say':
    case 'quiet':
      applyTalk(s, a);
      return;
  }
}

/** Points per party (empty of meaning before the end). */
export function partyPoints(s: HandState): readonly number[] {
  return s.points;
}

/** Points per player: his party's points in this deal (silent scoring; not zero-sum). */
export function returns(s: HandState): number[] {
  const { table } = s;
  // an index loop: a closure made per hand costs a defineProperty under tsx (esbuild keepNames)
  const seats = table.seatOfPlayer;
  const out = new Array<number>(seats.length);
  for (let p = 0; p < seats.length; p++) out[p] = s.points[table.party[seats[p]!]!]!;
  return out;
}

// ---- set-ups for tests, the CLI and bots ----

/** A deal given card by card (test and CLI set-ups): hands by seat, the turn-up, the stock. */
export interface DealLayout {
  /** Cards of each seat (5 each; 4 with six players). */
  readonly hands: ReadonlyArray<readonly number[]>;
  /** Cards turned up before the trump card (skipped, A-32), then the trump card. */
  readonly skipped?: readonly number[];
  readonly turned: number;
  /** The stock, top first; default: every other card ascending. */
  readonly stock?: readonly number[];
  /**
   * The permanent Perlaggen the cutter kept at the cut, in the order he kept them; each is one of his
   * hand's cards. Default none. The hand stops at his first cutKeep decision: the recording's "keep" lines
   * take them (and a "leave" the card shown after them, the stock's bottom card).
   */
  readonly cutKept?: readonly number[];
  /**
   * How many cards the cutter lifted (default: one more than he kept). Only the kept cards and the cards
   * lifted above them matter: with exactly as many as he kept, the packet is used up and no card is shown
   * after them (a `leave` is then not asked).
   */
  readonly cutAt?: number;
}

/**
 * The hand as dealt from this layout, through the real shuffle, cut and deal (the shuffle outcomes that
 * give this pack are computed; the cut lifts one card, which is the stock's bottom card: a permanent
 * Perlagg there gives the cutter his cutKeep decision). Without a given stock the stock's bottom card is a
 * plain one, and the state stops at the first decision after the turn-up (an exchange, or Vorhand's lead).
 * With `cutKept` the cut lifts one card more per kept Perlagg: they lie at the lifted packet's bottom, shown
 * one by one, and the state stops at the cutter's first cutKeep decision; he is dealt that many fewer cards.
 */
export function handFromLayout(ruleset: RulesVariant, opts: HandOptions, layout: DealLayout): HandState {
  const s = newHand(ruleset, opts);
  const { seats, handSize } = s.table;
  if (layout.hands.length !== seats) throw new RangeError(`layout needs ${seats} hands`);
  const kept = layout.cutKept ?? [];
  const cutter = s.cutter;
  if (kept.length > 0) {
    if (!ruleset.cutterKeepsPermanentPerlaggen) throw new RangeError(`the cutter keeps no Perlagg at the cut in ${ruleset.name}`);
    const perms = new Set(permanentOf(ruleset));
    for (const c of kept) {
      if (!perms.has(c)) throw new RangeError(`${cardShort(c)} is no permanent Perlagg: the cutter keeps only those at the cut`);
      if (!layout.hands[cutter]!.includes(c)) throw new RangeError(`${cardShort(c)} kept at the cut is not in the cutter's hand`);
    }
    if (new Set(kept).size !== kept.length) throw new RangeError('a card is kept at the cut twice');
    if (ruleset.cutRepeat !== 'repeat' && kept.length > 1) throw new RangeError(`the cutter keeps one Perlagg at the cut in ${ruleset.name}, not ${kept.length}`);
  }
  const taken = new Set<number>();
  const use = (c: number) => {
    if (s.loc[c] !== LOC.pack || taken.has(c)) throw new RangeError(`card ${cardShort(c)} is not in the deck or used twice`);
    taken.add(c);
  };
  for (const h of layout.hands) {
    if (h.length !== handSize) throw new RangeError(`each hand has ${handSize} cards`);
    h.forEach(use);
  }
  const skipped = layout.skipped ?? [];
  skipped.forEach(use);
  use(layout.turned);
  const perm = new Set(ruleset.cutterKeepsPermanentPerlaggen ? permanentOf(ruleset) : []);
  let rest = layout.stock ?? s.deck.filter((c) => !taken.has(c));
  // The card visible at the cut ends at the bottom of the stock: by default keep a plain card there.
  if (layout.stock === undefined) rest = [...rest.filter((c) => perm.has(c)), ...rest.filter((c) => !perm.has(c))];
  rest.forEach(use);
  if (taken.size !== s.deck.length) throw new RangeError('the layout must place every card of the deck');
  // The dealing sequence of dealAll: the cutter's kept cards are his already, the rest of each hand is dealt.
  const dealtOf = layout.hands.map((h, seat) => (seat === cutter ? h.filter((c) => !kept.includes(c)) : h));
  const pos = new Array<number>(seats).fill(0);
  pos[cutter] = kept.length;
  const from = new Array<number>(seats).fill(0);
  const seq: number[] = [];
  while (pos.some((p) => p < handSize)) {
    for (const quota of ruleset.dealPattern) {
      for (let i = 1; i <= seats; i++) {
        const seat = (s.dealer + i) % seats;
        const n = Math.min(quota, handSize - pos[seat]!);
        for (let k = 0; k < n; k++) {
          seq.push(dealtOf[seat]![from[seat]!++]!);
          pos[seat]!++;
        }
      }
    }
  }
  const pack = [...seq, ...skipped, layout.turned, ...rest];
  const n = pack.length;
  // the cutter lifts c cards: the kept ones are the lifted packet's bottom cards, shown first to last, and the
  // c - k above them end the pack (the stock's bottom cards; the lowest of them is the card shown after the
  // kept ones). The pack dealt is deck[c..] ++ deck[0..c-k-1], so
  // deck = [the pack's last c - k cards, the kept cards last to first, the rest of the pack].
  const c = layout.cutAt ?? kept.length + 1;
  if (!Number.isInteger(c) || c < Math.max(1, kept.length) || c - kept.length > n) throw new RangeError(`the cut lifts ${c} cards: at least one and as many as are kept (${kept.length}), at most ${n + kept.length}`);
  const above = c - kept.length;
  const deck = [...pack.slice(n - above), ...kept.slice().reverse(), ...pack.slice(0, n - above)];
  for (const o of shuffleOutcomesFor(s.deck, deck)) applyAction(s, { kind: 'chance', outcome: o });
  applyAction(s, { kind: 'chance', outcome: c - 1 });
  return s;
}
