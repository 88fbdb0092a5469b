// The Monte Carlo runner (GUIDE guideline 9): deals in batches of consecutive indices, run in a piscina
// pool (or in-process: the sequential reference path), committed strictly in batch order through a
// reorder buffer, each commit recorded atomically in the manifest. Randomness is keyed by deal index, so
// the output is the same bytes for any number of workers, and shards run apart and merged equal one run.
//
// The options flow one way: checked and resolved once (options.ts) into the piece each stage needs — the
// output folder (output.ts), where the batches run (executor.ts), where the run stands and when it stops
// (standing.ts) — and this file runs the stages in order.
import type { Piscina } from 'piscina';
import type { StopEstimate } from '../stats/stop-estimate.ts';
import type { MeanSprtStatus } from '../stats/sprt.ts';
import { momentsOf, reviveAcc, type MetricAcc, type MetricSpec, type ReceivedBatch } from '../sim/job.ts';
import { createJob } from '../sim/jobs.ts';
import { RunError } from '../core/errors.ts';
import { varianceRatio as pairedVarianceRatio, type PairAcc } from '../stats/paired.ts';
import { checkRunOptions, resolveRun, type BatchRange, type RunOptions, type StopRules } from './options.ts';
import { Standing, type StopReason } from './standing.ts';
import { RunOutput } from './output.ts';
import { BatchExecutor } from './executor.ts';

// the types of runSimulation's signature, and the pool a caller may share between runs (its second argument)
export type { Progress, RunOptions, Shard } from './options.ts';
export type { StopReason } from './standing.ts';
export { createPool } from './executor.ts';

/** The SPRT of a run at its end. */
export interface RunSprt {
  readonly metric: string;
  readonly status: MeanSprtStatus;
  /** The median-unbiased estimate at the stop with its 95% interval (null when the data are constant or too few). */
  readonly corrected: StopEstimate | null;
  /** The deal (or Partie) index of the observation that decided, null while undecided. */
  readonly decidedAtDeal: number | null;
}

export { RunError };

export interface RunResult {
  readonly metrics: Readonly<Record<string, MetricAcc>>;
  readonly specs: readonly MetricSpec[];
  readonly dealsDone: number;
  readonly rejected: number;
  readonly stoppedBy: StopReason;
  readonly elapsedMs: number;
  readonly resumedFrom: number;
  readonly files: readonly string[];
  /** The SPRT at the end, when one was asked for. */
  readonly sprt: RunSprt | null;
  /** Every pair's A − B is 0 by construction (a policy against itself with shared streams). */
  readonly identicalPairs: boolean;
}

export async function runSimulation(opts: RunOptions, injectedPool: Piscina | null = null): Promise<RunResult> {
  const t0 = performance.now();
  checkRunOptions(opts);
  // The job in this thread: validates the spec (and gives the tables and metrics) before anything is written.
  const job = await createJob(opts.spec);
  const plan = resolveRun(opts, job);
  const { range, stops } = plan;
  const standing = new Standing(job, range, stops);
  const opened = plan.output === null ? null : RunOutput.open(plan.output, range, job, standing, plan.note);
  const output = opened?.output ?? null;
  const resumedFrom = standing.dealsDone;
  const result = (stoppedBy: StopReason, files: readonly string[]): RunResult => ({
    metrics: standing.metrics, specs: job.metrics, dealsDone: standing.dealsDone, rejected: standing.rejected, stoppedBy,
    elapsedMs: performance.now() - t0, resumedFrom, files, sprt: sprtAtEnd(standing, stops, range), identicalPairs: job.identicalPairs === true,
  });
  if (opened?.finished) {
    output!.release();
    return result(opened.finished.stoppedBy, opened.finished.files);
  }

  // the pulse: the deals played in running batches reported every half second; the time budget cuts a running batch
  const live = plan.onLiveProgress;
  const pulse = {
    cutAt: stops.timeBudgetMs === null ? null : t0 + stops.timeBudgetMs,
    onPlaying: live === undefined ? null : (played: number) => live(standing.progress(range, stops, performance.now() - t0, resumedFrom, played)),
  };
  const exec = new BatchExecutor(plan.exec, job, range, standing.next, stops.signal, injectedPool, pulse);
  const finishing = opened?.finishing ?? null;
  let stoppedBy: StopReason | null = finishing;
  try {
    while (stoppedBy === null) {
      if (standing.next >= range.endBatch) {
        stoppedBy = 'deals';
        break;
      }
      const got = await exec.batch(standing.next);
      if (got !== null && got.end === got.start) {
        stoppedBy = 'time'; // the time ran out before a worker started the batch: nothing of it to commit
        break;
      }
      // the time budget ran out inside the batch: it came back cut at a deal boundary, holding its first deals
      const timeCut = got !== null && got.end < range.dealEnd(standing.next) ? got.end : null;
      const taken = got === null ? null : await cutAtDecision(got, standing, stops, exec);
      if (taken === null) {
        stoppedBy = 'interrupted';
        break;
      }
      // commit the batch: data first, then the manifest that makes it count
      output?.appendTables(taken.result);
      standing.add(taken.result);
      const byTime = taken.cutAt === null && timeCut !== null;
      output?.recordBatch(standing, taken.cutAt ?? timeCut, byTime);
      if (plan.onBatch !== undefined) await plan.onBatch(taken.result);
      const elapsed = performance.now() - t0;
      plan.onProgress?.(standing.progress(range, stops, elapsed, resumedFrom));
      stoppedBy = byTime ? 'time' : standing.stopAfterBatch(stops, elapsed);
      // a macrotask between batches: lets a signal handler (Ctrl-C) run even when every batch runs in this thread
      if (stoppedBy === null) await new Promise<void>((r) => setImmediate(r));
      if (stoppedBy === null && stops.signal?.aborted) stoppedBy = 'interrupted';
    }
  } catch (e) {
    output?.abandonAfterFailure(finishing);
    throw e;
  } finally {
    await exec.close();
  }
  // the stream files become Arrow files, unless interrupted (then resumable)
  const files = output === null ? [] : output.finish(stoppedBy, finishing, t0);
  return result(stoppedBy, files);
}

/**
 * The SPRT looks after every observation, in deal order; it stops at the deciding one, and the batch is then
 * cut there: its deals up to the deciding one are played again (the same bytes: a batch is a pure function
 * of its range), so the tables and metrics hold exactly the deals the test used. Null when interrupted.
 */
async function cutAtDecision(result: ReceivedBatch, standing: Standing, stops: StopRules, exec: BatchExecutor): Promise<{ result: ReceivedBatch; cutAt: number | null } | null> {
  const test = standing.test;
  if (test === null) return { result, cutAt: null };
  const xs = result.series;
  if (xs === undefined || xs.length !== result.end - result.start) throw new Error(`internal: batch ${standing.next} returned ${xs?.length ?? 'no'} observations of ${stops.sprt!.metric} for ${result.end - result.start} deals`);
  const i = test.pushAll(xs);
  if (i >= 0 && result.start + i + 1 < result.end) {
    const cutAt = result.start + i + 1;
    const prefix = await exec.again(result.start, cutAt, standing.next);
    return prefix === null ? null : { result: prefix, cutAt };
  }
  return { result, cutAt: null };
}

/** The SPRT of a run at its end (null without one). */
function sprtAtEnd(standing: Standing, stops: StopRules, range: BatchRange): RunSprt | null {
  const test = standing.test;
  if (test === null) return null;
  const status = test.status();
  const first = range.firstBatch * range.batchSize;
  return { metric: stops.sprt!.metric, status, corrected: test.corrected(), decidedAtDeal: status.decidedAt === null ? null : first + status.decidedAt - 1 };
}

/** With duplicate deals: how much pairing narrowed the interval of A - B (GUIDE §5): unpaired over paired variance of the mean. */
export function varianceRatio(r: RunResult): number | null {
  const paired = r.metrics['a_minus_b'] ?? r.metrics['a_wins'];
  const single = r.metrics['a_minus_b_single'] ?? r.metrics['a_wins_single'];
  if (paired === undefined || single === undefined || paired.kind !== 'pair') return null;
  return pairedVarianceRatio(reviveAcc(paired) as PairAcc, momentsOf(single));
}
