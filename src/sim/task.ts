// The worker entry (piscina): run one batch of deals for a spec and hand the columns back by transfer,
// not by copy (GUIDE guideline 10). Jobs are built once per worker and spec.
import { Piscina } from 'piscina';
import { createJob } from './jobs/index.ts';
import type { BatchResult, Job, SimSpec } from './job.ts';

export interface BatchTask {
  readonly spec: SimSpec;
  readonly start: number;
  readonly end: number;
}

const jobs = new Map<string, Promise<Job>>();

export async function runTask(task: BatchTask): Promise<BatchResult> {
  const key = JSON.stringify(task.spec);
  let job = jobs.get(key);
  if (job === undefined) jobs.set(key, (job = createJob(task.spec)));
  return (await job).runBatch(task.start, task.end);
}

/** The ArrayBuffers of a result's typed-array columns, to transfer. */
export function transferList(r: BatchResult): ArrayBuffer[] {
  const out: ArrayBuffer[] = [];
  for (const cols of Object.values(r.tables)) {
    for (const c of Object.values(cols)) if (!Array.isArray(c)) out.push((c as Uint8Array).buffer as ArrayBuffer);
  }
  return out;
}

export default async function worker(task: BatchTask): Promise<unknown> {
  const result = await runTask(task);
  const buffers = transferList(result);
  return Piscina.move({
    get [Piscina.transferableSymbol]() {
      return buffers;
    },
    get [Piscina.valueSymbol]() {
      return result;
    },
  } as unknown as ArrayBuffer);
}
