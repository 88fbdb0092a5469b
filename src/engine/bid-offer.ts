// RULES §8.2, §8.3, §8.7: the offer — a window seat bids one figure, several named together, or all three
// cumulatively (seen or unseen), within the limits near the target (bid-limits.ts); or raises a stake it
// holds the raise right of. The figures' state machine (bid-state.ts) takes the offer; the partner may veto
// it, else the opponents answer (bid-veto.ts, bid-answer.ts).
import type { FigureName } from './actions.ts';
import { bidChanged, cloneFig, figIndex } from './bid-state.ts';
import { checkLimit } from './bid-limits.ts';
import { raiseTo } from './bid-raise.ts';
import { vetoSeat } from './bid-rights.ts';
import { startVetoOrAnswer } from './bid-veto.ts';
import { nextInWindow } from './bid-windows.ts';
import { bind } from './obligations.ts';
import { virtualScore } from './partie-score.ts';
import type { HandState } from './state.ts';

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
