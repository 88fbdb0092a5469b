// perlagg as a library (`import { ... } from 'perlagg'`, GUIDE guideline 15): the public surface, typed,
// with options objects. Everything the commands do is here as functions: cards and their notation, the
// rulesets, the figure evaluator and the exact enumeration (`exact`), the engine contract of a hand, the
// policy API, `simulate` (the Monte Carlo runner with its summary), and the Game interface that Perlaggen
// and Bieten share. The package ships this compiled to JavaScript with declarations (dist/, built by
// `npm pack`), so a consumer needs neither tsx nor TypeScript.
import { isAbsolute, resolve } from 'node:path';
import type { Suit } from './cards/card.ts';
import { CardSet } from './cards/cardset.ts';
import { cardShort, parseCards, parseSuit } from './cards/notation.ts';
import { dealtDistribution, dealtMass, dealtSummary } from './exact/dealt.ts';
import { cellRows, exactDistribution, exactRows, exactSummary, ExactError, type ExactRow, type ExactSummary } from './exact/distribution.ts';
import { assertTrumpAllowed } from './rules/perlaggen.ts';
import { canonicalName, resolveRuleset } from './rules/registry.ts';
import { type SimMode, type SimSpec, DEFAULT_BATCH, intervalOf } from './sim/job.ts';
import { DEFAULT_WORKERS, runSimulation, varianceRatio } from './runner/runner.ts';
import type { Progress } from './runner/options.ts';
import type { StopReason } from './runner/standing.ts';
import { splitPolicies } from './registry/policies.ts';

// ---- cards and notation (RULES §0.3, §1) ----
export { SUITS, RANKS, SUIT_NAMES, RANK_NAMES, WELI, cardId, suitOf, rankOf, rankValue, isCardId, type CardId, type Suit, type Rank } from './cards/card.ts';
export { parseCard, tryParseCard, parseCards, parseSuit, tryParseSuit, cardShort, cardLong, cardsShort, CardNotationError } from './cards/notation.ts';
export { CardSet } from './cards/cardset.ts';

// ---- rulesets (frozen data with overrides, RULES §0.2, §15) ----
export { resolveRuleset, canonicalName, canonicalJson, rulesetHash, rulesetFromJson, rulesetOverrides, RULESET_NAMES, RulesetError, type OverrideValue } from './rules/registry.ts';
export type { RulesVariant } from './rules/variant.ts';
export { perlaggenOf, type Perlaggen } from './rules/perlaggen.ts';
export { AMBIGUITIES, type Ambiguity, type AmbiguitySwitch } from './rules/ambiguities.ts';

// ---- the figure evaluator (RULES §7) ----
export { figureContext, figureWord, naturalFigureWord, jointWords, evaluateHand, evaluateJoint, type FigureContext, type FigureHand, type PlayedCard } from './eval/evaluate.ts';
export { gleichName, hangerName, gleichFromCode, hangerFromCode, compareGleich, compareHanger, codeCount, codeRankValue, wordGleich, wordHanger, wordHangerSuit, type Gleich, type Hanger } from './eval/figures.ts';

// ---- exact answers by enumeration ----
export { exactDistribution, exactRows, exactSummary, cellRows, cellSummary, ExactError, type ExactDistribution, type ExactRow, type ExactSummary } from './exact/distribution.ts';
export { dealtDistribution, dealtMass, dealtSummary, type DealtDistribution, type DealtOptions, type DealtWho } from './exact/dealt.ts';

// ---- the engine contract of a hand (GUIDE guideline 2) ----
export { newHand, currentPlayer, actingSeat, chanceOutcomes, legalActions, applyAction, returns, isTerminal, handFromLayout, IllegalActionError, CHANCE, TERMINAL, type HandOptions, type DealLayout } from './engine/game.ts';
export { applyChecked, explainIllegal } from './engine/checked.ts';
export { observe } from './engine/observe.ts';
export type { Observation, ObservedBid, ObservedPlay, ObservedShow, ObservedTrick, ShowChoice } from './engine/observation.ts';
export { resampleHidden, ResampleError } from './engine/resample.ts';
export { actionText, sameAction, type Action, type PolicyAction, type FigureName } from './engine/actions.ts';
export type { HandEvent } from './engine/history.ts';
export type { HandState, Table } from './engine/state.ts';
export { playDeal, PolicyFault, DecisionTimeout, type DealResult, type PlayDealOptions, type SeatPolicy } from './play/hand.ts';
export { playPartie, type PartieResult, type PlayPartieOptions } from './play/partie.ts';
export type { DealSummary, PartieSummary } from './engine/summary.ts';
export { keyedRng, keyedPartieRng, STREAM, type Rng } from './core/rng.ts';

// ---- the policy API (what strategies/ import; GUIDE guidelines 3-4) ----
export { definePolicy, type Policy, type PolicyContext, type PolicyFactory, type OptionSpec, type OptionValues, type RandomSource } from './policy/api.ts';
export * as policy from './policy/api.ts';
export { resolvePolicy, builtinPolicy, builtinPoliciesOf, BUILTIN_POLICIES, PolicyError, type ResolvedPolicy } from './registry/policies.ts';

// ---- games behind one contract: Perlaggen and Bieten (GUIDE §7) ----
export { CHANCE as GAME_CHANCE, TERMINAL as GAME_TERMINAL, GAME_NAMES, type Game, type AnyGame, type GameName, type TranscriptHeader } from './games/game.ts';
export { runDeal, GamePolicyFault, type SeatedPolicy, type DealStreams } from './play/deal.ts';
export { GAMES } from './registry/games.ts';
export { perlaggenGame } from './games/perlaggen/game.ts';
export { bietenGame } from './games/bieten/game.ts';
export { playBietenDeal, type BietenPolicy } from './play/bieten.ts';
export type { BietenGameResult } from './games/bieten/partie.ts';
export { playBietenGame } from './play/bieten-game.ts';
export { resolveBietenRules, bietenRulesName, BIETEN_FIGURES, type BietenRules, type BietenFigure } from './games/bieten/rules.ts';
export type { BietenState, BietenAction } from './games/bieten/state.ts';
export type { BietenObservation } from './games/bieten/observe.ts';

// ---- statistics ----
export { wilson, meanInterval, formatInterval, type Interval } from './stats/intervals.ts';
export type { Progress } from './runner/options.ts';
export type { StopReason } from './runner/standing.ts';

// ---- the tables ----
export { registerArrowZstd } from './results/zstd-register.ts';

// ---- exact(): the `perlagg exact` command as a function ----

export interface ExactOptions {
  /** Ruleset spec, e.g. "oberland" (default), "1853", "oberland{target=18}". */
  readonly ruleset?: string;
  /** Trump suits ("H", "Herz" …; default ["H"]); with `dealt`: condition on the turn-up making these (default: the turn-up's mixture). */
  readonly trumps?: readonly string[] | 'all';
  /** Cards removed from the deck first, e.g. "HK,Weli" (not with `dealt`). */
  readonly exclude?: string;
  /** A hand as dealt: the turned-up (and skipped or shown) cards in nobody's hand, the cutter keeping what the cut shows. */
  readonly dealt?: boolean;
  /** With `dealt`: 2, 3 or 4 players (default 4). */
  readonly players?: number;
}

export interface ExactResult {
  readonly ruleset: string;
  /** One entry per trump asked for; with `dealt` and no trump, one entry with trump null (the turn-up's mixture). */
  readonly results: ReadonlyArray<{
    readonly trump: Suit | null;
    /** Hands enumerated (plain exact), or 1 with `dealt` (the figures are probabilities). */
    readonly hands: number;
    /** P(the turn-up makes this trump) with `dealt`, else 1. */
    readonly probability: number;
    /** Counts (plain exact) or probabilities (`dealt`). */
    readonly summary: ExactSummary;
    /** Each non-empty cell with its hands (plain) or its probability (`dealt`) in `hands`. */
    readonly rows: readonly ExactRow[];
  }>;
}

/** The exact distribution of the best Gleich and Hanger (what `perlagg exact` prints), as data. */
export function exact(o: ExactOptions = {}): ExactResult {
  const r = resolveRuleset(o.ruleset ?? 'oberland');
  const trumpList = (): Suit[] => {
    if (o.trumps === 'all') return [...r.trumpSuitsAllowed];
    return (o.trumps ?? ['H']).map((t) => {
      const s = parseSuit(t, 'trump');
      assertTrumpAllowed(r, s);
      return s;
    });
  };
  if (o.dealt === true) {
    if (o.exclude !== undefined) throw new ExactError('exclude does not go with dealt: a hand as dealt already leaves out the turned-up card');
    const d = dealtDistribution(r, { players: o.players ?? 4 });
    const trumps: Array<Suit | null> = o.trumps === undefined ? [null] : trumpList();
    return {
      ruleset: canonicalName(r),
      results: trumps.map((t) => {
        const s = dealtSummary(d, 'seat', t);
        return { trump: t, hands: 1, probability: t === null ? 1 : d.trumpProbability[d.trumps.indexOf(t)]!, summary: s, rows: cellRows(dealtMass(d, 'seat', t)) };
      }),
    };
  }
  if (o.players !== undefined) throw new ExactError('players goes with dealt');
  const excluded = o.exclude === undefined ? CardSet.EMPTY : CardSet.parse(o.exclude);
  return {
    ruleset: canonicalName(r),
    results: trumpList().map((t) => {
      const d = exactDistribution(r, t, excluded);
      return { trump: t, hands: d.hands, probability: 1, summary: exactSummary(d), rows: exactRows(d) };
    }),
  };
}

// ---- simulate(): the Monte Carlo runner as a function ----

export interface SimulateOptions {
  /** figures (deal and evaluate, default), hands (play hands with policies) or partien (whole Partien). */
  readonly mode?: SimMode;
  readonly ruleset?: string;
  /** 2, 3, 4 (default) or 6. */
  readonly players?: number;
  /** hands / partien: one policy for all, one per party or one per player: built-in names, "name{opt=value}" or file paths. */
  readonly policies?: readonly string[];
  /** Root seed (default 1): deal i's cards are a function of (seed, i) only. */
  readonly seed?: number;
  /** Deals (hands, Partien) in the run; may be left out when a stop rule (untilCi, sprt, timeBudgetMs) ends it. */
  readonly deals?: number;
  /** hands / partien with two policies: play every deal twice, the partnerships swapped (paired A - B). */
  readonly duplicate?: boolean;
  /** Worker threads; 0 runs in this thread (default: the core count). */
  readonly workers?: number;
  /** Deals per task and per Arrow record batch (default: figures 65536, hands 1024, partien 32). */
  readonly batchSize?: number;
  /** A new folder for the Arrow tables and manifest.json; none: the summary only. */
  readonly out?: string;
  readonly resume?: boolean;
  /** Fixed cards per seat, e.g. { 0: 'HK,Weli' } (figures mode). */
  readonly hands?: Readonly<Record<number, string | readonly string[]>>;
  /** A fixed trump (deals with another trump are redealt and counted). */
  readonly trump?: string;
  /** A module path whose default export (deal) => boolean keeps a deal. */
  readonly where?: string;
  /** Stop when this metric's 95% interval half-width is at most halfWidth (metric: the mode's main one by default). */
  readonly untilCi?: { readonly halfWidth: number; readonly metric?: string };
  /** Stop when an SPRT on the (mean) metric accepts H0 (mean m0) or H1 (mean m1). */
  readonly sprt?: { readonly m0: number; readonly m1: number; readonly alpha?: number; readonly beta?: number; readonly metric?: string };
  readonly timeBudgetMs?: number;
  /** Limit for one decision of a policy (default 60 s). */
  readonly decisionTimeoutMs?: number;
  readonly signal?: AbortSignal;
  readonly onProgress?: (p: Progress) => void;
}

/** One metric's estimate with its 95% interval. */
export interface MetricEstimate {
  readonly estimate: number;
  readonly low: number;
  readonly high: number;
  readonly halfWidth: number;
  readonly se: number;
  readonly n: number;
  /** What the metric is, in words. */
  readonly doc: string;
}

/** What a run found: the summary table of `perlagg simulate`, as data. */
export interface SimulationSummary {
  readonly ruleset: string;
  readonly mode: SimMode;
  readonly players: number;
  readonly seed: number;
  readonly dealsDone: number;
  /** Deals drawn and redealt by the constraints. */
  readonly rejected: number;
  readonly stoppedBy: StopReason;
  readonly elapsedMs: number;
  readonly metrics: Readonly<Record<string, MetricEstimate>>;
  /** With duplicate: the variance of the unpaired estimate over the paired one (what pairing bought). */
  readonly varianceRatio: number | null;
  /** The SPRT at its stop: verdict, log-likelihood ratio (null while undefined) and its bounds, and the median-unbiased estimate with its 95% interval. */
  readonly sprt: { readonly metric: string; readonly verdict: string; readonly llr: number | null; readonly lower: number; readonly upper: number; readonly n: number; readonly corrected: { readonly estimate: number; readonly low: number; readonly high: number } | null } | null;
  /** Files written into `out`. */
  readonly files: readonly string[];
}

const MAIN_METRIC: Readonly<Record<SimMode, string>> = { figures: 'hand_gleich3', hands: 'p0_minus_p1', partien: 'p0_wins' };

/** Run a simulation (what `perlagg simulate` runs) and return its summary. Bad options throw a one-line error. */
export async function simulate(o: SimulateOptions = {}): Promise<SimulationSummary> {
  const mode = o.mode ?? 'figures';
  if (!(mode in MAIN_METRIC)) throw new RangeError(`mode must be figures, hands or partien, not ${String(mode)}`);
  const r = resolveRuleset(o.ruleset ?? 'oberland');
  const players = o.players ?? 4;
  const seed = o.seed ?? 1;
  if (o.policies !== undefined && mode === 'figures') throw new RangeError('policies go with mode hands or partien (figures deals and evaluates, nobody plays)');
  if (o.duplicate === true && mode === 'figures') throw new RangeError('duplicate compares two policies: use it with mode hands or partien');
  const hands: Record<string, string[]> = {};
  for (const [seat, cards] of Object.entries(o.hands ?? {})) hands[seat] = parseCards(typeof cards === 'string' ? cards : cards.join(',')).map(cardShort);
  const spec: SimSpec = {
    mode,
    ruleset: canonicalName(r),
    players,
    policies: o.policies === undefined ? [] : splitPolicies(o.policies.join(',')),
    seed,
    constraints: { hands, trump: o.trump === undefined ? null : parseSuit(o.trump, 'trump'), predicate: o.where === undefined ? null : isAbsolute(o.where) ? o.where : resolve(o.where) },
    ...(o.duplicate === true ? { duplicate: true } : {}),
  };
  const main = o.duplicate === true ? (mode === 'partien' ? 'a_wins' : 'a_minus_b') : MAIN_METRIC[mode];
  const res = await runSimulation({
    spec,
    deals: o.deals ?? null,
    batchSize: o.batchSize ?? DEFAULT_BATCH[mode],
    workers: Math.min(o.workers ?? DEFAULT_WORKERS, DEFAULT_WORKERS),
    out: o.out ?? null,
    resume: o.resume ?? false,
    shard: null,
    untilCi: o.untilCi === undefined ? null : { metric: o.untilCi.metric ?? main, halfWidth: o.untilCi.halfWidth },
    sprt: o.sprt === undefined ? null : { metric: o.sprt.metric ?? main, bounds: { m0: o.sprt.m0, m1: o.sprt.m1, alpha: o.sprt.alpha ?? 0.05, beta: o.sprt.beta ?? 0.05 } },
    timeBudgetMs: o.timeBudgetMs ?? null,
    ...(o.decisionTimeoutMs === undefined ? {} : { decisionTimeoutMs: o.decisionTimeoutMs }),
    ...(o.signal === undefined ? {} : { signal: o.signal }),
    ...(o.onProgress === undefined ? {} : { onProgress: o.onProgress }),
  });
  return {
    ruleset: spec.ruleset,
    mode,
    players,
    seed,
    dealsDone: res.dealsDone,
    rejected: res.rejected,
    stoppedBy: res.stoppedBy,
    elapsedMs: res.elapsedMs,
    metrics: Object.fromEntries(
      res.specs.map((m) => {
        const i = intervalOf(res.metrics[m.name]!);
        return [m.name, { estimate: i.estimate, low: i.low, high: i.high, halfWidth: i.halfWidth, se: i.se, n: i.n, doc: m.doc }];
      }),
    ),
    varianceRatio: varianceRatio(res),
    sprt:
      res.sprt === null
        ? null
        : {
            metric: res.sprt.metric,
            verdict: res.sprt.status.verdict,
            llr: res.sprt.status.llr,
            lower: res.sprt.status.lower,
            upper: res.sprt.status.upper,
            n: res.sprt.status.n,
            corrected: res.sprt.corrected === null ? null : { estimate: res.sprt.corrected.estimate, low: res.sprt.corrected.low, high: res.sprt.corrected.high },
          },
    files: res.files,
  };
}
