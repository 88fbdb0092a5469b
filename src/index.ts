// perlagg as a library (`import { ... } from 'perlagg'`, GUIDE guideline 15): the public surface, typed,
// with options objects. Everything the commands do is here as functions: cards and their notation, the
// rulesets, the figure evaluator and the exact enumeration (`exact`), the engine contract of a hand, the
// policy API, `simulate` (the Monte Carlo runner with its summary; policy objects too) and `simulateStream`
// (its batches as an async iterator), `tune`, `league`, `merge` and `plot` (src/library/), and the Game
// interface that Perlaggen and Bieten share. The package ships this compiled to JavaScript with declarations (dist/, built by
// `npm pack`), so a consumer needs neither tsx nor TypeScript.
import type { Suit } from './cards/card.ts';
import { CardSet } from './cards/cardset.ts';
import { parseSuit } from './cards/notation.ts';
import { dealtDistribution, dealtMass, dealtSummary } from './exact/dealt.ts';
import { cellRows, exactDistribution, exactRows, exactSummary, ExactError, type ExactRow, type ExactSummary } from './exact/distribution.ts';
import { assertTrumpAllowed } from './rules/perlaggen.ts';
import { canonicalName, resolveRuleset } from './rules/registry.ts';

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

// ---- what goes wrong: bad input (a command's exit 2) and a run that failed (exit 1) ----
export { UsageError, RuntimeFault } from './core/errors.ts';

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

// ---- simulate(), simulateStream(), tune(), league(), merge(), plot(): the commands that run as functions ----
export { simulate, type SimulateOptions, type SimulationSummary, type MetricEstimate } from './library/simulate.ts';
export { simulateStream, batchRows, type SimulationStream, type SimulationBatch, type BatchTable, type ColumnValues } from './library/stream.ts';
export type { PolicyInput } from './library/policies.ts';
export {
  tune, league, merge, plot,
  type TuneOptions, type TuneSummary, type TuneProgress, type Confirmation, type SpsaParam, type SprtBounds,
  type LeagueOptions, type LeagueSummary, type Ratings, type PairedEstimate, type PlayerRating,
  type MergeOptions, type MergeSummary, type PlotOptions, type ChartFile,
} from './library/commands.ts';
