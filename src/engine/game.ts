// The engine contract (GUIDE guideline 2, OpenSpiel's spiel.h): a hand is a state machine.
//
//   newHand(ruleset, {players, dealer})   the state before the shuffle
//   currentPlayer(state)                  a player index, CHANCE (-1) or TERMINAL (-2)
//   actingSeat(state)                     the hand that acts (differs from the player's seat for the Strohmann)
//   chanceOutcomes(state)                 number of equally likely outcomes at a chance node
//   legalActions(state)                   the decision's legal actions in a stable order
//   applyAction(state, action)            unchecked, in place (hot loops)
//   explainIllegal(state, action)         why an action is illegal, in words (null = legal)
//   applyChecked(state, action)           checked path for the CLI, human input and tests
//   returns(state)                        points per player at the end
//
// Guideline 14 (verify / can / do): the hot loop calls applyAction with an action taken from
// legalActions; everything else goes through applyChecked.
//
// Table talk (RULES §13, talk.ts): after every action applyAction looks whether a talk window is due before
// the decision now pending (phase 'talk'); the signs are given at the first lead (startPlay).
import { WELI } from '../cards/card.ts';
import type { RulesVariant } from '../rules/variant.ts';
import { CONCEDE, DECLINE_EXCHANGE, KEEP_CUT, LEAVE_CUT, actionText, exchangeOf, sameAction, type Action, type PolicyAction } from './actions.ts';
import {
  applyCut,
  applyDeclineExchange,
  applyExchange,
  applyKeepCut,
  applyShuffle,
  chanceOutcomes,
  exchangeCards,
  exchangeIsCompulsory,
  exchangerNow,
  exchangeTarget,
  applyLeftToPartner,
  explainLeftToPartner,
  permanentPerlaggen as permanentOf,
  setEndPartie,
  setStartPlay,
  shuffleOutcomesFor,
  takeFromHand,
} from './deal.ts';
import { freezeEvent, type HandEvent } from './history.ts';
import { explainPlay, isRevoke, legalPlaysAt, legalPlaysChecked, openTrick, revokePlays, tctx } from './legality.ts';
import { finishEarly, scoreHand, writeSpielWhenDecided } from './scoring.ts';
import { freePerlaggen, showOptions, shownWord, touchShowEntries, type ShowOption } from './show-options.ts';
import { answerActions, biddingSeat, vetoActions, windowActions, windowActionsChecked } from './bid-actions.ts';
import { applyAnswer } from './bid-answer.ts';
import { applyAsk, applyAskAnswer } from './bid-ask.ts';
import { applyBid, applyWindowRaise } from './bid-offer.ts';
import { mayRaiseStake } from './bid-rights.ts';
import { applyVeto } from './bid-veto.ts';
import { applyPass, openWindow, openWindowFrom, takeDeclaredPasses, setContinue } from './bid-windows.ts';
import { filterBy, filterObligations, obligationFilter, obligationFilterChecked } from './obligation-filter.ts';
import { obligationsOf, playKeepsObligations, showMeetsObligations, takeOnRefusal } from './obligations.ts';
import { TwinSwitch } from './twin-switch.ts';
import { LOC, newDeck, nulls, seatTable, seatingOf, zeros, type HandState, type Table, type TableOptions } from './state.ts';
import { effectiveSuit, trickWinnerIndex } from './tricks.ts';
import { applyTalk, explainTalk, giveSigns, newTalk, talkActions, talkBefore, talkSeat } from './talk.ts';
import { wordGleich, wordHanger, wordHangerSuit } from '../eval/figures.ts';
import { cardShort } from '../cards/notation.ts';
import { newBidding } from './bid-state.ts';
import { endPartie } from './partie-score.ts';
import { writeNow } from './going-out.ts';

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

function applyPlay(s: HandState, card: number, as: number | null, revoke: boolean): void {
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

// The records of a card laid (the trick's entry and the 'play' event) and of a trick won ('trick' event) are
// flat frozen records of a few small numbers: each distinct one is built and frozen once (Object.freeze of a
// fresh record costs more than the rest of the step) and shared by every hand that lays that card — records
// are read only, and nothing keys on their identity. Their slow twins are the literals (playRecordChecked …),
// compared over the whole key space in test/engine/records.test.ts.
const RECORD_SEATS = 8;
const RECORD_TRICKS = 8;
const IDS = 34; // as: null, 0..32
const playRecords: Array<PlayedCardRecord | undefined> = new Array(RECORD_SEATS * 33 * IDS);
const playEvents: Array<PlayEvent | undefined> = new Array(RECORD_TRICKS * RECORD_SEATS * 33 * IDS);
const trickEvents: Array<TrickEvent | undefined> = new Array(RECORD_TRICKS * RECORD_SEATS);
// The cards laid as themselves (as null: most plays) in tables of their own, a few KiB: the big tables' slots
// for them lie a cache line apart each, and every hand's plays missed the cache there.
const plainPlayRecords: Array<PlayedCardRecord | undefined> = new Array(RECORD_SEATS * 33);
const plainPlayEvents: Array<PlayEvent | undefined> = new Array(RECORD_TRICKS * RECORD_SEATS * 33);
type PlayedCardRecord = HandState['tricks'][number]['plays'][number];
type PlayEvent = Extract<HandEvent, { type: 'play' }>;
type TrickEvent = Extract<HandEvent, { type: 'trick' }>;

/** Is (seat, card, as) inside the shared records' key space? */
function inRecordSpace(seat: number, card: number, as: number | null): boolean {
  return (seat | 0) === seat && seat >= 0 && seat < RECORD_SEATS && (card | 0) === card && card >= 0 && card <= 32 && (as === null || ((as | 0) === as && as >= 0 && as <= 32));
}

/** The frozen record of `seat` laying `card` as `as` (a trick's entry), shared. */
export function playRecord(seat: number, card: number, as: number | null): PlayedCardRecord {
  if (!inRecordSpace(seat, card, as)) return playRecordChecked(seat, card, as);
  if (as === null) return (plainPlayRecords[seat * 33 + card] ??= playRecordChecked(seat, card, null));
  const i = (seat * 33 + card) * IDS + as + 1;
  return (playRecords[i] ??= playRecordChecked(seat, card, as));
}
export function playRecordChecked(seat: number, card: number, as: number | null): PlayedCardRecord {
  return Object.freeze({ seat, card, as });
}

/** The frozen 'play' event, shared. */
export function playEvent(seat: number, card: number, as: number | null, trick: number): PlayEvent {
  if (!inRecordSpace(seat, card, as) || !((trick | 0) === trick && trick >= 0 && trick < RECORD_TRICKS)) return playEventChecked(seat, card, as, trick);
  if (as === null) return (plainPlayEvents[(trick * RECORD_SEATS + seat) * 33 + card] ??= playEventChecked(seat, card, null, trick));
  const i = ((trick * RECORD_SEATS + seat) * 33 + card) * IDS + as + 1;
  return (playEvents[i] ??= playEventChecked(seat, card, as, trick));
}
export function playEventChecked(seat: number, card: number, as: number | null, trick: number): PlayEvent {
  return Object.freeze({ type: 'play', seat, card, as, trick }); // flat: nothing nested to freeze
}

/** The frozen 'trick' event, shared. */
export function trickEvent(index: number, winner: number): TrickEvent {
  if (!((index | 0) === index && index >= 0 && index < RECORD_TRICKS && (winner | 0) === winner && winner >= 0 && winner < RECORD_SEATS)) return trickEventChecked(index, winner);
  return (trickEvents[index * RECORD_SEATS + winner] ??= trickEventChecked(index, winner));
}
export function trickEventChecked(index: number, winner: number): TrickEvent {
  return Object.freeze({ type: 'trick', index, winner }); // flat: nothing nested to freeze
}

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
    writeSpielWhenDecided(s, party); // A-43: written when decided, not after the deal
    if (s.bid.partieWinner >= 0) {
      finishEarly(s);
      return;
    }
  }
  startShow(s);
}

type SpielEvent = Extract<HandEvent, { type: 'spiel' }>;
const SPIEL_PARTIES = 10; // party -2 (lapsed) .. 7
const SPIEL_TRICKS = 8;
const spielEvents: Array<SpielEvent | undefined> = new Array(SPIEL_PARTIES * SPIEL_TRICKS * SPIEL_TRICKS);
/**
 * The frozen 'spiel' event (its list of tricks per party a copy of `tricks`), shared as the trick records are
 * at two parties: each distinct one built and frozen once. Its twin: spielEventChecked, the literal
 * (test/engine/records.test.ts, over the key space).
 */
export function spielEvent(party: number, tricks: readonly number[]): SpielEvent {
  if (tricks.length !== 2) return spielEventChecked(party, tricks);
  const t0 = tricks[0]!;
  const t1 = tricks[1]!;
  if (!((party | 0) === party && party >= -2 && party < SPIEL_PARTIES - 2 && (t0 | 0) === t0 && t0 >= 0 && t0 < SPIEL_TRICKS && (t1 | 0) === t1 && t1 >= 0 && t1 < SPIEL_TRICKS)) return spielEventChecked(party, tricks);
  return (spielEvents[((party + 2) * SPIEL_TRICKS + t0) * SPIEL_TRICKS + t1] ??= spielEventChecked(party, tricks));
}
export function spielEventChecked(party: number, tricks: readonly number[]): SpielEvent {
  return Object.freeze({ type: 'spiel' as const, party, tricks: Object.freeze(tricks.slice()) }); // frozen directly, as freezeEvent would
}

// ---- showing and scoring (RULES §5.1, §7.4, §8.1, §9.3) ----

/**
 * Showing order: the Spiel party first, then the others, each clockwise from Vorhand (§9.1: the party that
 * won the Spiel shows first). When the Spiel lapsed, everyone clockwise from Vorhand.
 */
function startShow(s: HandState): void {
  s.phase = 'show';
  const { seats, party } = s.table;
  // (index loops: Array.from with a closure, includes and slice cost more than the rest of the step)
  const order = new Array<number>(seats);
  let at = 0;
  const sp = s.spielParty;
  if (sp >= 0) {
    for (let i = 0; i < seats; i++) {
      const seat = (s.vorhand + i) % seats;
      if (party[seat] === sp) order[at++] = seat;
    }
  }
  s.showSplit = at;
  for (let i = 0; i < seats; i++) {
    const seat = (s.vorhand + i) % seats;
    if (sp < 0 || party[seat] !== sp) order[at++] = seat; // the seats not yet in the order
  }
  s.showOrder = order;
  s.showAt = 0;
  touchShowEntries(s); // (the table entries each seat's showing reads, fetched together: scoring.ts)
  // Weisen (RULES §9): the Spiel party's window (it may bid instead of showing), then it shows; the
  // opponents' window (abweisen or bid) opens in advanceShow before they show. Lapsed Spiel: one window for all.
  let first = order;
  if (s.showSplit > 0) {
    first = new Array<number>(s.showSplit);
    for (let i = 0; i < s.showSplit; i++) first[i] = order[i]!;
  }
  if (openWindow(s, 5, first, 'show')) return;
  advanceShow(s);
}

/** Showing choices of a seat, restricted to those that make its bound figures when any does (RULES §8.5). */
export function allowedShows(s: HandState, seat: number): ShowOption[] {
  return cachedShows(s, seat).slice();
}
/** allowedShows without the copy: the cache's list, read only (advanceShow, showChoicesNow). */
function cachedShows(s: HandState, seat: number): readonly ShowOption[] {
  // The same decision asks several times (advanceShow, then the observation and the legal actions): the
  // state changes only through applyAction, which records an action, so (seat, actions, events) is the key.
  // Every christening is frozen where it is made (scoring.ts entryChoices and showOptionsOfParts), so there is
  // nothing to freeze here. The state's cache record is reused (a copy of the state starts without one).
  const c = s.showCache as ShowCache | null;
  if (c !== null && c.seat === seat && c.actions === s.actions.length && c.events === s.events.length) return c.opts;
  const opts = computeAllowedShows(s, seat);
  if (c === null) s.showCache = { seat, actions: s.actions.length, events: s.events.length, opts } satisfies ShowCache;
  else {
    c.seat = seat;
    c.actions = s.actions.length;
    c.events = s.events.length;
    c.opts = opts;
  }
  return opts;
}
/**
 * The showing choices of the decision now as the cache holds them (allowedShows without the copy; nobody may
 * change the list): for the runner's match of a policy's show (src/play/hand.ts).
 */
export function showChoicesNow(s: HandState): readonly ShowOption[] {
  return cachedShows(s, actingSeat(s));
}

/**
 * The figure word of the show `as` of `seat`, the action just recorded (applyOne pushed it), when the
 * decision's showing choices are still cached (they were computed for the state before that push): the
 * choice's word is shownWord(s, seat, as) (showOptions computes it); -1 otherwise (recordShow computes it).
 */
function knownShowWord(s: HandState, seat: number, as: readonly number[]): number {
  const c = s.showCache as ShowCache | null;
  if (c === null || c.seat !== seat || c.actions !== s.actions.length - 1 || c.events !== s.events.length) return -1;
  const opts = c.opts;
  for (let i = 0; i < opts.length; i++) if (sameNumbers(opts[i]!.as, as)) return opts[i]!.word;
  return -1;
}

/** Equal number lists (index loops: the lists are often frozen). */
export function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

interface ShowCache {
  seat: number;
  actions: number;
  events: number;
  opts: readonly ShowOption[];
}

function computeAllowedShows(s: HandState, seat: number): readonly ShowOption[] {
  const all = showOptions(s, seat);
  if (!s.bid.active || obligationsOf(s, seat) === 0) return all;
  // (an index loop: filter with a closure is a __name per call under tsx)
  const ok: ShowOption[] = [];
  for (let i = 0; i < all.length; i++) if (showMeetsObligations(s, seat, all[i]!.word)) ok.push(all[i]!);
  return ok.length > 0 ? ok : all;
}

export function recordShow(s: HandState, seat: number, as: readonly number[], known = -1): void {
  const word = known >= 0 ? known : shownWord(s, seat, as);
  // the cards in hand ascending, each free Perlagg (freePerlaggen's order: the suited ones ascending, then the
  // Weli) with its identity; the card records are shared frozen ones (shownCard)
  const lo = s.handLo[seat]!;
  const perl = s.perl!;
  const weli = s.handWeli[seat] === 1;
  const cards: Array<ShownCard> = [];
  let m = lo;
  let f = 0; // index into `as` (aligned with freePerlaggen)
  while (m !== 0) {
    const c = 31 - Math.clz32(m & -m);
    if (((perl.lo >>> c) & 1) === 1) cards.push(shownCard(c, as[f++]!));
    else cards.push(shownCard(c, null));
    m = (m & (m - 1)) >>> 0;
  }
  if (weli) cards.push(shownCard(32, perl.level[WELI]! > 0 ? (as[f] ?? null) : null));
  const frozen = Object.freeze(cards);
  s.shows[seat] = Object.freeze({ seat, cards: frozen, word });
  // flat but for the frozen list of frozen cards: frozen directly, as freezeEvent would
  s.events.push(Object.freeze({ type: 'show' as const, seat, cards: frozen, gleich: wordGleich(word), hanger: wordHanger(word), hangerSuit: wordHangerSuit(word) }));
  s.showAt += 1;
}

/** recordShow as it was, the twin of its card records (test/engine/records.test.ts compares the two). */
export function recordShowChecked(s: HandState, seat: number, as: readonly number[], known = -1): void {
  const free = freePerlaggen(s, seat);
  const word = known >= 0 ? known : shownWord(s, seat, as);
  const cards: Array<{ card: number; as: number | null }> = [];
  let m = s.handLo[seat]!;
  while (m !== 0) {
    const c = 31 - Math.clz32(m & -m);
    const i = free.indexOf(c);
    cards.push({ card: c, as: i >= 0 ? as[i]! : null });
    m = (m & (m - 1)) >>> 0;
  }
  if (s.handWeli[seat] === 1) cards.push({ card: 32, as: as[free.indexOf(32)] ?? null });
  const frozen = Object.freeze(cards.map((c) => Object.freeze(c)));
  s.shows[seat] = Object.freeze({ seat, cards: frozen, word });
  s.events.push(freezeEvent({ type: 'show', seat, cards: frozen, gleich: wordGleich(word), hanger: wordHanger(word), hangerSuit: wordHangerSuit(word) }));
  s.showAt += 1;
}

type ShownCard = { readonly card: number; readonly as: number | null };
const shownCards: Array<ShownCard | undefined> = new Array(33 * IDS);
/** The frozen record of a card shown as `as` (null: as itself), shared; outside 0..32 built fresh. */
export function shownCard(card: number, as: number | null): ShownCard {
  if (!((card | 0) === card && card >= 0 && card <= 32 && (as === null || ((as | 0) === as && as >= 0 && as <= 32)))) return shownCardChecked(card, as);
  return (shownCards[card * IDS + (as === null ? 0 : as + 1)] ??= shownCardChecked(card, as));
}
export function shownCardChecked(card: number, as: number | null): ShownCard {
  return Object.freeze({ card, as });
}

/** Show automatically for every seat that has no choice (no free Perlagg, or a single frontier entry). */
function advanceShow(s: HandState): void {
  s.phase = 'show';
  while (s.showAt < s.showOrder.length) {
    if (s.showAt === s.showSplit && s.showSplit > 0 && openWindow(s, 5, s.showOrder.slice(s.showSplit), 'show')) return;
    const seat = s.showOrder[s.showAt]!;
    const opts = cachedShows(s, seat);
    s.phase = 'show';
    if (opts.length > 1) return;
    recordShow(s, seat, opts[0]!.as, opts[0]!.word); // its word is shownWord(s, seat, as), computed by showOptions
  }
  s.phase = 'done';
  scoreHand(s);
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
function mayConcede(s: HandState): boolean {
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

/**
 * Does the obligation of the seat to play yield to the follow rules (RULES §8.5, perlagg's reading)? Only
 * when none of the plays the follow rules allow keeps its bound figures makeable — possible only under strict
 * follow switches (A-04: a Perlagg counts as holding the led suit and must be christened to it or trump).
 * Then every card the follow rules allow may be laid: a seat must always have a card to lay.
 */
export function obligationYields(s: HandState): boolean {
  if (s.phase !== 'play' || !s.bid.active || obligationsOf(s, s.turn) === 0) return false;
  const out: PolicyAction[] = [];
  legalPlaysChecked(s, s.turn, out);
  filterBy(out, 0, obligationFilterChecked(s, s.turn));
  return out.length === 0;
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

/**
 * The revokes the seat to play may make now (RULES §6.4, §12): plays that break only the follow rules,
 * keeping the seat's obligations. Offered to policies (Observation.revokes) only under the simulation
 * switch (HandOptions.revokes); a recorded game's revoke is applied with applyChecked's `infraction`.
 */
export function revokeActions(s: HandState, out: PolicyAction[] = []): PolicyAction[] {
  if (s.phase !== 'play') return out;
  const start = out.length;
  revokePlays(s, s.turn, out);
  if (s.bid.active && obligationsOf(s, s.turn) !== 0) {
    let k = start;
    for (let i = start; i < out.length; i++) {
      const a = out[i]!;
      if (a.kind !== 'play' || playKeepsObligations(s, s.turn, a.card, a.as)) out[k++] = a;
    }
    out.length = k;
  }
  return out;
}

/** May a policy take `a` as a revoke now (the simulation switch is on and it is one)? */
export function isAllowedRevoke(s: HandState, a: Action): boolean {
  return s.revokesAllowed && a.kind === 'play' && explainInfraction(s, a) === null;
}

/** Why `action` is illegal now, in words; null when it is legal. */
export function explainIllegal(s: HandState, action: Action): string | null {
  if (action === null || typeof action !== 'object' || typeof (action as { kind?: unknown }).kind !== 'string') {
    return 'not an action';
  }
  const phaseWord: Record<string, string> = {
    shuffle: 'the cards are being shuffled (a chance node)',
    cut: 'the cards are being cut (a chance node)',
    cutKeep: `P${s.cutter + 1} must say whether he keeps the Perlagg shown at the cut`,
    exchange: 'the turned-up Perlagg may be exchanged now',
    play: `P${s.turn + 1} is to lay a card`,
    show: 'the players are showing their figures',
    window: 'a seat may bid now',
    answer: 'an offer or an ask must be answered',
    veto: "the bidder's partner may protest",
    talk: 'partners may talk now (RULES §13)',
    done: 'the hand is over',
  };
  const wrongPhase = () => `cannot ${actionText(action)} now: ${phaseWord[s.phase]}`;
  switch (action.kind) {
    case 'chance': {
      const n = chanceOutcomes(s);
      if (n === 0) return wrongPhase();
      return Number.isInteger(action.outcome) && action.outcome >= 0 && action.outcome < n ? null : `chance outcome must be 0..${n - 1}`;
    }
    case 'keepCut':
      return s.phase === 'cutKeep' ? (typeof action.keep === 'boolean' ? null : 'keep must be true or false') : wrongPhase();
    case 'exchange':
    case 'declineExchange': {
      if (s.phase !== 'exchange') return wrongPhase();
      const seat = exchangerNow(s);
      if (action.kind === 'declineExchange') {
        return exchangeIsCompulsory(s, seat)
          ? `P${seat + 1} holds a plain trump and must exchange the turned-up Perlagg ${cardShort(exchangeTarget(s))} (RULES §4.6, [000 p.19])`
          : null;
      }
      if (exchangeCards(s, seat).includes(action.card)) return null;
      return `P${seat + 1} cannot give ${typeof action.card === 'number' && action.card >= 0 && action.card <= 32 ? cardShort(action.card) : String(action.card)} for ${cardShort(exchangeTarget(s))}: only ${exchangeCards(s, seat).map(cardShort).join(' ') || 'nothing'} (RULES §4.6, A-10)`;
    }
    case 'play': {
      if (s.phase !== 'play') return wrongPhase();
      if (!(Number.isInteger(action.card) && action.card >= 0 && action.card <= 32)) return `not a card: ${String(action.card)}`;
      const why = explainPlay(s, s.turn, action.card, action.as);
      if (why !== null) return why;
      if (!playKeepsObligations(s, s.turn, action.card, action.as) && !obligationYields(s)) {
        return `P${s.turn + 1} is bound to the figure he bid or held and must spend this Perlagg on it (RULES §8.5, GC-34)`;
      }
      return null;
    }
    case 'raise': {
      // A jump ("Fünf" before "Vier") is no legal action for a policy, but on the checked path it binds its author (GC-30, [000 p.31]).
      if (s.phase !== 'answer' && s.phase !== 'window') return wrongPhase();
      const f = ['Spiel', 'Gleich', 'Hanger'].indexOf(action.figure as string);
      if (f < 0) return `not a figure: ${String(action.figure)}`;
      const fb = s.bid.figs[f]!;
      const mine = s.phase === 'answer' ? !(s.bid.ask !== null && s.bid.ask.answer === 'pending') && s.bid.queue[0] === f : fb.status === 'stake' && mayRaiseStake(s, fb, seatingOf(s.table).party[actingSeat(s)]!);
      if (!mine || fb.aus) return `P${actingSeat(s) + 1} may not raise the ${action.figure} now: only the party entitled to hold may raise (RULES §8.3)`;
      if (!(Number.isInteger(action.to) && action.to > fb.level)) return `a raise goes above the level ${fb.level}`;
      return f > 0 ? takeOnRefusal(s, actingSeat(s), 1 << f) : null;
    }
    case 'pass':
    case 'bid':
    case 'gut':
    case 'hold':
    case 'veto':
    case 'consent':
    case 'ask':
    case 'allow':
    case 'reject': {
      const bidPhases: Record<string, string> = { pass: 'window', bid: 'window', ask: 'window', gut: 'answer', hold: 'answer', allow: 'answer', reject: 'answer', veto: 'veto', consent: 'veto' };
      if (s.phase !== bidPhases[action.kind]) return wrongPhase();
      if (legalActions(s).some((a) => sameAction(a, action))) return null;
      // a seat bound to the Dritzige: the figures it cannot show with it ([000 p.30] rule 3)
      if (action.kind === 'bid' && Array.isArray(action.figures)) {
        const why = takeOnRefusal(s, actingSeat(s), (action.figures.includes('Gleich') ? 2 : 0) | (action.figures.includes('Hanger') ? 4 : 0));
        if (why !== null) return why;
      }
      if (action.kind === 'hold' && s.bid.queue.length > 0 && s.bid.queue[0]! > 0 && !(s.bid.ask !== null && s.bid.ask.answer === 'pending')) {
        const why = takeOnRefusal(s, actingSeat(s), 1 << s.bid.queue[0]!);
        if (why !== null) return why;
      }
      if (action.kind === 'reject') return 'only a party holding a figure as multiple may reject (RULES §11.4, A-30)';
      if (action.kind === 'hold' && !(s.bid.ask !== null && s.bid.ask.answer === 'pending')) {
        return `P${actingSeat(s) + 1} is gestrichen and may not hold: it must let the bid gut (holdWhenGestrichen = false, A-45)`;
      }
      if (action.kind === 'gut' || action.kind === 'hold') return 'an ask is answered with allow or reject';
      return `P${actingSeat(s) + 1} cannot ${actionText(action)} now (RULES §8)`;
    }
    case 'say':
    case 'quiet':
      return s.phase === 'talk' ? explainTalk(s, action) : wrongPhase();
    case 'concede':
      if (s.phase !== 'play') return wrongPhase();
      return mayConcede(s) ? null : 'the Spiel can be conceded only between two parties';
    case 'show': {
      if (s.phase !== 'show') return wrongPhase();
      const seat = actingSeat(s);
      const k = freePerlaggen(s, seat).length;
      if (!Array.isArray(action.as) || action.as.length !== k) return `P${seat + 1} has ${k} free Perlaggen to christen, one identity each`;
      if (legalActions(s).some((a) => sameAction(a, action))) return null;
      return `P${seat + 1} shows one of the best figure pairs his hand can make (RULES §7.4): ${showOptions(s, seat).map((o) => `[${o.as.map(cardShort).join(' ')}]`).join(', ')}`;
    }
    default:
      return `unknown action kind "${String((action as { kind: unknown }).kind)}"`;
  }
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

/** Options of the checked path. */
export interface CheckedOptions {
  /**
   * The action is an infraction a recorded game shows (RULES §12, §4.6) — a card played against the follow
   * rules (a revoke), or an exchange made by the dealer's partner while the dealer, able to take the
   * Perlagg himself, left it to him. It is applied with the ruleset's penalty and correction instead of
   * being refused, if it is such an infraction (explainInfraction says why not).
   */
  readonly infraction?: boolean;
}

/** Why `action` is not an infraction the ruleset knows a penalty and correction for (null: it is one). */
export function explainInfraction(s: HandState, action: Action): string | null {
  if (action.kind === 'exchange') return explainLeftToPartner(s, action.card);
  if (action.kind === 'play') {
    if (s.phase !== 'play') return `cannot ${actionText(action)} now: nobody is to lay a card`;
    if (!isRevoke(s, s.turn, action.card, action.as)) return `${actionText(action)} by P${s.turn + 1} is no revoke: ${explainPlay(s, s.turn, action.card, action.as) ?? 'it follows the rules'}`;
    if (!playKeepsObligations(s, s.turn, action.card, action.as)) return `P${s.turn + 1} is bound to the figure he bid or held and must spend this Perlagg on it (RULES §8.5, GC-34)`;
    return null;
  }
  return `${actionText(action)} is no infraction with a penalty (a revoke is a card play, a wrong exchange an exchange)`;
}

export function applyChecked(s: HandState, a: Action, opts: CheckedOptions = {}): void {
  if (opts.infraction === true) {
    const why = explainInfraction(s, a);
    if (why !== null) throw new IllegalActionError(why);
    s.infractions.push(s.actions.length);
    s.actions.push(a);
    if (a.kind === 'exchange') applyLeftToPartner(s, a.card);
    else if (a.kind === 'play') applyPlay(s, a.card, a.as, true);
    return;
  }
  const why = explainIllegal(s, a);
  if (why !== null) throw new IllegalActionError(why);
  applyAction(s, a);
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
}

/**
 * The hand as dealt from this layout, through the real shuffle, cut and deal (the shuffle outcomes that
 * give this pack are computed; the cut lifts one card, which is the stock's bottom card: a permanent
 * Perlagg there gives the cutter his cutKeep decision). Without a given stock the stock's bottom card is a
 * plain one, and the state stops at the first decision after the turn-up (an exchange, or Vorhand's lead).
 */
export function handFromLayout(ruleset: RulesVariant, opts: HandOptions, layout: DealLayout): HandState {
  const s = newHand(ruleset, opts);
  const { seats, handSize } = s.table;
  if (layout.hands.length !== seats) throw new RangeError(`layout needs ${seats} hands`);
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
  // The card visible at the cut ends at the bottom of the stock (A-31): by default keep a plain card there.
  if (layout.stock === undefined) rest = [...rest.filter((c) => perm.has(c)), ...rest.filter((c) => !perm.has(c))];
  rest.forEach(use);
  if (taken.size !== s.deck.length) throw new RangeError('the layout must place every card of the deck');
  // The dealing sequence of dealAll (no kept cards).
  const pos = new Array<number>(seats).fill(0);
  const seq: number[] = [];
  while (pos.some((p) => p < handSize)) {
    for (const quota of ruleset.dealPattern) {
      for (let i = 1; i <= seats; i++) {
        const seat = (s.dealer + i) % seats;
        const n = Math.min(quota, handSize - pos[seat]!);
        for (let k = 0; k < n; k++) seq.push(layout.hands[seat]![pos[seat]!++]!);
      }
    }
  }
  const pack = [...seq, ...skipped, layout.turned, ...rest];
  const n = pack.length;
  const c = 1; // lift one card: it is the stock's bottom card
  // pack = deck[c..] ++ deck[0..c-1]  =>  deck = pack[n-c..] ++ pack[0..n-c-1]
  const deck = [...pack.slice(n - c), ...pack.slice(0, n - c)];
  for (const o of shuffleOutcomesFor(s.deck, deck)) applyAction(s, { kind: 'chance', outcome: o });
  applyAction(s, { kind: 'chance', outcome: c - 1 });
  return s;
}
