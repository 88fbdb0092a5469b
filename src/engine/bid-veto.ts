// RULES §8.6 (1853 `partnerVeto`, [000 p.33]): the partner's protest — after a bid or a raise in a window, a
// hold or a Drei in answer, the bidder's (or answerer's) partner may veto it at once; the less dangerous act
// stands. Without a partner who may veto, the act goes straight to its answers (bid-answer.ts).
import { bidChanged, type FigureBid } from './bid-state.ts';
import { answerGut, holdOffer, settleAnswers } from './bid-answer.ts';
import { vetoSeat } from './bid-rights.ts';
import { nextInWindow } from './bid-windows.ts';
import { freezeEvent } from './history.ts';
import type { HandState } from './state.ts';

/** `undo`: the bidding before the act, made (non-null) when vetoSeat(s, seat) >= 0 — the seat is the same before and after it. */
export function startVetoOrAnswer(s: HandState, seat: number, undo: FigureBid[] | null, figures: number[], tm2 = s.bid.bidAtTargetMinus2, unseenAll = s.bid.unseenAll): void {
  const p = vetoSeat(s, seat);
  if (p >= 0) {
    s.bid.veto = { seat: p, undo: undo!, figures, act: 'bid', actor: seat, queue: [], tm2, unseenAll };
    s.phase = 'veto';
    return;
  }
  settleAnswers(s);
}

/**
 * The veto (1853 [000 p.33]): "Kann kein vermittelnder Ausweg gefunden werden, so hat jedenfalls diejenige
 * Meinung den Vorzug, mit welcher die geringere Gefahr verbunden ist." The partner's protest stands for the
 * less dangerous act, one step down: no bid instead of a bid or a raise, gut instead of holding, holding
 * instead of a Drei. Letting gut is the least dangerous answer; a protest against it could never prevail,
 * so none is asked for.
 */
export function applyVeto(s: HandState, veto: boolean): void {
  bidChanged();
  const b = s.bid;
  const v = b.veto!;
  s.events.push(freezeEvent({ type: 'veto', seat: v.seat, veto, act: v.act }));
  b.veto = null;
  if (veto && v.act === 'bid') {
    b.figs = v.undo;
    // a vetoed bid was never made ("Protestirt er ..., dann muß sie die Vereinigung ihrer Meinungen abwarten"
    // [000 p.33]): a blind all-three bid vetoed does not take away the ask of the party at 10 ([000 p.31])
    b.bidAtTargetMinus2 = v.tm2;
    b.unseenAll = v.unseenAll;
    b.queue = [];
    b.voidBids += 1;
    nextInWindow(s);
    return;
  }
  if (veto) {
    b.figs = v.undo;
    b.queue = v.queue;
    const q = s.table.party[v.actor]!;
    if (v.act === 'hold') answerGut(s, v.actor, q);
    else holdOffer(s, v.actor, q);
  }
  settleAnswers(s);
}
