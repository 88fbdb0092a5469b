// simulate(): the Monte Carlo runner (src/runner/runner.ts) as a function, the options of `perlagg simulate`
// as one object, and its summary as data. Policies may be names, file paths or policy objects (policies.ts).
// simulateStream (stream.ts) runs the same run and hands over its batches as they are committed.
import { isAbsolute, resolve } from 'node:path';
import { cardShort, parseCards, parseSuit } from '../cards/notation.ts';
import { canonicalName, resolveRuleset } from '../rules/registry.ts';
import { type SimMode, type SimSpec, DEFAULT_BATCH, DEFAULT_SPRT_BATCH, intervalOf } from '../sim/job.ts';
import { DEFAULT_WORKERS, runSimulation, varianceRatio, type RunResult } from '../runner/runner.ts';
import type { Progress, RunOptions } from '../runner/options.ts';
import type { StopReason } from '../runner/standing.ts';
import { UsageError } from '../core/errors.ts';
import { policySpecs, workersFor, type PolicyInput } from './policies.ts';

export interface SimulateOptions {
  /** figures (deal and evaluate, default), hands (play hands with policies) or partien (whole Partien). */
  readonly mode?: SimMode;
  readonly ruleset?: string;
  /** 2, 3, 4 (default) or 6. */
  readonly players?: number;
  /**
   * hands / partien: one policy for all, one per party or one per player: built-in names, "name{opt=value}",
   * file paths, or policy objects (definePolicy results; a run with one runs in this thread).
   */
  readonly policies?: readonly PolicyInput[];
  /** Root seed (default 1): deal i's cards are a function of (seed, i) only. */
  readonly seed?: number;
  /** Deals (hands, Partien) in the run; may be left out when a stop rule (untilCi, sprt, timeBudgetMs) ends it. */
  readonly deals?: number;
  /** hands / partien with two policies: play every deal twice, the partnerships swapped (paired A - B). */
  readonly duplicate?: boolean;
  /**
   * Worker threads; 0 runs in this thread (default: the core count; with a policy object: 0, and more is
   * refused, since an object cannot be sent to a worker thread — give its file path for workers).
   */
  readonly workers?: number;
  /** Deals per task and per Arrow record batch (default: figures 65536, hands 1024, partien 32; smaller with sprt). */
  readonly batchSize?: number;
  /** A new folder for the Arrow tables and manifest.json; none: the summary only. */
  readonly out?: string;
  readonly resume?: boolean;
  /** Fixed cards per seat, e.g. { 0: 'HK,Weli' } (figures mode). */
  readonly hands?: Readonly<Record<number, string | readonly string[]>>;
  /** A fixed trump (deals with another trump are redealt and counted). */
  readonly trump?: string;
  /** A module path whose default export (deal) => boolean keeps a deal. */
  readonly where?: string;
  /** Stop when this metric's 95% interval half-width is at most halfWidth (metric: the mode's main one by default). */
  readonly untilCi?: { readonly halfWidth: number; readonly metric?: string };
  /** Stop when an SPRT on the (mean) metric accepts H0 (mean m0) or H1 (mean m1). */
  readonly sprt?: { readonly m0: number; readonly m1: number; readonly alpha?: number; readonly beta?: number; readonly metric?: string };
  readonly timeBudgetMs?: number;
  /** Limit for one decision of a policy (default 60 s). */
  readonly decisionTimeoutMs?: number;
  readonly signal?: AbortSignal;
  readonly onProgress?: (p: Progress) => void;
}

/** One metric's estimate with its 95% interval. */
export interface MetricEstimate {
  readonly estimate: number;
  readonly low: number;
  readonly high: number;
  readonly halfWidth: number;
  readonly se: number;
  readonly n: number;
  /** What the metric is, in words. */
  readonly doc: string;
}

/** What a run found: the summary table of `perlagg simulate`, as data. */
export interface SimulationSummary {
  readonly ruleset: string;
  readonly mode: SimMode;
  readonly players: number;
  readonly seed: number;
  readonly dealsDone: number;
  /** Deals drawn and redealt by the constraints. */
  readonly rejected: number;
  readonly stoppedBy: StopReason;
  readonly elapsedMs: number;
  readonly metrics: Readonly<Record<string, MetricEstimate>>;
  /** With duplicate: the variance of the unpaired estimate over the paired one (what pairing bought). */
  readonly varianceRatio: number | null;
  /** The SPRT at its stop: verdict, log-likelihood ratio (null while undefined) and its bounds, and the median-unbiased estimate with its 95% interval. */
  readonly sprt: { readonly metric: string; readonly verdict: string; readonly llr: number | null; readonly lower: number; readonly upper: number; readonly n: number; readonly corrected: { readonly estimate: number; readonly low: number; readonly high: number } | null } | null;
  /** Files written into `out`. */
  readonly files: readonly string[];
}

const MAIN_METRIC: Readonly<Record<SimMode, string>> = { figures: 'hand_gleich3', hands: 'p0_minus_p1', partien: 'p0_wins' };

/** The options checked and turned into the runner's, and the summary of its result. */
export function simulationRun(o: SimulateOptions): { run: RunOptions; summary: (res: RunResult) => SimulationSummary } {
  if (typeof o !== 'object' || o === null) throw new UsageError('simulate: give an options object');
  const mode = o.mode ?? 'figures';
  if (!Object.hasOwn(MAIN_METRIC, mode)) throw new UsageError(`mode must be figures, hands or partien, not ${String(mode)}`);
  const r = resolveRuleset(o.ruleset ?? 'oberland');
  const players = o.players ?? 4;
  const seed = o.seed ?? 1;
  if (o.policies !== undefined && mode === 'figures') throw new UsageError('policies go with mode hands or partien (figures deals and evaluates, nobody plays)');
  if (o.duplicate === true && mode === 'figures') throw new UsageError('duplicate compares two policies: use it with mode hands or partien');
  if (o.policies !== undefined && !Array.isArray(o.policies)) throw new UsageError('policies: a list, e.g. ["simple", "random"] or [myPolicy, "simple"]');
  const policies = policySpecs(o.policies ?? []);
  const hands: Record<string, string[]> = {};
  for (const [seat, cards] of Object.entries(o.hands ?? {})) hands[seat] = parseCards(typeof cards === 'string' ? cards : cards.join(',')).map(cardShort);
  const spec: SimSpec = {
    mode,
    ruleset: canonicalName(r),
    players,
    policies: policies.specs,
    seed,
    constraints: { hands, trump: o.trump === undefined ? null : parseSuit(o.trump, 'trump'), predicate: o.where === undefined ? null : isAbsolute(o.where) ? o.where : resolve(o.where) },
    ...(o.duplicate === true ? { duplicate: true } : {}),
  };
  const main = o.duplicate === true ? (mode === 'partien' ? 'a_wins' : 'a_minus_b') : MAIN_METRIC[mode];
  const run: RunOptions = {
    spec,
    deals: o.deals ?? null,
    batchSize: o.batchSize ?? (o.sprt === undefined ? DEFAULT_BATCH : DEFAULT_SPRT_BATCH)[mode],
    workers: workersFor(o.workers, DEFAULT_WORKERS, policies.objects),
    out: o.out ?? null,
    resume: o.resume ?? false,
    shard: null,
    untilCi: o.untilCi === undefined ? null : { metric: o.untilCi.metric ?? main, halfWidth: o.untilCi.halfWidth },
    sprt: o.sprt === undefined ? null : { metric: o.sprt.metric ?? main, bounds: { m0: o.sprt.m0, m1: o.sprt.m1, alpha: o.sprt.alpha ?? 0.05, beta: o.sprt.beta ?? 0.05 } },
    timeBudgetMs: o.timeBudgetMs ?? null,
    ...(o.decisionTimeoutMs === undefined ? {} : { decisionTimeoutMs: o.decisionTimeoutMs }),
    ...(o.signal === undefined ? {} : { signal: o.signal }),
    ...(o.onProgress === undefined ? {} : { onProgress: o.onProgress }),
  };
  return { run, summary: (res) => summaryOf(res, spec, mode, players, seed) };
}

function summaryOf(res: RunResult, spec: SimSpec, mode: SimMode, players: number, seed: number): SimulationSummary {
  return {
    ruleset: spec.ruleset,
    mode,
    players,
    seed,
    dealsDone: res.dealsDone,
    rejected: res.rejected,
    stoppedBy: res.stoppedBy,
    elapsedMs: res.elapsedMs,
    metrics: Object.fromEntries(
      res.specs.map((m) => {
        const i = intervalOf(res.metrics[m.name]!);
        return [m.name, { estimate: i.estimate, low: i.low, high: i.high, halfWidth: i.halfWidth, se: i.se, n: i.n, doc: m.doc }];
      }),
    ),
    varianceRatio: varianceRatio(res),
    sprt:
      res.sprt === null
        ? null
        : {
            metric: res.sprt.metric,
            verdict: res.sprt.status.verdict,
            llr: res.sprt.status.llr,
            lower: res.sprt.status.lower,
            upper: res.sprt.status.upper,
            n: res.sprt.status.n,
            corrected: res.sprt.corrected === null ? null : { estimate: res.sprt.corrected.estimate, low: res.sprt.corrected.low, high: res.sprt.corrected.high },
          },
    files: res.files,
  };
}

/** Run a simulation (what `perlagg simulate` runs) and return its summary. Bad options throw a one-line UsageError. */
export async function simulate(o: SimulateOptions = {}): Promise<SimulationSummary> {
  const { run, summary } = simulationRun(o);
  return summary(await runSimulation(run));
}
