// Jobs for `perlagg simulate --game bieten` (issue 15): the runner (runner.ts: batches, workers, shards,
// resume, merge, manifest) is the same; only the job differs — what a deal or a game of Bieten is and which
// columns and metrics it gives. The rows come from the game's own table declarations (src/games/bieten/
// columns.ts, through the Game contract's `tables`), the play from src/games/bieten (playBietenDeal and
// playBietenGame, keyed by (seed, deal, seat) and (seed, game, deal, seat)).
//
//  hands  one row per deal in bieten_deals: deal d is the first deal of a game (scores 0, nobody out), dealt by
//         seat d mod players; its cards a function of (seed, d), each seat's choices of (seed, d, seat).
//  partien  whole games (a game runs until one player is left, who gets the Noggerl): one row per game in
//         bieten_games and one per deal of it in bieten_deals. Every game starts by cutting for the deal
//         (rule 3), so game k is a pure function of (seed, k).
//
// Duplicate play (--duplicate, two policies A and B, each for himself): the policies sit in a pattern (A in
// seat 0 and B in the others, or the pattern given per seat) and every deal (game) is played once in each of
// the `players` rotations of that pattern round the table, with the same cards and the same per-seat
// streams; seating k puts the pattern's seat-0 policy in seat k. One observation per deal (game): the mean
// over its rotations, so each seat's cards are played by A and by B alike (intervals over deals, never over
// seatings: src/stats/paired.ts).
import { existsSync, readFileSync } from 'node:fs';
import { bietenGame } from '../games/bieten/game.ts';
import { MAX_PLAYERS } from '../games/bieten/engine.ts';
import type { BietenObservation } from '../games/bieten/observe.ts';
import { playBietenDeal, type BietenPolicy } from '../play/bieten.ts';
import { resolveBietenRules } from '../games/bieten/rules.ts';
import type { BietenAction, BietenState } from '../games/bieten/state.ts';
import type { Policy, PolicyFactory } from '../policy/api.ts';
import { resolvePolicy } from '../registry/policies.ts';
import { sha256 } from '../results/manifest.ts';
import { HB, batchCut, beatDeal, hb } from '../play/heartbeat.ts';
import { PolicyFault } from '../play/hand.ts';
import { BatchMetrics, allocColumns, cutColumns, type BatchOptions, type BatchResult, type Job, type MetricSpec, type SimSpec } from './job.ts';
import { REPLAYED_PER_BATCH, beatText, replayedDeals } from './hands.ts';
import { SimSpecError } from '../core/errors.ts';
import { type ColumnSpec, type ColumnArray } from '../core/columns.ts';
import { GamePolicyFault } from '../play/deal.ts';
import { playBietenGame } from '../play/bieten-game.ts';

/** The file names of the Bieten tables (`perlagg schema` lists them under these names). */
export const BIETEN_TABLE_NAMES = { deals: 'bieten_deals', games: 'bieten_games' } as const;

export const BIETEN_HANDS_METRICS: readonly MetricSpec[] = [
  { name: 's0_minus_others', kind: 'mean', counts: 'deals', doc: 'points seat 0 writes per deal minus the mean of the other seats (penalties included)' },
  { name: 's0_points', kind: 'mean', counts: 'deals', doc: 'points seat 0 writes per deal' },
  { name: 'dealer_minus_others', kind: 'mean', counts: 'deals', doc: 'points the dealer (the last to lay a card in the first trick) writes minus the mean of the others' },
  { name: 'vorhand_minus_others', kind: 'mean', counts: 'deals', doc: 'points Vorhand (who leads) writes minus the mean of the others' },
  { name: 'bid_share', kind: 'proportion', counts: 'figures', doc: 'share of figures that were bid' },
  { name: 'held_share', kind: 'proportion', counts: 'figures', doc: 'share of figures that were held (angeschaut; with or without a Groschen)' },
  { name: 'fled_share', kind: 'proportion', counts: 'figures', doc: 'share of figures that fled (a tie for the best)' },
  { name: 'penalty_share', kind: 'proportion', counts: 'deals', doc: 'share of deals with a penalty' },
  { name: 'decisions', kind: 'mean', counts: 'deals', doc: 'policy decisions per deal' },
];

export const BIETEN_GAMES_METRICS: readonly MetricSpec[] = [
  { name: 's0_loses', kind: 'proportion', counts: 'games', doc: 'share of games seat 0 loses (is the last one left: the Noggerl)' },
  { name: 's0_first_out', kind: 'proportion', counts: 'games', doc: 'share of games seat 0 goes out first (wins)' },
  { name: 'first_dealer_loses', kind: 'proportion', counts: 'games', doc: 'share of games the first dealer (found by cutting) loses' },
  { name: 'deals_per_game', kind: 'mean', counts: 'games', doc: 'deals a game lasts' },
  { name: 'penalties_per_game', kind: 'mean', counts: 'games', doc: 'penalty points lost in a game, all seats together' },
];

/** What one observation of a duplicate run is: a deal (game) played in every rotation of the policies. */
const ROTATED_DEALS = 'rotated deals';
const ROTATED_GAMES = 'rotated games';

function duplicateHandsMetrics(): MetricSpec[] {
  const u = ROTATED_DEALS;
  return [
    { name: 'a_minus_b', kind: 'pair', paired: { kind: 'difference' }, counts: u, doc: 'points a seat of policy A writes per deal minus a seat of B, averaged over the rotations of each deal (paired)' },
    { name: 'a_minus_b_single', kind: 'mean', counts: 'deals', doc: 'the same from single seatings taken as independent deals, as an unpaired comparison would see it' },
    { name: 'a_points', kind: 'pair', paired: { kind: 'mean' }, counts: u, doc: 'points a seat of policy A writes per deal (per deal: the mean of its rotations)' },
    { name: 'decisions', kind: 'pair', paired: { kind: 'mean' }, counts: u, doc: 'policy decisions per deal (per deal: the mean of its rotations)' },
  ];
}

function duplicateGamesMetrics(): MetricSpec[] {
  const u = ROTATED_GAMES;
  return [
    { name: 'a_minus_b', kind: 'pair', paired: { kind: 'difference' }, counts: u, doc: 'how much less often a seat of A loses than a seat of B: B\'s share of lost games minus A\'s, averaged over the rotations of each game (paired; positive: A is better)' },
    { name: 'a_minus_b_single', kind: 'mean', counts: 'games', doc: 'the same from single games taken as independent, as an unpaired comparison would see it' },
    { name: 'a_loses', kind: 'pair', paired: { kind: 'proportion' }, counts: u, doc: 'share of A\'s seats that lose (per game: the mean of its rotations)' },
    { name: 'a_first_out', kind: 'pair', paired: { kind: 'proportion' }, counts: u, doc: 'share of games a seat of A goes out first (per game: the mean of its rotations)' },
    { name: 'deals_per_game', kind: 'pair', paired: { kind: 'mean' }, counts: u, doc: 'deals a game lasts (per game: the mean of its rotations)' },
  ];
}

/**
 * Each seat's policy spec from --policies: one for all, one per seat, or two (seat 0 the first, every other
 * seat the second: one player against a field).
 */
export function bietenPolicySpecs(specs: readonly string[], players: number): string[] {
  if (specs.length === 0) return new Array<string>(players).fill('plain');
  if (specs.length === 1) return new Array<string>(players).fill(specs[0]!);
  if (specs.length === players) return [...specs];
  if (specs.length === 2) return Array.from({ length: players }, (_, s) => specs[s === 0 ? 0 : 1]!);
  throw new SimSpecError(`--policies: give 1, 2 (seat 0, then every other seat) or ${players} (one per seat) policies for Bieten, not ${specs.length}`);
}

/** The spec of each seat in each seating: one seating, or with --duplicate the `players` rotations of the pattern. */
export function bietenSeatings(pattern: readonly string[], duplicate: boolean): { seatings: string[][]; a: string; b: string } {
  const a = pattern[0]!;
  const n = pattern.length;
  if (!duplicate) return { seatings: [[...pattern]], a, b: a };
  const others = [...new Set(pattern.filter((p) => p !== a))];
  if (others.length > 1) throw new SimSpecError('--duplicate compares two policies: --policies A,B (A in seat 0, B in the others) or a pattern of A and B per seat');
  const b = others[0] ?? a;
  return { seatings: Array.from({ length: n }, (_, k) => Array.from({ length: n }, (_, seat) => pattern[(seat - k + n) % n]!)), a, b };
}

interface Seated {
  readonly policies: BietenPolicy[];
  /** Fresh instances of the same policies (the statefulness check). */
  readonly fresh: () => BietenPolicy[];
}

/** A policy whose every decision is marked in the heartbeat (who decides, where), for the decision time limit. */
function beating(inner: Policy<BietenObservation, BietenAction>, player: number, id: number): Policy<BietenObservation, BietenAction> {
  return {
    act(obs, ctx) {
      const beat = hb;
      beat[HB.count]!++;
      beat[HB.what] = 1;
      beat[HB.player] = player;
      beat[HB.seat] = player;
      beat[HB.policy] = id;
      const a = inner.act(obs, ctx);
      beat[HB.what] = 0;
      return a;
    },
  };
}

type Decision = { readonly player: number; readonly action: BietenAction };

function checkBietenReplay(played: readonly Decision[], replay: readonly Decision[], seats: readonly BietenPolicy[], where: string): void {
  const n = Math.max(played.length, replay.length);
  for (let i = 0; i < n; i++) {
    const a = played[i];
    const b = replay[i];
    if (a !== undefined && b !== undefined && a.player === b.player && bietenGame.sameAction(a.action, b.action)) continue;
    const player = (a ?? b)!.player;
    throw new PolicyFault(
      `policy ${seats[player]!.name} (player ${player}) keeps state between deals or uses randomness other than ctx.rng: ` +
        `${where} replayed with fresh instances went otherwise at decision ${i + 1}; a decision may depend only on the observation and ctx.rng`,
    );
  }
}

const num = (col: Record<string, ColumnArray>, name: string) => col[name] as Uint8Array | Int8Array | Int16Array | Uint16Array | Uint32Array;

/** The mean over `seats` of xs, or 0 for none. */
function meanOver(xs: readonly number[], seats: readonly number[]): number {
  let t = 0;
  for (const s of seats) t += xs[s]!;
  return seats.length === 0 ? 0 : t / seats.length;
}

/**
 * Mean over A's seats minus mean over B's, times |A|·|B| — a whole number for whole-number values, so that the
 * sum over the rotations of an A/A run is exactly 0 (divided by |A|·|B|·rotations once, at the end).
 */
function scaledDiff(xs: readonly number[], a: readonly number[], b: readonly number[]): number {
  let ta = 0;
  let tb = 0;
  for (const s of a) ta += xs[s]!;
  for (const s of b) tb += xs[s]!;
  return b.length * ta - a.length * tb;
}

/** A seat's value minus the mean of the other seats'. */
function minusOthers(xs: readonly number[], seat: number): number {
  let t = 0;
  for (let s = 0; s < xs.length; s++) if (s !== seat) t += xs[s]!;
  return xs[seat]! - t / (xs.length - 1);
}

/** A Bieten run's spec resolved: its rules, every seating's policies, how A's and B's seats are read. */
interface BietenSetup {
  readonly rules: ReturnType<typeof resolveBietenRules>;
  /** Players (seats). */
  readonly n: number;
  readonly seed: number;
  readonly duplicate: boolean;
  /** Whole games (--partien), not single deals. */
  readonly games: boolean;
  /** Each seating's spec per seat (one seating; with --duplicate every rotation of the pattern). */
  readonly bySeating: string[][];
  readonly seated: Seated[];
  /** The distinct policy specs; a heartbeat's policy id indexes them. */
  readonly policyNames: string[];
  readonly described: Array<Record<string, unknown>>;
  /** A duplicate run of a policy against itself with shared streams. */
  readonly identical: boolean;
  /** The seats of policy A (B) in seating k. */
  aOf(k: number): readonly number[];
  bOf(k: number): readonly number[];
  /** Seating k's stream salt (--independent-streams). */
  salt(k: number): { streamSalt?: number };
  readonly dealColumns: ColumnSpec[];
  readonly gameColumns: ColumnSpec[];
  readonly metrics: readonly MetricSpec[];
}

/** The spec checked (what is Perlaggen's is refused) and resolved: the policies of every seating made once. */
async function bietenSetup(spec: SimSpec): Promise<BietenSetup> {
  const rules = resolveBietenRules(spec.ruleset);
  const n = spec.players;
  if (!(Number.isInteger(n) && n >= 2 && n <= MAX_PLAYERS)) throw new SimSpecError(`--players must be 2 to ${MAX_PLAYERS} for Bieten, not ${n}`);
  if (spec.mode !== 'hands' && spec.mode !== 'partien') throw new SimSpecError(`--game bieten plays deals (--mode hands) or whole games (--partien); --mode ${spec.mode} is Perlaggen's`);
  const c = spec.constraints;
  if (Object.keys(c.hands).length > 0 || c.trump !== null || c.predicate !== null) throw new SimSpecError('--hand, --trump and --where are Perlaggen\'s; they do not go with --game bieten');
  if (spec.detail === true) throw new SimSpecError('--detail is Perlaggen\'s; bieten_deals always holds every seat\'s cards as figures');
  const duplicate = spec.duplicate === true;
  if (spec.independentStreams === true && !duplicate) throw new SimSpecError('--independent-streams goes with --duplicate (it gives each rotation streams of its own)');
  const pattern = bietenPolicySpecs(spec.policies, n);
  const { seatings: bySeating, a: specA } = bietenSeatings(pattern, duplicate);
  const identical = duplicate && spec.independentStreams !== true && pattern.every((p) => p === pattern[0]);
  const games = spec.mode === 'partien';

  const policyNames: string[] = [];
  const seated: Seated[] = [];
  for (const [k, list] of bySeating.entries()) {
    const policies: BietenPolicy[] = [];
    const makers: Array<() => BietenPolicy> = [];
    for (const [player, p] of list.entries()) {
      const resolved = await resolvePolicy(p, { game: 'bieten', instance: `s${k}p${player}` });
      if (!policyNames.includes(resolved.spec)) policyNames.push(resolved.spec);
      const id = policyNames.indexOf(resolved.spec);
      const f = resolved.factory as unknown as PolicyFactory<BietenObservation, BietenAction>;
      policies.push({ name: resolved.spec, policy: beating(f.create(resolved.options), player, id) });
      const checker = await resolvePolicy(p, { game: 'bieten', instance: `check-s${k}p${player}` });
      const g = checker.factory as unknown as PolicyFactory<BietenObservation, BietenAction>;
      makers.push(() => ({ name: checker.spec, policy: g.create(checker.options) }));
    }
    seated.push({ policies, fresh: () => makers.map((m) => m()) });
  }
  const described: Array<Record<string, unknown>> = [];
  for (const [player, p] of pattern.entries()) {
    const resolved = await resolvePolicy(p, { game: 'bieten', instance: `s0p${player}` });
    const file = /^([^{}]+?)(\{.*\})?$/.exec(p)![1]!;
    described.push({ player, spec: resolved.spec, name: resolved.factory.name, version: resolved.factory.version, options: resolved.options, ...(existsSync(file) ? { sha256: sha256(readFileSync(file)) } : {}) });
  }

  const dealColumns: ColumnSpec[] = bietenGame.tables.deals.columns(rules, n);
  const gameColumns: ColumnSpec[] = bietenGame.tables.parties.columns(rules, n);
  const metrics: readonly MetricSpec[] = duplicate ? (games ? duplicateGamesMetrics() : duplicateHandsMetrics()) : games ? BIETEN_GAMES_METRICS : BIETEN_HANDS_METRICS;
  /** The seats of policy A in seating k (the rotation of the pattern's A seats by k). */
  const aSeats = bySeating.map((list) => list.flatMap((p, seat) => (p === specA ? [seat] : [])));
  const bSeats = bySeating.map((list) => list.flatMap((p, seat) => (p === specA ? [] : [seat])));
  return {
    rules, n, seed: spec.seed, duplicate, games, bySeating, seated, policyNames, described, identical, dealColumns, gameColumns, metrics,
    // an A/A run has no B seats: every seat but the pattern's seat 0 (rotated) counts as B
    bOf: (k) => (bSeats[k]!.length > 0 ? bSeats[k]! : Array.from({ length: n - 1 }, (_, i) => (k + 1 + i) % n)),
    aOf: (k) => (bSeats[k]!.length > 0 ? aSeats[k]! : [k]),
    salt: (k) => (spec.independentStreams === true && k > 0 ? { streamSalt: k } : {}),
  };
}

/** Deals [start, end), each the first deal of a game, in every seating: one row per deal and seating. */
function dealsBatch(setup: BietenSetup, start: number, end: number, opts: BatchOptions): BatchResult {
  const { rules, n, bySeating, seated, duplicate, aOf, bOf } = setup;
  const rows = bySeating.length * (end - start);
  const col = allocColumns(setup.dealColumns, rows);
  const bm = new BatchMetrics(setup.metrics, opts, end - start);
  const check = replayedDeals(start, end, REPLAYED_PER_BATCH.hands);
  for (let d = start; d < end; d++) {
    if (d > start && batchCut()) {
      end = d; // the run's time is up: the batch ends here, as a batch of [start, d) would
      break;
    }
    let diff = 0;
    let aPoints = 0;
    let decisions = 0;
    for (let k = 0; k < bySeating.length; k++) {
      beatDeal(d, k);
      const deal = { rules, players: n, rootSeed: setup.seed, dealIndex: d, dealer: d % n, ...setup.salt(k) };
      let res: { state: BietenState; decisions: number };
      if (check.has(d)) {
        const played: Decision[] = [];
        const replay: Decision[] = [];
        res = playBietenDeal({ ...deal, policies: seated[k]!.policies, onDecision: (_s, player, _o, action) => played.push({ player, action }) });
        playBietenDeal({ ...deal, policies: seated[k]!.fresh(), onDecision: (_s, player, _o, action) => replay.push({ player, action }) });
        checkBietenReplay(played, replay, seated[k]!.policies, `deal ${d}, seed ${setup.seed}${duplicate ? `, seating ${k}` : ''}`);
      } else {
        res = playBietenDeal({ ...deal, policies: seated[k]!.policies });
      }
      bietenGame.tables.deals.fill(col, bySeating.length * (d - start) + k, { partie: d, deal: 0, seating: k }, res);
      const s = res.state;
      if (duplicate) {
        const z = scaledDiff(s.points, aOf(k), bOf(k));
        const scale = aOf(k).length * bOf(k).length;
        const x = z / scale;
        diff += z;
        if (k === bySeating.length - 1) diff /= scale * bySeating.length;
        aPoints += meanOver(s.points, aOf(k)) / bySeating.length;
        decisions += res.decisions / bySeating.length;
        bm.mean('a_minus_b_single', x);
      } else {
        bm.mean('s0_minus_others', minusOthers(s.points, 0));
        bm.mean('s0_points', s.points[0]!);
        bm.mean('dealer_minus_others', minusOthers(s.points, s.dealer));
        bm.mean('vorhand_minus_others', minusOthers(s.points, s.vorhand));
        for (const f of s.figs) {
          bm.proportion('bid_share', f.bidder >= 0 ? 1 : 0);
          bm.proportion('held_share', f.outcome === 'held' || f.outcome === 'groschenHeld' ? 1 : 0);
        }
        for (const r of s.results ?? []) bm.proportion('fled_share', r.maker === -2 ? 1 : 0);
        bm.proportion('penalty_share', s.penalties.some((p) => p > 0) ? 1 : 0);
        bm.mean('decisions', res.decisions);
      }
    }
    if (duplicate) {
      bm.pair('a_minus_b', diff);
      bm.pair('a_points', aPoints);
      bm.pair('decisions', decisions);
    }
  }
  const filled = bySeating.length * (end - start);
  return { start, end, tables: { [BIETEN_TABLE_NAMES.deals]: filled === rows ? col : cutColumns(col, filled) }, rows: { [BIETEN_TABLE_NAMES.deals]: filled }, metrics: bm.acc, rejected: 0, ...bm.series() };
}

/** Games [start, end) in every seating: one row per game and seating, and one per deal of each. */
function gamesBatch(setup: BietenSetup, start: number, end: number, opts: BatchOptions): BatchResult {
  const { rules, n, bySeating, seated, duplicate, aOf, bOf } = setup;
  const rows = bySeating.length * (end - start);
  const gc = allocColumns(setup.gameColumns, rows);
  const deals: Array<{ game: number; dealNo: number; seating: number; state: BietenState; decisions: number }> = [];
  const bm = new BatchMetrics(setup.metrics, opts, end - start);
  const check = replayedDeals(start, end, REPLAYED_PER_BATCH.partien);
  for (let g = start; g < end; g++) {
    if (g > start && batchCut()) {
      end = g; // the run's time is up: the batch ends here, as a batch of [start, g) would
      break;
    }
    let diff = 0;
    let aLoses = 0;
    let aFirst = 0;
    let length = 0;
    for (let k = 0; k < bySeating.length; k++) {
      beatDeal(g, k);
      hb[HB.partieDeal] = 0;
      const played: Decision[] = [];
      const game = { rules, players: n, rootSeed: setup.seed, gameIndex: g, ...setup.salt(k) };
      const res = playBietenGame({
        ...game,
        policies: seated[k]!.policies,
        onDeal: (state, dealNo, decisions) => {
          deals.push({ game: g, dealNo, seating: k, state, decisions });
          hb[HB.partieDeal] = dealNo + 1;
        },
        ...(check.has(g) ? { onDecision: (_s: BietenState, player: number, _o: BietenObservation, action: BietenAction) => played.push({ player, action }) } : {}),
      });
      if (check.has(g)) {
        const replay: Decision[] = [];
        playBietenGame({ ...game, policies: seated[k]!.fresh(), onDecision: (_s, player, _o, action) => replay.push({ player, action }) });
        checkBietenReplay(played, replay, seated[k]!.policies, `game ${g}, seed ${setup.seed}${duplicate ? `, seating ${k}` : ''}`);
      }
      bietenGame.tables.parties.fill(gc, (g - start) * bySeating.length + k, { partie: g, deal: 0, seating: k }, res);
      if (duplicate) {
        const lostBy = Array.from({ length: n }, (_, s) => (s === res.loser ? 1 : 0));
        const lost = (seats: readonly number[]) => meanOver(lostBy, seats);
        const z = scaledDiff(lostBy, bOf(k), aOf(k));
        const scale = aOf(k).length * bOf(k).length;
        const x = z / scale;
        diff += z;
        if (k === bySeating.length - 1) diff /= scale * bySeating.length;
        aLoses += lost(aOf(k)) / bySeating.length;
        aFirst += (aOf(k).includes(res.outOrder[0]!) ? 1 : 0) / bySeating.length;
        length += res.sheet.length / bySeating.length;
        bm.mean('a_minus_b_single', x);
      } else {
        bm.proportion('s0_loses', res.loser === 0 ? 1 : 0);
        bm.proportion('s0_first_out', res.outOrder[0] === 0 ? 1 : 0);
        bm.proportion('first_dealer_loses', res.loser === res.firstDealer ? 1 : 0);
        bm.mean('deals_per_game', res.sheet.length);
        bm.mean('penalties_per_game', res.penalties.reduce((a, b) => a + b, 0));
      }
    }
    if (duplicate) {
      bm.pair('a_minus_b', diff);
      bm.pair('a_loses', aLoses);
      bm.pair('a_first_out', aFirst);
      bm.pair('deals_per_game', length);
    }
  }
  const dc = allocColumns(setup.dealColumns, deals.length);
  deals.forEach((d, i) => bietenGame.tables.deals.fill(dc, i, { partie: d.game, deal: d.dealNo, seating: d.seating }, d));
  const filled = bySeating.length * (end - start);
  return {
    start,
    end,
    tables: { [BIETEN_TABLE_NAMES.games]: filled === rows ? gc : cutColumns(gc, filled), [BIETEN_TABLE_NAMES.deals]: dc },
    rows: { [BIETEN_TABLE_NAMES.games]: filled, [BIETEN_TABLE_NAMES.deals]: deals.length },
    metrics: bm.acc,
    rejected: 0,
    ...bm.series(),
  };
}

export async function createBietenJob(spec: SimSpec): Promise<Job> {
  const setup = await bietenSetup(spec);
  const { duplicate, games, dealColumns, gameColumns } = setup;
  return {
    describe: { game: 'bieten', policies: setup.described, ...(duplicate ? { duplicate: true, rotations: setup.bySeating.length } : {}), ...(spec.independentStreams === true ? { independentStreams: true } : {}) },
    tables: games ? { [BIETEN_TABLE_NAMES.games]: gameColumns, [BIETEN_TABLE_NAMES.deals]: dealColumns } : { [BIETEN_TABLE_NAMES.deals]: dealColumns },
    metrics: setup.metrics,
    ...(setup.identical ? { identicalPairs: true } : {}),
    whoIsDeciding: (slot) => beatText(slot, setup.policyNames, spec.seed, games),
    runBatch: (start, end, opts = {}) => {
      try {
        return games ? gamesBatch(setup, start, end, opts) : dealsBatch(setup, start, end, opts);
      } catch (e) {
        // a policy that acted illegally or threw: the run fails with the policy named (exit 1), as in Perlaggen
        if (e instanceof GamePolicyFault) throw new PolicyFault(e.message);
        throw e;
      }
    },
  };
}
