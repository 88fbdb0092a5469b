// Bidding inside the playouts (issue 28): the rest of a hand played in the engine itself, every seat by a bot —
// its bid windows, raises, answers, vetoes, talk, cards and showing — instead of the kernel's card play, which
// knows no further bids. lines.ts plays a bidding option's line out so (SearchConfig.linePlay): a pass then
// keeps the bids our party may still make later in the hand, and a bid meets the raises the others may make.
//
// The bots see only their seat's Observation (engine/observe.ts), as at the table: no seat's later choice is
// made on the world's cards it cannot see (no strategy fusion, GUIDE §6). Their randomness is the line's own
// keyed stream. `pick` may decide a turn itself (lines.ts: the answer model's answers to our offers, our one
// response to their raise); where it returns undefined the seat's bot acts.
import { sameAction, type PolicyAction } from '../engine/actions.ts';
import { CHANCE, TERMINAL, actingSeat, applyAction, currentPlayer, legalActions } from '../engine/game.ts';
import { observeWith } from '../engine/observe.ts';
import type { HandState } from '../engine/state.ts';
import type { Policy, PolicyContext } from '../policy/api.ts';
import { ReplayUnsupported } from './inference.ts';
import type { LineBots } from './search-config.ts';

/** A turn decided by the caller (undefined: the seat's bot acts). */
export type Pick = (s: HandState, seat: number, legal: readonly PolicyAction[]) => PolicyAction | undefined;

/** At most this many turns in a line (a hand has about a hundred with every window). */
const MAX_TURNS = 2000;

/**
 * Play `s` to the end of the hand: `party` is our party (its seats play `bots.ours`), `score` the Partie's score
 * before the deal (what the bots observe). Throws ReplayUnsupported at a chance step (a line starts after the
 * deal) or when a bot answers with no legal action.
 */
export function playOutWithBots(s: HandState, bots: LineBots, party: number, score: readonly number[], ctx: PolicyContext, pick: Pick): void {
  for (let turn = 0; turn < MAX_TURNS; turn++) {
    const p = currentPlayer(s);
    if (p === TERMINAL) return;
    if (p === CHANCE) throw new ReplayUnsupported(`a chance step (${s.phase}) inside a line`);
    const seat = actingSeat(s);
    const legal = legalActions(s);
    let a = legal.length === 1 ? legal[0] : pick(s, seat, legal);
    if (a === undefined) {
      const bot = s.table.party[seat] === party ? bots.ours : bots.theirs;
      // (the legal actions handed over, as the runner's loop does: not computed a second time; a fresh copy the observation owns)
      const choice = bot.act(observeWith(s, p, score, legal.slice()), ctx);
      a = legal.find((x) => x === choice) ?? legal.find((x) => sameAction(x, choice));
      if (a === undefined) throw new ReplayUnsupported(`the line's bot answered no legal action in ${s.phase}`);
    }
    applyAction(s, a);
  }
  throw new Error(`internal: a line did not end within ${MAX_TURNS} turns`);
}
