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
// This file holds the bidding's part of the hand's state (HandState.bid) as plain data — each figure's
// machine (FigureBid), the open window, the answer queue, the ask, the veto that may undo an act, the Partie
// score at the start of the deal and the deal's immediate writes — made new for a hand and copied with the
// state. What acts on it, each in a file of its own: where and when a seat may bid (bid-windows.ts, with
// the window kinds a policy may declare it passes in: window-passes.ts), who may do what now
// (bid-rights.ts), the legal actions (bid-actions.ts), the offer (bid-offer.ts), the answers
// (bid-answer.ts), raises up to Aus (bid-raise.ts), the limits near the target (bid-limits.ts), the veto
// (bid-veto.ts), the asks (bid-ask.ts), what a bid binds its author to (obligations.ts,
// obligation-filter.ts); writes to the Partie's score: partie-score.ts, going-out.ts.
import type { FigureName } from './actions.ts';

export const FIGURES: readonly FigureName[] = Object.freeze(['Spiel', 'Gleich', 'Hanger']);
export const F_SPIEL = 0;
export const F_GLEICH = 1;
export const F_HANGER = 2;
export const figIndex = (f: FigureName): number => (f === 'Spiel' ? 0 : f === 'Gleich' ? 1 : 2);

/**
 * The bidding's generation: bumped by every act that changes the bidding (bids, raises, answers, asks, vetoes,
 * writes, penalties, the end of the Partie) and when the bid windows look at another state or bidding
 * (bid-windows.ts checkWindowCaches). The window facts and seat masks remembered there hold while it stands.
 */
export let bidGeneration = 0;
export function bidChanged(): void {
  bidGeneration += 1;
}

/** How a figure ended (DealSummary.outcome). */
export type Outcome = 'silent' | 'gut' | 'held' | 'declinedRaise' | 'aus' | 'ausDeclined' | 'conceded' | 'void';

export interface FigureBid {
  status: 'unbid' | 'offer' | 'stake' | 'closed';
  /** Level of the open offer or of the stake (2 = a plain bid / held). */
  level: number;
  /** The offer or stake is "Aus" (RULES §8.3 law 5, A-15). */
  aus: boolean;
  /** Party and seat of the open (or last) offer. */
  offerParty: number;
  offerSeat: number;
  /** Party entitled to raise a stake (the last acceptor). */
  raiseRight: number;
  /** Per party: the seat that last acted on this figure (-1). */
  lastSeat: number[];
  firstParty: number;
  firstSeat: number;
  /** Window point of the first bid (-1 unseen, 0..4 before a card of trick t+1, 5 after the Spiel). */
  firstPoint: number;
  /** Priority: order of first bidding (the Vorgebotene first); Infinity while unbid. */
  seq: number;
  unseen: boolean;
  /** Immediate write when closed: party and points. */
  writtenParty: number;
  writtenPoints: number;
  outcome: Outcome;
  /** Per party: seats bound to have the figure (bit mask), RULES §8.5. */
  obligated: number[];
  /** Parties that bid/held/raised the Spiel without the Spielfarbe (bit mask), §8.5. */
  violation: number;
  /** Highest level ever offered (for summaries). */
  maxLevel: number;
  /** Parties that let the open offer gut (bit mask): with more than two parties all must (individualBidding). */
  gutBy: number;
  /** Its immediate write has been corrected (RULES §11.3, §12): never corrected twice. */
  corrected: boolean;
  /**
   * Written when decided in play (the Spiel under `writeTiming: 'allImmediate'`, A-43), its winner judged
   * then as at the end of the deal: it is no let-gut write, so no let-gut correction applies to it.
   */
  decided: boolean;
}

export interface AskState {
  seat: number;
  party: number;
  count: number;
  type: 'Gleich' | 'Hanger';
  /** Does the asker really hold what he claims (judged by the engine when it matters)? */
  truthful: boolean;
  answer: 'pending' | 'allow' | 'reject';
  answerSeat: number;
}

export interface Bidding {
  /** Bidding possible at this table (two parties) and some seat not silent. */
  active: boolean;
  /** Seats whose policy never bids (bit mask). */
  silent: number;
  /**
   * Seats whose policy declared it passes in windows of a kind (Policy.passes) and is taken at its word
   * (the runner's unchecked path, play/hand.ts): bit kind * 8 + seat, kind = WINDOW_UNSEEN … WINDOW_LATER_LEAD;
   * 0 = none (every window decision goes to the runner). The window passes for such a seat itself — the
   * same PASS record in `actions`, no event (as a pass has none) — and counts it in `declaredPasses`.
   */
  declared: number;
  /**
   * The second word of the declarations (`declared` is full): bit seat for WINDOW_AFTER_SPIEL; 3 bits at
   * 8 + 3 * seat for WINDOW_SPIEL_LEAD, the seat's Policy.passes.spielTricks (at most 7; 0 = not declared).
   */
  declared2: number;
  /** Passes the window took for seats by their declaration (`declared`): decisions, for the runner's count. */
  declaredPasses: number;
  figs: FigureBid[];
  /** Figures with open offers, in answering order. */
  queue: number[];
  answerSeat: number;
  /** The open window: its seats, the index of the seat deciding now, its point; null when none. */
  window: number[] | null;
  windowAt: number;
  point: number;
  /**
   * Window points already held in this hand (so each opens once), bit masks: bit c = the window before a
   * card with c cards laid (points 0..4: c = point × seats + cards in the trick, below 30), bit 30 = the
   * unseen window; windowsAfter: the windows after the Spiel (point 5) by the first seat of their seats.
   */
  windowsDone: number;
  windowsAfter: number;
  /** Where play continues when the window closes. */
  resume: 'play' | 'show';
  /**
   * A veto the bidder's (or the answerer's) partner may now lodge (1853, §8.6): after a bid or a raise in a
   * window (`act` 'bid': vetoed, it is void), after a hold ('hold': vetoed, the figure is let gut) or after a
   * Drei said in answer ('raise': vetoed, the offer is held). `undo` is the bidding before the act, `tm2` and
   * `unseenAll` the masks of that name before it (a vetoed bid leaves no trace, [000 p.33]).
   */
  veto: { seat: number; undo: FigureBid[]; figures: number[]; act: 'bid' | 'hold' | 'raise'; actor: number; queue: number[]; tm2: number; unseenAll: number } | null;
  ask: AskState | null;
  /** Parties that asked in this deal (bit mask). */
  asked: number;
  /** The party whose rejected Viertig/Fünftig (or tritzig) did not exist, the first such: its Bummerl at the end; -1. */
  bummerl: number;
  /** Parties that bid all three unseen (bit mask): blocks the opponents' ask (1853, [000 p.31]). */
  unseenAll: number;
  seq: number;
  /** Partie score per party at the start of the deal. */
  score: number[];
  /** Immediate writes of this deal per party (declines, gut, asks, penalties). */
  written: number[];
  /** Penalty points per party (positive numbers, already in `written`). */
  penalties: number[];
  /** Party that won the Partie during this deal, -1. */
  partieWinner: number;
  partieReason: string;
  /** The deal started with every party at target − 1 (Innsbruck 17:17, §11.4.3). */
  start1717: boolean;
  /** Bids and raises that were void (gestrichen, over the limit, vetoed). */
  voidBids: number;
  /** Parties that lost the points of this deal for a false figure (Innsbruck §10, A-21), bit mask. */
  forfeited: number;
  /** Parties that lost the Spiel for a revoke (Innsbruck [003 §17], A-22), bit mask. */
  spielLost: number;
  /** Parties that bid a figure while at target − 2 in this deal (A-13 `oneBidAtTargetMinus2`), bit mask. */
  bidAtTargetMinus2: number;
  /**
   * Per seat: the asked figure it is bound to (RULES §11.4, `askBinds`, [000 p.30] rule 3), 0 = none; else
   * count << 4 | types << 8 (types: bit 0 a Gleich, bit 1 a Hanger of at least `count` cards will do).
   */
  askNeed: number[];
}

/** A list of `n` times `v`: packed literals for the usual two parties and four seats (no holey array, no fill call). */
function filled(n: number, v: number): number[] {
  if (n === 2) return [v, v];
  if (n === 4) return [v, v, v, v];
  return new Array<number>(n).fill(v);
}

export function newFigureBid(parties: number): FigureBid {
  return {
    status: 'unbid',
    level: 1,
    aus: false,
    offerParty: -1,
    offerSeat: -1,
    raiseRight: -1,
    lastSeat: filled(parties, -1),
    firstParty: -1,
    firstSeat: -1,
    firstPoint: -1,
    seq: Infinity,
    unseen: false,
    writtenParty: -1,
    writtenPoints: 0,
    outcome: 'silent',
    obligated: filled(parties, 0),
    violation: 0,
    maxLevel: 1,
    gutBy: 0,
    corrected: false,
    decided: false,
  };
}

export function cloneFig(f: FigureBid): FigureBid {
  return { ...f, lastSeat: f.lastSeat.slice(), obligated: f.obligated.slice() };
}

export function newBidding(parties: number, seats: number, score: readonly number[] | undefined, silent: number, target: number, askRule: string, manyParties = false): Bidding {
  const sc = score !== undefined && score.length === parties ? score.slice() : filled(parties, 0);
  const allSilent = silent === (1 << seats) - 1;
  return {
    active: (parties === 2 || (parties > 2 && manyParties)) && !allSilent,
    silent,
    declared: 0,
    declared2: 0,
    declaredPasses: 0,
    figs: [newFigureBid(parties), newFigureBid(parties), newFigureBid(parties)],
    queue: [],
    answerSeat: -1,
    window: null,
    windowAt: 0,
    point: -2,
    windowsDone: 0,
    windowsAfter: 0,
    resume: 'play',
    veto: null,
    ask: null,
    asked: 0,
    bummerl: -1,
    unseenAll: 0,
    seq: 0,
    score: sc,
    written: filled(parties, 0),
    penalties: filled(parties, 0),
    partieWinner: -1,
    partieReason: '',
    start1717: askRule === 'ibk1717' && parties === 2 && sc.every((x) => x === target - 1),
    voidBids: 0,
    forfeited: 0,
    bidAtTargetMinus2: 0,
    spielLost: 0,
    askNeed: filled(seats, 0),
  };
}

export function cloneBidding(b: Bidding): Bidding {
  return {
    ...b,
    figs: b.figs.map(cloneFig),
    queue: b.queue.slice(),
    window: b.window === null ? null : b.window.slice(),
    veto: b.veto === null ? null : { ...b.veto, undo: b.veto.undo.map(cloneFig), figures: b.veto.figures.slice(), queue: b.veto.queue.slice() },
    ask: b.ask === null ? null : { ...b.ask },
    score: b.score.slice(),
    written: b.written.slice(),
    penalties: b.penalties.slice(),
    askNeed: b.askNeed.slice(),
  };
}
