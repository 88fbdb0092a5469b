// A finished deal (and a finished Partie) as plain numbers and small arrays: what the runner writes as columns
// and what a game's table declaration fills rows from. Cheap to build: one pass over three figure records, no
// walk of the events.
import type { HandState } from './state.ts';
import { popcount32 } from '../cards/mask.ts';
import { wordGleich, wordHanger } from '../eval/figures.ts';
import type { Outcome } from './bid-state.ts';
import { figCtx, figureWordByParts } from './hand-figures.ts';
/** Level code of a figure raised to Aus in FigureSummary.finalLevel. */
export const AUS_LEVEL = 99;

/** One figure of a deal (Spiel, Gleich, Hanger), for the runner. */
export interface FigureSummary {
  /** Party that scored it (an immediate write or the end), -1 = nobody (steht, lapsed, not had, not written). */
  readonly winnerParty: number;
  /** Points it brought to winnerParty (penalties not included). */
  readonly points: number;
  /** Highest level reached: 1 = never bid (silent), 2 = bid (let gut or held), 3.. = raised ("Drei" …), AUS_LEVEL = raised to Aus. */
  readonly finalLevel: number;
  /** Party and seat that bid it first, -1 = unbid. */
  readonly bidByParty: number;
  readonly bidBySeat: number;
  /** Where it was first bid: -1 unseen (right after the deal), 0..4 before a card of trick t+1, 5 after the Spiel; -2 unbid. */
  readonly firstBidAt: number;
  /** silent | gut | held | declinedRaise | aus (Aus held) | ausDeclined | conceded (Spiel let gut in play) */
  readonly outcome: Outcome;
  /** Written at once (a decline or a concede) rather than at the end. */
  readonly writtenImmediately: boolean;
}

/** One deal, as plain numbers for the runner's columns. Parties are 0-based (party of seat s = table.party[s]). */
export interface DealSummary {
  readonly dealer: number;
  /** Trump suit index 0..3 = H S L E. */
  readonly trump: number;
  /** The card turned up for trump (card id). */
  readonly turned: number;
  /** Perlaggen in each seat's hand at the first lead (after the cut keep and the exchange). */
  readonly perlaggenPerSeat: readonly number[];
  /** Best Gleich / Hanger code (eval/figures.ts: count << 4 | rank) each seat could make from its hand at the first lead. */
  readonly bestGleichPerSeat: readonly number[];
  readonly bestHangerPerSeat: readonly number[];
  readonly tricksPerParty: readonly number[];
  /** Party that made the Spiel; -1 lapsed or not reached (the Partie ended first). */
  readonly spielParty: number;
  /** Spiel, Gleich, Hanger in that order. */
  readonly figures: readonly [FigureSummary, FigureSummary, FigureSummary];
  /** Net points written this deal per party (penalties included). */
  readonly pointsPerParty: readonly number[];
  /** Penalty points per party (positive numbers; included in pointsPerParty). */
  readonly penaltiesPerParty: readonly number[];
  /** Policy decisions taken (engine auto-answers of silent seats not counted). */
  readonly decisions: number;
  /** Party that won the Partie during/at the end of this deal, -1. */
  readonly partieWinner: number;
  /** Bids or raises that were void (gestrichen, over the limit, vetoed, curtailed). */
  readonly voidBids: number;
  /** Party that asked (Dritzige / Viertig / 17:17), -1. */
  readonly askParty: number;
  /** Phrases spoken per party at the table (RULES §13; silences not counted; 0s at silent tables). */
  readonly talkPerParty: readonly number[];
}

export /** Figure f's FigureSummary from its bid record and the end events' results (module level: no closure per hand). */
function figureSummary(b: HandState['bid'], endParty: readonly number[], endPts: readonly number[], f: number): FigureSummary {
  const fb = b.figs[f]!;
  const closed = fb.status === 'closed';
  return {
    winnerParty: closed ? fb.writtenParty : endParty[f]!,
    points: closed ? fb.writtenPoints : endPts[f]!,
    finalLevel: fb.aus ? AUS_LEVEL : fb.maxLevel,
    bidByParty: fb.firstParty,
    bidBySeat: fb.firstSeat,
    firstBidAt: fb.firstParty < 0 ? -2 : fb.firstPoint,
    outcome: fb.outcome,
    writtenImmediately: closed,
  };
}

export /** n zeros in a fresh packed list (a push loop: new Array(n).fill(0) is a builtin call and a holey list). */
function zerosFor(n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(0);
  return out;
}

/** The DealSummary of a finished hand. */
export function summarize(s: HandState, decisions: number): DealSummary {
  const { table } = s;
  const b = s.bid;
  const n = table.seats;
  const started = s.startLo.length === n;
  const ctx = s.trump === null ? null : figCtx(s);
  const perl = s.perl;
  // per seat at the first lead: Perlaggen, best Gleich and Hanger (one figure word each)
  const perlaggen = new Array<number>(n);
  const gleich = new Array<number>(n);
  const hanger = new Array<number>(n);
  for (let seat = 0; seat < n; seat++) {
    const w = started && ctx !== null ? figureWordByParts(ctx, s.startLo[seat]!, s.startWeli[seat]!) : 0; // (= figureWord, one table)
    gleich[seat] = wordGleich(w);
    hanger[seat] = wordHanger(w);
    perlaggen[seat] = started && perl !== null ? popcount32((s.startLo[seat]! & perl.lo) >>> 0) + (s.startWeli[seat]! & perl.weli) : 0;
  }
  // Figure results from the end events (one short backwards scan) and the bid records.
  const endPts = [0, 0, 0];
  const endParty = [-1, -1, -1];
  for (let i = s.events.length - 1; i >= 0; i--) {
    const e = s.events[i]!;
    if (e.type === 'figure') {
      const f = e.figure === 'Spiel' ? 0 : e.figure === 'Gleich' ? 1 : 2;
      endPts[f] = e.points;
      endParty[f] = e.points > 0 ? e.party : -1;
    } else if (e.type === 'spiel' || e.type === 'show') break;
  }
  return {
    dealer: s.dealer,
    trump: s.trump === null ? -1 : 'HSLE'.indexOf(s.trump),
    turned: s.turned,
    perlaggenPerSeat: perlaggen,
    bestGleichPerSeat: gleich,
    bestHangerPerSeat: hanger,
    tricksPerParty: s.tricksWon.slice(),
    spielParty: s.spielParty >= 0 ? s.spielParty : -1,
    figures: [figureSummary(b, endParty, endPts, 0), figureSummary(b, endParty, endPts, 1), figureSummary(b, endParty, endPts, 2)],
    pointsPerParty: s.points.slice(),
    penaltiesPerParty: b.penalties.slice(),
    decisions,
    partieWinner: b.partieWinner,
    voidBids: b.voidBids,
    askParty: b.ask === null ? -1 : b.ask.party,
    talkPerParty: s.talk === null ? zerosFor(table.parties) : s.talk.spoken.slice(),
  };
}

/** One Partie, for the runner. */
export interface PartieSummary {
  /** Number of deals played. */
  readonly deals: number;
  /** Score per party at the end. */
  readonly finalScore: readonly number[];
  readonly winnerParty: number;
  /** The loser lost double (1853 Double, RULES §11.5): it had not passed the threshold. */
  readonly double: boolean;
  /** Per party: the deal number at whose start it was first gestrichen (target − 1 or more), -1 never. */
  readonly gestrichenAt: readonly number[];
  readonly firstDealer: number;
  /** The Partie was decided during a hand (immediate write, granted ask, Bummerl) rather than at a hand's end. */
  readonly endedMidHand: boolean;
  /** Sum over the deals of the penalty points per party. */
  readonly penaltiesPerParty: readonly number[];
  readonly decisions: number;
}
