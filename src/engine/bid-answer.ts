// RULES §8.3, §8.6: the answers to an offer — let it gut (the offerer writes level − 1 at once), hold it (a
// stake, the raise right to the holder's party) or raise it — given at once by the opposing party: its seat
// that last acted on the figure, else the first opponent clockwise from the bidder; silent parties let it
// gut. With more than two parties (`individualBidding: 'answerInTurn'`, A-41) the others answer in turn
// (nextAnswerer). An answerer's hold or Drei may be vetoed by his partner (bid-veto.ts).
import { bidChanged, cloneFig, FIGURES, type FigureBid } from './bid-state.ts';
import { isSilent, mayHold, otherParty, vetoSeat } from './bid-rights.ts';
import { raiseTo } from './bid-raise.ts';
import { nextInWindow } from './bid-windows.ts';
import { writeNow } from './going-out.ts';
import { freezeEvent } from './history.ts';
import { bind } from './obligations.ts';
import type { HandState } from './state.ts';

/** Find who answers the head of the queue; silent parties let it gut at once. Back to the window when done. */
export function settleAnswers(s: HandState): void {
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
    const q = otherParty(fb.offerParty);
    return ((fb.gutBy >>> q) & 1) === 1 ? -1 : q;
  }
  for (let i = 1; i < seats; i++) {
    const p = party[(fb.offerSeat + i) % seats]!;
    if (p !== fb.offerParty && ((fb.gutBy >>> p) & 1) === 0) return p;
  }
  return -1;
}

export function answerGut(s: HandState, seat: number, q: number): void {
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
export function holdOffer(s: HandState, seat: number, q: number): void {
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
