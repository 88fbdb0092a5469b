// perlagg tune: SPSA on a policy's declared numeric options (issue 12, deliverable 2), as fishtest runs it
// (src/stats/spsa.ts: alpha 0.602, gamma 0.101, A = 10% of the pairs, per-parameter c_end and r_end).
//
// One iteration: a proposal θ ± c_k Δ (Δ random signs keyed by (seed, k)); both are played against the
// opponent (--against, or the policy as given) on the same block of duplicate deal pairs (or Partie pairs),
// deals [k, k + block) of the tuning deal seed; result = Σ over the block and both seatings of
// (score of θ + c_k Δ) − (score of θ − c_k Δ), each against the opponent on the same cards, so the deals'
// luck cancels twice. The block is split over the worker pool (the simulation runner's pool and task); the
// sums are exact (points are whole numbers, pair means halves), so the run is the same for any worker count.
// Everything is keyed: the perturbations by (seed, k), the deals by (tuning seed, deal), the policies'
// streams by (tuning seed, deal, seat): a tuning run is a pure function of its settings.
//
// The folder (--out: folder.ts) is held as simulate holds its own: a lock, the trajectory as an Arrow stream
// committed every --commit-every iterations through a sealed manifest written atomically, which holds the
// SPSA state of the last commit; --resume continues from it and gives the same bytes as an uninterrupted
// run. At the end: trajectory.arrow, charts/trajectory.svg, the tuned spec, and a confirmation match
// (confirm.ts) — tuned against the start on fresh deals (another seed, never the tuning deals), a duplicate
// run with the per-pair SPRT in <out>/confirmation (itself a resumable simulate run).
import { join } from 'node:path';
import { trajectoryColumns } from '../results/schema.ts';
import type { MetricAcc } from '../sim/job.ts';
import { BatchService } from '../runner/service.ts';
import { spsaInit, spsaProposal, spsaStep, spsaValues, type SpsaParam, type SpsaProposal, type SpsaState } from '../stats/spsa.ts';
import { specWith, TuneSpecError } from './params.ts';
import { CONFIRM_DEALS, TUNE_DEALS, derivedSeed, matchSpec, tuneSetup, tuneSettings, type TuneMode, type TuneOptions } from './options.ts';
import { TuneFolder, type TrajectoryRow } from './folder.ts';
import { confirm, type Confirmation } from './confirm.ts';
export { TuneSpecError };

export interface TuneResult {
  /** The tuned policy spec, e.g. simple{holdSlack=2,spielTricks=2}. */
  readonly spec: string;
  readonly values: Readonly<Record<string, number>>;
  readonly start: string;
  readonly opponent: string;
  readonly params: readonly SpsaParam[];
  readonly state: SpsaState;
  readonly confirmation: Confirmation | null;
  readonly stoppedBy: 'done' | 'interrupted';
  /** --out already held this run, complete: the result is the stored one and no file was written (the rerun rule). */
  readonly alreadyComplete?: boolean;
  readonly resumedFrom: number;
  readonly elapsedMs: number;
  readonly files: readonly string[];
  /** The trajectory in memory (every iteration of this session and, from a resume, those before it only via the file). */
  readonly trajectory: readonly TrajectoryRow[];
}

/** A's margin per pair summed: points a deal (hands) or win share − 1/2 (Partien), from the batch's per-pair metric. */
function marginSum(mode: TuneMode, metrics: Readonly<Record<string, MetricAcc>>): { sum: number; n: number } {
  const acc = metrics[mode === 'hands' ? 'a_minus_b' : 'a_wins']!;
  if (acc.kind !== 'pair') throw new Error('internal: a duplicate match without its per-pair metric');
  return mode === 'hands' ? { sum: acc.sum, n: acc.n } : { sum: acc.sum - 0.5 * acc.n, n: acc.n };
}

/**
 * Plus and minus, each against the opponent on pairs [k, k + n) of the tuning deals: the result and the
 * gain. The block is split over the workers: two matches, each in as many pieces as there are workers for it.
 */
async function evaluate(o: TuneOptions, service: BatchService, sides: { plus: string; minus: string; opponent: string; dealSeed: number }, k: number, n: number): Promise<{ result: number; gain: number }> {
  const pieces = Math.max(1, Math.min(n, Math.ceil(o.workers / 2)));
  const jobs: Array<Promise<{ side: 0 | 1; sum: number; n: number }>> = [];
  for (const [side, spec] of [[0, sides.plus], [1, sides.minus]] as const) {
    const sim = matchSpec(o, spec, sides.opponent, sides.dealSeed);
    for (let j = 0; j < pieces; j++) {
      const a = k + Math.floor((j * n) / pieces);
      const b = k + Math.floor(((j + 1) * n) / pieces);
      if (a < b) jobs.push(service.run(sim, a, b).then((res) => ({ side, ...marginSum(o.mode, res.metrics) })));
    }
  }
  const got = await Promise.all(jobs);
  const sum = [0, 0];
  for (const g of got) sum[g.side]! += g.sum;
  // Σ over both seatings = twice the sum of the pair margins (a pair's margin is the mean of its seatings)
  return { result: 2 * (sum[0]! - sum[1]!), gain: (sum[0]! + sum[1]!) / (2 * n) };
}

export async function runTune(o: TuneOptions): Promise<TuneResult> {
  const t0 = performance.now();
  const { params, start, opponent } = await tuneSetup(o);
  const settings = tuneSettings(o, params, opponent);
  const columns = trajectoryColumns(params.map((p) => p.name));
  const dealSeed = derivedSeed(o.seed, TUNE_DEALS);
  const confirmSeed = derivedSeed(o.seed, CONFIRM_DEALS);
  const fresh = { state: spsaInit({ params, iterations: o.pairs, seed: o.seed }), iteration: 0, phase: 'tuning' as const };
  const opened = TuneFolder.open(o, settings, columns, { deals: dealSeed, confirmation: confirmSeed }, fresh, (line) => o.onNote?.(line));
  const folder = opened.folder;
  const done = opened.finished;
  if (done !== null) {
    // the rerun rule: the same run again into its finished folder reads its stored result and writes nothing
    return { spec: done.spec, values: done.values, start, opponent, params, state: done.state, confirmation: done.confirmation, stoppedBy: 'done', alreadyComplete: true, resumedFrom: done.state.k, elapsedMs: done.elapsedMs, files: done.files, trajectory: [] };
  }
  let { state, iteration } = opened.start;
  const phase = opened.start.phase;
  const resumedFrom = state.k;

  // ---- tuning ----
  const service = new BatchService(o.workers);
  const rows: TrajectoryRow[] = [];
  const pending: TrajectoryRow[] = [];
  let stoppedBy: 'done' | 'interrupted' = 'done';
  const values = (s: SpsaState): Record<string, number> => Object.fromEntries(params.map((p, i) => [p.name, s.theta[i]!]));
  const result = (spec: string, tunedValues: Readonly<Record<string, number>>, confirmation: Confirmation | null, files: readonly string[]): TuneResult =>
    ({ spec, values: tunedValues, start, opponent, params, state, confirmation, stoppedBy, resumedFrom, elapsedMs: performance.now() - t0, files, trajectory: rows });
  // where the tuning starts, before its first iteration: a progress bar's clock starts here, not one iteration in
  if (phase === 'tuning' && state.k < state.iterations) o.onProgress?.({ phase: 'tuning', pairsDone: state.k, pairsTotal: state.iterations, iteration, values: values(state), recentGain: state.recentGain, elapsedMs: performance.now() - t0 });
  try {
    while (phase === 'tuning' && state.k < state.iterations) {
      if (o.signal?.aborted) {
        stoppedBy = 'interrupted';
        break;
      }
      const p: SpsaProposal = spsaProposal(state);
      const n = Math.min(o.block, state.iterations - state.k);
      const k = state.k;
      const sides = { plus: specWith(start, params, p.plusPlayed, true), minus: specWith(start, params, p.minusPlayed, true), opponent, dealSeed };
      const ev = await evaluate(o, service, sides, k, n);
      state = spsaStep(state, p, { result: ev.result, pairs: n, gain: ev.gain });
      const row: TrajectoryRow = { iteration, pairsDone: state.k, pairs: n, theta: state.theta, plus: p.plusPlayed, minus: p.minusPlayed, result: ev.result, gain: ev.gain, recentGain: state.recentGain ?? ev.gain };
      iteration++;
      rows.push(row);
      pending.push(row);
      if (pending.length >= o.commitEvery || state.k >= state.iterations) {
        folder.commit(pending, params, state, iteration);
        pending.length = 0;
      }
      o.onProgress?.({ phase: 'tuning', pairsDone: state.k, pairsTotal: state.iterations, iteration, values: values(state), recentGain: state.recentGain, elapsedMs: performance.now() - t0 });
    }
  } catch (e) {
    await service.close();
    folder.fail(e);
  }
  await service.close();
  if (stoppedBy === 'interrupted') {
    // the iterations since the last commit are dropped: the manifest's state is that of the last commit
    folder.closeInterrupted();
    return result(specWith(start, params, params.map((pp) => spsaValues(state)[pp.name]!)), spsaValues(state), null, []);
  }

  // ---- the tuned spec, the trajectory file ----
  const tuned = spsaValues(state);
  const spec = specWith(start, params, params.map((p) => tuned[p.name]!));
  const files = folder.finishTrajectory(phase, spec, tuned);

  // ---- the confirmation: tuned against the start, fresh deals, the per-pair SPRT ----
  let confirmation: Confirmation | null = null;
  if (o.confirm !== null) {
    o.onProgress?.({ phase: 'confirming', pairsDone: state.k, pairsTotal: state.iterations, iteration, values: values(state), recentGain: state.recentGain, elapsedMs: performance.now() - t0 });
    try {
      confirmation = await confirm(o, spec, start, confirmSeed, folder.dir === null ? null : join(folder.dir, 'confirmation'));
    } catch (e) {
      folder.fail(e);
    }
    if (confirmation === null) {
      stoppedBy = 'interrupted';
      folder.release();
      return result(spec, tuned, null, files);
    }
  }
  folder.complete(spec, tuned, confirmation, t0);
  return result(spec, tuned, confirmation, files);
}
