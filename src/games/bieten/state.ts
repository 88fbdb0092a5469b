// RULES §17.1: the state of one Bieten deal as plain data, its actions and its events.
//
// A deal runs through these phases (GUIDE guideline 2: every point is a chance node, a decision of one
// player, or terminal):
//
//   shuffle (chance, one Fisher–Yates draw per step) → cut (chance: how many cards the dealer's right-hand
//   neighbour lifts; the cut card is neither looked at nor shown, rule 5) → [deal: one card to each, then
//   two, clockwise from Vorhand] → play → done
//
//   play     the player to lay a card: he lays it, or first bids a figure or gives a Groschen on a held one
//            (bids are made "before laying a card", as every bid of the worked game is [001 pp.18-23])
//   window   Vorhand, once, after his first card lies on the table ("oder erst, wenn er sie schon vor sich
//            auf dem Tisch liegen hat" [001 p.8]): pass, bid or give a Groschen
//   answer   a bid or a Groschen is answered at once, player by player to the left: gut, hold ("anschauen")
//            or — to a plain bid — Drei ("Groschen") [001 p.9-11]
//
// Players who are out of the game (they reached the target in an earlier deal) hold no cards and are
// skipped everywhere: `active` lists the seats still playing.
import type { BietenFigure, BietenRules } from './rules.ts';

/** Card locations: 0..seats-1 = in that seat's hand. */
export const BLOC = Object.freeze({ pack: 20, table: 21, stock: 24 });

export type BietenPhase = 'shuffle' | 'cut' | 'play' | 'window' | 'answer' | 'done';

export type BietenAction =
  | { readonly kind: 'play'; readonly card: number }
  /** Not following suit although able (rule 16): only where the deal admits revokes (a recorded game). */
  | { readonly kind: 'revoke'; readonly card: number }
  | { readonly kind: 'bid'; readonly figure: BietenFigure }
  /** "Drei" / "einen Groschen geben": in answer to a plain bid, or on a held figure (rules 11-13). */
  | { readonly kind: 'groschen'; readonly figure: BietenFigure }
  | { readonly kind: 'pass' }
  | { readonly kind: 'gut' }
  | { readonly kind: 'hold' };

export type BietenChance = { readonly kind: 'chance'; readonly outcome: number };
export type BietenAnyAction = BietenAction | BietenChance;

/** Why a bid, a Groschen or a hold is void (it stands as not said) and costs a penalty. */
export type VoidReason = 'gestrichen' | 'overbid' | 'spielWithoutSuit';

export type FigureOutcome = 'silent' | 'gut' | 'held' | 'groschenGut' | 'groschenHeld';

export type BietenEvent =
  | { readonly type: 'shuffled' }
  | { readonly type: 'cut'; readonly cutter: number; readonly lifted: number }
  | { readonly type: 'dealt'; readonly seat: number; readonly cards: readonly number[] }
  | { readonly type: 'play'; readonly seat: number; readonly card: number; readonly trick: number; readonly revoke: boolean }
  | { readonly type: 'trick'; readonly index: number; readonly winner: number }
  | { readonly type: 'bid'; readonly seat: number; readonly figure: BietenFigure; readonly trick: number; readonly void: VoidReason | null }
  | { readonly type: 'groschen'; readonly seat: number; readonly figure: BietenFigure; readonly answer: boolean; readonly void: VoidReason | null }
  | { readonly type: 'answer'; readonly seat: number; readonly figure: BietenFigure; readonly answer: 'gut' | 'hold'; readonly level: 1 | 2; readonly void: VoidReason | null }
  | { readonly type: 'write'; readonly seat: number; readonly points: number; readonly figure: BietenFigure; readonly how: FigureOutcome | 'unfollowedLead' }
  | { readonly type: 'erase'; readonly seat: number; readonly points: number; readonly figure: BietenFigure }
  | { readonly type: 'penalty'; readonly seat: number; readonly points: number; readonly reason: VoidReason | 'revoke' }
  | { readonly type: 'figure'; readonly figure: BietenFigure; readonly maker: number; readonly points: number; readonly how: FigureOutcome; readonly code: number }
  | { readonly type: 'out'; readonly seat: number; readonly total: number }
  | { readonly type: 'end'; readonly points: readonly number[] };

export interface BietenPlay {
  readonly seat: number;
  readonly card: number;
  readonly revoke: boolean;
}
export interface BietenTrick {
  readonly leader: number;
  readonly plays: BietenPlay[];
  winner: number;
}

/** One figure's wager in this deal. */
export interface FigureState {
  status: 'unbid' | 'offer' | 'held' | 'closed';
  /** 2 held, 3 a Groschen held; 0 otherwise. */
  stake: number;
  /** Who bid it (-1 unbid), who holds it now (-1), who gave the Groschen (-1). */
  bidder: number;
  holder: number;
  groschenBy: number;
  /** Order of the first bid in this deal (Infinity unbid): the Vorgebotene is the lowest. */
  seq: number;
  /** Trick (0..2) and card (0..players-1) before which it was bid; -1 unbid. */
  bidTrick: number;
  bidCard: number;
  /** Written at once (let gut): to whom and how many; -1 / 0 otherwise. */
  writtenTo: number;
  writtenPoints: number;
  outcome: FigureOutcome;
}

/** The bid or Groschen being answered now. */
export interface Offer {
  readonly figure: number;
  readonly by: number;
  /** 1 a plain bid, 2 a Groschen. */
  readonly level: 1 | 2;
  /** Who answers, in order; the head answers now. */
  readonly queue: number[];
}

/** Who made each figure at the end: seat, -1 nobody, -2 it fled (a tie). */
export interface FigureResult {
  readonly figure: BietenFigure;
  readonly maker: number;
  readonly points: number;
  readonly how: FigureOutcome;
  readonly code: number;
}

export interface BietenState {
  readonly rules: BietenRules;
  /** Seats at the table (players of the game), clockwise. */
  readonly seats: number;
  /** Seats still in the game, ascending. */
  readonly active: readonly number[];
  readonly names: readonly string[];
  readonly dealer: number;
  /** Left of the dealer among the active seats: he leads. */
  readonly vorhand: number;
  /** Right of the dealer among the active seats: he cuts. */
  readonly cutter: number;
  /** May a player lay a card that does not follow suit although he could (rule 16)? Recorded games only. */
  readonly revokes: boolean;
  phase: BietenPhase;

  deck: number[];
  shuffleStep: number;
  cutAt: number;
  /** Location of each card 0..31 (BLOC or a seat). */
  loc: Int8Array;
  /** Cards in each seat's hand, and the three it was dealt (32-bit masks of src/cards/card.ts). */
  hand: number[];
  dealt: number[];

  tricks: BietenTrick[];
  /** Seat to lay a card now (or, in the window, Vorhand). */
  turn: number;
  /** Where the deal goes on after an answer: the player's card decision or Vorhand's window. */
  resume: 'play' | 'window';

  figs: FigureState[];
  offer: Offer | null;
  bidCount: number;
  /** Per seat: bits (figure * 3 + act) of void acts already made this deal (act 0 bid, 1 Groschen, 2 hold). */
  voided: number[];
  /** Per seat: gut-value units of its bids and Groschen not written to it (rule 19, bidLimit). */
  pledged: number[];

  /** Score per seat before this deal (the game so far). */
  readonly score: readonly number[];
  /** Points of this deal per seat so far: writes − erasures − penalties. */
  points: number[];
  /** Penalty points per seat this deal (positive). */
  penalties: number[];
  /** Seats that reached the target in this deal, in the order they went out. */
  outOrder: number[];
  results: FigureResult[] | null;

  events: BietenEvent[];
  actions: BietenAnyAction[];
}

export const FIGURE_INDEX: Readonly<Record<BietenFigure, number>> = { Herz: 0, Laub: 1, Gleich: 2, Hanger: 3, Spiel: 4 };

export function cloneBieten(s: BietenState): BietenState {
  return {
    ...s,
    deck: s.deck.slice(),
    loc: s.loc.slice(),
    hand: s.hand.slice(),
    dealt: s.dealt.slice(),
    tricks: s.tricks.map((t) => ({ leader: t.leader, plays: t.plays.slice(), winner: t.winner })),
    figs: s.figs.map((f) => ({ ...f })),
    offer: s.offer === null ? null : { ...s.offer, queue: s.offer.queue.slice() },
    voided: s.voided.slice(),
    pledged: s.pledged.slice(),
    points: s.points.slice(),
    penalties: s.penalties.slice(),
    outOrder: s.outOrder.slice(),
    results: s.results === null ? null : s.results.slice(),
    events: s.events.slice(),
    actions: s.actions.slice(),
  };
}

/** Who sees an event: null everybody, else that seat (the deal). */
export function bietenEventSeenBy(e: BietenEvent): number | null {
  return e.type === 'dealt' ? e.seat : null;
}
