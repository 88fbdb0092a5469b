// RULES §11.2, §11.3, §12: the Partie's score within a deal — the virtual score (the score at the start of
// the deal plus this deal's immediate writes), the penalties written at once, and the end of the Partie in
// the middle of a hand. A write that can put a party out is judged first: going-out.ts writeNow.
import { bidChanged } from './bid-state.ts';
import { freezeEvent } from './history.ts';
import type { HandState } from './state.ts';

/** Partie score plus this deal's immediate writes: the "virtual" score of RULES §11.2. */
export function virtualScore(s: HandState, party: number): number {
  return s.bid.score[party]! + s.bid.written[party]!;
}

/** Write `points` minus points to `party` now (a penalty of RULES §12, A-13, A-14). */
export function penalize(s: HandState, party: number, points: number, reason: string): void {
  bidChanged();
  s.bid.written[party]! -= points;
  s.bid.penalties[party]! += points;
  s.events.push(freezeEvent({ type: 'penalty', party, points, reason }));
}

/** The Partie is over in this deal: `winner` has won it; nothing more is written. */
export function endPartie(s: HandState, winner: number, reason: string): void {
  bidChanged();
  s.bid.partieWinner = winner;
  s.bid.partieReason = reason;
  s.events.push(freezeEvent({ type: 'partieOver', winner, reason }));
}
