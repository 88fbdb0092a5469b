// RULES §11.3 step 1, §12 [000 p.31-32]: a party reaching the target by an immediate write goes out in the
// middle of the hand — once the deal's claims are checked: going out, a party must have what was let gut to
// it. The write (writeNow) and the judgement (judgeGoingOut, on the corrections of corrections.ts).
import type { FigureName } from './actions.ts';
import { bidChanged } from './bid-state.ts';
import { FrontierJudge, amendWrites, overTarget } from './corrections.ts';
import { freezeEvent } from './history.ts';
import { endPartie, virtualScore } from './partie-score.ts';
import type { HandState } from './state.ts';

/**
 * Write points now. A party reaching the target goes out in the middle of the hand (§11.3 step 1) — once
 * the deal's claims are checked: going out, a party must have what was let gut to it (judgeGoingOut,
 * RULES §12 [000 p.31-32]); a correction can leave it short, or put the other party out.
 */
export function writeNow(s: HandState, party: number, points: number, reason: string, figure: FigureName | null): void {
  bidChanged();
  s.bid.written[party]! += points;
  s.events.push(freezeEvent({ type: 'write', party, points, reason, figure }));
  if (s.bid.partieWinner < 0 && virtualScore(s, party) >= s.ruleset.target) judgeGoingOut(s, party, 'target reached by an immediate write');
}

/**
 * A party reached the target by an immediate write in the middle of the hand: it goes out only if its
 * deal's claims hold. Every correction is applied now (found out as it goes out), then the Partie is
 * judged on the corrected writes; when nobody is out any more, the hand goes on (RULES §11.3, [000 p.31-32]).
 */
export function judgeGoingOut(s: HandState, party: number, reason: string): void {
  const b = s.bid;
  if (b.partieWinner >= 0) return;
  if (b.active || s.revokes.length > 0) amendWrites(s, new FrontierJudge(s));
  const w = overTarget(s, b.written);
  if (w >= 0) endPartie(s, w, w === party && reason !== '' ? reason : 'target reached with the corrected writes of the deal');
}
