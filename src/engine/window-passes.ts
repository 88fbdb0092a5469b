// The kinds of bid window a policy may declare it passes in (Policy.passes, policy/api.ts WindowPasses), the
// kind of the window now open for a seat, and whether a declaration holds as the hand stands — read from the
// state (the twins of the bid windows' seat masks, bid-windows.ts) and, for the runner, from a policy's
// declarations (passPromised).
import { F_SPIEL } from './bid-state.ts';
import { askAllowed, figureOpenForBid, partyMayBidMore } from './bid-rights.ts';
import { openTrick } from './legality.ts';
import type { HandState } from './state.ts';

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

/** windowKindOf worked out from the state (the twin of the windowInfo path). */
export function windowKindOfChecked(s: HandState, seat: number): number {
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

/**
 * Did the seat's policy declare it passes in the window now open, for this seat's kind of it (Bidding.declared)?
 * Worked out from the state: the twin of the seat masks (windowSeats).
 */
export function declaresPassChecked(s: HandState, seat: number): boolean {
  const kind = windowKindOfChecked(s, seat);
  if (kind === 0) return false;
  const b = s.bid;
  if (kind < WINDOW_SPIEL_LEAD) return ((b.declared >>> (kind * 8 + seat)) & 1) === 1;
  if (kind === WINDOW_AFTER_SPIEL) return ((b.declared2 >>> seat) & 1) === 1 && !opponentHasShown(s, seat);
  return partyTricks(s, seat) < ((b.declared2 >>> (8 + 3 * seat)) & 7);
}

/** Tricks the seat's party has won so far (Observation.tricksWon of its party). */
export function partyTricks(s: HandState, seat: number): number {
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
