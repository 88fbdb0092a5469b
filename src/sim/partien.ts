// Job "partien": whole Partien (issue 5): one row per Partie in partien.arrow, and one row per deal of
// every Partie in hands.arrow (the same columns as --mode hands, with the Partie index and deal number).
// Partie k is a pure function of (seed, k): playPartie keys its deals and choices by (seed, k, deal, seat),
// and who deals first follows the Partie before it in its match (partie.ts PartieSeries, A-25: the loser
// deals), replayed here when a batch starts inside a match.
import { PartieSeries, playPartie, type PartieStart } from '../play/partie.ts';
import type { HandState } from '../engine/state.ts';
import { BatchMetrics, allocColumns, cutColumns, type BatchOptions, type BatchResult, type Job, type MetricSpec, type SimSpec } from './job.ts';
import { REPLAYED_PER_BATCH, beatText, checkReplay, playSetup, replayedDeals, type Decision, type PlaySetup } from './hands.ts';
import { HB, batchCut, beatDeal, hb } from '../play/heartbeat.ts';
import { DecisionRecorder } from './decisions.ts';
import { expandSeats, type ColumnArray } from '../core/columns.ts';
import type { DealSummary, PartieSummary } from '../engine/summary.ts';
import { DECISIONS_COLUMNS, PARTIEN_COLUMNS, fillHandRow, fillPartieRow } from '../games/perlaggen/columns.ts';
export const PARTIEN_METRICS: readonly MetricSpec[] = [
  { name: 'p0_wins', kind: 'proportion', counts: 'Partien', doc: 'share of Partien party 0 (seats 0 and 2) wins' },
  { name: 'deals_per_partie', kind: 'mean', counts: 'Partien', doc: 'deals a Partie lasts' },
  { name: 'double', kind: 'proportion', counts: 'Partien', doc: 'share of Partien lost double (1853)' },
  { name: 'ended_mid_hand', kind: 'proportion', counts: 'Partien', doc: 'share of Partien decided during a hand' },
];

/**
 * With --duplicate: A and B are the two policies; every Partie is played in both seatings. Every metric but
 * a_wins_single is a per-pair quantity: one value per Partie pair (the mean of its two seatings).
 */
export const DUPLICATE_PARTIEN_METRICS: readonly MetricSpec[] = [
  { name: 'a_wins', kind: 'pair', paired: { kind: 'proportion' }, counts: 'Partie pairs', doc: 'share of Partien policy A wins, averaged over the two seatings of each Partie (paired)' },
  { name: 'a_wins_single', kind: 'proportion', counts: 'Partien', doc: 'the same from single Partien taken as independent, as an unpaired comparison would see it' },
  { name: 'deals_per_partie', kind: 'pair', paired: { kind: 'mean' }, counts: 'Partie pairs', doc: 'deals a Partie lasts (per Partie pair: the mean of its two seatings)' },
  { name: 'double', kind: 'pair', paired: { kind: 'proportion' }, counts: 'Partie pairs', doc: 'share of Partien lost double (1853; per Partie pair: the mean of its two seatings)' },
];

/** A policy against itself with shared streams: A wins exactly one Partie of each pair (1/2 by construction). */
export const IDENTICAL_DUPLICATE_PARTIEN_METRICS: readonly MetricSpec[] = DUPLICATE_PARTIEN_METRICS.map((m) =>
  m.name === 'a_wins' ? { ...m, paired: { kind: 'fixed', value: 0.5, reason: 'the same Partie in both seatings: A wins exactly one' } } : m,
);

/** With --hand (not --duplicate): how often the party of each seat with fixed cards (in every deal) wins. */
export function fixedSeatPartieMetrics(seats: readonly number[], held: (seat: number) => string): MetricSpec[] {
  return seats.map((seat) => ({ name: `s${seat}_party_wins`, kind: 'proportion' as const, counts: 'Partien', doc: `share of Partien the party of seat ${seat} wins (seat ${seat} holds ${held(seat)} in every deal)` }));
}

export async function createPartienJob(spec: SimSpec): Promise<Job> {
  const setup = await playSetup(spec, true);
  const { ruleset: r, table, dealers } = setup;
  const duplicate = spec.duplicate === true;
  const seatings = setup.seatings;
  const partieColumns = expandSeats(PARTIEN_COLUMNS, table.seats, table.parties);
  const fixedSeats = duplicate ? [] : setup.fixedSeats;
  const metrics = duplicate ? (setup.identicalPairs ? IDENTICAL_DUPLICATE_PARTIEN_METRICS : DUPLICATE_PARTIEN_METRICS) : [...PARTIEN_METRICS, ...fixedSeatPartieMetrics(fixedSeats, setup.fixedText)];
  const detail = spec.detail === true;
  return {
    describe: { policies: setup.described, ...(duplicate ? { duplicate: true } : {}), partnerInfo: r.partnerInfo, ...setup.extra },
    tables: { partien: partieColumns, hands: setup.handColumns, ...(spec.decisions === true ? { decisions: DECISIONS_COLUMNS } : {}) },
    metrics,
    ...(setup.identicalPairs ? { identicalPairs: true } : {}),
    whoIsDeciding: (slot) => beatText(slot, setup.policyNames, spec.seed, true),
    runBatch(start: number, end: number, opts: BatchOptions = {}): BatchResult {
      const rows = (end - start) * seatings.length;
      const pc = allocColumns(partieColumns, rows);
      const deals: Array<{ partie: number; dealNo: number; sum: DealSummary; seating: number; state?: HandState }> = [];
      const bm = new BatchMetrics(metrics, opts, end - start);
      const rec = spec.decisions === true ? new DecisionRecorder() : null;
      let rejected = 0;
      const check = replayedDeals(start, end, REPLAYED_PER_BATCH.partien);
      const from = spec.start;
      const fromState = from === undefined ? {} : { fromState: { dealer: from.dealer }, ...(from.score === null ? {} : { startScore: from.score }) };
      const series = seatings.map((policies) => new PartieSeries({ ruleset: r, players: spec.players, policies, rootSeed: spec.seed, ...fromState }));
      for (let k = start; k < end; k++) {
        if (k > start && batchCut()) {
          end = k; // the run's time is up: the batch ends here, as a batch of [start, k) would
          break;
        }
        let aWins = 0;
        let length = 0;
        let double = 0;
        for (const seating of seatings.keys()) {
          const i = (k - start) * seatings.length + seating;
          beatDeal(k, seating);
          const dealer = dealers[seating]!;
          if (dealer !== null) dealer.at = k;
          hb[HB.partieDeal] = 0;
          const played: Decision[] = [];
          let dealNo = 0;
          rec?.beginHand();
          const checked = check.has(k);
          const onDecision = rec === null && !checked ? null : (_s: HandState, player: number, o: Parameters<DecisionRecorder['decide']>[3], action: Decision['action']) => {
            if (checked) played.push({ player, action });
            rec?.decide(k, dealNo, seating, o, action);
          };
          // where Partie k starts (A-25: the loser of the Partie before it in its match deals), for the replay check
          const st = check.has(k) ? series[seating]!.start(k) : null;
          const s = series[seating]!.play(k, {
            onDeal: (sum, no, res) => {
              deals.push({ partie: k, dealNo: no, sum, seating, ...(detail ? { state: res.state } : {}) });
              hb[HB.partieDeal] = no + 1;
              rec?.endHand(sum);
              rec?.beginHand();
              dealNo = no + 1;
            },
            ...(onDecision === null ? {} : { onDecision }),
          }).summary;
          if (st !== null) checkPartieReplay(spec, setup, k, seating, st, played);
          fillPartieRow(pc, i, k, seating, s);
          if (dealer !== null) {
            if (seating === 0) rejected += dealer.rejected; // both seatings of a duplicate Partie are laid out alike: counted once
            dealer.rejected = 0;
          }
          if (duplicate) {
            const aWon = s.winnerParty === seating ? 1 : 0; // A is party 0 in seating 0, party 1 in seating 1
            aWins += aWon / 2;
            length += s.deals / 2;
            double += s.double ? 0.5 : 0;
            bm.proportion('a_wins_single', aWon);
          } else tallyPartie(bm, s, fixedSeats, table.party);
        }
        if (duplicate) {
          bm.pair('a_wins', aWins);
          bm.pair('deals_per_partie', length);
          bm.pair('double', double);
        }
      }
      const hc: Record<string, ColumnArray> = allocColumns(setup.handColumns, deals.length);
      deals.forEach((d, i) => fillHandRow(hc, i, d.partie, d.dealNo, d.sum, table, d.seating, d.state));
      const filled = (end - start) * seatings.length;
      const partien = filled === rows ? pc : cutColumns(pc, filled);
      const tables = rec === null ? { partien, hands: hc } : { partien, hands: hc, decisions: rec.columns() };
      return { start, end, tables, rows: { partien: filled, hands: deals.length, ...(rec === null ? {} : { decisions: rec.rows }) }, metrics: bm.acc, rejected, ...bm.series() };
    },
  };
}

/** The metrics of one Partie played on its own (without --duplicate): PARTIEN_METRICS and the fixed seats' wins. */
function tallyPartie(bm: BatchMetrics, s: PartieSummary, fixedSeats: readonly number[], party: readonly number[]): void {
  bm.proportion('p0_wins', s.winnerParty === 0 ? 1 : 0);
  bm.mean('deals_per_partie', s.deals);
  bm.proportion('double', s.double ? 1 : 0);
  bm.proportion('ended_mid_hand', s.endedMidHand ? 1 : 0);
  for (const seat of fixedSeats) bm.proportion(`s${seat}_party_wins`, s.winnerParty === party[seat] ? 1 : 0);
}

/**
 * The replay check of Partie `k` (a few per batch): played again from where it starts in its match with fresh
 * policies, it must make the same decisions (`played`), or the bots are not pure functions of their streams.
 */
function checkPartieReplay(spec: SimSpec, setup: PlaySetup, k: number, seating: number, st: PartieStart, played: readonly Decision[]): void {
  const from = spec.start;
  const replay: Decision[] = [];
  const partie = { ruleset: setup.ruleset, players: spec.players, rootSeed: spec.seed, partieIndex: k, firstDealer: st.firstDealer, ...(st.dummySeat === undefined ? {} : { dummySeat: st.dummySeat }), ...(from?.score == null ? {} : { startScore: from.score }) };
  playPartie({ ...partie, policies: setup.fresh[seating]!(k), onDecision: (_s, player, _o, action) => replay.push({ player, action }) });
  checkReplay(played, replay, setup.seatings[seating]!, `Partie ${k}, seed ${spec.seed}${spec.duplicate === true ? `, seating ${seating}` : ''}`);
}
