// Perlaggen's result tables, declared by the game (GUIDE guideline 10; issue 25): the columns of `simulate
// --mode figures` (deals), `--mode hands` (hands, with --detail), the decisions table and `--partien`
// (partien), and how a finished hand fills its row. src/results/schema.ts collects them with Bieten's.
import type { DealSummary, PartieSummary } from '../../engine/summary.ts';
import { FIGURE_KEYS, type ColumnArray, type ColumnSpec } from '../../core/columns.ts';
import { bidHistoryText } from '../../engine/bid-text.ts';
import type { HandState, Table } from '../../engine/state.ts';
import { codeCount } from '../../eval/figures.ts';
import { cardShort, handCards } from '../../cards/notation.ts';
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

export const SUITS = ['H', 'S', 'L', 'E'];

/** Write one hand's row `i` from its summary. */
/**
 * The cards lying face up beside the stock at the first lead (--detail's face_up): the turned-up trump card
 * (or the card laid in its place in an exchange), then each card laid aside at the turn-up (A-32; or the card
 * laid in its place). An exchange may take a laid-aside Perlagg instead of the trump card (Oberland E7): the
 * card given for it lies where it lay, not in the trump card's place.
 */
export function faceUpText(state: HandState): string {
  return [state.faceUp, ...state.skipped].filter((c) => c >= 0).map(cardShort).join(' ');
}

/** Write one hand's row `i` from its summary. */
export function fillHandRow(col: Record<string, ColumnArray>, i: number, partie: number, deal: number, sum: DealSummary, table: Table, seating = 0, state?: HandState): void {
  const num = (name: string) => col[name] as Uint8Array | Int8Array | Int16Array | Uint16Array | Uint32Array;
  num('partie')[i] = partie;
  num('deal')[i] = deal;
  num('seating')[i] = seating;
  num('dealer')[i] = sum.dealer;
  (col['trump'] as string[])[i] = SUITS[sum.trump] ?? '';
  (col['turned'] as string[])[i] = cardShort(sum.turned);
  num('spiel_party')[i] = sum.spielParty < 0 ? -1 : sum.spielParty;
  num('decisions')[i] = sum.decisions;
  num('void_bids')[i] = sum.voidBids;
  num('ask_party')[i] = sum.askParty;
  num('partie_winner')[i] = sum.partieWinner;
  for (let seat = 0; seat < table.seats; seat++) {
    num(`s${seat}_perlaggen`)[i] = sum.perlaggenPerSeat[seat]!;
    num(`s${seat}_gleich`)[i] = codeCount(sum.bestGleichPerSeat[seat]!);
    num(`s${seat}_hanger`)[i] = codeCount(sum.bestHangerPerSeat[seat]!);
  }
  for (let p = 0; p < table.parties; p++) {
    num(`p${p}_tricks`)[i] = sum.tricksPerParty[p]!;
    num(`p${p}_points`)[i] = sum.pointsPerParty[p]!;
    num(`p${p}_penalties`)[i] = sum.penaltiesPerParty[p]!;
    num(`p${p}_talk`)[i] = sum.talkPerParty[p]!;
  }
  if (state !== undefined && col['bids'] !== undefined) {
    for (let seat = 0; seat < table.seats; seat++) {
      const lo = state.startLo[seat];
      (col[`s${seat}_cards`] as string[])[i] = lo === undefined ? '' : handCards(lo, state.startWeli[seat]!).join(' ');
    }
    (col['face_up'] as string[])[i] = faceUpText(state);
    (col['bids'] as string[])[i] = bidHistoryText(state);
  }
  FIGURE_KEYS.forEach((f, k) => {
    const fs = sum.figures[k]!;
    num(`${f}_winner`)[i] = fs.winnerParty;
    num(`${f}_points`)[i] = fs.points;
    num(`${f}_level`)[i] = fs.finalLevel;
    num(`${f}_bid_party`)[i] = fs.bidByParty;
    num(`${f}_bid_seat`)[i] = fs.bidBySeat;
    num(`${f}_bid_at`)[i] = fs.firstBidAt;
    (col[`${f}_outcome`] as string[])[i] = fs.outcome;
    num(`${f}_immediate`)[i] = fs.writtenImmediately ? 1 : 0;
  });
}

/** Write row `i` of partien.arrow: Partie `partie` in `seating`, from its summary (one column per party). */
export function fillPartieRow(col: Record<string, ColumnArray>, i: number, partie: number, seating: number, s: PartieSummary): void {
  const num = (name: string) => col[name] as Uint8Array | Int8Array | Int16Array | Uint16Array | Uint32Array;
  num('partie')[i] = partie;
  num('seating')[i] = seating;
  num('first_dealer')[i] = s.firstDealer;
  num('deals')[i] = s.deals;
  num('winner')[i] = s.winnerParty;
  num('double')[i] = s.double ? 1 : 0;
  num('ended_mid_hand')[i] = s.endedMidHand ? 1 : 0;
  num('decisions')[i] = s.decisions;
  for (let p = 0; p < s.finalScore.length; p++) {
    num(`p${p}_score`)[i] = s.finalScore[p]!;
    num(`p${p}_gestrichen_at`)[i] = s.gestrichenAt[p]!;
    num(`p${p}_penalties`)[i] = s.penaltiesPerParty[p]!;
  }
}
