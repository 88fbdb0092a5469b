// The options of a simulation run, checked and resolved once into the piece each stage of the runner needs:
// the deals it covers as batches (BatchRange), when it stops (StopRules), what it writes where (OutputPlan),
// how its batches run (ExecPlan). runner.ts hands each stage its piece; no stage reads RunOptions.
import { readFileSync } from 'node:fs';
import { sha256 } from '../results/manifest.ts';
import type { Interval } from '../stats/intervals.ts';
import type { SprtBounds } from '../stats/sprt.ts';
import type { Job, ReceivedBatch, SimSpec } from '../sim/job.ts';
import { specRuleset } from '../sim/jobs.ts';
import { SimSpecError } from '../core/errors.ts';

export interface Shard {
  readonly index: number;
  readonly count: number;
}

export interface RunOptions {
  readonly spec: SimSpec;
  /** Deals in the whole run (all shards together); null: until a stop rule ends it. */
  readonly deals: number | null;
  readonly batchSize: number;
  /** Worker threads; 0 runs in-process (the sequential reference path). */
  readonly workers: number;
  /** Output folder; null writes nothing (summary only). */
  readonly out: string | null;
  readonly resume: boolean;
  readonly shard: Shard | null;
  /** Stop when the 95% interval of this metric is at most this half-width (checked after each batch). */
  readonly untilCi: { readonly metric: string; readonly halfWidth: number } | null;
  /** Stop after this much wall time (the output is then a prefix of the full run). */
  readonly timeBudgetMs: number | null;
  /**
   * Stop when an SPRT on this (mean or per-pair) metric accepts H0 or H1. The test looks after every
   * observation (hand, deal pair, Partie pair) in deal order; the run stops at the deciding one and its
   * output holds exactly the deals up to it.
   */
  readonly sprt?: { readonly metric: string; readonly bounds: SprtBounds; /** No decision before this many observations (MeanSprt's minPairs, default 20). */ readonly minPairs?: number } | null;
  readonly onProgress?: (p: Progress) => void;
  /**
   * Called about every half second while batches run, whatever the batch size: dealsDone then also counts
   * the deals played in batches not yet committed (what a progress bar shows). onProgress still comes once
   * per committed batch.
   */
  readonly onLiveProgress?: (p: Progress) => void;
  /**
   * Each batch as it is committed, in batch order (after the tables and the manifest that make it count; an
   * SPRT's last batch cut at the deciding deal): the rows the files get. The run waits for the promise.
   */
  readonly onBatch?: (b: ReceivedBatch) => void | Promise<void>;
  /** A line worth telling the user (a cleared folder, removed temp files, a recorded code change). */
  readonly onNote?: (line: string) => void;
  /** Aborting stops at once: batches not yet committed are dropped; the run can be resumed. */
  readonly signal?: AbortSignal;
  /** Limit for one decision of a policy (or one call of the --where predicate); default 60 s. */
  readonly decisionTimeoutMs?: number;
  /** --resume with code that differs from the run's (recorded in the manifest's codeChanges). */
  readonly allowCodeChange?: boolean;
}

export interface Progress {
  readonly dealsDone: number;
  readonly dealsTotal: number | null;
  readonly elapsedMs: number;
  readonly dealsPerSec: number;
  readonly watched: { readonly metric: string; readonly interval: Interval } | null;
  /** The SPRT's log-likelihood ratio and bounds so far (null while undefined). */
  readonly sprt: { readonly llr: number | null; readonly lower: number; readonly upper: number } | null;
}

/** Default limit for one decision of a policy or one call of the --where predicate. */
export const DEFAULT_DECISION_TIMEOUT_MS = 60_000;

/** The deals a run covers, as batches: batch b covers deals [b * batchSize, dealEnd(b)). */
export interface BatchRange {
  readonly batchSize: number;
  /** Deals in the whole run (all shards together); null: until a stop rule ends it. */
  readonly deals: number | null;
  /** Batches in the whole run; null: open-ended. */
  readonly totalBatches: number | null;
  /** This run's (or shard's) batches are [firstBatch, endBatch); endBatch is Infinity when open-ended. */
  readonly firstBatch: number;
  readonly endBatch: number;
  dealEnd(b: number): number;
}

/** When a run stops before its batches run out (the SPRT's test itself is made by the run: standing.ts). */
export interface StopRules {
  /** The run has no deal limit (a constant SPRT then stops it: CONSTANT_STOP). */
  readonly open: boolean;
  readonly untilCi: RunOptions['untilCi'];
  readonly timeBudgetMs: number | null;
  readonly sprt: NonNullable<RunOptions['sprt']> | null;
  readonly signal: AbortSignal | undefined;
}

/** What a run writes and where: the folder, and what a resume must match. */
export interface OutputPlan {
  readonly dir: string;
  readonly resume: boolean;
  readonly allowCodeChange: boolean;
  /** Everything that determines the output (runSettings with the job's own description). */
  readonly settings: Record<string, unknown>;
  /** The ruleset as the manifest records it. */
  readonly ruleset: { readonly name: string; readonly hash: string; readonly parameters: unknown };
  /** The run keeps an SPRT's state in its manifest. */
  readonly sprt: boolean;
}

/** How the batches run: in this thread (workers 0) or on a pool, and the limit for one decision. */
export interface ExecPlan {
  readonly spec: SimSpec;
  readonly workers: number;
  readonly decisionTimeoutMs: number;
  /** The metric whose observations each batch records in order (the SPRT's). */
  readonly series: string | null;
}

/** A run's options resolved: one piece per stage. */
export interface RunPlan {
  readonly range: BatchRange;
  readonly stops: StopRules;
  readonly output: OutputPlan | null;
  readonly exec: ExecPlan;
  readonly note: (line: string) => void;
  readonly onProgress: ((p: Progress) => void) | undefined;
  readonly onLiveProgress: ((p: Progress) => void) | undefined;
  readonly onBatch: RunOptions['onBatch'];
}

/** Shard k of n gets a contiguous run of batches; batch b covers deals [b * size, (b + 1) * size). */
export function shardBatches(totalBatches: number, shard: Shard | null): [number, number] {
  if (shard === null) return [0, totalBatches];
  return [Math.floor((shard.index * totalBatches) / shard.count), Math.floor(((shard.index + 1) * totalBatches) / shard.count)];
}

/** Everything that determines the output: a resume must match it, field by field. */
export function runSettings(opts: RunOptions, rulesetHash: string = specRuleset(opts.spec).hash): Record<string, unknown> {
  const predicate = opts.spec.constraints.predicate;
  return {
    // Perlaggen runs keep the settings they always had (a resume compares them field by field)
    ...(opts.spec.game === undefined || opts.spec.game === 'perlaggen' ? {} : { game: opts.spec.game }),
    mode: opts.spec.mode,
    ruleset: opts.spec.ruleset,
    rulesetHash,
    players: opts.spec.players,
    policies: opts.spec.policies,
    seed: opts.spec.seed,
    duplicate: opts.spec.duplicate === true,
    constraints: {
      hands: opts.spec.constraints.hands,
      trump: opts.spec.constraints.trump,
      predicate: predicate === null ? null : { path: predicate, sha256: sha256(readFileSync(predicate)) },
    },
    deals: opts.deals,
    batchSize: opts.batchSize,
    shard: opts.shard,
    untilCi: opts.untilCi,
    sprt: opts.sprt ?? null,
    // only when given, so the settings of runs from 0:0 stay as they were (their resumes still match)
    ...(opts.spec.start === undefined ? {} : { start: opts.spec.start }),
    ...(opts.spec.decisions === true ? { decisions: true } : {}),
  };
}

/** The checks that need no job: bad numbers and a run that would never stop are refused before anything is built. */
export function checkRunOptions(opts: RunOptions): void {
  const spec = opts.spec;
  if (!(opts.batchSize >= 1 && Number.isInteger(opts.batchSize))) throw new SimSpecError('--batch-size must be a whole number >= 1');
  if (opts.deals !== null && !(Number.isInteger(opts.deals) && opts.deals >= 1 && opts.deals <= 2 ** 32)) throw new SimSpecError('--deals must be a whole number from 1 to 2^32');
  if (!Number.isSafeInteger(spec.seed) || spec.seed < 0) throw new SimSpecError('--seed must be a whole number from 0 to 2^53 - 1');
  if (opts.shard !== null && opts.deals === null) throw new SimSpecError('a sharded run needs --deals (the shards split a fixed range)');
  if (opts.deals === null && opts.untilCi === null && opts.timeBudgetMs === null && !opts.sprt) throw new SimSpecError('give --deals, --until-ci, --sprt or --time-budget');
  if (!(decisionTimeoutOf(opts) > 0)) throw new SimSpecError('--decision-timeout must be a positive duration');
}

const decisionTimeoutOf = (opts: RunOptions): number => opts.decisionTimeoutMs ?? DEFAULT_DECISION_TIMEOUT_MS;

/** The checks against the job: the watched metrics exist and suit their stop rule. */
function checkWatched(opts: RunOptions, job: Job): void {
  for (const watch of [opts.untilCi?.metric, opts.sprt?.metric]) {
    if (watch !== undefined && !job.metrics.some((m) => m.name === watch)) {
      throw new SimSpecError(`--metric ${watch}: no such metric (metrics: ${job.metrics.map((m) => m.name).join(', ')})`);
    }
  }
  if (opts.sprt && job.metrics.find((m) => m.name === opts.sprt!.metric)!.kind === 'proportion') throw new SimSpecError(`--sprt needs a mean metric; ${opts.sprt.metric} is a proportion`);
  if (opts.sprt && opts.shard !== null) throw new SimSpecError('--sprt decides on the whole sequence of deals; a shard sees only part of it: run it unsharded');
  if (opts.sprt && job.identicalPairs === true && opts.deals === null && opts.timeBudgetMs === null) {
    throw new SimSpecError('--sprt: both seatings play the same policy with the same streams, so every pair\'s difference is exactly 0 and the SPRT can never decide; compare two policies, or add --independent-streams to check the machinery');
  }
}

export function batchRange(deals: number | null, batchSize: number, shard: Shard | null): BatchRange {
  const totalBatches = deals === null ? null : Math.ceil(deals / batchSize);
  const [firstBatch, endBatch] = totalBatches === null ? [0, Infinity] : shardBatches(totalBatches, shard);
  return { batchSize, deals, totalBatches, firstBatch, endBatch, dealEnd: (b) => Math.min((b + 1) * batchSize, deals ?? Infinity) };
}

/**
 * The options (already checked by checkRunOptions) resolved against the job that runs them: checked again
 * where the job decides (its metrics), then cut into the piece of each stage.
 */
export function resolveRun(opts: RunOptions, job: Job): RunPlan {
  checkWatched(opts, job);
  const sprt = opts.sprt ? opts.sprt : null;
  let output: OutputPlan | null = null;
  if (opts.out !== null) {
    const rules = specRuleset(opts.spec);
    output = {
      dir: opts.out,
      resume: opts.resume,
      allowCodeChange: opts.allowCodeChange === true,
      settings: { ...runSettings(opts, rules.hash), job: job.describe },
      ruleset: { name: opts.spec.ruleset, hash: rules.hash, parameters: JSON.parse(rules.json) as unknown },
      sprt: sprt !== null,
    };
  }
  return {
    range: batchRange(opts.deals, opts.batchSize, opts.shard),
    stops: { open: opts.deals === null, untilCi: opts.untilCi, timeBudgetMs: opts.timeBudgetMs, sprt, signal: opts.signal },
    output,
    exec: { spec: opts.spec, workers: opts.workers, decisionTimeoutMs: decisionTimeoutOf(opts), series: sprt === null ? null : sprt.metric },
    note: (line) => opts.onNote?.(line),
    onProgress: opts.onProgress,
    onLiveProgress: opts.onLiveProgress,
    onBatch: opts.onBatch,
  };
}
