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
import { PolicyFault, playDeal, type DealSummary, type SeatPolicy } from '../play.ts';
import { HB, beatDeal } from '../heartbeat.ts';
import { sameAction, type PolicyAction } from '../../engine/actions.ts';
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

/** What both play jobs share: the ruleset, the table, every seating's own policy instances, how they are described. */
export interface PlaySetup {
  readonly ruleset: RulesVariant;
  readonly table: Table;
  /**
   * Per seating (one; two with --duplicate), each player's own policy instance: created by its factory for
   * that seat and seating alone, and for a policy file from a module instance of its own (issue 9, item 4).
   */
  readonly seatings: SeatPolicy[][];
  /** Per seating: fresh instances of every player's policy, for replaying a deal (the statefulness check). */
  readonly fresh: Array<() => SeatPolicy[]>;
  /** The distinct policy specs; SeatPolicy.id indexes them. */
  readonly policyNames: string[];
  readonly described: Array<Record<string, unknown>>;
  readonly handColumns: ColumnSpec[];
}

/**
 * The policy spec of every player in each seating: as given, or with --duplicate [A for party 0, B for
 * party 1] and swapped.
 */
export function seatingSpecs(specs: readonly string[], table: Table, duplicate: boolean): string[][] {
  if (!duplicate) return [[...specs]];
  if (table.parties !== 2) throw new SimSpecError('--duplicate compares two parties: use 4 or 6 players (or 2)');
  const partyOfPlayer = table.seatOfPlayer.map((seat) => table.party[seat]!);
  const a = specs[partyOfPlayer.indexOf(0)]!;
  const b = specs[partyOfPlayer.indexOf(1)]!;
  for (let p = 0; p < specs.length; p++) {
    if (specs[p] !== (partyOfPlayer[p] === 0 ? a : b)) throw new SimSpecError('--duplicate needs one policy per party (--policies A,B)');
  }
  return [partyOfPlayer.map((p) => (p === 0 ? a : b)), partyOfPlayer.map((p) => (p === 0 ? b : a))];
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
  const bySeating = seatingSpecs(specs, table, spec.duplicate === true);
  const policyNames: string[] = [];
  const seatings: SeatPolicy[][] = [];
  const fresh: Array<() => SeatPolicy[]> = [];
  for (const [k, list] of bySeating.entries()) {
    const seated: SeatPolicy[] = [];
    const makers: Array<() => SeatPolicy> = [];
    for (const [player, p] of list.entries()) {
      const resolved = await resolvePolicy(p, { instance: `s${k}p${player}` });
      if (!policyNames.includes(resolved.spec)) policyNames.push(resolved.spec);
      const id = policyNames.indexOf(resolved.spec);
      seated.push({ name: resolved.spec, policy: resolved.factory.create(resolved.options), id });
      const checker = await resolvePolicy(p, { instance: `check-s${k}p${player}` });
      makers.push(() => ({ name: checker.spec, policy: checker.factory.create(checker.options), id }));
    }
    seatings.push(seated);
    fresh.push(() => makers.map((f) => f()));
  }
  const described: Array<Record<string, unknown>> = [];
  for (const [player, p] of specs.entries()) {
    const resolved = await resolvePolicy(p, { instance: `s0p${player}` });
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
  return { ruleset: r, table, seatings, fresh, policyNames, described, handColumns: expandSeats(HANDS_COLUMNS, table.seats, table.parties) };
}

/** How many deals (Partien) at the end of every batch are replayed with fresh policy instances. */
export const REPLAYED_PER_BATCH = { hands: 2, partien: 1 } as const;

/** The deals of [start, end) the statefulness check replays: the last `n` (each after others in this batch). */
export function replayedDeals(start: number, end: number, n: number): Set<number> {
  const out = new Set<number>();
  for (let d = end - 1; d >= Math.max(start, end - n); d--) out.add(d);
  return out;
}

export type Decision = { readonly player: number; readonly action: PolicyAction };

/**
 * Compare a deal's decisions with its replay by fresh instances: a policy whose decisions differ keeps state
 * between deals (or seatings), or draws randomness from somewhere other than ctx.rng (the global Math RNG).
 */
export function checkReplay(played: readonly Decision[], replay: readonly Decision[], seats: readonly SeatPolicy[], where: string): void {
  const n = Math.max(played.length, replay.length);
  for (let i = 0; i < n; i++) {
    const a = played[i];
    const b = replay[i];
    if (a !== undefined && b !== undefined && a.player === b.player && sameAction(a.action, b.action)) continue;
    const player = (a ?? b)!.player;
    throw new PolicyFault(
      `policy ${seats[player]!.name} (player ${player}) keeps state between deals or uses randomness other than ctx.rng: ` +
        `${where} replayed with fresh instances went otherwise at decision ${i + 1}; a decision may depend only on the observation and ctx.rng`,
    );
  }
}

/** The heartbeat slot as words for an error message: who was deciding where (see heartbeat.ts). */
export function beatText(slot: Int32Array, names: readonly string[], seed: number, partien: boolean): string {
  const deal = slot[HB.deal]! >>> 0;
  const where = partien ? `Partie ${deal} deal ${Math.max(0, slot[HB.partieDeal]!)}, seed ${seed}` : `deal ${deal}, seed ${seed}`;
  if (slot[HB.what] !== 1) return where;
  return `policy ${names[slot[HB.policy]!] ?? '?'} (player ${slot[HB.player]}, seat P${slot[HB.seat]! + 1}${slot[HB.seating]! > 0 ? `, seating ${slot[HB.seating]}` : ''}), ${where}`;
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
  const { ruleset: r, table, seatings } = setup;
  const duplicate = spec.duplicate === true;
  const metrics = duplicate ? DUPLICATE_METRICS : HANDS_METRICS;
  return {
    describe: duplicate ? { policies: setup.described, duplicate: true, partnerInfo: r.partnerInfo } : { policies: setup.described, partnerInfo: r.partnerInfo },
    tables: { hands: setup.handColumns },
    metrics,
    whoIsDeciding: (slot) => beatText(slot, setup.policyNames, spec.seed, false),
    runBatch(start: number, end: number): BatchResult {
      const rows = seatings.length * (end - start);
      const col = allocColumns(setup.handColumns, rows);
      const m: Record<string, MetricAcc> = Object.fromEntries(metrics.map((x) => [x.name, emptyAcc(x.kind)]));
      const check = replayedDeals(start, end, REPLAYED_PER_BATCH.hands);
      for (let d = start; d < end; d++) {
        let paired = 0;
        for (let seating = 0; seating < seatings.length; seating++) {
          beatDeal(d, seating);
          const deal = { ruleset: r, players: spec.players, rootSeed: spec.seed, dealIndex: d, dealer: d % table.seats };
          let sum: DealSummary;
          if (check.has(d)) {
            const played: Decision[] = [];
            const replay: Decision[] = [];
            sum = playDeal({ ...deal, policies: seatings[seating]!, onDecision: (_s, player, _o, action) => played.push({ player, action }) }).summary;
            playDeal({ ...deal, policies: setup.fresh[seating]!(), onDecision: (_s, player, _o, action) => replay.push({ player, action }) });
            checkReplay(played, replay, seatings[seating]!, `deal ${d}, seed ${spec.seed}${duplicate ? `, seating ${seating}` : ''}`);
          } else {
            sum = playDeal({ ...deal, policies: seatings[seating]! }).summary;
          }
          fillHandRow(col, seatings.length * (d - start) + seating, d, d, sum, table, seating);
          if (duplicate) {
            const aParty = seating;
            const diff = sum.pointsPerParty[aParty]! - sum.pointsPerParty[1 - aParty]!;
            paired += diff / 2;
            pushMean(m['a_minus_b_single']!, diff);
            pushProportion(m['a_spiel']!, sum.spielParty === aParty ? 1 : 0);
          } else {
            pushMean(m['p0_points']!, sum.pointsPerParty[0]!);
            pushMean(m['p0_minus_p1']!, sum.pointsPerParty[0]! - (sum.pointsPerParty[1] ?? 0));
            pushProportion(m['p0_spiel']!, sum.spielParty === 0 ? 1 : 0);
            for (const f of sum.figures) pushProportion(m['bid_share']!, f.finalLevel >= 2 ? 1 : 0);
          }
          pushMean(m['decisions']!, sum.decisions);
        }
        if (duplicate) pushMean(m['a_minus_b']!, paired);
      }
      return { start, end, tables: { hands: col }, rows: { hands: rows }, metrics: m, rejected: 0 };
    },
  };
}
