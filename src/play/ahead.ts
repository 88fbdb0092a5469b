// What a person at the keyboard will be asked next if nobody says anything more (issue 24, item 3: fewer
// prompts). The engine asks a seat one decision at a time — the table talk, then a bid window, then its card —
// and each of these was a question of its own. When nothing happens in between, they are one moment at the
// table: "say something, bid, or lay a card". The runner hands a seat with onTurn (sim/play.ts) this look
// ahead: from a copy of the state, every seat stays quiet in the talk and passes in the bid windows, and the
// decisions of `player` met on the way are returned, each as the observation he would get then, up to the
// first one that is neither talk nor a bid window (his card, an answer …) or another player's decision that is
// not. The copy is the engine's own play, so what it lists is exactly what the engine would ask; what it shows
// is only what the seat would see then (its own observation), never another seat's cards.
import type { PolicyAction } from '../engine/actions.ts';
import { PASS } from '../engine/actions.ts';
import { applyAction, currentPlayer } from '../engine/game.ts';
import { explainIllegal } from '../engine/checked.ts';
import { observe } from '../engine/observe.ts';
import { type Observation } from '../engine/observation.ts';
import { cloneState, type HandState } from '../engine/state.ts';
import { QUIET } from '../engine/talk.ts';

/** One decision of the seat ahead: what it would see then and why an action would be illegal then. */
export interface AheadStep {
  readonly obs: Observation;
  readonly explain: (a: PolicyAction) => string | null;
}

/** Can the decision now be passed by saying nothing (talk without a question to answer, a bid window)? */
function quietNow(s: HandState): boolean {
  return s.phase === 'window' || (s.phase === 'talk' && s.talk !== null && s.talk.question === null);
}

/**
 * The decisions of `player` after the one now (which must be talk or a bid window), if every seat stays quiet
 * and passes: at most `max`, ending with the first that cannot be passed. Empty when the decision now cannot
 * be passed, or the next decision is another player's that cannot.
 */
export function aheadIfQuiet(s: HandState, player: number, max = 4): AheadStep[] {
  const steps: AheadStep[] = [];
  if (!quietNow(s)) return steps;
  const c = cloneState(s);
  applyAction(c, c.phase === 'window' ? PASS : QUIET);
  // a window or a talk turn is one action of one seat: a few hundred steps cover any hand
  for (let guard = 0; guard < 500 && steps.length < max; guard++) {
    const p = currentPlayer(c);
    if (p < 0) break;
    const passable = quietNow(c);
    if (p === player) {
      const snap = cloneState(c);
      steps.push({ obs: observe(snap, player), explain: (a) => explainIllegal(snap, a) });
      if (!passable) break;
    } else if (!passable) break;
    applyAction(c, c.phase === 'window' ? PASS : QUIET);
  }
  return steps;
}
