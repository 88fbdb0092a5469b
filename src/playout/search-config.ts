// The search's settings and what it returns (split from search.ts, which runs the search): SearchConfig and
// DEFAULT_SEARCH (strategies/pimc.ts declares them as options), the answer model's question and answer
// (AnswerQuery, AnswerModel: how the other seats answer our bids and raises), ADVICE_ANSWERS (the answers
// advise and review assume), and the estimates of a decision (Estimate, OptionEstimate, DecisionEstimate).
import type { PolicyAction } from '../engine/actions.ts';
import type { Observation } from '../engine/observation.ts';
import type { SeatModel } from './inference.ts';
import type { Policy } from '../policy/api.ts';
import type { EquityPlay } from './equity.ts';
import { ROLLOUT, type RolloutPolicy } from './kernel-state.ts';

/** The search's settings (strategies/pimc.ts declares them as options, with their ranges). */
export interface SearchConfig {
  /** Worlds sampled per decision. */
  readonly worlds: number;
  /** Playouts of each option in each world (the continuation's own randomness). */
  readonly rolloutsPerWorld: number;
  /**
   * The kernel's continuation (kernel.ts rollout): 'simple', 'random', or 'solver' — simple's play until a trick
   * is led with at most `solverCards` cards in hand, then the Spiel solved with the world's cards known
   * (kernel-solver.ts; two parties, else simple's play throughout).
   */
  readonly continuation: 'random' | 'simple' | 'solver';
  /** 'solver': the cards in the leader's hand from which the rest of the trick play is solved (1–5). Default 3. */
  readonly solverCards?: number;
  /** 'points' (the deal's expected points), 'partie' (P(win the Partie) from the equity table), 'auto' (partie near the end). */
  readonly objective: 'points' | 'partie' | 'auto';
  /** auto: the Partie objective when a party needs at most this many points (virtual score). */
  readonly autoWithin: number;
  readonly answers: 'simple' | 'perfect';
  readonly readBids: 'none' | 'any' | 'strong';
  /** Enumerate all 32 christenings of a Perlagg (default: the kernel's reduced set). */
  readonly christenAll: boolean;
  /** At most this many playouts per decision (fewer worlds when the options are many); 0 = no cap. */
  readonly maxRollouts: number;
  /** Stop sampling worlds after this many milliseconds (at least 8 worlds); 0 = no limit. Not reproducible. */
  readonly timeMs: number;
  /** Evaluate every legal option (advise) or only the plausible ones (the bot: see prune()). */
  readonly everyOption: boolean;
  /**
   * 'uniform': every sampled world counts alike (the reading of bids, `readBids`, as hard constraints);
   * 'weighted': every consistent deal sampled and each world weighted by the likelihood of the other seats'
   * bids, answers and talk under `model` (inference.ts; `readBids` is then not used).
   */
  readonly worldWeights: 'uniform' | 'weighted';
  /** The model of the other seats for 'weighted' (inference.ts SeatModel); null: worlds stay uniform. */
  readonly model: SeatModel | null;
  /**
   * 'weighted' only: the model of the partner's decisions (issue 28). Undefined (default): `model`, as for the
   * opponents; null: the partner's decisions are not weighed — a partner who does not play as the model (pimc
   * beside pimc) says nothing the model could read, and a wrong model of him biases the worlds.
   */
  readonly partnerModel?: SeatModel | null;
  /**
   * 'weighted' only: draw more worlds, `worlds` at a time, until the effective worlds (Kish) reach this many,
   * at most MIN_ESS_CAP × `worlds` in all; 0 (default) = off. Uneven weights leave few effective worlds and
   * intervals that cover too rarely (docs/commands.md, advise: 91.8% at 40 worlds; 93.8% with minEss 40).
   */
  readonly minEss?: number;
  /**
   * The model of the other seats' answers to our bids and raises, as a function (answers 'simple' only):
   * e.g. the solved bid layer (strategies/solved.ts solvedAnswerModel); where it answers −1, simple's answer.
   */
  readonly answerModel?: AnswerModel;
  /**
   * The answer model's raisers hold (issue 28): a party that raised (or re-raised) a figure in this deal holds
   * our next raise of it instead of letting it gut as the model would (the 1853 author's bot does; simple
   * folds). Off: the model's answer alone.
   */
  readonly raisersHold?: boolean;
  /**
   * With `raisersHold`: false — the raisers hold every re-raise but the one to Aus, where the model's own answer
   * stands (issue 28: in the Oberland author1853 lets gut at Aus a Spiel it raised itself). Default true: held
   * at Aus too. Meaningless without `raisersHold`.
   */
  readonly raisersHoldAus?: boolean;
  /**
   * The raisers answer on the cards (issue 28): a party that raised (or re-raised) a figure before this
   * decision answers our offer of it as under 'perfect' — it holds in the worlds where holding is better for it,
   * else lets gut — instead of by the answer model (and before `raisersHold`). Every other answer stays the
   * model's. Off: the model's answer (with `raisersHold`).
   */
  readonly raisersPerfect?: boolean;
  /**
   * The other party's answers to our bids and raises in the engine's lines (lines.ts) asked of this bot, on the
   * world's cards (its observation in the line's state): e.g. author1853 (issue 28). Where set it replaces the
   * answer model (and raisersHold) there; raisersPerfect and answers 'perfect' still take precedence.
   */
  readonly answerBot?: Policy;
  /**
   * Whose play the Partie-equity table of the 'partie' objective was made with (equity.ts EquityPlay):
   * `simple` (default) or the author's bot, where its table exists (issue 28: the gestrichen scores).
   */
  readonly equityPlay?: EquityPlay;
  /**
   * Bidding inside the playouts (issue 28): each line of a bidding option (lines.ts) is played to the end of the
   * hand in the engine by these bots (bot-playout.ts) — every later bid window, raise, answer, veto, talk, card
   * and showing — instead of by the kernel, which plays the cards without further bids. The other party's
   * answers to our offers stay the answer model's, our response to their raise the search's. Unset: the kernel.
   */
  readonly linePlay?: LineBots;
}

/** The bots that play a line to its end (SearchConfig.linePlay): our party's seats and the others'. */
export interface LineBots {
  readonly ours: Policy;
  readonly theirs: Policy;
}

/**
 * The answers a bid or raise is priced against, by default: 'perfect' — each opponent takes whichever of gut
 * and hold is better for him on the world's cards. Priced against `simple`'s answers (search.ts), a bid earns
 * what simple's holes give away (issue 28: bid-everything beats simple), and a review would call a sound pass
 * a mistake against any other opponent; `--answers simple` keeps that reading. Used by perlagg advise,
 * perlagg review and the advisor and review of perlagg serve; the bot pimc keeps DEFAULT_SEARCH.answers.
 */
export const ADVICE_ANSWERS: SearchConfig['answers'] = 'perfect';

/** What the answer model is asked: how `seat` answers our offer on `figure` at `level`, in one world. */
export interface AnswerQuery {
  readonly obs: Observation;
  readonly seat: number;
  /** 0 Spiel, 1 Gleich, 2 Hanger. */
  readonly figure: number;
  readonly level: number;
  readonly mayRaise: boolean;
  /** The answering seat's cards in the world: its best Gleich and Hanger (evaluator codes), its Perlaggen and plain trumps. */
  readonly gleich: number;
  readonly hanger: number;
  readonly perlaggen: number;
  readonly plainTrumps: number;
  /** A uniform draw in [0, 1) for a mixed model, fixed by the world and the offer (reproducible). */
  readonly u: number;
}

/** 0 gut, 1 hold, 2 raise; −1: no answer (simple's is taken). */
export type AnswerModel = (q: AnswerQuery) => number;

/** `minEss`: at most this many times the asked worlds are drawn to reach the effective worlds asked. */
export const MIN_ESS_CAP = 8;

/** The kernel's rollout policy of a configuration, and the solver's hand size (kernel.ts rollout). */
export function continuationOf(cfg: SearchConfig): { policy: RolloutPolicy; solverCards: number } {
  const policy = cfg.continuation === 'random' ? ROLLOUT.random : cfg.continuation === 'solver' ? ROLLOUT.solver : ROLLOUT.simple;
  return { policy, solverCards: cfg.solverCards ?? DEFAULT_SOLVER_CARDS };
}

export const DEFAULT_SOLVER_CARDS = 3;

export const DEFAULT_SEARCH: SearchConfig = Object.freeze({
  worlds: 48,
  rolloutsPerWorld: 1,
  continuation: 'simple',
  objective: 'auto',
  autoWithin: 4,
  answers: 'simple',
  readBids: 'strong',
  christenAll: false,
  maxRollouts: 0,
  timeMs: 0,
  everyOption: false,
  worldWeights: 'uniform',
  model: null,
});

/** A mean over the sampled worlds with its 95% interval (mean ± t·SE, worlds as the sample). */
export interface Estimate {
  readonly mean: number;
  readonly lo: number;
  readonly hi: number;
}

export interface OptionEstimate {
  readonly action: PolicyAction;
  /** Sampled and played out (false: decided by a rule, or not evaluated — see note). */
  readonly evaluated: boolean;
  /** Expected points of the deal: the acting party's minus the opponents'. */
  readonly points: Estimate | null;
  /** P(the acting party wins the Partie), when there is a Partie-equity table (two parties). */
  readonly pwin: Estimate | null;
  /** Expected Partie stake (±1, ±2 with the Double). */
  readonly equity: Estimate | null;
  /** The objective's mean (what the choice maximises); NaN when not evaluated. */
  readonly value: number;
  readonly note: string;
}

export interface DecisionEstimate {
  readonly phase: string;
  readonly objective: 'points' | 'partie';
  /** Worlds sampled, and playouts run in all. */
  readonly worlds: number;
  /** The effective worlds (Kish: (Σw)² / Σw² of the worlds' weights; uniform worlds: all of them). */
  readonly effectiveWorlds: number;
  /** How the worlds were weighted (uniform also where 'weighted' fell back: see notes), and by which model. */
  readonly weights: 'uniform' | 'weighted';
  readonly model: string | null;
  readonly rollouts: number;
  readonly options: readonly OptionEstimate[];
  /** Index of the chosen option. */
  readonly best: number;
  /** The Partie-equity table used (its source), null without one. */
  readonly equitySource: string | null;
  readonly notes: readonly string[];
}

export interface SearchRandom {
  nextUint32(): number;
}
