// The options of simulate() and simulateStream() and the summary they return: plain types only, so the
// public declarations reach nothing of the runner (its worker pool's types stay inside).
import type { SimMode } from '../sim/job.ts';
import type { Progress } from '../runner/options.ts';
import type { StopReason } from '../runner/standing.ts';
import type { PolicyInput } from './policies.ts';

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
  /** Run share `index` of `count` (0-based) of the deals, into `<out>/shard-<index>-of-<count>`; merge() joins them. */
  readonly shard?: { readonly index: number; readonly count: number };
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
