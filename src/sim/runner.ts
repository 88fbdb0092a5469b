// The Monte Carlo runner (GUIDE guideline 9): deals in batches of consecutive indices, run in a piscina
// pool (or in-process: the sequential reference path), committed strictly in batch order through a
// reorder buffer, each commit recorded atomically in the manifest. Randomness is keyed by deal index, so
// the output is the same bytes for any number of workers, and shards run apart and merged equal one run.
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { canonicalJson, rulesetHash, resolveRuleset } from '../rules/registry.ts';
import { BatchStreamWriter, streamToFile } from '../results/stream.ts';
import { readRunManifest, settingsDiff, writeRunManifest, type RunManifest } from '../results/run-manifest.ts';
import { codeVersion, sha256 } from '../results/manifest.ts';
import { meanInterval, wilson, type Interval } from '../stats/intervals.ts';
import { sprt as sprtTest, type SprtBounds, type SprtState } from '../stats/sprt.ts';
import { emptyAcc, mergeAcc, RunError, SimSpecError, type ReceivedBatch, type Job, type MetricAcc, type MetricSpec, type SimSpec } from './job.ts';
import { createJob } from './jobs/index.ts';
import { runTask, type BatchTask } from './task.ts';

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
  /** Stop when an SPRT on this mean metric accepts H0 or H1 (checked after each batch: deterministic). */
  readonly sprt?: { readonly metric: string; readonly bounds: SprtBounds } | null;
  readonly onProgress?: (p: Progress) => void;
  /** Aborting stops after the batch being committed; the run can be resumed. */
  readonly signal?: AbortSignal;
}

export interface Progress {
  readonly dealsDone: number;
  readonly dealsTotal: number | null;
  readonly elapsedMs: number;
  readonly dealsPerSec: number;
  readonly watched: { readonly metric: string; readonly interval: Interval } | null;
}

export type StopReason = 'deals' | 'interval' | 'sprt' | 'time' | 'interrupted';

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
  /** The SPRT's state at the end, when one was asked for. */
  readonly sprt: (SprtState & { readonly metric: string }) | null;
}


/** The interval of a metric from its accumulator. */
export function intervalOf(acc: MetricAcc): Interval {
  return acc.kind === 'proportion' ? wilson(acc.k, acc.n) : meanInterval(acc);
}

function sprtOf(acc: MetricAcc, b: SprtBounds): SprtState {
  if (acc.kind !== 'mean') throw new Error('internal: SPRT on a proportion');
  return sprtTest(acc, b);
}

/** Shard k of n gets a contiguous run of batches; batch b covers deals [b * size, (b + 1) * size). */
export function shardBatches(totalBatches: number, shard: Shard | null): [number, number] {
  if (shard === null) return [0, totalBatches];
  return [Math.floor((shard.index * totalBatches) / shard.count), Math.floor(((shard.index + 1) * totalBatches) / shard.count)];
}

/** Everything that determines the output: a resume must match it, field by field. */
export function runSettings(opts: RunOptions): Record<string, unknown> {
  const r = resolveRuleset(opts.spec.ruleset);
  const predicate = opts.spec.constraints.predicate;
  return {
    mode: opts.spec.mode,
    ruleset: opts.spec.ruleset,
    rulesetHash: rulesetHash(r),
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
  };
}


/**
 * The parent's node flags a worker should inherit: none of its module loaders (`--import tsx`, tsx's
 * `--require .../preflight.cjs`, `--loader ...`), which would bring back tsx's CommonJS hook (see
 * tsx-esm.mjs), and no inspector.
 */
export function workerExecArgv(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a.startsWith('--inspect')) continue;
    if (['--import', '--require', '-r', '--loader', '--experimental-loader'].includes(a)) {
      i++; // and its value
      continue;
    }
    if (/^--(import|require|loader|experimental-loader)=/.test(a)) continue;
    out.push(a);
  }
  return out;
}

/**
 * A pool of worker threads running src/sim/task.ts. TypeScript workers get tsx's ESM loader only
 * (tsx-esm.mjs says why: with the CommonJS hook too, workers ran the hot loop 2.1x slower).
 */
export function createPool(workers: number): Piscina {
  const filename = new URL('./worker.mjs', import.meta.url).href;
  const tsx = new URL('./tsx-esm.mjs', import.meta.url).href;
  return new Piscina({
    filename,
    minThreads: workers,
    maxThreads: workers,
    idleTimeout: 60_000,
    execArgv: [...workerExecArgv(process.execArgv), '--import', tsx],
  });
}

export async function runSimulation(opts: RunOptions, injectedPool: Piscina | null = null): Promise<RunResult> {
  const t0 = performance.now();
  const spec = opts.spec;
  if (!(opts.batchSize >= 1 && Number.isInteger(opts.batchSize))) throw new SimSpecError('--batch-size must be a whole number >= 1');
  if (opts.deals !== null && !(Number.isInteger(opts.deals) && opts.deals >= 1 && opts.deals <= 2 ** 32)) throw new SimSpecError('--deals must be a whole number from 1 to 2^32');
  if (opts.shard !== null && opts.deals === null) throw new SimSpecError('a sharded run needs --deals (the shards split a fixed range)');
  if (opts.deals === null && opts.untilCi === null && opts.timeBudgetMs === null && !opts.sprt) throw new SimSpecError('give --deals, --until-ci, --sprt or --time-budget');
  // The job in this thread: validates the spec (and gives the tables and metrics) before anything is written.
  const job: Job = await createJob(spec);
  for (const watch of [opts.untilCi?.metric, opts.sprt?.metric]) {
    if (watch !== undefined && !job.metrics.some((m) => m.name === watch)) {
      throw new SimSpecError(`--metric ${watch}: no such metric (metrics: ${job.metrics.map((m) => m.name).join(', ')})`);
    }
  }
  if (opts.sprt && job.metrics.find((m) => m.name === opts.sprt!.metric)!.kind !== 'mean') throw new SimSpecError(`--sprt needs a mean metric; ${opts.sprt.metric} is a proportion`);

  const totalBatches = opts.deals === null ? null : Math.ceil(opts.deals / opts.batchSize);
  const [firstBatch, endBatch] = totalBatches === null ? [0, Infinity] : shardBatches(totalBatches, opts.shard);
  const dealEnd = (b: number) => Math.min((b + 1) * opts.batchSize, opts.deals ?? Infinity);
  const settings = { ...runSettings(opts), job: job.describe };
  const tableNames = Object.keys(job.tables);

  // ---- output folder: new, or resumed ----
  let manifest: RunManifest | null = null;
  const writers = new Map<string, BatchStreamWriter>();
  let next = firstBatch;
  let metrics: Record<string, MetricAcc> = Object.fromEntries(job.metrics.map((m) => [m.name, emptyAcc(m.kind)]));
  let rejected = 0;
  let dealsDone = 0;
  if (opts.out !== null) {
    const dir = opts.out;
    if (existsSync(dir) && !statSync(dir).isDirectory()) throw new RunError(`--out ${dir} exists and is not a folder`);
    const old = existsSync(dir) ? readRunManifest(dir) : null;
    if (opts.resume) {
      if (old === null) throw new RunError(`--resume: ${dir} holds no run to resume`);
      const field = settingsDiff(old.settings, settings);
      if (field !== null) throw new RunError(`--resume: the settings differ from the run in ${dir} in "${field}"; resume with the same settings or choose another --out`);
      if (old.complete) throw new RunError(`--resume: the run in ${dir} is already complete`);
      for (const t of tableNames) {
        const entry = old.tables[t];
        if (entry === undefined) throw new RunError(`--resume: ${dir}/manifest.json has no table ${t}`);
        writers.set(t, BatchStreamWriter.resume(join(dir, entry.file), job.tables[t]!, entry.committed));
      }
      manifest = old;
      next = firstBatch + old.progress.batchesDone;
      dealsDone = old.progress.dealsDone;
      metrics = structuredClone(old['metrics'] as Record<string, MetricAcc>);
      rejected = old['rejected'] as number;
    } else {
      if (old !== null) throw new RunError(`${dir} already holds a run (${old.complete ? 'complete' : 'unfinished: add --resume to continue it'}); choose another --out`);
      if (existsSync(dir) && readdirSync(dir).length > 0) throw new RunError(`--out ${dir} is not empty; choose a new or empty folder`);
      mkdirSync(dir, { recursive: true });
      const now = new Date().toISOString();
      const tables: RunManifest['tables'] = {};
      for (const t of tableNames) {
        const file = `${t}.arrows`;
        const w = BatchStreamWriter.create(join(dir, file), job.tables[t]!, { 'perlagg.table': t });
        writers.set(t, w);
        tables[t] = { file, columns: job.tables[t]!.map((c) => c.name), committed: { bytes: w.position.bytes, batches: 0, rows: 0 } };
      }
      manifest = {
        tool: 'perlagg',
        command: 'simulate',
        formatVersion: 1,
        settings,
        ruleset: { name: spec.ruleset, hash: rulesetHash(resolveRuleset(spec.ruleset)), parameters: JSON.parse(canonicalJson(resolveRuleset(spec.ruleset))) as unknown },
        tables,
        progress: { batchesDone: 0, batchesTotal: totalBatches === null ? null : endBatch - firstBatch, dealsDone: 0 },
        dealRange: { start: firstBatch * opts.batchSize, end: totalBatches === null ? null : dealEnd(endBatch - 1) },
        metrics,
        rejected: 0,
        complete: false,
        code: codeVersion(),
        created: now,
        updated: now,
        timings: {},
      };
      writeRunManifest(dir, manifest);
    }
  }
  const resumedFrom = dealsDone;

  // ---- the pool ----
  const pool = opts.workers > 0 ? (injectedPool ?? createPool(opts.workers)) : null;
  const ownPool = pool !== null && injectedPool === null;
  const maxInFlight = pool === null ? 1 : Math.max(2, opts.workers * 2);
  const inFlight = new Map<number, Promise<ReceivedBatch>>();
  const submit = (b: number): void => {
    const task: BatchTask = { spec, start: b * opts.batchSize, end: dealEnd(b) };
    inFlight.set(b, pool === null ? runTask(task) : (pool.run(task) as Promise<ReceivedBatch>));
  };

  let stoppedBy: StopReason | null = null;
  const watched = () => (opts.untilCi === null ? null : { metric: opts.untilCi.metric, interval: intervalOf(metrics[opts.untilCi.metric]!) });
  let submitted = next;
  try {
    while (stoppedBy === null) {
      if (next >= endBatch) {
        stoppedBy = 'deals';
        break;
      }
      while (submitted < endBatch && submitted - next < maxInFlight) submit(submitted++);
      const result = await inFlight.get(next)!;
      inFlight.delete(next);
      // commit batch `next`: data first, then the manifest that makes it count
      for (const t of tableNames) {
        const w = writers.get(t);
        if (w !== undefined && result.rows[t]! > 0) {
          const pos = w.append(result.tables[t]!);
          manifest!.tables[t]!.committed = pos;
        }
      }
      for (const [k, acc] of Object.entries(result.metrics)) metrics[k] = mergeAcc(metrics[k]!, acc);
      rejected += result.rejected;
      dealsDone += result.end - result.start;
      next++;
      if (manifest !== null) {
        manifest.progress = { ...manifest.progress, batchesDone: next - firstBatch, dealsDone };
        manifest['metrics'] = metrics;
        manifest['rejected'] = rejected;
        manifest.updated = new Date().toISOString();
        writeRunManifest(opts.out!, manifest);
      }
      const elapsed = performance.now() - t0;
      opts.onProgress?.({ dealsDone, dealsTotal: opts.deals === null ? null : dealEnd(endBatch - 1) - firstBatch * opts.batchSize, elapsedMs: elapsed, dealsPerSec: (dealsDone - resumedFrom) / (elapsed / 1000), watched: watched() });
      if (opts.untilCi !== null && intervalOf(metrics[opts.untilCi.metric]!).halfWidth <= opts.untilCi.halfWidth) stoppedBy = 'interval';
      else if (opts.sprt && sprtOf(metrics[opts.sprt.metric]!, opts.sprt.bounds).verdict !== 'continue') stoppedBy = 'sprt';
      else if (opts.timeBudgetMs !== null && elapsed >= opts.timeBudgetMs) stoppedBy = 'time';
      else if (opts.signal?.aborted) stoppedBy = 'interrupted';
    }
  } finally {
    // batches still running are not committed: wait for them quietly, then stop the pool
    await Promise.allSettled(inFlight.values());
    if (ownPool) await pool!.destroy();
  }

  // ---- finish: the stream files become Arrow files, unless interrupted (then resumable) ----
  const files: string[] = [];
  if (opts.out !== null && manifest !== null) {
    if (stoppedBy === 'interrupted') {
      for (const w of writers.values()) w.close();
    } else {
      // Arrow files first, then the manifest that points at them, then the streams go: a crash at any point
      // leaves either a resumable run (streams + incomplete manifest) or a complete one.
      const streams: string[] = [];
      for (const t of tableNames) {
        const w = writers.get(t)!;
        w.finish();
        w.close();
        const streamFile = join(opts.out, manifest.tables[t]!.file);
        const file = `${t}.arrow`;
        streamToFile(streamFile, join(opts.out, file));
        const bytes = readFileSync(join(opts.out, file));
        manifest.tables[t] = { ...manifest.tables[t]!, file, sha256: sha256(bytes), bytes: bytes.length } as RunManifest['tables'][string];
        files.push(join(opts.out, file));
        streams.push(streamFile);
      }
      manifest.complete = true;
      manifest['stoppedBy'] = stoppedBy;
      manifest.updated = new Date().toISOString();
      writeRunManifest(opts.out, manifest);
      for (const f of streams) rmSync(f);
    }
    const before = manifest.timings['elapsedMs'] ?? 0;
    manifest.timings = { elapsedMs: before + (performance.now() - t0), sessions: (manifest.timings['sessions'] ?? 0) + 1 };
    manifest.updated = new Date().toISOString();
    writeRunManifest(opts.out, manifest);
  }
  const sprtEnd = opts.sprt ? { metric: opts.sprt.metric, ...sprtOf(metrics[opts.sprt.metric]!, opts.sprt.bounds) } : null;
  return { metrics, specs: job.metrics, dealsDone, rejected, stoppedBy: stoppedBy!, elapsedMs: performance.now() - t0, resumedFrom, files, sprt: sprtEnd };
}

export const DEFAULT_WORKERS = availableParallelism();
