// Play a whole Partie (RULES §11): deals repeated, the dealer rotating to the left, until a party
// reaches the target by the priority rules of §11.3 (scoring.ts) — or wins it during a hand (an immediate
// write, a granted ask, a Bummerl). A pure function of (ruleset, players, policies, root seed, Partie index
// [, first dealer]): deal n of Partie k draws its cards from keyedPartieRng(root, k, n, deal) and each
// player's choices from keyedPartieRng(root, k, n, policy, seat) (GUIDE guideline 8).
import { newHand, probeTable, returns } from '../engine/game.ts';
import type { HandState } from '../engine/state.ts';
import type { RulesVariant } from '../rules/variant.ts';
import { STREAM, keyedPartieRng } from './seeds.ts';
import { quietSeats, runHand, silentSeats, summarize, type DealResult, type DealSummary, type PlayDealOptions, type SeatPolicy } from './play.ts';

export interface PlayPartieOptions {
  readonly ruleset: RulesVariant;
  readonly players: number;
  readonly policies: readonly SeatPolicy[];
  readonly rootSeed: number;
  readonly partieIndex: number;
  /** Dealer of the first deal (default 0); then the deal passes to the left. */
  readonly firstDealer?: number;
  readonly dummySeat?: number;
  readonly checked?: boolean;
  /** Called after each deal (the runner's per-deal rows). */
  readonly onDeal?: (summary: DealSummary, dealNo: number, result: DealResult) => void;
  readonly onDecision?: PlayDealOptions['onDecision'];
  /** Keep every deal's final state in the result (transcripts, tests). Default false. */
  readonly keepStates?: boolean;
  /** Safety bound on the number of deals (default 400): a Partie that does not end is an error. */
  readonly maxDeals?: number;
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

export interface PartieResult {
  readonly summary: PartieSummary;
  /** Score per party after each deal (the score sheet). */
  readonly sheet: ReadonlyArray<readonly number[]>;
  /** Points written per party in each deal. */
  readonly dealPoints: ReadonlyArray<readonly number[]>;
  readonly dealers: readonly number[];
  /** Final states of the deals (only with keepStates). */
  readonly states: readonly HandState[];
}

/** The Double threshold: the loser must have at least this many points to lose single. */
export function doubleThreshold(r: RulesVariant): number {
  return r.doubleThreshold === 'moreThanHalf' ? Math.floor(r.target / 2) + 1 : Math.ceil(r.target / 2);
}

export function playPartie(o: PlayPartieOptions): PartieResult {
  const r = o.ruleset;
  const base = { players: o.players, ...(o.dummySeat === undefined ? {} : { dummySeat: o.dummySeat }) };
  const table = probeTable(r, { ...base, dealer: 0 });
  if (o.policies.length !== table.players) throw new RangeError(`${table.players} players need ${table.players} policies, got ${o.policies.length}`);
  const silent = silentSeats(table, o.policies);
  const quiet = quietSeats(table, o.policies);
  const score = new Array<number>(table.parties).fill(0);
  const penalties = new Array<number>(table.parties).fill(0);
  const gestrichenAt = new Array<number>(table.parties).fill(-1);
  const sheet: number[][] = [];
  const dealPoints: number[][] = [];
  const dealers: number[] = [];
  const states: HandState[] = [];
  const firstDealer = o.firstDealer ?? 0;
  const maxDeals = o.maxDeals ?? 400;
  let dealer = firstDealer;
  let winner = -1;
  let midHand = false;
  let decisions = 0;
  let n = 0;
  for (; winner < 0; n++) {
    if (n >= maxDeals) throw new Error(`Partie ${o.partieIndex} (seed ${o.rootSeed}) did not end within ${maxDeals} deals`);
    for (let p = 0; p < table.parties; p++) if (gestrichenAt[p] === -1 && score[p]! >= r.target - 1) gestrichenAt[p] = n;
    const s = newHand(r, { ...base, dealer, score, silentSeats: silent, quietSeats: quiet });
    const d = runHand(
      s,
      o.policies,
      {
        chance: keyedPartieRng(o.rootSeed, o.partieIndex, n, STREAM.deal),
        policy: s.table.seatOfPlayer.map((seat) => ({ rng: keyedPartieRng(o.rootSeed, o.partieIndex, n, STREAM.policy, seat) })),
        where: `Partie ${o.partieIndex} deal ${n}, seed ${o.rootSeed}`,
      },
      { ...(o.checked === undefined ? {} : { checked: o.checked }), ...(o.onDecision === undefined ? {} : { onDecision: o.onDecision }) },
    );
    decisions += d;
    for (let p = 0; p < table.parties; p++) {
      score[p]! += s.points[p]!;
      penalties[p]! += s.bid.penalties[p]!;
    }
    sheet.push(score.slice());
    dealPoints.push(s.points.slice());
    dealers.push(dealer);
    if (o.keepStates === true) states.push(s);
    if (o.onDeal !== undefined) {
      const summary = summarize(s, d);
      o.onDeal(summary, n, { state: s, points: s.points.slice(), returns: returns(s), decisions: d, summary });
    }
    if (s.bid.partieWinner >= 0) {
      winner = s.bid.partieWinner;
      midHand = s.figureWinners === null;
    } else {
      // Without bidding (three individual players) the target is still the end: the first party over it.
      let best = -1;
      for (let p = 0; p < table.parties; p++) if (score[p]! >= r.target && (best < 0 || score[p]! > score[best]!)) best = p;
      winner = best;
    }
    dealer = (dealer + 1) % table.seats;
  }
  let double = false;
  if (r.double && table.parties === 2) double = score[1 - winner]! < doubleThreshold(r);
  return {
    summary: { deals: n, finalScore: score.slice(), winnerParty: winner, double, gestrichenAt, firstDealer, endedMidHand: midHand, penaltiesPerParty: penalties, decisions },
    sheet,
    dealPoints,
    dealers,
    states,
  };
}
