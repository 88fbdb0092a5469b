// Every table perlagg writes, collected in one place (GUIDE guideline 10): each game declares its own tables
// (src/games/perlaggen/columns.ts, src/games/bieten/columns.ts); the tables of exact, tune and league are
// declared here. docs/schemas.md lists the same columns; test/results/schema.test.ts checks that
// they agree. arrowType maps a column's type to Arrow's.
import { BIETEN_DEALS_COLUMNS, BIETEN_GAMES_COLUMNS } from '../games/bieten/columns.ts';
import { Dictionary, Float64, Int8, Int16, Int32, Uint8, Uint16, Uint32, Utf8, type DataType } from 'apache-arrow';
import { type ColumnType, type ColumnSpec } from '../core/columns.ts';
import { DEALS_COLUMNS, HANDS_COLUMNS, HANDS_DETAIL_COLUMNS, DECISIONS_COLUMNS, PARTIEN_COLUMNS } from '../games/perlaggen/columns.ts';

export function arrowType(t: ColumnType): DataType {
  switch (t) {
    case 'uint8': return new Uint8();
    case 'int8': return new Int8();
    case 'uint16': return new Uint16();
    case 'int16': return new Int16();
    case 'uint32': return new Uint32();
    case 'int32': return new Int32();
    case 'float64': return new Float64();
    case 'utf8': return new Dictionary(new Utf8(), new Int32());
  }
}

/** `perlagg exact --out`: one row per (trump, Perlaggen in hand, figure sizes) with its exact hand count. */
export const EXACT_COLUMNS: readonly ColumnSpec[] = [
  { name: 'ruleset', type: 'utf8', doc: 'canonical ruleset name, e.g. oberland or oberland{target=18}' },
  { name: 'trump', type: 'utf8', doc: 'trump suit: H, S, L or E' },
  { name: 'perlaggen', type: 'uint8', doc: 'number of Perlaggen in the hand (0-5)' },
  { name: 'gleich', type: 'uint8', doc: 'cards in the best Gleich with Perlaggen christened freely (0 = none, else 2-5)' },
  { name: 'hanger', type: 'uint8', doc: 'cards in the best Hanger with Perlaggen christened freely (0 = none, else 2-5)' },
  { name: 'gleich_natural', type: 'uint8', doc: 'the same with no christening: every card as its picture shows' },
  { name: 'hanger_natural', type: 'uint8', doc: 'the same with no christening' },
  { name: 'hands', type: 'uint32', doc: 'exact number of 5-card hands in this cell' },
  { name: 'probability', type: 'float64', doc: 'hands / all hands of this trump (the probability of the cell)' },
];
/**
 * `perlagg tune --out`: one row per SPSA iteration. `{p}` columns repeat for every tuned parameter p (its
 * option name, e.g. holdSlack).
 */
export const TRAJECTORY_COLUMNS: readonly ColumnSpec[] = [
  { name: 'iteration', type: 'uint32', doc: 'SPSA iteration (0-based): one perturbation, played on a block of deal (Partie) pairs' },
  { name: 'pairs_done', type: 'uint32', doc: 'deal (Partie) pairs played by the end of this iteration: SPSA\'s k' },
  { name: 'pairs', type: 'uint16', doc: 'pairs this iteration played (the block)' },
  { name: '{p}', type: 'float64', doc: 'the value of parameter p after this iteration (real; an integer option is rounded when played)' },
  { name: '{p}_plus', type: 'float64', doc: 'the value played as θ + c_k Δ (rounded stochastically for an integer option)' },
  { name: '{p}_minus', type: 'float64', doc: 'the value played as θ − c_k Δ' },
  { name: 'result', type: 'float64', doc: 'Σ over the block\'s pairs and both seatings of (θ + c_k Δ) − (θ − c_k Δ), each against the opponent (points; Partien: wins)' },
  { name: 'gain', type: 'float64', doc: 'the block\'s mean margin of θ ± c_k Δ over the opponent (points a deal; Partien: win share − 1/2)' },
  { name: 'recent_gain', type: 'float64', doc: 'an exponentially weighted mean of gain, weight 1/100 a pair' },
];

/** `perlagg league --out`: one row per match and deal (Partie) pair, every match on the same pairs. */
export const LEAGUE_COLUMNS: readonly ColumnSpec[] = [
  { name: 'a', type: 'utf8', doc: 'policy A of the match (as given in --policies)' },
  { name: 'b', type: 'utf8', doc: 'policy B' },
  { name: 'pair', type: 'uint32', doc: 'deal index (Partie index with --partien): the same deals in every match' },
  { name: 'margin', type: 'float64', doc: 'A\'s paired margin over B: points a deal averaged over the two seatings (Partien: A\'s win share − 1/2)' },
  { name: 'score', type: 'float64', doc: 'A\'s score of the pair for Bradley–Terry: 1 won, 1/2 drawn, 0 lost (by the margin\'s sign; Partien: A\'s win share)' },
];

/** `perlagg review --out`: one row per decision reviewed (src/review/review.ts; the classes' thresholds in docs/review.md). */
export const REVIEW_COLUMNS: readonly ColumnSpec[] = [
  { name: 'deal', type: 'uint32', doc: 'deal of the recording (1-based)' },
  { name: 'decision', type: 'uint32', doc: 'the decision\'s number within its deal (0-based, in the order played; table talk not counted)' },
  { name: 'seat', type: 'uint8', doc: 'the deciding seat (0-based: 0 is P1)' },
  { name: 'party', type: 'uint8', doc: 'the deciding seat\'s party (0-based)' },
  { name: 'phase', type: 'utf8', doc: 'the engine\'s phase of the decision: window (a bid or pass between cards), answer, play, show, …' },
  { name: 'trick', type: 'uint8', doc: 'tricks completed before the decision' },
  { name: 'options', type: 'uint32', doc: 'legal actions at the decision' },
  { name: 'taken', type: 'utf8', doc: 'the action taken, in the replay notation (docs/replay-format.md)' },
  { name: 'best', type: 'utf8', doc: 'the best action found by the search, in the same notation' },
  { name: 'objective', type: 'utf8', doc: 'points (expected points of the deal) or partie (P(win the Partie), where the score makes it the aim)' },
  { name: 'taken_points', type: 'float64', doc: 'expected points of the action taken (his party minus the opponents\'); NaN: decided by rule, not searched' },
  { name: 'best_points', type: 'float64', doc: 'expected points of the best action; NaN: not searched' },
  { name: 'lost_points', type: 'float64', doc: 'points lost: best_points − taken_points, at least 0; NaN: not searched' },
  { name: 'lost_pwin', type: 'float64', doc: 'P(win the Partie) lost (a probability, 0.04 = 4 percentage points) where the objective is partie; NaN otherwise' },
  { name: 'class', type: 'utf8', doc: 'best, fine, doubtful, bad, very bad (by the value lost and the thresholds), or by rule (not searched)' },
  { name: 'worlds', type: 'uint32', doc: 'worlds sampled for the decision' },
];

/** The columns of a trajectory for these parameters (`{p}` columns per parameter, in order). */
export function trajectoryColumns(params: readonly string[]): ColumnSpec[] {
  const fixed = TRAJECTORY_COLUMNS.filter((c) => !c.name.includes('{p}'));
  const per = TRAJECTORY_COLUMNS.filter((c) => c.name.includes('{p}'));
  const head = fixed.slice(0, 3);
  const tail = fixed.slice(3);
  return [...head, ...params.flatMap((p) => per.map((c) => ({ ...c, name: c.name.replace('{p}', p) }))), ...tail];
}

/** Every table perlagg writes, by file stem (seat templates unexpanded). */
export const TABLES: Readonly<Record<string, readonly ColumnSpec[]>> = {
  exact: EXACT_COLUMNS,
  deals: DEALS_COLUMNS,
  hands: [...HANDS_COLUMNS, ...HANDS_DETAIL_COLUMNS],
  partien: PARTIEN_COLUMNS,
  decisions: DECISIONS_COLUMNS,
  trajectory: TRAJECTORY_COLUMNS,
  league: LEAGUE_COLUMNS,
  review: REVIEW_COLUMNS,
  // Bieten (perlagg simulate --game bieten): its own columns, declared with its rules module
  bieten_deals: BIETEN_DEALS_COLUMNS,
  bieten_games: BIETEN_GAMES_COLUMNS,
};
