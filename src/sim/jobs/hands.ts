// Job "hands": play whole hands with policies (issue 5 deliverable 1). One row per hand from the engine's
// DealSummary (src/sim/play.ts): the deal, every seat's hand at the first lead, tricks, points and
// penalties per party, and for each figure who scored it, how far it was bid and how it ended.
// The Partie job (partien.ts) writes the same rows for every deal of its Partien.
import { existsSync, readFileSync } from 'node:fs';
import { cardShort } from '../../cards/notation.ts';
import { codeCount } from '../../eval/figures.ts';
import { newHand } from '../../engine/game.ts';
import type { Table } from '../../engine/state.ts';
import { resolvePolicy } from '../../policy/registry.ts';
import { resolveRuleset } from '../../rules/registry.ts';
import type { RulesVariant } from '../../rules/variant.ts';
import { sha256 } from '../../results/manifest.ts';
import { FIGURE_KEYS, HANDS_COLUMNS, expandSeats, type ColumnSpec } from '../../results/schema.ts';
import { playDeal, type DealSummary, type SeatPolicy } from '../play.ts';
import { SimSpecError, allocColumns, emptyAcc, pushMean, pushProportion, type BatchResult, type ColumnArray, type Job, type MetricAcc, type MetricSpec, type SimSpec } from '../job.ts';

/** With --duplicate: A and B are the two policies given; every deal is played in both seatings. */
export const DUPLICATE_METRICS: readonly MetricSpec[] = [
  { name: 'a_minus_b', kind: 'mean', doc: 'points of policy A minus policy B per hand, averaged over the two seatings of each deal (paired)' },
  { name: 'a_minus_b_single', kind: 'mean', doc: 'the same from single seatings, as an unpaired comparison would see it' },
  { name: 'a_spiel', kind: 'proportion', doc: 'share of hands whose Spiel policy A\'s party makes' },
  { name: 'decisions', kind: 'mean', doc: 'policy decisions per hand' },
];

export const HANDS_METRICS: readonly MetricSpec[] = [
  { name: 'p0_points', kind: 'mean', doc: 'points party 0 (seats 0 and 2) writes per hand' },
  { name: 'p0_minus_p1', kind: 'mean', doc: 'points of party 0 minus party 1 per hand' },
  { name: 'p0_spiel', kind: 'proportion', doc: 'share of hands whose Spiel party 0 makes' },
  { name: 'bid_share', kind: 'proportion', doc: 'share of figures that were bid' },
  { name: 'decisions', kind: 'mean', doc: 'policy decisions per hand' },
];

const SUITS = ['H', 'S', 'L', 'E'];

/**
 * The policy of each player from --policies: one spec for all, one per party (seats take their party's),
 * or one per player.
 */
export function policiesPerPlayer(specs: readonly string[], players: number, partyOfPlayer: readonly number[], parties: number): string[] {
  if (specs.length === 0) return new Array<string>(players).fill('simple');
  if (specs.length === 1) return new Array<string>(players).fill(specs[0]!);
  if (specs.length === players) return [...specs];
  if (specs.length === parties) return partyOfPlayer.map((p) => specs[p]!);
  throw new SimSpecError(`--policies: give 1, ${parties} (one per party) or ${players} (one per player) policies, not ${specs.length}`);
}

/** What both play jobs share: the ruleset, the table, the players' policies and how they are described. */
export interface PlaySetup {
  readonly ruleset: RulesVariant;
  readonly table: Table;
  readonly policies: SeatPolicy[];
  readonly described: Array<Record<string, unknown>>;
  readonly handColumns: ColumnSpec[];
}

export async function playSetup(spec: SimSpec): Promise<PlaySetup> {
  const r = resolveRuleset(spec.ruleset);
  if (![2, 3, 4, 6].includes(spec.players)) throw new SimSpecError(`--players must be 2, 3, 4 or 6, not ${spec.players}`);
  if (Object.keys(spec.constraints.hands).length > 0 || spec.constraints.trump !== null || spec.constraints.predicate !== null) {
    throw new SimSpecError('constraints (--hand, --trump, --where) apply to --mode figures only so far');
  }
  const table = newHand(r, { players: spec.players }).table;
  const partyOfPlayer = table.seatOfPlayer.map((seat) => table.party[seat]!);
  const specs = policiesPerPlayer(spec.policies, table.players, partyOfPlayer, table.parties);
  const policies: SeatPolicy[] = [];
  const described: Array<Record<string, unknown>> = [];
  for (const [player, p] of specs.entries()) {
    const resolved = await resolvePolicy(p);
    policies.push({ name: resolved.spec, policy: resolved.factory.create(resolved.options) });
    const file = /^([^{}]+?)(\{.*\})?$/.exec(p)![1]!;
    described.push({
      player,
      spec: resolved.spec,
      name: resolved.factory.name,
      version: resolved.factory.version,
      options: resolved.options,
      ...(existsSync(file) ? { sha256: sha256(readFileSync(file)) } : {}),
    });
  }
  return { ruleset: r, table, policies, described, handColumns: expandSeats(HANDS_COLUMNS, table.seats, table.parties) };
}

/** Write one hand's row `i` from its summary. */
export function fillHandRow(col: Record<string, ColumnArray>, i: number, partie: number, deal: number, sum: DealSummary, table: Table, seating = 0): void {
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

export async function createHandsJob(spec: SimSpec): Promise<Job> {
  const setup = await playSetup(spec);
  return spec.duplicate === true ? duplicateJob(spec, setup) : plainJob(spec, setup);
}

function plainJob(spec: SimSpec, setup: PlaySetup): Job {
  const { ruleset: r, table, policies } = setup;
  return {
    describe: { policies: setup.described, partnerInfo: r.partnerInfo },
    tables: { hands: setup.handColumns },
    metrics: HANDS_METRICS,
    runBatch(start: number, end: number): BatchResult {
      const rows = end - start;
      const col = allocColumns(setup.handColumns, rows);
      const m: Record<string, MetricAcc> = Object.fromEntries(HANDS_METRICS.map((x) => [x.name, emptyAcc(x.kind)]));
      for (let d = start; d < end; d++) {
        const res = playDeal({ ruleset: r, players: spec.players, policies, rootSeed: spec.seed, dealIndex: d, dealer: d % table.seats });
        const sum = res.summary;
        fillHandRow(col, d - start, d, d, sum, table);
        pushMean(m['p0_points']!, sum.pointsPerParty[0]!);
        pushMean(m['p0_minus_p1']!, sum.pointsPerParty[0]! - (sum.pointsPerParty[1] ?? 0));
        pushProportion(m['p0_spiel']!, sum.spielParty === 0 ? 1 : 0);
        for (const f of sum.figures) pushProportion(m['bid_share']!, f.finalLevel >= 2 ? 1 : 0);
        pushMean(m['decisions']!, sum.decisions);
      }
      return { start, end, tables: { hands: col }, rows: { hands: rows }, metrics: m, rejected: 0 };
    },
  };
}

/**
 * Duplicate deals (GUIDE §5, as duplicate bridge and ACPC duplicate poker): deal d is played with policy A
 * for party 0 and B for party 1 (seating 0), then with the parties' policies swapped (seating 1): the same
 * cards, and each seat keeps its own keyed stream. Luck of the cards cancels in the paired difference.
 */
/** The two seatings of duplicate play: [A for party 0, B for party 1] and swapped (players' policies). */
export function duplicateSeatings(setup: PlaySetup): SeatPolicy[][] {
  const { table, policies } = setup;
  if (table.parties !== 2) throw new SimSpecError('--duplicate compares two parties: use 4 or 6 players (or 2)');
  const partyOfPlayer = table.seatOfPlayer.map((seat) => table.party[seat]!);
  const a = policies[partyOfPlayer.indexOf(0)]!;
  const b = policies[partyOfPlayer.indexOf(1)]!;
  for (let p = 0; p < policies.length; p++) {
    if (policies[p]!.name !== (partyOfPlayer[p] === 0 ? a : b).name) throw new SimSpecError('--duplicate needs one policy per party (--policies A,B)');
  }
  return [partyOfPlayer.map((p) => (p === 0 ? a : b)), partyOfPlayer.map((p) => (p === 0 ? b : a))];
}

function duplicateJob(spec: SimSpec, setup: PlaySetup): Job {
  const { ruleset: r, table } = setup;
  const seated = duplicateSeatings(setup);
  return {
    describe: { policies: setup.described, duplicate: true, partnerInfo: r.partnerInfo },
    tables: { hands: setup.handColumns },
    metrics: DUPLICATE_METRICS,
    runBatch(start: number, end: number): BatchResult {
      const rows = 2 * (end - start);
      const col = allocColumns(setup.handColumns, rows);
      const m: Record<string, MetricAcc> = Object.fromEntries(DUPLICATE_METRICS.map((x) => [x.name, emptyAcc(x.kind)]));
      for (let d = start; d < end; d++) {
        let paired = 0;
        for (const seating of [0, 1]) {
          const res = playDeal({ ruleset: r, players: spec.players, policies: seated[seating]!, rootSeed: spec.seed, dealIndex: d, dealer: d % table.seats });
          const sum = res.summary;
          fillHandRow(col, 2 * (d - start) + seating, d, d, sum, table, seating);
          const aParty = seating;
          const diff = sum.pointsPerParty[aParty]! - sum.pointsPerParty[1 - aParty]!;
          paired += diff / 2;
          pushMean(m['a_minus_b_single']!, diff);
          pushProportion(m['a_spiel']!, sum.spielParty === aParty ? 1 : 0);
          pushMean(m['decisions']!, sum.decisions);
        }
        pushMean(m['a_minus_b']!, paired);
      }
      return { start, end, tables: { hands: col }, rows: { hands: rows }, metrics: m, rejected: 0 };
    },
  };
}
