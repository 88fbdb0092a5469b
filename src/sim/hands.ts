// Job "hands": play whole hands with policies (issue 5 deliverable 1). One row per hand from the engine's
// DealSummary (src/engine/summary.ts): the deal, every seat's hand at the first lead, tricks, points and
// penalties per party, and for each figure who scored it, how far it was bid and how it ended.
// The Partie job (partien.ts) writes the same rows for every deal of its Partien.
import { existsSync, readFileSync } from 'node:fs';
import type { Suit } from '../cards/card.ts';
import { cardShort, parseCard } from '../cards/notation.ts';
import { newHand } from '../engine/game.ts';
import type { Table } from '../engine/state.ts';
import { resolvePolicy } from '../registry/policies.ts';
import { resolveRuleset } from '../rules/registry.ts';
import type { RulesVariant } from '../rules/variant.ts';
import { sha256 } from '../results/manifest.ts';
import { PolicyFault, playDeal, withDealHook, type SeatPolicy } from '../play/hand.ts';
import { HB, batchCut, beatDeal } from '../play/heartbeat.ts';
import { sameAction, type PolicyAction } from '../engine/actions.ts';
import { BatchMetrics, allocColumns, cutColumns, type BatchOptions, type BatchResult, type Job, type MetricSpec, type SimSpec } from './job.ts';
import { ConstrainedDealer, fixedCards, loadPredicate } from '../play/constrained.ts';
import { checkStart, startText } from './start.ts';
import { DecisionRecorder } from './decisions.ts';
import { SimSpecError } from '../core/errors.ts';
import { type ColumnSpec, expandSeats } from '../core/columns.ts';
import type { DealSummary } from '../engine/summary.ts';
import { HANDS_COLUMNS, HANDS_DETAIL_COLUMNS, DECISIONS_COLUMNS, fillHandRow } from '../games/perlaggen/columns.ts';
/**
 * With --duplicate: A and B are the two policies given; every deal is played in both seatings. Every metric
 * but a_minus_b_single is a per-pair quantity (the two seatings of a deal are dependent): one value per deal
 * pair, intervals over pairs (src/stats/paired.ts).
 */
export const DUPLICATE_METRICS: readonly MetricSpec[] = [
  { name: 'a_minus_b', kind: 'pair', paired: { kind: 'difference' }, counts: 'deal pairs', doc: 'points of policy A minus policy B per hand, averaged over the two seatings of each deal (paired)' },
  { name: 'a_minus_b_single', kind: 'mean', counts: 'hands', doc: 'the same from single seatings taken as independent hands, as an unpaired comparison would see it' },
  { name: 'a_spiel', kind: 'pair', paired: { kind: 'proportion' }, counts: 'deal pairs', doc: 'share of hands whose Spiel policy A\'s party makes (per deal pair: the mean of its two seatings)' },
  { name: 'decisions', kind: 'pair', paired: { kind: 'mean' }, counts: 'deal pairs', doc: 'policy decisions per hand (per deal pair: the mean of its two seatings)' },
];

/**
 * A policy against itself with shared streams plays each deal as the same game twice with the parties' roles
 * swapped: A's party makes the Spiel in exactly one of the two seatings (a per-pair value of 1/2 by
 * construction); the data are checked against it (a Spiel not reached would break it and be reported).
 */
export const IDENTICAL_DUPLICATE_METRICS: readonly MetricSpec[] = DUPLICATE_METRICS.map((m) =>
  m.name === 'a_spiel' ? { ...m, paired: { kind: 'fixed', value: 0.5, reason: 'the same game in both seatings: A\'s party makes the Spiel in exactly one' } } : m,
);

export const HANDS_METRICS: readonly MetricSpec[] = [
  { name: 'p0_points', kind: 'mean', counts: 'hands', doc: 'points party 0 (seats 0 and 2) writes per hand' },
  { name: 'p0_minus_p1', kind: 'mean', counts: 'hands', doc: 'points of party 0 minus party 1 per hand' },
  { name: 'p0_spiel', kind: 'proportion', counts: 'hands', doc: 'share of hands whose Spiel party 0 makes' },
  { name: 'bid_share', kind: 'proportion', counts: 'figures', doc: 'share of figures that were bid' },
  { name: 'decisions', kind: 'mean', counts: 'hands', doc: 'policy decisions per hand' },
];

/**
 * With --hand (not --duplicate): how the party of each seat with fixed cards fares, apart from the rest
 * (issue 14): its points, its margin over the other parties, its Spiel share.
 */
export function fixedSeatHandMetrics(seats: readonly number[], table: Table, held: (seat: number) => string): MetricSpec[] {
  const out: MetricSpec[] = [];
  for (const seat of seats) {
    const who = `the party of seat ${seat} (fixed: ${held(seat)})`;
    out.push({ name: `s${seat}_party_points`, kind: 'mean', counts: 'hands', doc: `points ${who} writes per hand` });
    out.push({ name: `s${seat}_party_margin`, kind: 'mean', counts: 'hands', doc: `points of ${who} minus ${table.parties === 2 ? 'the other party' : 'the mean of the other parties'} per hand` });
    out.push({ name: `s${seat}_party_spiel`, kind: 'proportion', counts: 'hands', doc: `share of hands whose Spiel ${who} makes` });
  }
  return out;
}

/** A party's points minus the other parties' (their mean with more than two). */
export function partyMargin(points: readonly number[], party: number): number {
  let others = 0;
  for (let p = 0; p < points.length; p++) if (p !== party) others += points[p]!;
  return points[party]! - (points.length > 1 ? others / (points.length - 1) : 0);
}

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
  /**
   * Per seating: fresh instances of every player's policy (with a fresh constrained dealer at deal or
   * Partie `at`), for replaying a deal (the statefulness check).
   */
  readonly fresh: Array<(at: number) => SeatPolicy[]>;
  /** Per seating: the constrained dealer its policies deal through (null: no --hand, --trump, --where). */
  readonly dealers: Array<ConstrainedDealer | null>;
  /** Seats with fixed cards (--hand), ascending, and their cards as text. */
  readonly fixedSeats: readonly number[];
  readonly fixedText: (seat: number) => string;
  /** A duplicate run of a policy against itself with shared streams: every pair's A − B is 0 by construction. */
  readonly identicalPairs: boolean;
  /** The distinct policy specs; SeatPolicy.id indexes them. */
  readonly policyNames: string[];
  readonly described: Array<Record<string, unknown>>;
  /** What the job records in the settings beyond the policies (the dealer of a constrained run, the streams). */
  readonly extra: Record<string, unknown>;
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

export async function playSetup(spec: SimSpec, partien = false): Promise<PlaySetup> {
  const r = resolveRuleset(spec.ruleset);
  if (![2, 3, 4, 6].includes(spec.players)) throw new SimSpecError(`--players must be 2, 3, 4 or 6, not ${spec.players}`);
  const duplicate = spec.duplicate === true;
  if (spec.start !== undefined) checkStart(spec.start, r, spec.players);
  if (spec.independentStreams === true && !duplicate) throw new SimSpecError('--independent-streams goes with --duplicate (it gives the second seating streams of its own)');
  const table = newHand(r, { players: spec.players }).table;
  const partyOfPlayer = table.seatOfPlayer.map((seat) => table.party[seat]!);
  const specs = policiesPerPlayer(spec.policies, table.players, partyOfPlayer, table.parties);
  const bySeating = seatingSpecs(specs, table, duplicate);
  // constraints (constrained.ts): checked here, before anything runs
  const c = spec.constraints;
  const constrained = Object.keys(c.hands).length > 0 || c.trump !== null || c.predicate !== null;
  const fixed = fixedCards(r, table.seats, table.handSize, c.hands, parseCard);
  const trump = c.trump as Suit | null;
  if (trump !== null && !r.trumpSuitsAllowed.includes(trump)) throw new SimSpecError(`--trump ${trump}: not a trump suit of ${r.name} (allowed: ${r.trumpSuitsAllowed.join(', ')})`);
  const predicate = c.predicate === null ? null : await loadPredicate(c.predicate);
  const layout = fixed.size > 0 || duplicate;
  const newDealer = (at: number): ConstrainedDealer => {
    const d = new ConstrainedDealer({ ruleset: r, seed: spec.seed, fixed, trump, predicate, where: c.predicate, layout });
    d.at = at;
    d.partien = partien;
    return d;
  };
  const policyNames: string[] = [];
  const seatings: SeatPolicy[][] = [];
  const fresh: Array<(at: number) => SeatPolicy[]> = [];
  const dealers: Array<ConstrainedDealer | null> = [];
  for (const [k, list] of bySeating.entries()) {
    const seated: SeatPolicy[] = [];
    const makers: Array<() => SeatPolicy> = [];
    // --independent-streams: the second seating draws from streams of its own
    const salt = spec.independentStreams === true && k > 0 ? { streamSalt: k } : {};
    for (const [player, p] of list.entries()) {
      const resolved = await resolvePolicy(p, { instance: `s${k}p${player}` });
      if (!policyNames.includes(resolved.spec)) policyNames.push(resolved.spec);
      const id = policyNames.indexOf(resolved.spec);
      seated.push({ name: resolved.spec, policy: resolved.factory.create(resolved.options), id, ...salt });
      const checker = await resolvePolicy(p, { instance: `check-s${k}p${player}` });
      makers.push(() => ({ name: checker.spec, policy: checker.factory.create(checker.options), id, ...salt }));
    }
    const dealer = constrained ? newDealer(0) : null;
    dealers.push(dealer);
    seatings.push(dealer === null ? seated : withDealHook(seated, dealer));
    fresh.push((at) => (constrained ? withDealHook(makers.map((f) => f()), newDealer(at)) : makers.map((f) => f())));
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
  const extra: Record<string, unknown> = {};
  if (constrained) extra['dealer'] = layout ? 'laid out with the constraints (uniform; the cut shows no permanent Perlagg)' : 'engine, dealt again until the constraints hold';
  if (spec.independentStreams === true) extra['independentStreams'] = true;
  if (spec.start !== undefined) extra['start'] = startText(spec.start, r);
  const fixedSeats = [...fixed.keys()].sort((a, b) => a - b);
  const identicalPairs = duplicate && spec.independentStreams !== true && bySeating[0]!.every((p) => p === bySeating[0]![0]);
  const handColumns = expandSeats(HANDS_COLUMNS, table.seats, table.parties);
  if (spec.detail === true) handColumns.push(...expandSeats(HANDS_DETAIL_COLUMNS, table.seats, table.parties));
  return {
    ruleset: r, table, seatings, fresh, dealers, policyNames, described, extra, handColumns,
    fixedSeats, fixedText: (seat) => (fixed.get(seat) ?? []).map(cardShort).join(' '), identicalPairs,
  };
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

export async function createHandsJob(spec: SimSpec): Promise<Job> {
  const setup = await playSetup(spec);
  const { ruleset: r, table, seatings, dealers } = setup;
  const duplicate = spec.duplicate === true;
  const fixedSeats = duplicate ? [] : setup.fixedSeats;
  const metrics = duplicate ? (setup.identicalPairs ? IDENTICAL_DUPLICATE_METRICS : DUPLICATE_METRICS) : [...HANDS_METRICS, ...fixedSeatHandMetrics(fixedSeats, table, setup.fixedText)];
  const detail = spec.detail === true;
  const from = spec.start;
  return {
    describe: { policies: setup.described, ...(duplicate ? { duplicate: true } : {}), partnerInfo: r.partnerInfo, ...setup.extra },
    tables: { hands: setup.handColumns, ...(spec.decisions === true ? { decisions: DECISIONS_COLUMNS } : {}) },
    metrics,
    ...(setup.identicalPairs ? { identicalPairs: true } : {}),
    whoIsDeciding: (slot) => beatText(slot, setup.policyNames, spec.seed, false),
    runBatch(start: number, end: number, opts: BatchOptions = {}): BatchResult {
      const rows = seatings.length * (end - start);
      const col = allocColumns(setup.handColumns, rows);
      const bm = new BatchMetrics(metrics, opts, end - start);
      const check = replayedDeals(start, end, REPLAYED_PER_BATCH.hands);
      const rec = spec.decisions === true ? new DecisionRecorder() : null;
      let rejected = 0;
      for (let d = start; d < end; d++) {
        if (d > start && batchCut()) {
          end = d; // the run's time is up: the batch ends here, as a batch of [start, d) would
          break;
        }
        let paired = 0;
        let spiel = 0;
        let decisions = 0;
        for (let seating = 0; seating < seatings.length; seating++) {
          beatDeal(d, seating);
          const dealer = dealers[seating]!;
          if (dealer !== null) dealer.at = d;
          const deal = { ruleset: r, players: spec.players, rootSeed: spec.seed, dealIndex: d, dealer: from?.dealer ?? d % table.seats, ...(from?.score == null ? {} : { score: from.score }) };
          let res: ReturnType<typeof playDeal>;
          rec?.beginHand();
          const record = rec === null ? null : (obs: Parameters<DecisionRecorder['decide']>[3], action: PolicyAction) => rec.decide(d, d, seating, obs, action);
          if (check.has(d)) {
            const played: Decision[] = [];
            const replay: Decision[] = [];
            res = playDeal({ ...deal, policies: seatings[seating]!, onDecision: (_s, player, o, action) => (played.push({ player, action }), record?.(o, action)) });
            playDeal({ ...deal, policies: setup.fresh[seating]!(d), onDecision: (_s, player, _o, action) => replay.push({ player, action }) });
            checkReplay(played, replay, seatings[seating]!, `deal ${d}, seed ${spec.seed}${duplicate ? `, seating ${seating}` : ''}`);
          } else {
            res = playDeal({ ...deal, policies: seatings[seating]!, ...(record === null ? {} : { onDecision: (_s, _p, o, action) => record(o, action) }) });
          }
          const sum = res.summary;
          rec?.endHand(sum);
          if (dealer !== null && seating === 0) {
            rejected += dealer.rejected; // both seatings of a duplicate deal are laid out alike: counted once
            dealer.rejected = 0;
          } else if (dealer !== null) dealer.rejected = 0;
          fillHandRow(col, seatings.length * (d - start) + seating, d, d, sum, table, seating, detail ? res.state : undefined);
          if (duplicate) {
            const aParty = seating;
            const diff = sum.pointsPerParty[aParty]! - sum.pointsPerParty[1 - aParty]!;
            paired += diff / 2;
            spiel += sum.spielParty === aParty ? 0.5 : 0;
            decisions += sum.decisions / 2;
            bm.mean('a_minus_b_single', diff);
          } else {
            bm.mean('p0_points', sum.pointsPerParty[0]!);
            bm.mean('p0_minus_p1', sum.pointsPerParty[0]! - (sum.pointsPerParty[1] ?? 0));
            bm.proportion('p0_spiel', sum.spielParty === 0 ? 1 : 0);
            for (const f of sum.figures) bm.proportion('bid_share', f.finalLevel >= 2 ? 1 : 0);
            bm.mean('decisions', sum.decisions);
            for (const seat of fixedSeats) {
              const party = table.party[seat]!;
              bm.mean(`s${seat}_party_points`, sum.pointsPerParty[party]!);
              bm.mean(`s${seat}_party_margin`, partyMargin(sum.pointsPerParty, party));
              bm.proportion(`s${seat}_party_spiel`, sum.spielParty === party ? 1 : 0);
            }
          }
        }
        if (duplicate) {
          bm.pair('a_minus_b', paired);
          bm.pair('a_spiel', spiel);
          bm.pair('decisions', decisions);
        }
      }
      const filled = seatings.length * (end - start);
      const hands = filled === rows ? col : cutColumns(col, filled);
      const tables = rec === null ? { hands } : { hands, decisions: rec.columns() };
      return { start, end, tables, rows: rec === null ? { hands: filled } : { hands: filled, decisions: rec.rows }, metrics: bm.acc, rejected, ...bm.series() };
    },
  };
}
