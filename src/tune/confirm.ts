// The confirmation of a tuning run: the tuned spec against the start on fresh deals (the confirmation seed,
// never the tuning deals), a duplicate run with the per-pair SPRT in <out>/confirmation — itself a resumable
// simulate run — read back as the effect of tuning, median-unbiased at the SPRT's stop.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { resolvePolicy } from '../registry/policies.ts';
import { readRunManifest } from '../results/run-manifest.ts';
import { metricEstimate } from '../sim/job.ts';
import { runSimulation, type RunResult } from '../runner/runner.ts';
import { MeanSprt, type MeanSprtSnapshot, type MeanSprtStatus, type SprtBounds } from '../stats/sprt.ts';
import type { StopEstimate } from '../stats/stop-estimate.ts';
import { matchSpec, type TuneOptions } from './options.ts';

export interface Confirmation {
  /** The effect of tuned over the start: points a deal (Partien: win share − 1/2), at the SPRT's stop (MeanSprt.corrected: median-unbiased, or the plain mean for a gain far beyond H1). */
  readonly estimate: number;
  readonly lo: number;
  readonly hi: number;
  /** Deal (Partie) pairs played. */
  readonly n: number;
  /** H1 (tuned better by the SPRT's m1), H0 (not better), undecided (the most pairs reached), identical (tuned = start). */
  readonly verdict: 'H1' | 'H0' | 'undecided' | 'identical';
  readonly seed: number;
  readonly bounds: SprtBounds;
  /** How the estimate was made. */
  readonly method: string;
  /** The plain mean of the pairs with its t-interval (biased at a sequential stop: for reference). */
  readonly plain: { readonly estimate: number; readonly lo: number; readonly hi: number } | null;
}

/** Tuned against the start on the confirmation deals (into `out`, null: no folder); null when interrupted. */
export async function confirm(opts: TuneOptions, tunedSpec: string, startSpec: string, seed: number, out: string | null): Promise<Confirmation | null> {
  const bounds = opts.confirm!.bounds;
  const plain = (r: RunResult) => {
    const m = r.specs.find((x) => x.name === (opts.mode === 'hands' ? 'a_minus_b' : 'a_wins'))!;
    const e = metricEstimate(r.metrics[m.name]!, m).interval;
    const shift = opts.mode === 'hands' ? 0 : 0.5;
    return { estimate: e.estimate - shift, lo: e.low - shift, hi: e.high - shift };
  };
  const resolvedTuned = (await resolvePolicy(tunedSpec)).options;
  const resolvedStart = (await resolvePolicy(startSpec)).options;
  if (JSON.stringify(resolvedTuned) === JSON.stringify(resolvedStart)) {
    return { estimate: 0, lo: 0, hi: 0, n: 0, verdict: 'identical', seed, bounds, method: 'the tuned values are the start values: nothing to confirm', plain: null };
  }
  const metric = opts.mode === 'hands' ? 'a_minus_b' : 'a_wins';
  const sprtBounds = opts.mode === 'hands' ? bounds : { ...bounds, m0: bounds.m0 + 0.5, m1: bounds.m1 + 0.5 };
  let resume = false;
  if (out !== null && existsSync(join(out, 'manifest.json'))) {
    const m = readRunManifest(out);
    if (m !== null && m.complete) {
      const t = MeanSprt.fromJSON(m['sprt'] as MeanSprtSnapshot);
      return confirmationOf(t.status(), t.corrected(), m.progress.dealsDone, null);
    }
    resume = m !== null;
  }
  const r = await runSimulation({
    spec: matchSpec(opts, tunedSpec, startSpec, seed),
    deals: opts.confirm!.maxPairs,
    batchSize: opts.mode === 'hands' ? 64 : 4,
    workers: opts.workers,
    out,
    resume,
    shard: null,
    untilCi: null,
    timeBudgetMs: null,
    sprt: { metric, bounds: sprtBounds },
    ...(opts.signal === undefined ? {} : { signal: opts.signal }),
    ...(opts.allowCodeChange === true ? { allowCodeChange: true } : {}),
  });
  if (r.stoppedBy === 'interrupted') return null;
  return confirmationOf(r.sprt!.status, r.sprt!.corrected, r.dealsDone, r);

  function confirmationOf(status: MeanSprtStatus, corrected: StopEstimate | null, n: number, run: RunResult | null): Confirmation {
    const shift = opts.mode === 'hands' ? 0 : 0.5;
    const verdict = status.verdict === 'continue' ? 'undecided' : status.verdict;
    const p = run === null ? null : plain(run);
    if (corrected === null) {
      const est = status.mean - shift;
      return { estimate: est, lo: p?.lo ?? est, hi: p?.hi ?? est, n, verdict, seed, bounds, method: 'the plain mean (the data give no corrected estimate)', plain: p };
    }
    return {
      estimate: corrected.estimate - shift,
      lo: corrected.low - shift,
      hi: corrected.high - shift,
      n,
      verdict,
      seed,
      bounds,
      method: corrected.method.startsWith('plain') ? 'the plain t-interval at the SPRT\'s stop: the gain lies so far beyond H1 that the stop time does not order it' : verdict === 'undecided' ? 'median-unbiased, the most pairs taken as a truncation of the SPRT' : 'median-unbiased at the SPRT\'s stop (stagewise ordering)',
      plain: p,
    };
  }
}
