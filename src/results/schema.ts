// Every column perlagg writes, declared once (GUIDE guideline 10). The README's schema tables list the
// same columns; test/results/schema.test.ts checks that they agree.
import { BIETEN_DEALS_COLUMNS, BIETEN_GAMES_COLUMNS } from '../games/bieten/columns.ts';
import { Dictionary, Float64, Int8, Int16, Int32, Uint8, Uint16, Uint32, Utf8, type DataType } from 'apache-arrow';

export type ColumnType = 'uint8' | 'int8' | 'uint16' | 'int16' | 'uint32' | 'int32' | 'float64' | 'utf8';

export interface ColumnSpec {
  readonly name: string;
  readonly type: ColumnType;
  readonly doc: string;
}

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
 * `perlagg simulate --mode figures`: one row per deal. Columns named `s{i}_...` repeat for every seat
 * i = 0 .. players - 1 (seats clockwise; with 4 players seats 0 and 2 are partners against 1 and 3).
 */
export const DEALS_COLUMNS: readonly ColumnSpec[] = [
  { name: 'deal', type: 'uint32', doc: 'deal index (its cards are a function of the root seed and this index)' },
  { name: 'dealer', type: 'uint8', doc: 'dealing seat (the deal passes to the left each deal: deal mod players)' },
  { name: 'trump', type: 'utf8', doc: 'trump suit H, S, L or E' },
  { name: 'turned', type: 'utf8', doc: 'the turned-up card that made trump, e.g. HA or Weli' },
  { name: 'redeals', type: 'uint32', doc: 'deals drawn and rejected by the constraints before this one' },
  { name: 's{i}_perlaggen', type: 'uint8', doc: 'Perlaggen in seat i\'s hand' },
  { name: 's{i}_gleich', type: 'uint8', doc: 'cards in its best Gleich, Perlaggen christened freely (0 = none, else 2-5)' },
  { name: 's{i}_gleich_rank', type: 'uint8', doc: 'rank of that Gleich: 8 As, 7 König, 6 Ober, 5 Unter, 4 Zehner, 3 Neuner, 2 Achter, 1 Siebener (0 none)' },
  { name: 's{i}_hanger', type: 'uint8', doc: 'cards in its best Hanger, Perlaggen christened freely (0 = none, else 2-5)' },
  { name: 's{i}_hanger_top', type: 'uint8', doc: 'rank of the Hanger\'s highest card, same scale (0 none)' },
  { name: 's{i}_gleich_natural', type: 'uint8', doc: 'cards in the best Gleich with no christening' },
  { name: 's{i}_hanger_natural', type: 'uint8', doc: 'cards in the best Hanger with no christening' },
];

/**
 * `perlagg simulate --mode hands`: one row per played hand. `s{i}_…` columns repeat per seat, `p{j}_…`
 * per party (with 4 players party 0 = seats 0 and 2, party 1 = seats 1 and 3; 2 or 3 players: one party
 * per seat).
 */
export const HANDS_COLUMNS: readonly ColumnSpec[] = [
  { name: 'partie', type: 'uint32', doc: 'Partie index (with --partien; else equal to deal)' },
  { name: 'deal', type: 'uint32', doc: 'deal index (--mode hands), or the deal\'s number within its Partie (--partien, from 0)' },
  { name: 'seating', type: 'uint8', doc: 'with --duplicate: 0 = the policies as given (A for party 0), 1 = swapped; else 0' },
  { name: 'dealer', type: 'uint8', doc: 'dealing seat' },
  { name: 'trump', type: 'utf8', doc: 'trump suit H, S, L or E' },
  { name: 'turned', type: 'utf8', doc: 'the turned-up card' },
  { name: 'spiel_party', type: 'int8', doc: 'party that made the Spiel; -1 when it lapsed or was not reached' },
  { name: 'decisions', type: 'uint16', doc: 'policy decisions taken in the hand' },
  { name: 'void_bids', type: 'uint8', doc: 'bids or raises that were void (gestrichen, over the limit, vetoed, curtailed)' },
  { name: 'ask_party', type: 'int8', doc: 'party that asked for the Dritzige / Viertig / at 17:17 (-1 none)' },
  { name: 'partie_winner', type: 'int8', doc: 'party that won the Partie in this hand (-1 none)' },
  { name: 's{i}_perlaggen', type: 'uint8', doc: 'Perlaggen in seat i\'s hand at the first lead (after the cut and any exchange)' },
  { name: 's{i}_gleich', type: 'uint8', doc: 'cards in its best Gleich then, Perlaggen christened freely (0 = none)' },
  { name: 's{i}_hanger', type: 'uint8', doc: 'cards in its best Hanger then (0 = none)' },
  { name: 'p{j}_tricks', type: 'uint8', doc: 'tricks party j took' },
  { name: 'p{j}_points', type: 'int16', doc: 'points party j wrote in this hand, penalties included (net)' },
  { name: 'p{j}_penalties', type: 'int16', doc: 'penalty points party j lost in this hand' },
  { name: 'p{j}_talk', type: 'uint16', doc: 'phrases party j said at the table (RULES §13: questions, answers, requests; silence not counted; 0 unless partnerInfo is table or open)' },
  { name: '{f}_winner', type: 'int8', doc: 'party that scored figure f (spiel, gleich, hanger); -1 nobody (steht, lapsed, not had)' },
  { name: '{f}_points', type: 'uint8', doc: 'points figure f brought its winner' },
  { name: '{f}_level', type: 'uint8', doc: 'highest level figure f reached: 1 silent (never bid), 2 bid, 3.. raised (Drei ...), 99 Aus' },
  { name: '{f}_bid_party', type: 'int8', doc: 'party that first bid figure f (-1 unbid)' },
  { name: '{f}_bid_seat', type: 'int8', doc: 'seat that first bid it (-1 unbid)' },
  { name: '{f}_bid_at', type: 'int8', doc: 'where it was first bid: -1 unseen (after the deal), 0-4 before a card of trick 1-5, 5 after the Spiel, -2 unbid' },
  { name: '{f}_outcome', type: 'utf8', doc: 'silent, gut, held, declinedRaise, aus, ausDeclined, conceded or void' },
  { name: '{f}_immediate', type: 'uint8', doc: '1 when its points were written at once (a decline, a concede)' },
];

/**
 * `perlagg simulate --detail` (hands and Partien): the cards and the bids of every hand, so a hand can be
 * studied from the table alone. Appended to the hands table's columns.
 */
export const HANDS_DETAIL_COLUMNS: readonly ColumnSpec[] = [
  { name: 's{i}_cards', type: 'utf8', doc: '(--detail) seat i\'s cards at the first lead (after the cut and any exchange), e.g. "H7 HK SU EA Weli"' },
  { name: 'face_up', type: 'utf8', doc: '(--detail) the cards face up beside the stock at the first lead: the turned-up trump card (or the card laid in its place in an exchange), then any card laid aside at the turn-up (A-32; or the card given for it in an exchange), e.g. "SA EK E10"' },
  { name: 'bids', type: 'utf8', doc: '(--detail) the bid history in the words perlagg play prints, e.g. "P2: Gilt\'s Gleich? · P3: Gut \'s Gleich"; empty when nobody bid' },
];

/**
 * `perlagg simulate --decisions` (hands, Partien): one row per bidding decision that is not a pass — a bid (one
 * row per figure named), an answer (gut, hold), a raise, an ask and its answer, a veto or consent — with what
 * the seat had then and what the figure finally brought: a holding rule can be studied from the data.
 */
export const DECISIONS_COLUMNS: readonly ColumnSpec[] = [
  { name: 'partie', type: 'uint32', doc: 'Partie index (with --partien; else equal to deal)' },
  { name: 'deal', type: 'uint32', doc: 'deal index (--mode hands), or the deal\'s number within its Partie (--partien)' },
  { name: 'seating', type: 'uint8', doc: 'with --duplicate: 0 = the policies as given, 1 = swapped; else 0' },
  { name: 'step', type: 'uint16', doc: 'the decision\'s number in the hand (every decision counts, passes and cards too): orders the rows of a hand' },
  { name: 'trick', type: 'uint8', doc: 'tricks complete when it was taken (0 = before the first card; 5 = after the Spiel)' },
  { name: 'seat', type: 'uint8', doc: 'the deciding seat' },
  { name: 'party', type: 'uint8', doc: 'its party' },
  { name: 'score', type: 'uint8', doc: 'its party\'s score then: the Partie score before the deal plus what the deal wrote so far' },
  { name: 'opp_score', type: 'uint8', doc: 'the other party\'s score then (the same way; with three parties the highest of the others)' },
  { name: 'action', type: 'utf8', doc: 'bid, gut, hold, raise, veto, consent, ask, allow or reject' },
  { name: 'figure', type: 'utf8', doc: 'the figure it concerns: Spiel, Gleich or Hanger (an answer, veto or consent: the open offer\'s; "" when none is open)' },
  { name: 'level', type: 'uint8', doc: 'the stake in question: 2 for a bid, the open offer\'s level for an answer, veto or consent, the new level for a raise, the count asked for in an ask' },
  { name: 'best_gleich', type: 'uint8', doc: 'the seat\'s best Gleich then, with its free Perlaggen: code count·16 + rank (7 = 1 … A = 8; 0 = none), e.g. 54 = three Ober' },
  { name: 'best_hanger', type: 'uint8', doc: 'the seat\'s best Hanger then, the same code (a Hanger by its top card)' },
  { name: 'perlaggen', type: 'uint8', doc: 'Perlaggen in the seat\'s hand then' },
  { name: 'figure_points', type: 'int8', doc: 'the points the figure finally brought the seat\'s party: + written for it, − written for the other party, 0 for nobody ("" figure: 0)' },
];

/** `perlagg simulate --partien`: one row per Partie (its hands are in hands.arrow). */
export const PARTIEN_COLUMNS: readonly ColumnSpec[] = [
  { name: 'partie', type: 'uint32', doc: 'Partie index (its deals and choices are functions of the root seed, this index, the deal number and the seat)' },
  { name: 'seating', type: 'uint8', doc: 'with --duplicate: 0 = the policies as given (A for party 0), 1 = swapped; else 0' },
  { name: 'first_dealer', type: 'uint8', doc: 'dealer of the first deal' },
  { name: 'deals', type: 'uint16', doc: 'deals played' },
  { name: 'winner', type: 'int8', doc: 'winning party' },
  { name: 'double', type: 'uint8', doc: '1 when the loser lost double (1853 Double, RULES §11.5)' },
  { name: 'ended_mid_hand', type: 'uint8', doc: '1 when the Partie was decided during a hand (an immediate write, a granted ask, a Bummerl)' },
  { name: 'decisions', type: 'uint32', doc: 'policy decisions in the whole Partie' },
  { name: 'p{j}_score', type: 'int16', doc: 'party j\'s final score' },
  { name: 'p{j}_gestrichen_at', type: 'int16', doc: 'deal number at whose start party j was first gestrichen (at target - 1 or more), -1 never' },
  { name: 'p{j}_penalties', type: 'int16', doc: 'penalty points party j lost over the Partie' },
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

/** The columns of a trajectory for these parameters (`{p}` columns per parameter, in order). */
export function trajectoryColumns(params: readonly string[]): ColumnSpec[] {
  const fixed = TRAJECTORY_COLUMNS.filter((c) => !c.name.includes('{p}'));
  const per = TRAJECTORY_COLUMNS.filter((c) => c.name.includes('{p}'));
  const head = fixed.slice(0, 3);
  const tail = fixed.slice(3);
  return [...head, ...params.flatMap((p) => per.map((c) => ({ ...c, name: c.name.replace('{p}', p) }))), ...tail];
}

export const FIGURE_KEYS = ['spiel', 'gleich', 'hanger'] as const;

/**
 * A table's columns for a number of seats and parties: `s{i}_` templates repeated per seat, `p{j}_` per
 * party, `{f}_` per figure (spiel, gleich, hanger), in that order after the fixed columns.
 */
export function expandSeats(columns: readonly ColumnSpec[], seats: number, parties = 0): ColumnSpec[] {
  const templated = (c: ColumnSpec) => /\{[ijf]\}/.test(c.name);
  const out = columns.filter((c) => !templated(c));
  const each = (key: string, values: readonly string[]) => {
    for (const v of values) for (const c of columns) if (c.name.includes(key)) out.push({ ...c, name: c.name.replace(key, v) });
  };
  each('{i}', Array.from({ length: seats }, (_, s) => String(s)));
  each('{j}', Array.from({ length: parties }, (_, p) => String(p)));
  each('{f}', FIGURE_KEYS);
  return out;
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
  // Bieten (perlagg simulate --game bieten): its own columns, declared with its rules module
  bieten_deals: BIETEN_DEALS_COLUMNS,
  bieten_games: BIETEN_GAMES_COLUMNS,
};
