// The worker entry (piscina): run one batch of deals for a spec and hand the columns back by transfer,
// not by copy (GUIDE guideline 10). Jobs are built once per worker and spec.
import { Piscina } from 'piscina';
import { createJob } from '../sim/jobs.ts';
import { TornFileError } from '../results/stream.ts';
import { encodeDictionary, isDictColumn } from '../results/column-data.ts';
import { type BatchResult, type ColumnPayload, type Job, type ReceivedBatch, type SimSpec } from '../sim/job.ts';
import { DecisionTimeout, PolicyFault } from '../play/hand.ts';
import { PolicyError, isPolicyFile } from '../registry/policies.ts';
import { RulesetError } from '../rules/registry.ts';
import { CardNotationError } from '../cards/notation.ts';
import { OutputError } from '../results/manifest.ts';
import { HB, hb, useHeartbeat } from '../play/heartbeat.ts';
import { SimSpecError, RunError, RunFailure } from '../core/errors.ts';
import { withExitGuard } from '../core/exit-guard.ts';

export interface BatchTask {
  readonly spec: SimSpec;
  readonly start: number;
  readonly end: number;
  /** Record this metric's observations in order (BatchResult.series): what the runner's SPRT reads. */
  readonly series?: string;
  /** The heartbeat buffer and this task's slot in it (heartbeat.ts); absent: no watcher. */
  readonly heartbeat?: { readonly buffer: SharedArrayBuffer; readonly slot: number };
  /** Warm the worker up while it loads the spec's job (the run has a time budget): see warmUp. */
  readonly warm?: boolean;
}

/** An error as it crosses from a worker: its class by name and its message (no stack). */
export interface TaskFault {
  readonly fault: { readonly name: string; readonly message: string };
}

const FAULT_CLASSES: Readonly<Record<string, new (message: string) => Error>> = {
  PolicyFault, DecisionTimeout, SimSpecError, RunError, RunFailure, PolicyError, RulesetError, CardNotationError, TornFileError, OutputError,
};

export function faultOf(e: unknown): TaskFault {
  const name = e instanceof Error ? e.name : 'Error';
  const message = e instanceof Error ? e.message : String(e);
  return { fault: { name: FAULT_CLASSES[name] === undefined ? 'Error' : name, message } };
}

export function isTaskFault(x: unknown): x is TaskFault {
  return typeof x === 'object' && x !== null && typeof (x as TaskFault).fault === 'object';
}

/** The error a worker threw, rebuilt in this thread with its class, so it is reported as it would be here. */
export function rebuildFault(f: TaskFault): Error {
  const C = FAULT_CLASSES[f.fault.name];
  return C === undefined ? new Error(f.fault.message) : new C(f.fault.message);
}

const jobs = new Map<string, Promise<Job>>();
/**
 * Jobs kept per worker, the most recently used last. A simulation uses one spec; a tuning run (perlagg
 * tune) sends a new spec each iteration, so the cache is bounded.
 */
export const JOBS_KEPT = 16;

export function jobFor(spec: SimSpec, warm = false): Promise<Job> {
  const key = JSON.stringify(spec);
  let job = jobs.get(key);
  if (job === undefined) {
    job = warm && warmable(spec) ? createJob(spec).then(async (j) => (await warmUp(spec), j)) : createJob(spec);
    job.catch(() => jobs.delete(key)); // a spec that fails is not kept
  } else jobs.delete(key);
  jobs.set(key, job);
  while (jobs.size > JOBS_KEPT) jobs.delete(jobs.keys().next().value!);
  return job;
}

/** Only built-in policies and no predicate file: nothing of the user's runs outside the watch of a running batch. */
function warmable(spec: SimSpec): boolean {
  return spec.constraints.predicate === null && spec.policies.every((p) => !isPolicyFile(p.replace(/\{.*$/s, '').trim()));
}

/**
 * One throwaway deal on a job of its own, before the worker takes its first batch (issue 29, item 4): the
 * first deal of a fresh worker builds the evaluator's tables, loads modules and compiles code — 0.4 s on a
 * quiet machine, seconds at a load of 8 —, and a running deal is not cut by the time budget, so a worker
 * that began its first batch just before the budget ran out kept the run waiting (8.3 s over a 15 s budget,
 * docs/simulate.md). Warmed up while it loads, the worker is not running a batch yet, and a budget that runs
 * out then is not waited for. Nothing of the result changes: the real job is another instance, and a batch's
 * output never depends on what the worker ran before (the same bytes for any number of workers). A failure
 * here is left to the real batch to report.
 */
async function warmUp(spec: SimSpec): Promise<void> {
  try {
    (await createJob(spec)).runBatch(0, 1);
  } catch {
    // the batch itself says what is wrong
  }
}

export async function runTask(task: BatchTask): Promise<BatchResult> {
  return (await jobFor(task.spec)).runBatch(task.start, task.end, task.series === undefined ? {} : { series: task.series });
}

/**
 * Make a result cheap to send: string columns dictionary-encoded (the writer's own encoding, so the bytes
 * are the same), and the ArrayBuffers of every typed array listed for transfer instead of copy.
 */
export function forTransfer(r: BatchResult): { result: ReceivedBatch; buffers: ArrayBuffer[] } {
  const buffers: ArrayBuffer[] = [];
  const tables: ReceivedBatch['tables'] = {};
  for (const [t, cols] of Object.entries(r.tables)) {
    const out: Record<string, ColumnPayload> = {};
    for (const [name, c] of Object.entries(cols)) {
      const payload = Array.isArray(c) ? encodeDictionary(c, name) : c;
      out[name] = payload;
      buffers.push((isDictColumn(payload) ? payload.indices : (payload as Uint8Array)).buffer as ArrayBuffer);
    }
    tables[t] = out;
  }
  if (r.series !== undefined) buffers.push(r.series.buffer as ArrayBuffer);
  return { result: { ...r, tables }, buffers };
}

export default async function worker(task: BatchTask): Promise<unknown> {
  let raw: BatchResult;
  try {
    const job = await jobFor(task.spec, task.warm === true); // loading the job is no decision: the watch starts after it
    if (task.heartbeat !== undefined) {
      useHeartbeat(task.heartbeat.buffer, task.heartbeat.slot);
      hb[HB.timedOut] = 0;
      hb[HB.running] = 1;
    }
    // a policy that calls process.exit fails its decision instead of ending the worker (core/exit-guard.ts)
    raw = withExitGuard(() => job.runBatch(task.start, task.end, task.series === undefined ? {} : { series: task.series }));
  } catch (e) {
    return faultOf(e);
  } finally {
    hb[HB.running] = 0;
    useHeartbeat(null);
  }
  const { result, buffers } = forTransfer(raw);
  return Piscina.move({
    get [Piscina.transferableSymbol]() {
      return buffers;
    },
    get [Piscina.valueSymbol]() {
      return result;
    },
  } as unknown as ArrayBuffer);
}
