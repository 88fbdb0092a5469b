// RULES §8.3 law 1 and 5, A-15, GC-30: a raise ("Drei", "Vier" …) of an offer or a held stake, one step at a
// time up to Aus — the level that reaches the target (`raiseLadder`) — within the limits near the target
// (bid-limits.ts); it binds its author to the figure (obligations.ts).
import { FIGURES, type FigureBid } from './bid-state.ts';
import { checkLimit } from './bid-limits.ts';
import { freezeEvent } from './history.ts';
import { bind } from './obligations.ts';
import { virtualScore } from './partie-score.ts';
import type { HandState } from './state.ts';
import type { RulesVariant } from '../rules/variant.ts';

/**
 * Level of "Aus" for the next raise: upTo7ThenAus → 8; openToAus → the first level reaching either party's
 * target, from each party's virtual score (score + written). Also the search's (playout/search.ts isAus).
 */
export function ausLevelOf(ladder: RulesVariant['raiseLadder'], target: number, parties: number, vscore: (party: number) => number): number {
  if (ladder === 'upTo7ThenAus') return 8;
  let need = 2;
  for (let p = 0; p < parties; p++) need = Math.max(need, target - vscore(p));
  return need;
}

function ausLevel(s: HandState): number {
  return ausLevelOf(s.ruleset.raiseLadder, s.ruleset.target, s.table.parties, (p) => virtualScore(s, p));
}

/** Raise the figure's offer/stake to `to` by `party`; false when void (penalty written). A jump binds its author (GC-30). */
export function raiseTo(s: HandState, fb: FigureBid, f: number, seat: number, party: number, to: number, answer: boolean): boolean {
  const declineValue = to - 1;
  const ok = checkLimit(s, party, 1, declineValue - openDeclinesOf(fb, party), to === 3 ? 'a Drei' : 'a raise') === 1;
  const aus = ok && to >= ausLevel(s);
  s.events.push(freezeEvent({ type: 'raise', seat, party, figure: FIGURES[f]!, to, aus, answer, valid: ok }));
  if (!ok) return false;
  fb.status = 'offer';
  fb.gutBy = 0;
  fb.level = to;
  fb.maxLevel = Math.max(fb.maxLevel, to);
  fb.aus = aus;
  fb.offerParty = party;
  fb.offerSeat = seat;
  fb.lastSeat[party] = seat;
  bind(s, fb, f, seat, party, false);
  return true;
}

/** Part of `party`'s open declines already counted for this very figure (its own open offer, replaced by the raise). */
function openDeclinesOf(fb: FigureBid, party: number): number {
  return fb.status === 'offer' && fb.offerParty === party ? fb.level - 1 : 0;
}
