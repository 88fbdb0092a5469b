// What an experiment declares (issue 11, deliverable 3). An experiment file in experiments/ says, as plain
// data: which hypothesis of RULES §16 it tests (H-nn), the claim in a line, the two policies compared (A: the
// advice followed; B: the same policy with that one piece switched off or its threshold moved), the ruleset,
// the situations (a start score, a dealer, fixed cards or a --where predicate), the metric the claim is
// about, the direction the claim predicts, and the stop rule. The framework (run.ts) turns each arm into
// runs of the ordinary runner (src/runner/runner.ts) and reads the runner's tables: data flow one way,
// experiments use the runner, never the reverse.

/** The quantity an arm measures, per hand or per Partie of the side under test (metrics.ts). */
export type MetricName =
  /** points the side writes minus the other side's, per hand */
  | 'points'
  /** [the side makes the Spiel] − [the other side makes it], per hand */
  | 'spiele'
  /** [the side wins the Partie] − [the other side wins it], per Partie */
  | 'partien'
  /** the side loses the Partie double (0/1), per Partie */
  | 'doubleLoss'
  /** the side wins the Partie double (0/1), per Partie */
  | 'doubleWin'
  /** the stake of the Partie for the side: +1 won, +2 won double, −1 lost, −2 lost double */
  | 'stake'
  /** (describe) the side makes the Spiel (0/1), per hand */
  | 'spielMade'
  /** (describe) the side wins the Partie (0/1), per Partie */
  | 'wins'
  /** (describe, H-01) among hands whose parties hold unequal numbers of Perlaggen: the weaker party writes more points (0/1) */
  | 'weakerOutscores'
  /** (describe, H-05) in a party whose figures were all first bid by one seat: the partner's Perlaggen minus the bidder's */
  | 'quietPartnerStronger';

/**
 * How an arm compares:
 * - 'duplicate': A against B on duplicate deals (simulate --duplicate): each deal (Partie) twice with the
 *   parties swapped; the effect is A's result minus B's, per pair. For claims at a level score.
 * - 'side': the side under test (party `side`) plays A in one run and B in another, against the same
 *   opponent on the same deals (the same seed: the same cards); the effect is A's result minus B's, paired
 *   by deal (Partie). For claims about one party's situation (a start score) or against a third policy.
 * - 'describe': one run; the effect is the mean of the metric minus `reference` (a claim about a share, e.g.
 *   P(Spiel) > 1/2 for a holding).
 */
export type Design = 'duplicate' | 'side' | 'describe';

export interface Sizes {
  /** Deals (hands mode) or Partien per run: the full run, the quick form (< 1 min on 2 cores), the smoke form (seconds). */
  readonly full: number;
  readonly quick: number;
  readonly smoke: number;
}

/** A stop rule: a fixed number of deals (Partien), or an SPRT on the per-pair effect (duplicate 'points' arms). */
export type StopRule =
  | { readonly kind: 'fixed' }
  | {
      readonly kind: 'sprt';
      readonly m0: number;
      readonly m1: number;
      readonly alpha: number;
      readonly beta: number;
      /**
       * No decision before this many pairs (default 200): the SPRT estimates the variance from the data, and
       * where most pairs are 0 (a piece of advice that rarely changes a hand) 20 pairs can show almost none.
       */
      readonly minPairs?: number;
    };

export interface Arm {
  /** Short name, unique in the experiment (a folder name): e.g. 'h2h', 'vs-simple', 'at-9-4'. */
  readonly name: string;
  /** What this arm is, in words (the findings table prints it). */
  readonly label: string;
  readonly design: Design;
  readonly mode: 'hands' | 'partien';
  readonly metric: MetricName;
  /** The claim predicts A's value above B's ('greater', or above `reference` for describe) or below ('less'). */
  readonly direction: 'greater' | 'less';
  /** 'side' and 'describe': the opponent policy of the other party (default: author1853). */
  readonly opponent?: string;
  /** 'side' and 'describe': the party under test (default 0). */
  readonly side?: number;
  /** Start score per party (simulate --score) and dealer (--dealer). */
  readonly score?: readonly number[];
  readonly dealer?: number;
  /** Fixed cards (simulate --hand seat=cards) and a --where predicate (an absolute path). */
  readonly hands?: Readonly<Record<string, readonly string[]>>;
  readonly where?: string;
  /** 'describe': the value the claim compares with. */
  readonly reference?: number;
  /**
   * 'duplicate': the second seating draws from streams of its own (simulate --independent-streams): an A/A
   * arm (A = B) then measures the noise of the machinery instead of a difference of exactly 0.
   */
  readonly independentStreams?: boolean;
  /**
   * What is compared (default 'mean'). 'variance' ('side' arms): the variance of A's per-deal (per-Partie)
   * result minus B's on the same cards, with a 95% interval from the paired influence terms
   * (x − x̄)² − (y − ȳ)² (delta method); `direction` 'less' claims A's spread is the smaller (H-42).
   */
  readonly compare?: 'mean' | 'variance';
  /** Overrides of the experiment's A or B for this arm. */
  readonly a?: string;
  readonly b?: string;
  readonly sizes?: Sizes;
  readonly stop?: StopRule;
  /**
   * The opponent field this arm judges the claim at (the findings give one verdict per field): default
   * 'author1853' for a duplicate arm (A meets B, both the author's bot) and `opponent` (default author1853)
   * otherwise. The first arm of each field is that field's headline.
   */
  readonly table?: string;
  /** The smallest effect that matters, in this arm's unit, when it differs from the experiment's (another metric). */
  readonly delta?: number;
}

export interface Experiment {
  /** The hypothesis tested, e.g. 'H-24' (experiment ids are the H-ids; a second design of one would be 'H-24b'). */
  readonly id: string;
  /** The hypotheses it bears on (normally [id]). */
  readonly hypotheses: readonly string[];
  /** The claim in one line, in our words (RULES §16). */
  readonly claim: string;
  /** A: the policy following the advice; B: the alternative (the piece off, the threshold moved). */
  readonly a: string;
  readonly b: string;
  /** Ruleset (default 1853) and players (default 4). */
  readonly ruleset?: string;
  readonly players?: number;
  /** The arms; the first is primary (its verdict is the experiment's). */
  readonly arms: readonly Arm[];
  readonly sizes: Sizes;
  /** A note on what the design assumes (printed with the verdict). */
  readonly note?: string;
  /**
   * δ: the smallest effect that matters to a player, in the first arm's unit (default: the metric's, metrics.ts
   * DELTAS), with one sentence why. An interval wholly inside ±δ is "no effect that matters".
   */
  readonly delta?: number;
  readonly deltaWhy?: string;
  /** Marked untested, with the reason (the advice changes no decision, or too few to judge): run, never judged. */
  readonly untested?: string;
  /** Our reading of the claim in plain words, and what the bot does in A and in B (the player report). */
  readonly reading?: string;
}

/** A hypothesis perlagg cannot test today, with the reason. */
export interface NotTestable {
  readonly id: string;
  readonly claim: string;
  readonly why: string;
}

/**
 * What a test came to (verdict.ts): supported, refuted (the interval wholly on one side of 0 and not wholly
 * inside ±δ), no effect that matters (wholly inside ±δ), inconclusive (neither), untested (the advice changed
 * no result, or too few to judge), not testable (the engine or the bots cannot express the situation).
 * 'depends on the opponent': the opponent fields' verdicts disagree (an experiment's headline only).
 */
export type Verdict = 'supported' | 'refuted' | 'no effect that matters' | 'inconclusive' | 'untested' | 'not testable' | 'depends on the opponent';

/** The categories in the order the findings list them. */
export const CATEGORIES: readonly Verdict[] = ['supported', 'refuted', 'no effect that matters', 'depends on the opponent', 'inconclusive', 'untested', 'not testable'];

/** The root seed of an experiment's runs unless --seed gives another. */
export const DEFAULT_SEED = 1853;
