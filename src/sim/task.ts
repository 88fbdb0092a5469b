// The worker entry (piscina): run one batch of deals for a spec and hand the columns back by transfer,
// not by copy (GUIDE guideline 10). Jobs are built once per worker and spec.
import { Piscina } from 'piscina';
import { createJob } from './jobs/index.ts';
import { encodeDictionary, isDictColumn } from '../results/stream.ts';
import type { BatchResult, ColumnPayload, Job, ReceivedBatch, SimSpec } from './job.ts';

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
  return { result: { ...r, tables }, buffers };
}

export default async function worker(task: BatchTask): Promise<unknown> {
  const { result, buffers } = forTransfer(await runTask(task));
  return Piscina.move({
    get [Piscina.transferableSymbol]() {
      return buffers;
    },
    get [Piscina.valueSymbol]() {
      return result;
    },
  } as unknown as ArrayBuffer);
}
