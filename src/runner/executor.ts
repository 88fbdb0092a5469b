// Where a run's batches run: on a piscina pool of worker threads (src/runner/task.ts), several in flight and
// taken back in batch order, or in this thread (--workers 0, the sequential reference path) inside a vm
// call that Ctrl-C can interrupt. Either way a heartbeat (play/heartbeat.ts) is watched, and a decision
// that takes longer than the limit fails the run with who was deciding where.
import vm from 'node:vm';
import { Worker } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { HB, hb, heartbeatBuffer, readSlot, useHeartbeat } from '../play/heartbeat.ts';
import { DecisionTimeout } from '../play/hand.ts';
import { withExitGuard } from '../core/exit-guard.ts';
import type { BatchResult, Job, ReceivedBatch } from '../sim/job.ts';
import { isTaskFault, rebuildFault, type BatchTask, type TaskFault } from './task.ts';
import type { BatchRange, ExecPlan } from './options.ts';

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
  const pool = new Piscina({
    filename,
    minThreads: workers,
    maxThreads: workers,
    idleTimeout: 60_000,
    execArgv: [...workerExecArgv(process.execArgv), '--import', tsx],
  });
  // Every task's outcome comes back through its own promise. What piscina emits as 'error' besides is a
  // worker's answer to a task the run no longer waits for (the run stopped at an earlier batch's fault and
  // the pool is being destroyed): without a listener Node printed it as a crash — a 28-line dump naming
  // another deal instead of the run's one line (issue 29, item 6).
  pool.on('error', () => {});
  return pool;
}

/** Thrown inside the in-thread batch when Ctrl-C interrupted it. */
class Interrupted extends Error {}

type Pending = Promise<ReceivedBatch | TaskFault>;

export class BatchExecutor {
  readonly #plan: ExecPlan;
  readonly #job: Job;
  readonly #range: BatchRange;
  readonly #pool: Piscina | null;
  readonly #ownPool: boolean;
  readonly #maxInFlight: number;
  readonly #beats: SharedArrayBuffer;
  readonly #inFlight = new Map<number, Pending>();
  /** The next batch to submit to the pool. */
  #submitted: number;
  readonly #series: { series?: string };
  /** Rejects when a decision takes longer than the limit (worker threads: watched from here). */
  readonly #stuck: Promise<never>;
  #timedOut: ((e: Error) => void) | null = null;
  readonly #aborted: Promise<'aborted'>;
  #watcher: ReturnType<typeof setInterval> | null = null;
  #watchdog: Worker | null = null;
  // --workers 0: the batch runs in this thread inside a vm call that Ctrl-C (or the watchdog's SIGINT) interrupts
  readonly #vmContext = vm.createContext({ run: null as null | (() => BatchResult) });
  readonly #vmScript = new vm.Script('run()');

  /** Ready to run the batches from `from` on (the pool, when there are workers, is `injectedPool` or a new one). */
  constructor(plan: ExecPlan, job: Job, range: BatchRange, from: number, signal: AbortSignal | undefined, injectedPool: Piscina | null) {
    this.#plan = plan;
    this.#job = job;
    this.#range = range;
    this.#pool = plan.workers > 0 ? (injectedPool ?? createPool(plan.workers)) : null;
    this.#ownPool = this.#pool !== null && injectedPool === null;
    this.#maxInFlight = this.#pool === null ? 1 : Math.max(2, plan.workers * 2);
    this.#beats = heartbeatBuffer(this.#maxInFlight);
    this.#submitted = from;
    this.#series = plan.series === null ? {} : { series: plan.series };
    this.#stuck = new Promise<never>((_, reject) => (this.#timedOut = reject));
    this.#stuck.catch(() => {});
    this.#watch();
    this.#aborted = new Promise<'aborted'>((resolve) => {
      if (signal?.aborted) resolve('aborted');
      signal?.addEventListener('abort', () => resolve('aborted'), { once: true });
    });
  }

  #timeoutError(slot: Int32Array): DecisionTimeout {
    return new DecisionTimeout(`${this.#job.whoIsDeciding(slot)}: no answer within ${this.#plan.decisionTimeoutMs / 1000} s (--decision-timeout); it may never return`);
  }

  /** Watch the heartbeat: from here on a timer (a pool), or from a watchdog thread that interrupts this one. */
  #watch(): void {
    const limitMs = this.#plan.decisionTimeoutMs;
    const beats = this.#beats;
    const maxInFlight = this.#maxInFlight;
    if (this.#pool !== null) {
      const seen = new Array<{ count: number; since: number }>(maxInFlight).fill({ count: -1, since: 0 });
      this.#watcher = setInterval(() => {
        const now = performance.now();
        for (let k = 0; k < maxInFlight; k++) {
          const slot = readSlot(beats, k);
          if (slot[HB.running] !== 1) {
            seen[k] = { count: -1, since: now };
          } else if (slot[HB.count] !== seen[k]!.count) {
            seen[k] = { count: slot[HB.count]!, since: now };
          } else if (now - seen[k]!.since > limitMs) {
            this.#timedOut!(this.#timeoutError(slot));
          }
        }
      }, Math.max(5, Math.min(1000, Math.floor(limitMs / 4))));
    } else {
      const watchdog = new Worker(new URL('./watchdog.mjs', import.meta.url), { workerData: { buffer: beats, limitMs }, execArgv: [] });
      watchdog.unref();
      watchdog.on('error', () => {}); // a watchdog that could not start only loses the time limit
      this.#watchdog = watchdog;
    }
  }

  #runOnPool(start: number, end: number, slot: number): Pending {
    const task: BatchTask = { spec: this.#plan.spec, start, end, heartbeat: { buffer: this.#beats, slot }, ...this.#series };
    const p = this.#pool!.run(task) as Pending;
    p.catch(() => {}); // awaited in order; a batch left behind when the run stops is not an error
    return p;
  }

  #runHere(start: number, end: number): BatchResult {
    useHeartbeat(this.#beats, 0);
    hb[HB.running] = 1;
    try {
      // a policy that calls process.exit fails its decision instead of ending the run with code 0 (core/exit-guard.ts)
      this.#vmContext['run'] = () => withExitGuard(() => this.#job.runBatch(start, end, this.#series));
      return this.#vmScript.runInContext(this.#vmContext, { breakOnSigint: true }) as BatchResult;
    } catch (e) {
      if ((e as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_INTERRUPTED') {
        if (hb[HB.timedOut] === 1) throw this.#timeoutError(readSlot(this.#beats, 0));
        throw new Interrupted();
      }
      throw e;
    } finally {
      hb[HB.running] = 0;
      this.#vmContext['run'] = null;
      useHeartbeat(null);
    }
  }

  /** Run deals [start, end) here, or take them from the pool (as `pending`, or run now in slot `b`'s); null when interrupted. */
  async #take(start: number, end: number, b: number, pending: Pending | null): Promise<ReceivedBatch | null> {
    if (this.#pool === null) {
      try {
        return this.#runHere(start, end);
      } catch (e) {
        if (e instanceof Interrupted) return null;
        throw e;
      }
    }
    const got = await Promise.race([pending ?? this.#runOnPool(start, end, b % this.#maxInFlight), this.#stuck, this.#aborted]);
    if (got === 'aborted') return null;
    if (isTaskFault(got)) throw rebuildFault(got);
    return got;
  }

  /** Batch b (the next to commit), with the batches after it submitted ahead on a pool; null when interrupted. */
  async batch(b: number): Promise<ReceivedBatch | null> {
    const { batchSize, endBatch } = this.#range;
    if (this.#pool !== null) {
      while (this.#submitted < endBatch && this.#submitted - b < this.#maxInFlight) {
        const s = this.#submitted++;
        this.#inFlight.set(s, this.#runOnPool(s * batchSize, this.#range.dealEnd(s), s % this.#maxInFlight));
      }
    }
    const got = await this.#take(b * batchSize, this.#range.dealEnd(b), b, this.#pool === null ? null : this.#inFlight.get(b)!);
    this.#inFlight.delete(b);
    return got;
  }

  /** Deals [start, end) of batch b run again (a batch is a pure function of its range); null when interrupted. */
  again(start: number, end: number, b: number): Promise<ReceivedBatch | null> {
    return this.#take(start, end, b, null);
  }

  /** Stop watching; batches still running are not committed: stop the pool (which also ends a worker stuck in a decision). */
  async close(): Promise<void> {
    if (this.#watcher !== null) clearInterval(this.#watcher);
    if (this.#watchdog !== null) void this.#watchdog.terminate();
    if (this.#ownPool) await this.#pool!.destroy();
    else if (this.#pool !== null) await Promise.allSettled(this.#inFlight.values());
  }
}
