// Play a whole Partie (RULES §11): deals repeated, the dealer rotating to the left, until a party
// reaches the target by the priority rules of §11.3 (scoring.ts) — or wins it during a hand (an immediate
// write, a granted ask, a Bummerl). A pure function of (ruleset, players, policies, root seed, Partie index
// [, first dealer]): deal n of Partie k draws its cards from keyedPartieRng(root, k, n, deal) and each
// player's choices from keyedPartieRng(root, k, n, policy, seat) (GUIDE guideline 8).
//
// PARTIEN IN SERIES (PartieSeries): who deals a Partie's first deal depends on the Partie before it —
// "Im Verlaufe des Spieles steht dies Recht immer derjenigen Partei zu, welche die unmittelbar vorhergehende
// Parthie verloren hat" [000 p.13], [003 §1], A-25 — and with the Strohmann each player holds the dummy once
// in every three Partien ([000 p.12], RULES §3 option b). A run of Partien is therefore played in matches of
// partienPerMatch Partien (3 with the Strohmann, else 4): Partie k is Partie k mod L of match floor(k / L).
// The first Partie of match m is dealt first by seat m mod seats (the dummy held by player 1); each later one
// by `nextPartieDealer` — 'loser': the losing party's player next in the rotation after the previous Partie's
// last dealer; 'continueRotation': simply the next seat — with the dummy passed on to the next player.
// Partie k stays a pure function of (seed, k): whoever computes it replays the Partien before it in its
// match (at most L - 1) — the same for any split of the Partien over batches, workers and shards.
import { newHand, probeTable, returns, type HandOptions } from '../engine/game.ts';
import type { HandState } from '../engine/state.ts';
import type { RulesVariant } from '../rules/variant.ts';
import { STREAM, keyedPartieRng, keyedPartieRngLater } from '../core/rng.ts';
import { quietSeats, runHand, silentSeats, type DealResult, type Mutable, type PlayDealOptions, type SeatPolicy } from './hand.ts';
import { type DealSummary, summarize, type PartieSummary } from '../engine/summary.ts';

export interface PlayPartieOptions {
  readonly ruleset: RulesVariant;
  readonly players: number;
  readonly policies: readonly SeatPolicy[];
  readonly rootSeed: number;
  readonly partieIndex: number;
  /** Dealer of the first deal (default 0); then the deal passes to the left. */
  readonly firstDealer?: number;
  /** The score per party the Partie starts at (default 0s): a Partie from a given state (src/sim/start.ts). */
  readonly startScore?: readonly number[];
  readonly dummySeat?: number;
  readonly checked?: boolean;
  /** The revoke switch for every deal (HandOptions.revokes; default false). */
  readonly revokes?: boolean;
  /** Called after each deal (the runner's per-deal rows). */
  readonly onDeal?: (summary: DealSummary, dealNo: number, result: DealResult) => void;
  readonly onDecision?: PlayDealOptions['onDecision'];
  /** Keep every deal's final state in the result (transcripts, tests). Default false. */
  readonly keepStates?: boolean;
  /** Safety bound on the number of deals (default 400): a Partie that does not end is an error. */
  readonly maxDeals?: number;
}

export interface PartieResult {
  readonly summary: PartieSummary;
  /** Score per party after each deal (the score sheet). */
  readonly sheet: ReadonlyArray<readonly number[]>;
  /** Points written per party in each deal. */
  readonly dealPoints: ReadonlyArray<readonly number[]>;
  readonly dealers: readonly number[];
  /** The Strohmann's seat in this Partie, undefined without one. */
  readonly dummySeat?: number;
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
  const score = o.startScore === undefined ? new Array<number>(table.parties).fill(0) : o.startScore.slice();
  if (score.length !== table.parties) throw new RangeError(`a start score needs ${table.parties} numbers, got ${score.length}`);
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
  const runOptions: Mutable<Pick<PlayDealOptions, 'onDecision' | 'checked'>> = {};
  if (o.checked !== undefined) runOptions.checked = o.checked;
  if (o.onDecision !== undefined) runOptions.onDecision = o.onDecision;
  for (; winner < 0; n++) {
    if (n >= maxDeals) throw new Error(`Partie ${o.partieIndex} (seed ${o.rootSeed}) did not end within ${maxDeals} deals`);
    for (let p = 0; p < table.parties; p++) if (gestrichenAt[p] === -1 && score[p]! >= r.target - 1) gestrichenAt[p] = n;
    // one literal, optional fields after it (a spread that adds fields takes V8's slow path)
    const opts: Mutable<HandOptions> = { players: o.players, dealer, score, silentSeats: silent, quietSeats: quiet };
    if (o.dummySeat !== undefined) opts.dummySeat = o.dummySeat;
    if (o.revokes === true) opts.revokes = true;
    const s = newHand(r, opts);
    const d = runHand(
      s,
      o.policies,
      {
        chance: keyedPartieRng(o.rootSeed, o.partieIndex, n, STREAM.deal),
        policy: s.table.seatOfPlayer.map((seat) => ({ rng: keyedPartieRngLater(o.rootSeed, o.partieIndex, n, STREAM.policy, seat) })),
        where: `Partie ${o.partieIndex} deal ${n}, seed ${o.rootSeed}`,
      },
      runOptions,
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
    ...(table.dummySeat >= 0 ? { dummySeat: table.dummySeat } : {}),
    states,
  };
}

// ---- Partien in series (A-25, RULES §3 option b) ----

/** Partien in a match: 3 with the Strohmann (each player holds the dummy once), else 4. */
export function partienPerMatch(r: RulesVariant, players: number): number {
  return probeTable(r, { players }).dummySeat >= 0 ? 3 : 4;
}

/** The Strohmann's seat when player `holder` (0..2) holds the dummy: players sit at the other seats in order, the holder opposite it. */
const DUMMY_FOR_HOLDER = [2, 3, 1];

/** Where Partie `position` of a match starts: its first dealer and (with the Strohmann) the dummy's seat. */
export interface PartieStart {
  readonly firstDealer: number;
  readonly dummySeat?: number;
}

/**
 * The start of the next Partie of a match after `prev`: 'loser' — the losing party's player next in
 * the rotation after the last dealer; 'continueRotation' — the next seat. With the Strohmann the dealing
 * player keeps his turn (seats move with the dummy) and the dummy passes to the next player.
 */
export function nextPartieStart(r: RulesVariant, players: number, prev: PartieResult, position: number): PartieStart {
  const dummySeat = strohmannSeat(r, players, position);
  const before = probeTable(r, { players, ...(prev.dummySeat === undefined ? {} : { dummySeat: prev.dummySeat }) });
  const after = probeTable(r, { players, ...(dummySeat === undefined ? {} : { dummySeat }) });
  const last = prev.dealers[prev.dealers.length - 1]!;
  const winner = prev.summary.winnerParty;
  let seat = (last + 1) % before.seats;
  if (r.nextPartieDealer === 'loser') {
    for (let i = 1; i <= before.seats; i++) {
      const x = (last + i) % before.seats;
      if (before.party[x] !== winner) {
        seat = x;
        break;
      }
    }
  }
  const firstDealer = after.seatOfPlayer[before.controller[seat]!]!;
  return dummySeat === undefined ? { firstDealer } : { firstDealer, dummySeat };
}

function strohmannSeat(r: RulesVariant, players: number, position: number): number | undefined {
  return probeTable(r, { players }).dummySeat >= 0 ? DUMMY_FOR_HOLDER[(1 + position) % 3]! : undefined;
}

/** Everything of PlayPartieOptions but what the series decides (the Partie index, the first dealer, the dummy's seat). */
export type SeriesOptions = Omit<PlayPartieOptions, 'partieIndex' | 'firstDealer' | 'dummySeat' | 'onDeal' | 'keepStates'> & {
  /**
   * Partien from a given state (--score, --dealer): each Partie is a continuation of its own, not the next of
   * a match, so none follows another: Partie k is dealt first by `dealer`, or by seat k mod seats when null
   * (the seats take turns), with the Strohmann where a match's first Partie has him.
   */
  readonly fromState?: { readonly dealer: number | null };
};

/**
 * Partien played in series (the header above): play(k) gives Partie k, replaying the Partien before it in
 * its match that it has not just played. Calling play with increasing k (a batch) plays each Partie once.
 */
export class PartieSeries {
  readonly perMatch: number;
  private last: { k: number; result: PartieResult } | null = null;

  constructor(private readonly o: SeriesOptions) {
    this.perMatch = partienPerMatch(o.ruleset, o.players);
  }

  /** Where Partie k starts (playing the Partien before it in its match when needed). */
  start(k: number): PartieStart {
    if (this.o.fromState !== undefined) {
      const dummySeat = strohmannSeat(this.o.ruleset, this.o.players, 0);
      const seats = probeTable(this.o.ruleset, { players: this.o.players, ...(dummySeat === undefined ? {} : { dummySeat }) }).seats;
      const firstDealer = this.o.fromState.dealer ?? k % seats;
      return dummySeat === undefined ? { firstDealer } : { firstDealer, dummySeat };
    }
    const L = this.perMatch;
    const m = Math.floor(k / L);
    const position = k - m * L;
    if (position === 0) {
      const dummySeat = strohmannSeat(this.o.ruleset, this.o.players, 0);
      const seats = probeTable(this.o.ruleset, { players: this.o.players }).seats;
      return dummySeat === undefined ? { firstDealer: m % seats } : { firstDealer: m % seats, dummySeat };
    }
    const prev = this.last !== null && this.last.k === k - 1 ? this.last.result : this.play(k - 1);
    return nextPartieStart(this.o.ruleset, this.o.players, prev, position);
  }

  play(k: number, extra: Pick<PlayPartieOptions, 'onDeal' | 'keepStates' | 'onDecision'> = {}): PartieResult {
    const st = this.start(k);
    const { fromState: _fromState, ...o } = this.o;
    const result = playPartie({ ...o, ...extra, partieIndex: k, firstDealer: st.firstDealer, ...(st.dummySeat === undefined ? {} : { dummySeat: st.dummySeat }) });
    this.last = { k, result };
    return result;
  }
}
