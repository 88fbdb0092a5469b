// Where a run's batches run: on a piscina pool of worker threads (src/runner/task.ts), several in flight and
// taken back in batch order, or in this thread (--workers 0, the sequential reference path) inside a vm
// call that Ctrl-C can interrupt. Either way a heartbeat (play/heartbeat.ts) is watched, and a decision
// that takes longer than the limit fails the run with who was deciding where.
//
// The pulse (issue 29, item 4): the heartbeat also names the deal each running batch is at, so the deals
// played in batches not yet committed are known at any moment — reported every PULSE_MS whatever the batch
// size — and when the time budget runs out the running batches are told to end at their next deal boundary
// (HB.cut, batchCut): the batch comes back holding exactly its first deals, as a batch of that range would.
import vm from 'node:vm';
import { Worker } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { HB, hb, heartbeatBuffer, readSlot, setDealTick, SLOT_WORDS, useHeartbeat } from '../play/heartbeat.ts';
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

/** How often the deals played are reported while batches run (at least once a second, whatever the batch size). */
export const PULSE_MS = 500;

/** What the executor does while batches run, beyond running them. */
export interface Pulse {
  /** performance.now() at which the running batches are cut at their next deal boundary (the time budget); null: never. */
  readonly cutAt: number | null;
  /** Called every PULSE_MS while batches run, with the deals played in batches not yet taken back. */
  readonly onPlaying: ((played: number) => void) | null;
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
  readonly #pulse: Pulse;
  #pulseTimer: ReturnType<typeof setInterval> | null = null;
  #lastPulse = performance.now();
  /** Batches the pool has answered that the run has not taken yet: their deals count as played. */
  readonly #answered = new Map<number, number>();
  /** Resolves when the time budget runs out (a pool: a batch no worker has started by then is not waited for). */
  readonly #timeUp: Promise<'time'>;
  #timeUpTimer: ReturnType<typeof setTimeout> | null = null;
  // --workers 0: the batch runs in this thread inside a vm call that Ctrl-C (or the watchdog's SIGINT) interrupts
  readonly #vmContext = vm.createContext({ run: null as null | (() => BatchResult) });
  readonly #vmScript = new vm.Script('run()');

  /** Ready to run the batches from `from` on (the pool, when there are workers, is `injectedPool` or a new one). */
  constructor(plan: ExecPlan, job: Job, range: BatchRange, from: number, signal: AbortSignal | undefined, injectedPool: Piscina | null, pulse: Pulse = { cutAt: null, onPlaying: null }) {
    this.#pulse = pulse;
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
    if (this.#pool !== null && (pulse.cutAt !== null || pulse.onPlaying !== null)) {
      this.#pulseTimer = setInterval(() => this.#beatPool(), Math.min(100, PULSE_MS));
      this.#pulseTimer.unref();
    }
    this.#timeUp = new Promise<'time'>((resolve) => {
      if (this.#pool === null || pulse.cutAt === null) return;
      this.#timeUpTimer = setTimeout(() => resolve('time'), Math.max(0, pulse.cutAt - performance.now()));
      this.#timeUpTimer.unref();
    });
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

  /** A pool's pulse: cut the batches in flight once the time is up; report the deals played every PULSE_MS. */
  #beatPool(): void {
    const now = performance.now();
    const view = new Int32Array(this.#beats);
    if (this.#pulse.cutAt !== null && now >= this.#pulse.cutAt) {
      for (const b of this.#inFlight.keys()) Atomics.store(view, (b % this.#maxInFlight) * SLOT_WORDS + HB.cut, 1);
    }
    const report = this.#pulse.onPlaying;
    if (report === null || now - this.#lastPulse < PULSE_MS) return;
    this.#lastPulse = now;
    let played = 0;
    for (const b of this.#inFlight.keys()) {
      const done = this.#answered.get(b);
      if (done !== undefined) {
        played += done;
        continue;
      }
      const at = (b % this.#maxInFlight) * SLOT_WORDS;
      const start = b * this.#range.batchSize;
      const deal = Atomics.load(view, at + HB.deal) >>> 0;
      if (Atomics.load(view, at + HB.running) === 1 && deal >= start && deal < this.#range.dealEnd(b)) played += deal - start;
    }
    report(played);
  }

  /** In this thread, at every deal: the same pulse, read from the batch's own slot. */
  #beatHere(start: number): () => void {
    return () => {
      const now = performance.now();
      if (this.#pulse.cutAt !== null && now >= this.#pulse.cutAt) Atomics.store(hb, HB.cut, 1);
      const report = this.#pulse.onPlaying;
      if (report !== null && now - this.#lastPulse >= PULSE_MS) {
        this.#lastPulse = now;
        report((hb[HB.deal]! >>> 0) - start);
      }
    };
  }

  #runOnPool(start: number, end: number, slot: number): Pending {
    const task: BatchTask = { spec: this.#plan.spec, start, end, heartbeat: { buffer: this.#beats, slot }, ...this.#series, ...(this.#pulse.cutAt === null ? {} : { warm: true }) };
    const p = this.#pool!.run(task) as Pending;
    p.catch(() => {}); // awaited in order; a batch left behind when the run stops is not an error
    return p;
  }

  #runHere(start: number, end: number, cuttable: boolean): BatchResult {
    useHeartbeat(this.#beats, 0);
    hb[HB.running] = 1;
    hb[HB.cut] = 0;
    if (cuttable && (this.#pulse.cutAt !== null || this.#pulse.onPlaying !== null)) setDealTick(this.#beatHere(start));
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
      setDealTick(null);
      this.#vmContext['run'] = null;
      useHeartbeat(null);
    }
  }

  /** Run deals [start, end) here, or take them from the pool (as `pending`, or run now in slot `b`'s); null when interrupted. */
  async #take(start: number, end: number, b: number, pending: Pending | null, cuttable: boolean): Promise<ReceivedBatch | null> {
    if (this.#pool === null) {
      try {
        return this.#runHere(start, end, cuttable);
      } catch (e) {
        if (e instanceof Interrupted) return null;
        throw e;
      }
    }
    // a batch run again (the SPRT's prefix) is never cut: its slot's cut word is cleared first
    if (!cuttable) Atomics.store(new Int32Array(this.#beats), (b % this.#maxInFlight) * SLOT_WORDS + HB.cut, 0);
    const p = pending ?? this.#runOnPool(start, end, b % this.#maxInFlight);
    let got = await Promise.race([p, this.#stuck, this.#aborted, ...(cuttable ? [this.#timeUp] : [])]);
    if (got === 'time') {
      // the time is up: a running batch ends at its next deal boundary; one no worker has started yet (the
      // workers still loading) is not waited for: it comes back empty and the run ends with what it committed
      const running = Atomics.load(new Int32Array(this.#beats), (b % this.#maxInFlight) * SLOT_WORDS + HB.running) === 1;
      if (!running && !this.#answered.has(b)) return { start, end: start, tables: {}, rows: {}, metrics: {}, rejected: 0 };
      got = await Promise.race([p, this.#stuck, this.#aborted]);
    }
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
        const p = this.#runOnPool(s * batchSize, this.#range.dealEnd(s), s % this.#maxInFlight);
        p.then((r) => { if (!isTaskFault(r)) this.#answered.set(s, r.end - r.start); }, () => {});
        this.#inFlight.set(s, p);
      }
      const got = await this.#take(b * batchSize, this.#range.dealEnd(b), b, this.#inFlight.get(b)!, true);
      this.#inFlight.delete(b);
      this.#answered.delete(b);
      return got;
    }
    return this.#take(b * batchSize, this.#range.dealEnd(b), b, null, true);
  }

  /** Deals [start, end) of batch b run again (a batch is a pure function of its range); null when interrupted. */
  again(start: number, end: number, b: number): Promise<ReceivedBatch | null> {
    return this.#take(start, end, b, null, false);
  }

  /** Stop watching; batches still running are not committed: stop the pool (which also ends a worker stuck in a decision). */
  async close(): Promise<void> {
    if (this.#watcher !== null) clearInterval(this.#watcher);
    if (this.#pulseTimer !== null) clearInterval(this.#pulseTimer);
    if (this.#timeUpTimer !== null) clearTimeout(this.#timeUpTimer);
    if (this.#watchdog !== null) void this.#watchdog.terminate();
    if (this.#ownPool) await this.#pool!.destroy();
    else if (this.#pool !== null) await Promise.allSettled(this.#inFlight.values());
  }
}
