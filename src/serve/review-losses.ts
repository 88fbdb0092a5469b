// The value each decision of a recorded game lost, as `perlagg review` computes and classes it
// (src/review/review.ts, imported here: serve is a floor above review, docs/architecture.md), for the page's
// review (review.ts): each decision with its trick, the action taken and the best, the points lost and the
// class. The page's review is asked for at a smaller budget than the command's (REVIEW_WORLDS worlds a
// decision instead of 200), so that a whole hand comes back in seconds; `perlagg review` gives the sharper
// figures. The page asks for one deal at a time (POST /api/review/losses), while it already shows the deal;
// the server runs it in its search thread (search-pool.ts), so that it keeps answering meanwhile.
import { reviewGame, type ReviewClass } from '../review/review.ts';
import { reviewBietenDeal } from '../review/bieten.ts';
import { replayBieten } from '../games/replay/bieten.ts';
import { parseRecording } from '../games/replay/common.ts';
import { statements } from '../games/replay/format.ts';
import { recordingOf } from '../games/replay/from-transcript.ts';
import { ReplayError } from '../games/replay/format.ts';
import { UsageError } from '../core/errors.ts';

/** Worlds a decision in the page's review (the command's default is 200). */
export const REVIEW_WORLDS = 40;

export interface DecisionLoss {
  /** Deal (0-based, as the page counts its deals). */
  readonly deal: number;
  readonly seat: number;
  /** Tricks completed before the decision (the page shows it at that step). */
  readonly trick: number;
  /** The action taken and the best one, in the replay notation. */
  readonly decision: string;
  readonly best: string;
  /** Expected points lost against the best option (0: the best was taken; null: decided by rule). */
  readonly loss: number | null;
  /** P(win the Partie) lost where the score makes it the aim, else null. */
  readonly lossPwin: number | null;
  /** The class `perlagg review` gives it: best, fine, doubtful, bad, very bad, by rule. */
  readonly mark: ReviewClass;
}

/**
 * The losses of the decisions of deal `deal` (0-based) of a recording; a bad one: a UsageError with the
 * replay's line. Perlaggen by `perlagg review`'s search; Bieten by review/bieten.ts (worlds redealing what the
 * deciding seat cannot see, every action played out by plain), classed by the same thresholds.
 */
export function reviewLosses(text: string, name: string, deal: number, worlds = REVIEW_WORLDS): DecisionLoss[] {
  let r;
  try {
    const recording = recordingOf(text); // a transcript of perlagg play is read as a recording
    const all = statements(recording);
    const header = all.length > 0 ? parseRecording(all).header : null;
    if (header?.game === 'bieten') {
      const states = replayBieten(all, header, name).states;
      const final = states[deal];
      if (final === undefined) throw new UsageError(`${name}: no deal ${deal + 1} (the game has ${states.length})`);
      return reviewBietenDeal(final, deal + 1, worlds).map((d) => ({ deal, seat: d.seat, trick: d.trick, decision: d.taken, best: d.best, loss: d.lostPoints, lossPwin: null, mark: d.class }));
    }
    r = reviewGame(recording, { worlds, seed: 1, deals: [deal + 1] }, name);
  } catch (e) {
    if (e instanceof ReplayError) throw new UsageError(`${name} line ${e.line}: ${e.message}`);
    throw e;
  }
  return r.decisions.map((d) => ({ deal: d.deal - 1, seat: d.seat, trick: d.trick, decision: d.taken, best: d.best, loss: d.lostPoints, lossPwin: d.lostPwin, mark: d.class }));
}
