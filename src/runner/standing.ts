// Where a run stands: the next batch, the deals done, the merged metric accumulators, the redeals, and the
// SPRT's test. A fresh run starts from nothing; a resumed one from its manifest (output.ts); each committed
// batch adds its share. The stop rules (options.ts StopRules) are read against it after every batch.
import { MeanSprt, type MeanSprtSnapshot } from '../stats/sprt.ts';
import { emptyAcc, intervalOf, mergeAcc, reviveAcc, type Job, type MetricAcc, type MetricSpec, type ReceivedBatch } from '../sim/job.ts';
import type { Interval } from '../stats/intervals.ts';
import type { RunManifest } from '../results/run-manifest.ts';
import { RunError } from '../core/errors.ts';
import type { BatchRange, Progress, StopRules } from './options.ts';

/** 'constant': an SPRT without a deal limit saw the same value in every one of its first CONSTANT_STOP observations. */
export type StopReason = 'deals' | 'interval' | 'sprt' | 'constant' | 'time' | 'interrupted';

/**
 * An SPRT whose observations are all the same value has no variance and can never decide (a deterministic
 * policy against itself plays the same game in both seatings, whatever its streams): a run without a deal
 * limit stops after this many such observations instead of running forever.
 */
export const CONSTANT_STOP = 1000;

export class Standing {
  /** The next batch to run (and commit). */
  next: number;
  dealsDone: number;
  metrics: Record<string, MetricAcc>;
  rejected: number;
  /** The SPRT's test (null without --sprt). */
  test: MeanSprt | null;
  readonly #specOf: ReadonlyMap<string, MetricSpec>;

  /** A fresh run: nothing done, the batch range's first batch next. */
  constructor(job: Job, range: BatchRange, stops: StopRules) {
    this.next = range.firstBatch;
    this.dealsDone = 0;
    this.metrics = Object.fromEntries(job.metrics.map((m) => [m.name, emptyAcc(m.kind)]));
    this.rejected = 0;
    const sprt = stops.sprt;
    this.test = sprt !== null ? new MeanSprt(sprt.bounds, sprt.minPairs === undefined ? {} : { minPairs: sprt.minPairs }) : null;
    this.#specOf = new Map(job.metrics.map((m) => [m.name, m]));
  }

  /**
   * Continue from a run's manifest: its progress, metrics and redeals, and (with an SPRT) the test's state.
   * `how` prefixes the error a missing SPRT state gives ('--resume: ' when resuming was asked for).
   */
  restore(old: RunManifest, range: BatchRange, sprt: boolean, dir: string, how: string): void {
    this.next = range.firstBatch + old.progress.batchesDone;
    this.dealsDone = old.progress.dealsDone;
    this.metrics = Object.fromEntries(Object.entries(structuredClone(old['metrics'] as Record<string, MetricAcc>)).map(([k, a]) => [k, reviveAcc(a)]));
    this.rejected = old['rejected'] as number;
    if (sprt) {
      const snap = old['sprt'] as MeanSprtSnapshot | undefined;
      if (snap === undefined) throw new RunError(`${how}${dir}/manifest.json has no SPRT state`);
      try {
        this.test = MeanSprt.fromJSON(snap);
      } catch (e) {
        throw new RunError(`--resume: ${dir}/manifest.json: the SPRT state is damaged (${(e as Error).message})`);
      }
    }
  }

  /** A committed batch: its metrics merged, its redeals and deals counted, the next batch next. */
  add(result: ReceivedBatch): void {
    for (const [k, acc] of Object.entries(result.metrics)) this.metrics[k] = mergeAcc(this.metrics[k]!, acc);
    this.rejected += result.rejected;
    this.dealsDone += result.end - result.start;
    this.next++;
  }

  /** The SPRT has decided (accepted H0 or H1). */
  get decided(): boolean {
    return this.test !== null && this.test.verdict !== 'continue';
  }

  /** The interval of a metric so far. */
  interval(metric: string): Interval {
    return intervalOf(this.metrics[metric]!, this.#specOf.get(metric));
  }

  /** Why the run stops after the batch just committed (null: it goes on). */
  stopAfterBatch(stops: StopRules, elapsedMs: number): StopReason | null {
    const test = this.test;
    if (this.decided) return 'sprt';
    if (test !== null && stops.open && test.n >= CONSTANT_STOP && test.status().constant !== null) return 'constant';
    if (stops.untilCi !== null && this.interval(stops.untilCi.metric).halfWidth <= stops.untilCi.halfWidth) return 'interval';
    if (stops.timeBudgetMs !== null && elapsedMs >= stops.timeBudgetMs) return 'time';
    if (stops.signal?.aborted) return 'interrupted';
    return null;
  }

  /** The progress report after a batch (or, with `playing`, while batches run: the deals they have played count too). */
  progress(range: BatchRange, stops: StopRules, elapsedMs: number, resumedFrom: number, playing = 0): Progress {
    const test = this.test;
    const done = this.dealsDone + playing;
    return {
      dealsDone: done,
      dealsTotal: range.deals === null ? null : range.dealEnd(range.endBatch - 1) - range.firstBatch * range.batchSize,
      elapsedMs,
      dealsPerSec: (done - resumedFrom) / (elapsedMs / 1000),
      watched: stops.untilCi === null ? null : { metric: stops.untilCi.metric, interval: this.interval(stops.untilCi.metric) },
      sprt: test === null ? null : { llr: test.status().llr, lower: test.lower, upper: test.upper },
    };
  }
}
