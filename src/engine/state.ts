// RULES §3, §4, §6: the state of one hand (one deal) as plain data, and the seating of the table.
//
// The phases a hand runs through: phase.ts. Bidding (RULES §8; bid-*.ts): `bid` (bid-state.ts) keeps the per-figure
// state machines and the immediate writes. Table talk (RULES §13; talk.ts): `talk` (talk-state.ts) is null at
// tables where nobody can talk.
import type { Suit } from '../cards/card.ts';
import type { Perlaggen } from '../rules/perlaggen.ts';
import type { RulesVariant } from '../rules/variant.ts';
import type { Action } from './actions.ts';
import type { HandEvent } from './history.ts';
import type { Phase } from './phase.ts';
import { cloneTalk, type TalkState } from './talk-state.ts';
import { cloneBidding, type Bidding } from './bid-state.ts';
/** Locations of a card (state.loc[card]); 0..seats-1 = in that seat's hand. */
export const LOC = Object.freeze({
  absent: -1, // not in this deck (the Weli in 1853)
  pack: 20, // in the pack before the deal
  table: 21, // played to a trick
  faceUp: 22, // the turned-up trump card or the face-up exchanged card (§4.6)
  skipped: 23, // turned up but of a suit that may not be trump, face up beside the stock
  stock: 24, // the undealt rest
});

/** Who sits where, who plays which hand, who plays with whom (RULES §3, A-41). */
export interface Table {
  /** Number of players (policies). */
  readonly players: number;
  /** Number of hands at the table (4 with the Strohmann for 3 players). */
  readonly seats: number;
  /** seat -> player who decides for that hand. */
  readonly controller: readonly number[];
  /** player -> his own seat. */
  readonly seatOfPlayer: readonly number[];
  /** seat -> party (0-based). */
  readonly party: readonly number[];
  readonly parties: number;
  /** Cards per hand: 5, or 4 with six players [003 Intro 2]. */
  readonly handSize: number;
  /** The Strohmann's seat, -1 without one. */
  readonly dummySeat: number;
  /** A player sees these seats' hands besides his own (dummy holder; partners under partnerInfo 'open' / othersShowEachOther). */
  readonly sees: ReadonlyArray<readonly number[]>;
  /** Tricks a party needs for the Spiel (RULES §7.1: 3). */
  readonly spielTricks: number;
}

export interface PlayedCard {
  readonly seat: number;
  readonly card: number;
  /** The christened identity of a Perlagg (0..31), null for a plain card or an un-christened Perlagg. */
  readonly as: number | null;
}

export interface Trick {
  readonly leader: number;
  readonly plays: PlayedCard[];
  /** Seat that took it, -1 while open. */
  winner: number;
}

export interface Exchange {
  readonly seat: number;
  /** The card laid face up in place of the Perlagg. */
  readonly gave: number;
  /** The face-up Perlagg taken into the hand. */
  readonly took: number;
}

export interface Shown {
  readonly seat: number;
  /** Every card the seat still held, with the identity it shows as (null: plain card, its own identity). */
  readonly cards: ReadonlyArray<{ readonly card: number; readonly as: number | null }>;
  /** Figure word (eval/figures.ts) of the seat's whole hand as shown: played cards plus these. */
  readonly word: number;
}

/** A card played against the follow rules (RULES §6.4, §12). */
export interface Revoke {
  readonly trick: number;
  readonly seat: number;
  readonly card: number;
  readonly as: number | null;
  found: boolean;
  /** Found to be none: the corrections of earlier revokes left the seat no card of the suit at it (1853 [000 p.31], RULES §6.4). */
  cleared: boolean;
}

export interface HandState {
  readonly ruleset: RulesVariant;
  readonly table: Table;
  readonly dealer: number;
  readonly cutter: number;
  readonly vorhand: number;
  phase: Phase;

  /** The pack, index 0 = top. After the shuffle it is the shuffled deck; after the cut, the cut pack. */
  deck: number[];
  /** Next Fisher–Yates position to draw (counts down to 1). */
  shuffleStep: number;
  /** Cards lifted at the cut (0 before the cut). */
  cutAt: number;
  /** Index into the lifted packet of the card now visible at the cut (bottom of the packet), -1 when done. */
  cutVisible: number;
  /** Permanent Perlaggen the cutter kept (public: they showed at the cut). */
  cutKept: number[];
  /** The card the cutter saw at the bottom of his packet and did not keep (known to him only), -1 if none. */
  cutSeen: number;

  /** Location of each card id 0..32 (LOC or a seat). */
  loc: Int8Array;
  /** Cards in each seat's hand: suited bits and the Weli flag. */
  handLo: number[];
  handWeli: number[];
  /** The undealt stock after the turn-up, top first. */
  stock: number[];
  trump: Suit | null;
  perl: Perlaggen | null;
  /** The card turned up for trump. */
  turned: number;
  /** The card lying face up beside the stock now (the trump card or its replacement), -1 if none. */
  faceUp: number;
  skipped: number[];
  shownStock: number[];
  exchanges: Exchange[];
  /** Seats in the order they may exchange and the index of the one deciding now. */
  exchangeOrder: number[];
  exchangeAt: number;
  /** The face-up Perlagg now offered: -1 the trump card (faceUp), i = skipped[i] (laid aside at the turn-up, A-32). */
  exchangeTarget: number;

  tricks: Trick[];
  /** Seat to play now. */
  turn: number;
  /** Tricks taken per party. */
  tricksWon: number[];
  /** Party that made the Spiel, -1 while open, -2 when it lapsed (nobody can reach it, A-41). */
  spielParty: number;
  /** Party that conceded the Spiel ("gut gelassen"), -1 if none. */
  conceded: number;

  /** Each seat's cards when the first card was led (after the cut and the exchange): suited bits and the Weli flag. */
  startLo: number[];
  startWeli: number[];
  /** The bidding (bid-state.ts, bid-*.ts), the Partie score at the start of the deal and this deal's immediate writes. */
  bid: Bidding;
  /** The table talk (talk.ts), null when no seat can talk to a partner (RULES §13). */
  talk: TalkState | null;

  /** Seats in showing order, and the index of the seat to show now. */
  showOrder: number[];
  /** How many of showOrder belong to the Spiel party (who shows first, §9); the opponents' window opens after them. */
  showSplit: number;
  showAt: number;
  shows: Array<Shown | null>;

  /** Points written per party in this deal. */
  points: number[];
  /** Who made each figure: party, -1 nobody (steht / lapsed). */
  figureWinners: { Spiel: number; Gleich: number; Hanger: number } | null;

  /** May a policy play against the follow rules (the simulation switch, HandOptions.revokes; off by default)? */
  readonly revokesAllowed: boolean;
  /** The revokes of this hand (engine-private until found at the end: nobody sees them being made). */
  revokes: Revoke[];

  /** Every event, in order (history.ts). */
  events: HandEvent[];
  /**
   * Every action applied (chance outcomes included): replaying them from newHand() rebuilds the state —
   * those whose indices are in `infractions` through applyChecked's infraction path (a revoke, an exchange
   * left to the partner; RULES §12, §4.6).
   */
  actions: Action[];
  infractions: number[];

  /** Engine-private caches of this state object (observe.ts, game.ts): null when empty; a clone starts empty. */
  obsCache: unknown;
  showCache: unknown;
}

/** The deck of the ruleset, ids ascending (Weli last when present). */
export function deckOf(r: RulesVariant): number[] {
  return deckOfSize(r.deckHasWeli ? 33 : 32);
}
function deckOfSize(n: number): number[] {
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) out[i] = i;
  return out;
}
const DECK_33 = deckOfSize(33);
const DECK_32 = deckOfSize(32);
/** deckOf(r) as a copy of a list made once per deck size (newHand's: a copy costs less than the loop). */
export function newDeck(r: RulesVariant): number[] {
  return (r.deckHasWeli ? DECK_33 : DECK_32).slice();
}

/**
 * Small lists of zeros and of nulls (newHand's), as `new Array(n).fill(x)` makes them (the same holey lists:
 * fill is a builtin call that costs more than the loop). Their twin: the fill (test/engine/deal-twins.test.ts).
 */
export function zeros(n: number): number[] {
  const a = new Array<number>(n);
  for (let i = 0; i < n; i++) a[i] = 0;
  return a;
}
export function nulls(n: number): null[] {
  const a = new Array<null>(n);
  for (let i = 0; i < n; i++) a[i] = null;
  return a;
}

export function cloneState(s: HandState): HandState {
  return {
    ...s,
    deck: s.deck.slice(),
    cutKept: s.cutKept.slice(),
    loc: s.loc.slice(),
    handLo: s.handLo.slice(),
    handWeli: s.handWeli.slice(),
    stock: s.stock.slice(),
    skipped: s.skipped.slice(),
    shownStock: s.shownStock.slice(),
    exchanges: s.exchanges.slice(),
    exchangeOrder: s.exchangeOrder.slice(),
    tricks: s.tricks.map((t) => ({ leader: t.leader, plays: t.plays.slice(), winner: t.winner })),
    tricksWon: s.tricksWon.slice(),
    showOrder: s.showOrder.slice(),
    startLo: s.startLo.slice(),
    startWeli: s.startWeli.slice(),
    bid: cloneBidding(s.bid),
    talk: s.talk === null ? null : cloneTalk(s.talk),
    shows: s.shows.slice(),
    points: s.points.slice(),
    figureWinners: s.figureWinners === null ? null : { ...s.figureWinners },
    revokes: s.revokes.map((x) => ({ ...x })),
    events: s.events.slice(),
    actions: s.actions.slice(),
    infractions: s.infractions.slice(),
    obsCache: null,
    showCache: null,
  };
}

/** Options for seating a table. */
export interface TableOptions {
  /** 2, 3, 4 or 6 players. */
  readonly players: number;
  /** With the Strohmann (1853 three players): the dummy's seat (0..3, default 3). Its holder is the seat opposite. */
  readonly dummySeat?: number;
}

/**
 * Seat the table (RULES §3, A-41). Seats are numbered clockwise; the dealer's left neighbour (seat
 * dealer+1) is Vorhand.
 * - 4 players: P1&P3 vs P2&P4 (parties 0 and 1 = seats 0,2 and 1,3).
 * - 6 players: two parties of three, alternating (seats 0,2,4 vs 1,3,5); 5 cards each in 1853 [000 p.13],
 *   4 in Innsbruck [003 Intro 2] (`sixPlayersHandSize`, A-41).
 *   The sources do not say who sits where; alternating seats as with four is our reading.
 * - 2 players, and 3 under `threePlayers: 'individual'`: each for himself.
 * - 3 under `threePlayers: 'strohmann'` [000 p.12]: four hands; the dummy (default seat 3) is played by the
 *   player opposite it (seat 1), who thus sees two hands; under `strohmannInfo: 'othersShowEachOther'` the
 *   other two (partners) also see each other's hand. Players 0,1,2 sit at seats 0,1,2.
 * - `partnerInfo: 'open'` (RULES §13): partners see each other's hands. The signs and the table talk of
 *   'signs' and 'table' are events and talk phases (talk.ts), not seen hands.
 */
export function seatTable(r: RulesVariant, opts: TableOptions): Table {
  // The table is frozen data: seat each (ruleset, players, dummy seat) once.
  const key = opts.players * 8 + (opts.dummySeat === undefined ? 7 : opts.dummySeat >= 0 && opts.dummySeat < 7 && Number.isInteger(opts.dummySeat) ? opts.dummySeat : -1);
  if (key >= 0 && Number.isInteger(opts.players) && opts.players >= 0 && opts.players < 16) {
    let per = r === lastRuleset ? lastTables : tables.get(r);
    if (per === undefined) tables.set(r, (per = []));
    lastRuleset = r;
    lastTables = per;
    let t = per[key];
    if (t === undefined) per[key] = t = buildTable(r, opts);
    return t;
  }
  return buildTable(r, opts);
}
const tables = new WeakMap<RulesVariant, Array<Table | undefined>>();
// the ruleset of the last call (a hot loop seats one ruleset's tables): no WeakMap lookup
let lastRuleset: RulesVariant | null = null;
let lastTables: Array<Table | undefined> | undefined;

function buildTable(r: RulesVariant, opts: TableOptions): Table {
  const n = opts.players;
  if (![2, 3, 4, 6].includes(n)) throw new RangeError(`Perlaggen is played by 2, 3, 4 or 6 players, not ${n}`);
  const strohmann = n === 3 && r.threePlayers === 'strohmann';
  const seats = strohmann ? 4 : n;
  const dummySeat = strohmann ? (opts.dummySeat ?? 3) : -1;
  if (strohmann && !(dummySeat >= 0 && dummySeat < 4)) throw new RangeError(`the dummy's seat must be 0..3, got ${dummySeat}`);
  const controller: number[] = [];
  const seatOfPlayer: number[] = [];
  for (let seat = 0, p = 0; seat < seats; seat++) {
    if (seat === dummySeat) continue;
    controller[seat] = p;
    seatOfPlayer[p] = seat;
    p++;
  }
  if (strohmann) controller[dummySeat] = controller[(dummySeat + 2) % 4]!;
  const teams = seats === 4 || seats === 6;
  const party = Array.from({ length: seats }, (_, s) => (teams ? s % 2 : s));
  const parties = teams ? 2 : seats;
  const sees: number[][] = Array.from({ length: n }, () => []);
  for (let p = 0; p < n; p++) {
    const own = seatOfPlayer[p]!;
    for (let s = 0; s < seats; s++) {
      if (s === own) continue;
      const partner = party[s] === party[own];
      if (controller[s] === p) sees[p]!.push(s); // the dummy's holder
      else if (partner && r.partnerInfo === 'open') sees[p]!.push(s);
      else if (strohmann && partner && r.strohmannInfo === 'othersShowEachOther' && s !== dummySeat) sees[p]!.push(s);
    }
  }
  return Object.freeze({
    players: n,
    seats,
    controller: Object.freeze(controller),
    seatOfPlayer: Object.freeze(seatOfPlayer),
    party: Object.freeze(party),
    parties,
    handSize: handSizeOf(r, seats),
    dummySeat,
    sees: Object.freeze(sees.map((x) => Object.freeze(x))),
    spielTricks: 3,
  });
}

/**
 * The engine's own plain copies of a table's seating lists, for its reads at every step (V8 reads the elements
 * of a frozen array several times slower than a plain one's). Module-private: never handed out — policies
 * see the table's frozen lists, and nothing they can reach is mutable.
 */
export interface Seating {
  /** table.controller */
  readonly controller: readonly number[];
  /** table.seatOfPlayer */
  readonly seatOfPlayer: readonly number[];
  /** table.party */
  readonly party: readonly number[];
}
const seatings = new WeakMap<Table, Seating>();
// the table of the last call (a hot loop plays one table's hands): no WeakMap lookup
let lastSeatingTable: Table | null = null;
let lastSeating: Seating | null = null;
export function seatingOf(t: Table): Seating {
  if (t === lastSeatingTable) return lastSeating!;
  let g = seatings.get(t);
  if (g === undefined) {
    const plain = (x: readonly number[]): number[] => {
      const out: number[] = [];
      for (let i = 0; i < x.length; i++) out.push(x[i]!);
      return out;
    };
    seatings.set(t, (g = { controller: plain(t.controller), seatOfPlayer: plain(t.seatOfPlayer), party: plain(t.party) }));
  }
  lastSeatingTable = t;
  lastSeating = g;
  return g;
}

/** Cards per hand at a table of `seats` hands: 5, or the ruleset's number with six (RULES §3, A-41). */
export function handSizeOf(r: RulesVariant, seats: number): number {
  return seats === 6 ? r.sixPlayersHandSize : 5;
}

/** "P1".."P6": seats as RULES writes them. */
export const seatName = (seat: number): string => `P${seat + 1}`;
