// Job "partien": whole Partien (issue 5): one row per Partie in partien.arrow, and one row per deal of
// every Partie in hands.arrow (the same columns as --mode hands, with the Partie index and deal number).
// Partie k is a pure function of (seed, k): playPartie keys its deals and choices by (seed, k, deal, seat),
// and who deals first follows the Partie before it in its match (partie.ts PartieSeries, A-25: the loser
// deals), replayed here when a batch starts inside a match.
import { PARTIEN_COLUMNS, expandSeats } from '../../results/schema.ts';
import { PartieSeries, playPartie } from '../partie.ts';
import type { DealSummary } from '../play.ts';
import { allocColumns, emptyAcc, pushMean, pushProportion, type BatchResult, type ColumnArray, type Job, type MetricAcc, type MetricSpec, type SimSpec } from '../job.ts';
import { REPLAYED_PER_BATCH, beatText, checkReplay, fillHandRow, playSetup, replayedDeals, type Decision } from './hands.ts';
import { HB, beatDeal, hb } from '../heartbeat.ts';

export const PARTIEN_METRICS: readonly MetricSpec[] = [
  { name: 'p0_wins', kind: 'proportion', doc: 'share of Partien party 0 (seats 0 and 2) wins' },
  { name: 'deals_per_partie', kind: 'mean', doc: 'deals a Partie lasts' },
  { name: 'double', kind: 'proportion', doc: 'share of Partien lost double (1853)' },
  { name: 'ended_mid_hand', kind: 'proportion', doc: 'share of Partien decided during a hand' },
];

/** With --duplicate: A and B are the two policies; every Partie is played in both seatings. */
export const DUPLICATE_PARTIEN_METRICS: readonly MetricSpec[] = [
  { name: 'a_wins', kind: 'mean', doc: 'share of Partien policy A wins, averaged over the two seatings of each Partie (paired)' },
  { name: 'a_wins_single', kind: 'proportion', doc: 'the same from single seatings, as an unpaired comparison would see it' },
  { name: 'deals_per_partie', kind: 'mean', doc: 'deals a Partie lasts' },
  { name: 'double', kind: 'proportion', doc: 'share of Partien lost double (1853)' },
];

export async function createPartienJob(spec: SimSpec): Promise<Job> {
  const setup = await playSetup(spec);
  const { ruleset: r, table } = setup;
  const duplicate = spec.duplicate === true;
  const seatings = setup.seatings;
  const partieColumns = expandSeats(PARTIEN_COLUMNS, table.seats, table.parties);
  const metrics = duplicate ? DUPLICATE_PARTIEN_METRICS : PARTIEN_METRICS;
  return {
    describe: duplicate ? { policies: setup.described, duplicate: true, partnerInfo: r.partnerInfo } : { policies: setup.described, partnerInfo: r.partnerInfo },
    tables: { partien: partieColumns, hands: setup.handColumns },
    metrics,
    whoIsDeciding: (slot) => beatText(slot, setup.policyNames, spec.seed, true),
    runBatch(start: number, end: number): BatchResult {
      const rows = (end - start) * seatings.length;
      const pc = allocColumns(partieColumns, rows);
      const deals: Array<{ partie: number; dealNo: number; sum: DealSummary; seating: number }> = [];
      const m: Record<string, MetricAcc> = Object.fromEntries(metrics.map((x) => [x.name, emptyAcc(x.kind)]));
      const num = (name: string) => pc[name] as Uint8Array | Int8Array | Int16Array | Uint16Array | Uint32Array;
      const check = replayedDeals(start, end, REPLAYED_PER_BATCH.partien);
      const series = seatings.map((policies) => new PartieSeries({ ruleset: r, players: spec.players, policies, rootSeed: spec.seed }));
      for (let k = start; k < end; k++) {
        let aWins = 0;
        for (const seating of seatings.keys()) {
          const i = (k - start) * seatings.length + seating;
          beatDeal(k, seating);
          hb[HB.partieDeal] = 0;
          const played: Decision[] = [];
          // where Partie k starts (A-25: the loser of the Partie before it in its match deals), for the replay check
          const st = check.has(k) ? series[seating]!.start(k) : null;
          const s = series[seating]!.play(k, {
            onDeal: (sum, dealNo) => {
              deals.push({ partie: k, dealNo, sum, seating });
              hb[HB.partieDeal] = dealNo + 1;
            },
            ...(check.has(k) ? { onDecision: (_s, player, _o, action) => played.push({ player, action }) } : {}),
          }).summary;
          if (st !== null) {
            const replay: Decision[] = [];
            const partie = { ruleset: r, players: spec.players, rootSeed: spec.seed, partieIndex: k, firstDealer: st.firstDealer, ...(st.dummySeat === undefined ? {} : { dummySeat: st.dummySeat }) };
            playPartie({ ...partie, policies: setup.fresh[seating]!(), onDecision: (_s, player, _o, action) => replay.push({ player, action }) });
            checkReplay(played, replay, seatings[seating]!, `Partie ${k}, seed ${spec.seed}${duplicate ? `, seating ${seating}` : ''}`);
          }
          num('partie')[i] = k;
          num('seating')[i] = seating;
          num('first_dealer')[i] = s.firstDealer;
          num('deals')[i] = s.deals;
          num('winner')[i] = s.winnerParty;
          num('double')[i] = s.double ? 1 : 0;
          num('ended_mid_hand')[i] = s.endedMidHand ? 1 : 0;
          num('decisions')[i] = s.decisions;
          for (let p = 0; p < table.parties; p++) {
            num(`p${p}_score`)[i] = s.finalScore[p]!;
            num(`p${p}_gestrichen_at`)[i] = s.gestrichenAt[p]!;
            num(`p${p}_penalties`)[i] = s.penaltiesPerParty[p]!;
          }
          pushMean(m['deals_per_partie']!, s.deals);
          pushProportion(m['double']!, s.double ? 1 : 0);
          if (duplicate) {
            const aWon = s.winnerParty === seating ? 1 : 0; // A is party 0 in seating 0, party 1 in seating 1
            aWins += aWon / 2;
            pushProportion(m['a_wins_single']!, aWon);
          } else {
            pushProportion(m['p0_wins']!, s.winnerParty === 0 ? 1 : 0);
            pushProportion(m['ended_mid_hand']!, s.endedMidHand ? 1 : 0);
          }
        }
        if (duplicate) pushMean(m['a_wins']!, aWins);
      }
      const hc: Record<string, ColumnArray> = allocColumns(setup.handColumns, deals.length);
      deals.forEach((d, i) => fillHandRow(hc, i, d.partie, d.dealNo, d.sum, table, d.seating));
      return { start, end, tables: { partien: pc, hands: hc }, rows: { partien: rows, hands: deals.length }, metrics: m, rejected: 0 };
    },
  };
}
