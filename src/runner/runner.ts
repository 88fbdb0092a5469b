// The Monte Carlo runner (GUIDE guideline 9): deals in batches of consecutive indices, run in a piscina
// pool (or in-process: the sequential reference path), committed strictly in batch order through a
// reorder buffer, each commit recorded atomically in the manifest. Randomness is keyed by deal index, so
// the output is the same bytes for any number of workers, and shards run apart and merged equal one run.
import { existsSync, readFileSync, rmSync, rmdirSync, statSync, statfsSync } from 'node:fs';
import { basename, join } from 'node:path';
import vm from 'node:vm';
import { Worker } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { BatchStreamWriter, streamToFile } from '../results/stream.ts';
import { fileSha256, readRunManifest, settingsDiff, writeRunManifest, type RunManifest, type TableEntry } from '../results/run-manifest.ts';
import { codeDiff, codeVersion, sha256, type CodeVersion } from '../results/manifest.ts';
import { makeFolder, removeTempFiles, takeLock, uncommittedLeftovers, type FolderLock } from '../results/run-folder.ts';
import { writeErrorText } from '../results/io.ts';
import { HB, hb, heartbeatBuffer, readSlot, useHeartbeat } from '../play/heartbeat.ts';
import { DecisionTimeout } from '../play/hand.ts';
import type { Interval } from '../stats/intervals.ts';
import { MeanSprt, type MeanSprtSnapshot, type MeanSprtStatus, type SprtBounds } from '../stats/sprt.ts';
import type { StopEstimate } from '../stats/stop-estimate.ts';
import { emptyAcc, mergeAcc, metricEstimate, reviveAcc, type BatchResult, type ReceivedBatch, type Job, type MetricAcc, type MetricSpec, type SimSpec, momentsOf } from '../sim/job.ts';
import { createJob, specRuleset } from '../sim/jobs.ts';
import { isTaskFault, rebuildFault, type BatchTask, type TaskFault } from './task.ts';
import { SimSpecError, RunError, RunFailure } from '../core/errors.ts';
import { varianceRatio as pairedVarianceRatio, type PairAcc } from '../stats/paired.ts';
import { usableCpus } from './cpu-limit.ts';

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

/** The SPRT of a run at its end. */
export interface RunSprt {
  readonly metric: string;
  readonly status: MeanSprtStatus;
  /** The median-unbiased estimate at the stop with its 95% interval (null when the data are constant or too few). */
  readonly corrected: StopEstimate | null;
  /** The deal (or Partie) index of the observation that decided, null while undecided. */
  readonly decidedAtDeal: number | null;
}

/** 'constant': an SPRT without a deal limit saw the same value in every one of its first CONSTANT_STOP observations. */
export type StopReason = 'deals' | 'interval' | 'sprt' | 'constant' | 'time' | 'interrupted';

/**
 * An SPRT whose observations are all the same value has no variance and can never decide (a deterministic
 * policy against itself plays the same game in both seatings, whatever its streams): a run without a deal
 * limit stops after this many such observations instead of running forever.
 */
export const CONSTANT_STOP = 1000;

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


/** The interval of a metric from its accumulator (a per-pair one read as its spec says: job.ts metricEstimate). */
export function intervalOf(acc: MetricAcc, spec?: MetricSpec): Interval {
  return metricEstimate(acc, spec).interval;
}

/** Shard k of n gets a contiguous run of batches; batch b covers deals [b * size, (b + 1) * size). */
export function shardBatches(totalBatches: number, shard: Shard | null): [number, number] {
  if (shard === null) return [0, totalBatches];
  return [Math.floor((shard.index * totalBatches) / shard.count), Math.floor(((shard.index + 1) * totalBatches) / shard.count)];
}

/** Everything that determines the output: a resume must match it, field by field. */
export function runSettings(opts: RunOptions): Record<string, unknown> {
  const predicate = opts.spec.constraints.predicate;
  return {
    // Perlaggen runs keep the settings they always had (a resume compares them field by field)
    ...(opts.spec.game === undefined || opts.spec.game === 'perlaggen' ? {} : { game: opts.spec.game }),
    mode: opts.spec.mode,
    ruleset: opts.spec.ruleset,
    rulesetHash: specRuleset(opts.spec).hash,
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
 * A pool of worker threads running src/runner/task.ts. TypeScript workers get tsx's ESM loader only
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

/** How a run's output folder is held while it runs. */
interface Folder {
  readonly dir: string;
  readonly lock: FolderLock;
  /** This run made the folder (so may remove it again when it fails before its first commit). */
  readonly created: boolean;
}

function freeBytes(dir: string): number | null {
  try {
    const s = statfsSync(dir);
    return s.bavail * s.bsize;
  } catch {
    return null;
  }
}

const MB = (n: number) => `${(n / 1e6).toFixed(1)} MB`;

/** Default limit for one decision of a policy or one call of the --where predicate. */
export const DEFAULT_DECISION_TIMEOUT_MS = 60_000;

export async function runSimulation(opts: RunOptions, injectedPool: Piscina | null = null): Promise<RunResult> {
  const t0 = performance.now();
  const spec = opts.spec;
  const note = (line: string) => opts.onNote?.(line);
  if (!(opts.batchSize >= 1 && Number.isInteger(opts.batchSize))) throw new SimSpecError('--batch-size must be a whole number >= 1');
  if (opts.deals !== null && !(Number.isInteger(opts.deals) && opts.deals >= 1 && opts.deals <= 2 ** 32)) throw new SimSpecError('--deals must be a whole number from 1 to 2^32');
  if (!Number.isSafeInteger(spec.seed) || spec.seed < 0) throw new SimSpecError('--seed must be a whole number from 0 to 2^53 - 1');
  if (opts.shard !== null && opts.deals === null) throw new SimSpecError('a sharded run needs --deals (the shards split a fixed range)');
  if (opts.deals === null && opts.untilCi === null && opts.timeBudgetMs === null && !opts.sprt) throw new SimSpecError('give --deals, --until-ci, --sprt or --time-budget');
  const limitMs = opts.decisionTimeoutMs ?? DEFAULT_DECISION_TIMEOUT_MS;
  if (!(limitMs > 0)) throw new SimSpecError('--decision-timeout must be a positive duration');
  // The job in this thread: validates the spec (and gives the tables and metrics) before anything is written.
  const job: Job = await createJob(spec);
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
  const specOf = new Map(job.metrics.map((m) => [m.name, m]));

  const totalBatches = opts.deals === null ? null : Math.ceil(opts.deals / opts.batchSize);
  const [firstBatch, endBatch] = totalBatches === null ? [0, Infinity] : shardBatches(totalBatches, opts.shard);
  const dealEnd = (b: number) => Math.min((b + 1) * opts.batchSize, opts.deals ?? Infinity);
  const settings = { ...runSettings(opts), job: job.describe };
  const tableNames = Object.keys(job.tables);
  const streamName = (t: string) => `${t}.arrows`;

  // ---- output folder: new, or resumed; held under a lock ----
  let manifest: RunManifest | null = null;
  const writers = new Map<string, BatchStreamWriter>();
  let next = firstBatch;
  let metrics: Record<string, MetricAcc> = Object.fromEntries(job.metrics.map((m) => [m.name, emptyAcc(m.kind)]));
  let rejected = 0;
  let dealsDone = 0;
  let test: MeanSprt | null = opts.sprt ? new MeanSprt(opts.sprt.bounds, opts.sprt.minPairs === undefined ? {} : { minPairs: opts.sprt.minPairs }) : null;
  let folder: Folder | null = null;
  /** The folder already holds this run, complete: nothing to do (the rerun rule). */
  let finished: { files: string[]; stoppedBy: StopReason } | null = null;
  /** This run created the folder's data files (a fresh run, not a resume). */
  let createdFiles = false;
  /** Set when the manifest says every batch is done and the tables are being converted. */
  let finishing: StopReason | null = null;
  const committedBefore = () => (manifest === null ? 0 : manifest.progress.batchesDone);
  /** A write failed: say where, what is safe, and how to go on (exit 1). */
  const writeFailure = (e: unknown, path: string): RunFailure => {
    const done = committedBefore();
    const safe = done > 0 ? `the ${done} batches committed before are safe in ${folder!.dir}; free some space (or fix the device) and run the same command with --resume` : 'nothing was committed; free some space and run the command again';
    return new RunFailure(`cannot write ${path}: ${writeErrorText(e)}; ${safe}`);
  };
  if (opts.out !== null) {
    const dir = opts.out;
    if (dir.trim() === '') throw new SimSpecError('--out must name a folder, not an empty string');
    let created = false;
    if (existsSync(dir)) {
      if (!statSync(dir).isDirectory()) throw new RunError(`--out ${dir} exists and is not a folder`);
    } else {
      try {
        makeFolder(dir);
        created = true;
      } catch (e) {
        throw new RunError(`--out ${dir}: cannot create the folder (${(e as { code?: string }).code ?? String(e)})`);
      }
    }
    folder = { dir, lock: takeLock(dir, '--out', { note }), created };
    try {
      // The rerun rule (issue 29): the same command with the same settings into its own folder resumes an
      // unfinished run and leaves a finished one as it is (so a scheduler's retry or requeue is safe, with or
      // without --resume); other settings, another command or other code are refused by name.
      const old = readRunManifest(dir, { requireSeal: true });
      if (old === null) {
        const left = uncommittedLeftovers(dir, tableNames.map(streamName));
        if (left === null) throw new RunError(`--out ${dir} is not empty; choose a new or empty folder`);
        if (left.length > 0) {
          // a run killed (or out of disk) before its first commit: nothing of it counts
          for (const f of left) rmSync(join(dir, f), { force: true });
          note(`${dir} held a run that stopped before its first commit; cleared it (${left.join(', ')}) and started afresh`);
        } else if (opts.resume) {
          throw new RunError(`--resume: ${dir} holds no run to resume`);
        }
      } else {
        const how = opts.resume ? '--resume: ' : '';
        if (old.command !== 'simulate') throw new RunError(`${how}${dir} holds a run of "perlagg ${old.command}", not of "perlagg simulate"; choose another --out`);
        const field = settingsDiff(old.settings, settings);
        if (field !== null) throw new RunError(`${how}the settings differ from the run in ${dir} in "${field}"; use the same settings or choose another --out`);
        const now = codeVersion();
        const codeField = codeDiff(old.code, now);
        if (old.complete) {
          if (codeField !== null) throw new RunError(`${how}the run in ${dir} is complete but was made by other code (${codeField}: ${String(old.code[codeField.slice(5) as keyof CodeVersion])}, now ${String(now[codeField.slice(5) as keyof CodeVersion])}); its files stay as they are: choose another --out`);
          finished = { files: finishedFiles(dir, old, tableNames), stoppedBy: old['stoppedBy'] as StopReason };
          note(`${dir} already holds this run, complete (the same settings and code): nothing to do, its files are left as they are`);
        } else if (codeField !== null) {
          if (opts.allowCodeChange !== true) {
            throw new RunError(`${how}the run in ${dir} was made by other code (${codeField}: ${String(old.code[codeField.slice(5) as keyof CodeVersion])}, now ${String(now[codeField.slice(5) as keyof CodeVersion])}); resume it with that code, or add ${opts.resume ? "" : "--resume "}--allow-code-change to mix them (recorded in the manifest)`);
          }
          old['codeChanges'] = [...((old['codeChanges'] as unknown[] | undefined) ?? []), { atBatch: old.progress.batchesDone, from: old.code, to: now, at: new Date().toISOString() }];
          old.code = now;
          note(`--allow-code-change: batches from ${old.progress.batchesDone} on are made by ${now.commit}; recorded in the manifest (codeChanges)`);
        }
        if (finished === null) checkProgress(dir, old, firstBatch, opts.batchSize, dealEnd);
        const gone = finished === null ? removeTempFiles(dir) : [];
        if (gone.length > 0) note(`removed ${gone.length} temp file(s) a crashed run left in ${dir}: ${gone.join(', ')}`);
        finishing = (old['finishing'] as StopReason | undefined) ?? null;
        for (const t of finished === null ? tableNames : []) {
          const entry = old.tables[t];
          if (entry === undefined) throw new RunError(`--resume: ${dir}/manifest.json has no table ${t}`);
          const digests = (entry as TableEntry & { batchSha256?: string[] }).batchSha256;
          if (!Array.isArray(digests)) throw new RunError(`--resume: ${dir}/manifest.json has no batch checksums for table ${t}`);
          if (entry.file.endsWith('.arrow')) {
            // converted before a crash during the final conversion
            if (finishing === null) throw new RunError(`--resume: ${dir}/manifest.json lists ${entry.file} as converted but the run was not finishing`);
            const h = fileSha256(join(dir, entry.file));
            const want = entry as TableEntry & { sha256?: string; bytes?: number };
            if (h.sha256 !== want.sha256 || h.bytes !== want.bytes) throw new RunError(`--resume: ${dir}/${entry.file} does not match the sha256 and size in its manifest`);
            continue;
          }
          writers.set(t, BatchStreamWriter.resume(join(dir, entry.file), job.tables[t]!, entry.committed, digests));
        }
        manifest = finished === null ? old : null;
        next = firstBatch + old.progress.batchesDone;
        dealsDone = old.progress.dealsDone;
        metrics = Object.fromEntries(Object.entries(structuredClone(old['metrics'] as Record<string, MetricAcc>)).map(([k, a]) => [k, reviveAcc(a)]));
        rejected = old['rejected'] as number;
        if (opts.sprt) {
          const snap = old['sprt'] as MeanSprtSnapshot | undefined;
          if (snap === undefined) throw new RunError(`${how}${dir}/manifest.json has no SPRT state`);
          try {
            test = MeanSprt.fromJSON(snap);
          } catch (e) {
            throw new RunError(`--resume: ${dir}/manifest.json: the SPRT state is damaged (${(e as Error).message})`);
          }
        }
      }
      if (manifest === null && finished === null) {
        createdFiles = true;
        const now = new Date().toISOString();
        const tables: RunManifest['tables'] = {};
        for (const t of tableNames) {
          const file = streamName(t);
          let w: BatchStreamWriter;
          try {
            w = BatchStreamWriter.create(join(dir, file), job.tables[t]!, { 'perlagg.table': t });
          } catch (e) {
            throw writeFailure(e, join(dir, file));
          }
          writers.set(t, w);
          tables[t] = { file, columns: job.tables[t]!.map((c) => c.name), committed: { bytes: w.position.bytes, batches: 0, rows: 0 }, batchSha256: w.digests } as TableEntry;
        }
        const m: RunManifest = {
          tool: 'perlagg',
          command: 'simulate',
          formatVersion: 1,
          settings,
          ruleset: { name: spec.ruleset, hash: specRuleset(spec).hash, parameters: JSON.parse(specRuleset(spec).json) as unknown },
          tables,
          progress: { batchesDone: 0, batchesTotal: totalBatches === null ? null : endBatch - firstBatch, dealsDone: 0 },
          dealRange: { start: firstBatch * opts.batchSize, end: totalBatches === null ? null : dealEnd(endBatch - 1) },
          metrics,
          metricSpecs: job.metrics,
          ...(test === null ? {} : { sprt: test.toJSON() }),
          rejected: 0,
          complete: false,
          code: codeVersion(),
          created: now,
          updated: now,
          timings: {},
        };
        try {
          writeRunManifest(dir, m);
        } catch (e) {
          throw writeFailure(e, join(dir, 'manifest.json'));
        }
        manifest = m;
      } else if (manifest !== null) {
        for (const t of tableNames) {
          const w = writers.get(t);
          if (w !== undefined) (manifest.tables[t] as TableEntry & { batchSha256?: string[] }).batchSha256 = w.digests;
        }
      }
    } catch (e) {
      // a refused resume touches nothing of the run; a fresh run that failed here leaves nothing
      abandon(folder, writers, createdFiles ? manifest : null, !createdFiles);
      throw e;
    }
  }
  const resumedFrom = dealsDone;
  if (finished !== null) {
    folder!.lock.release();
    return { metrics, specs: job.metrics, dealsDone, rejected, stoppedBy: finished.stoppedBy, elapsedMs: performance.now() - t0, resumedFrom, files: finished.files, sprt: sprtAtEnd(test, opts, firstBatch), identicalPairs: job.identicalPairs === true };
  }

  // ---- the pool, the heartbeat and its watcher ----
  const pool = opts.workers > 0 ? (injectedPool ?? createPool(opts.workers)) : null;
  const ownPool = pool !== null && injectedPool === null;
  const maxInFlight = pool === null ? 1 : Math.max(2, opts.workers * 2);
  const beats = heartbeatBuffer(maxInFlight);
  const inFlight = new Map<number, Promise<ReceivedBatch | TaskFault>>();
  const series = opts.sprt ? { series: opts.sprt.metric } : {};
  const runOnPool = (start: number, end: number, slot: number): Promise<ReceivedBatch | TaskFault> => {
    const task: BatchTask = { spec, start, end, heartbeat: { buffer: beats, slot }, ...series };
    const p = pool!.run(task) as Promise<ReceivedBatch | TaskFault>;
    p.catch(() => {}); // awaited in order below; a batch left behind when the run stops is not an error
    return p;
  };
  const submit = (b: number): void => {
    inFlight.set(b, runOnPool(b * opts.batchSize, dealEnd(b), b % maxInFlight));
  };
  // stuck: rejects when a decision takes longer than the limit (worker threads: watched from here)
  let timedOut: ((e: Error) => void) | null = null;
  const stuck = new Promise<never>((_, reject) => (timedOut = reject));
  stuck.catch(() => {});
  const timeoutError = (slot: Int32Array) => new DecisionTimeout(`${job.whoIsDeciding(slot)}: no answer within ${limitMs / 1000} s (--decision-timeout); it may never return`);
  let watcher: ReturnType<typeof setInterval> | null = null;
  let watchdog: Worker | null = null;
  if (pool !== null) {
    const seen = new Array<{ count: number; since: number }>(maxInFlight).fill({ count: -1, since: 0 });
    watcher = setInterval(() => {
      const now = performance.now();
      for (let k = 0; k < maxInFlight; k++) {
        const slot = readSlot(beats, k);
        if (slot[HB.running] !== 1) {
          seen[k] = { count: -1, since: now };
        } else if (slot[HB.count] !== seen[k]!.count) {
          seen[k] = { count: slot[HB.count]!, since: now };
        } else if (now - seen[k]!.since > limitMs) {
          timedOut!(timeoutError(slot));
        }
      }
    }, Math.max(5, Math.min(1000, Math.floor(limitMs / 4))));
  } else {
    watchdog = new Worker(new URL('./watchdog.mjs', import.meta.url), { workerData: { buffer: beats, limitMs }, execArgv: [] });
    watchdog.unref();
    watchdog.on('error', () => {}); // a watchdog that could not start only loses the time limit
  }
  // --workers 0: the batch runs in this thread inside a vm call that Ctrl-C (or the watchdog's SIGINT) interrupts
  const vmContext = vm.createContext({ run: null as null | (() => BatchResult) });
  const vmScript = new vm.Script('run()');
  const runHere = (start: number, end: number): BatchResult => {
    useHeartbeat(beats, 0);
    hb[HB.running] = 1;
    try {
      vmContext['run'] = () => job.runBatch(start, end, series);
      return vmScript.runInContext(vmContext, { breakOnSigint: true }) as BatchResult;
    } catch (e) {
      if ((e as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_INTERRUPTED') {
        if (hb[HB.timedOut] === 1) throw timeoutError(readSlot(beats, 0));
        throw new Interrupted();
      }
      throw e;
    } finally {
      hb[HB.running] = 0;
      vmContext['run'] = null;
      useHeartbeat(null);
    }
  };
  const aborted = new Promise<'aborted'>((resolve) => {
    if (opts.signal?.aborted) resolve('aborted');
    opts.signal?.addEventListener('abort', () => resolve('aborted'), { once: true });
  });

  let stoppedBy: StopReason | null = finishing;
  const watched = () => (opts.untilCi === null ? null : { metric: opts.untilCi.metric, interval: intervalOf(metrics[opts.untilCi.metric]!, specOf.get(opts.untilCi.metric)) });
  let submitted = next;
  try {
    while (stoppedBy === null) {
      if (next >= endBatch) {
        stoppedBy = 'deals';
        break;
      }
      let result: ReceivedBatch;
      /** Run deals [start, end) here or on the pool; null when interrupted. */
      const range = async (start: number, end: number, pending: Promise<ReceivedBatch | TaskFault> | null): Promise<ReceivedBatch | null> => {
        if (pool === null) {
          try {
            return runHere(start, end);
          } catch (e) {
            if (e instanceof Interrupted) return null;
            throw e;
          }
        }
        const got = await Promise.race([pending ?? runOnPool(start, end, next % maxInFlight), stuck, aborted]);
        if (got === 'aborted') return null;
        if (isTaskFault(got)) throw rebuildFault(got);
        return got;
      };
      if (pool !== null) while (submitted < endBatch && submitted - next < maxInFlight) submit(submitted++);
      const got = await range(next * opts.batchSize, dealEnd(next), pool === null ? null : inFlight.get(next)!);
      inFlight.delete(next);
      if (got === null) {
        stoppedBy = 'interrupted';
        break;
      }
      result = got;
      // the SPRT looks after every observation, in deal order; it stops at the deciding one, and the batch
      // is then cut there: its deals up to the deciding one are played again (the same bytes: a batch is a
      // pure function of its range), so the tables and metrics hold exactly the deals the test used
      let cutAt: number | null = null;
      if (test !== null) {
        const xs = result.series;
        if (xs === undefined || xs.length !== result.end - result.start) throw new Error(`internal: batch ${next} returned ${xs?.length ?? 'no'} observations of ${opts.sprt!.metric} for ${result.end - result.start} deals`);
        const i = test.pushAll(xs);
        if (i >= 0 && result.start + i + 1 < result.end) {
          cutAt = result.start + i + 1;
          const prefix = await range(result.start, cutAt, null);
          if (prefix === null) {
            stoppedBy = 'interrupted';
            break;
          }
          result = prefix;
        }
      }
      // commit batch `next`: data first, then the manifest that makes it count
      for (const t of tableNames) {
        const w = writers.get(t);
        if (w !== undefined && result.rows[t]! > 0) {
          try {
            manifest!.tables[t]!.committed = w.append(result.tables[t]!);
          } catch (e) {
            throw writeFailure(e, w.path);
          }
        }
      }
      for (const [k, acc] of Object.entries(result.metrics)) metrics[k] = mergeAcc(metrics[k]!, acc);
      rejected += result.rejected;
      dealsDone += result.end - result.start;
      next++;
      const decided = test !== null && test.verdict !== 'continue';
      if (manifest !== null) {
        const m: RunManifest = {
          ...manifest,
          progress: { ...manifest.progress, batchesDone: next - firstBatch, dealsDone },
          metrics,
          rejected,
          ...(test === null ? {} : { sprt: test.toJSON() }),
          // a cut batch ends the run: the manifest says so in the same write (a resume only finishes it)
          ...(cutAt === null ? {} : { sprtStop: { dealEnd: cutAt } }),
          ...(decided ? { finishing: 'sprt' } : {}),
          updated: new Date().toISOString(),
        };
        try {
          writeRunManifest(opts.out!, m);
        } catch (e) {
          throw writeFailure(e, join(opts.out!, 'manifest.json'));
        }
        manifest = m;
      }
      const elapsed = performance.now() - t0;
      const sprtNow = test === null ? null : { llr: test.status().llr, lower: test.lower, upper: test.upper };
      opts.onProgress?.({ dealsDone, dealsTotal: opts.deals === null ? null : dealEnd(endBatch - 1) - firstBatch * opts.batchSize, elapsedMs: elapsed, dealsPerSec: (dealsDone - resumedFrom) / (elapsed / 1000), watched: watched(), sprt: sprtNow });
      if (decided) stoppedBy = 'sprt';
      else if (test !== null && opts.deals === null && test.n >= CONSTANT_STOP && test.status().constant !== null) stoppedBy = 'constant';
      else if (opts.untilCi !== null && intervalOf(metrics[opts.untilCi.metric]!, specOf.get(opts.untilCi.metric)).halfWidth <= opts.untilCi.halfWidth) stoppedBy = 'interval';
      else if (opts.timeBudgetMs !== null && elapsed >= opts.timeBudgetMs) stoppedBy = 'time';
      else if (opts.signal?.aborted) stoppedBy = 'interrupted';
      // a macrotask between batches: lets a signal handler (Ctrl-C) run even when every batch runs in this thread
      if (stoppedBy === null) await new Promise<void>((r) => setImmediate(r));
      if (stoppedBy === null && opts.signal?.aborted) stoppedBy = 'interrupted';
    }
  } catch (e) {
    if (folder !== null) abandon(folder, writers, committedBefore() === 0 && finishing === null ? manifest : null, committedBefore() > 0 || finishing !== null);
    throw e;
  } finally {
    if (watcher !== null) clearInterval(watcher);
    if (watchdog !== null) void watchdog.terminate();
    // batches still running are not committed: stop the pool (which also ends a worker stuck in a decision)
    if (ownPool) await pool!.destroy();
    else if (pool !== null) await Promise.allSettled(inFlight.values());
  }

  // ---- finish: the stream files become Arrow files, unless interrupted (then resumable) ----
  const files: string[] = [];
  if (opts.out !== null && manifest !== null) {
    const dir = opts.out;
    try {
      if (stoppedBy === 'interrupted') {
        for (const w of writers.values()) w.close();
      } else {
        if (finishing === null) {
          manifest = { ...manifest, finishing: stoppedBy, updated: new Date().toISOString() };
          try {
            writeRunManifest(dir, manifest);
          } catch (e) {
            throw writeFailure(e, join(dir, 'manifest.json'));
          }
        }
        // One table at a time: its Arrow file, then the manifest that points at it, then its stream goes. A
        // crash at any point leaves a resumable run (streams, converted files, an incomplete manifest) or a
        // complete one; the disk needs room for all the data plus one table's file, not twice the output.
        for (const [i, t] of tableNames.entries()) {
          const last = i === tableNames.length - 1;
          const entry = manifest.tables[t]!;
          const file = `${t}.arrow`;
          if (!entry.file.endsWith('.arrow')) {
            const w = writers.get(t)!;
            const streamFile = join(dir, entry.file);
            try {
              w.finish();
            } catch (e) {
              throw writeFailure(e, streamFile);
            } finally {
              w.close();
            }
            const need = statSync(streamFile).size + 1_000_000;
            const free = freeBytes(dir);
            if (free !== null && free < need) {
              throw new RunFailure(`not enough free space in ${dir} to write ${file} (needs about ${MB(need)}, ${MB(free)} free): every batch is committed in ${entry.file} and safe; free some space and run the same command with --resume to finish`);
            }
            try {
              streamToFile(streamFile, join(dir, file));
            } catch (e) {
              throw new RunFailure(`cannot write ${join(dir, file)}: ${writeErrorText(e)}; every batch is committed in ${entry.file} and safe; free some space and run the same command with --resume to finish`);
            }
            const h = fileSha256(join(dir, file));
            manifest.tables[t] = { ...entry, file, sha256: h.sha256, bytes: h.bytes } as RunManifest['tables'][string];
          }
          if (last) {
            manifest.complete = true;
            manifest['stoppedBy'] = stoppedBy;
            delete manifest['finishing'];
          }
          manifest.updated = new Date().toISOString();
          try {
            writeRunManifest(dir, manifest);
          } catch (e) {
            throw writeFailure(e, join(dir, 'manifest.json'));
          }
          if (!entry.file.endsWith('.arrow')) rmSync(join(dir, entry.file), { force: true });
          files.push(join(dir, file));
        }
      }
      const before = manifest.timings['elapsedMs'] ?? 0;
      manifest.timings = { elapsedMs: before + (performance.now() - t0), sessions: (manifest.timings['sessions'] ?? 0) + 1 };
      manifest.updated = new Date().toISOString();
      writeRunManifest(dir, manifest);
    } catch (e) {
      for (const w of writers.values()) w.close();
      folder!.lock.release();
      throw e;
    }
    folder!.lock.release();
  }
  return { metrics, specs: job.metrics, dealsDone, rejected, stoppedBy: stoppedBy!, elapsedMs: performance.now() - t0, resumedFrom, files, sprt: sprtAtEnd(test, opts, firstBatch), identicalPairs: job.identicalPairs === true };
}

/** The SPRT of a run at its end (null without one). */
function sprtAtEnd(test: MeanSprt | null, opts: RunOptions, firstBatch: number): RunSprt | null {
  if (test === null) return null;
  const status = test.status();
  const first = firstBatch * opts.batchSize;
  return { metric: opts.sprt!.metric, status, corrected: test.corrected(), decidedAtDeal: status.decidedAt === null ? null : first + status.decidedAt - 1 };
}

/** A complete run's table files, each checked against the sha256 and size its manifest records. */
function finishedFiles(dir: string, m: RunManifest, tableNames: readonly string[]): string[] {
  return tableNames.map((t) => {
    const entry = m.tables[t] as (TableEntry & { sha256?: string; bytes?: number }) | undefined;
    if (entry === undefined) throw new RunError(`${dir}/manifest.json has no table ${t}`);
    const path = join(dir, entry.file);
    if (!existsSync(path)) throw new RunError(`${path} is missing; the run in ${dir} is damaged: choose another --out`);
    const h = fileSha256(path);
    if (h.sha256 !== entry.sha256 || h.bytes !== entry.bytes) throw new RunError(`${path} does not match the sha256 and size in its manifest; the run in ${dir} is damaged: choose another --out`);
    return path;
  });
}

/** Thrown inside the in-thread batch when Ctrl-C interrupted it. */
class Interrupted extends Error {}

/**
 * A run that fails: close its files and give up the lock. A fresh run that committed nothing leaves nothing
 * behind (its files go, and its folder if it made it); one with committed batches keeps them for --resume.
 */
function abandon(folder: Folder, writers: Map<string, BatchStreamWriter>, fresh: RunManifest | null, keep = false): void {
  for (const w of writers.values()) w.close();
  if (!keep) {
    const ours = [...writers.values()].map((w) => basename(w.path));
    if (fresh !== null) ours.push('manifest.json');
    for (const f of ours) rmSync(join(folder.dir, f), { force: true });
    removeTempFiles(folder.dir);
  }
  folder.lock.release();
  if (!keep && folder.created) {
    try {
      rmdirSync(folder.dir);
    } catch {
      // not empty: something else is in it
    }
  }
}

/** The manifest's progress must follow from its own numbers (a hand-edited one is refused). */
function checkProgress(dir: string, m: RunManifest, firstBatch: number, batchSize: number, dealEnd: (b: number) => number): void {
  const done = m.progress.batchesDone;
  if (!Number.isSafeInteger(done) || done < 0 || (m.progress.batchesTotal !== null && done > m.progress.batchesTotal)) {
    throw new RunError(`--resume: ${dir}/manifest.json: batchesDone ${String(done)} is impossible`);
  }
  // a run the SPRT ended inside a batch committed that batch up to the deciding deal (sprtStop)
  const stop = m['sprtStop'] as { dealEnd?: unknown } | undefined;
  const lastEnd = stop !== undefined && typeof stop.dealEnd === 'number' ? stop.dealEnd : dealEnd(firstBatch + done - 1);
  const deals = done === 0 ? 0 : lastEnd - firstBatch * batchSize;
  if (m.progress.dealsDone !== deals) throw new RunError(`--resume: ${dir}/manifest.json: dealsDone ${m.progress.dealsDone} does not follow from ${done} batches (${deals})`);
  // every job writes rows to every table in every batch: each table has committed one batch per batch done
  for (const [t, e] of Object.entries(m.tables)) {
    if (e.committed.batches !== done) throw new RunError(`--resume: ${dir}/manifest.json: table ${t} has ${e.committed.batches} committed batches but batchesDone is ${done}`);
  }
}

/** The default worker count: the CPUs this process may use (its affinity and its cgroup's CPU quota: a pod's limit). */
export const DEFAULT_WORKERS = usableCpus();

/** With duplicate deals: how much pairing narrowed the interval of A - B (GUIDE §5): unpaired over paired variance of the mean. */
export function varianceRatio(r: RunResult): number | null {
  const paired = r.metrics['a_minus_b'] ?? r.metrics['a_wins'];
  const single = r.metrics['a_minus_b_single'] ?? r.metrics['a_wins_single'];
  if (paired === undefined || single === undefined || paired.kind !== 'pair') return null;
  return pairedVarianceRatio(reviveAcc(paired) as PairAcc, momentsOf(single));
}
