// Batches of deals on demand, for callers that run many small pieces of work rather than one long run
// (perlagg tune: two short duplicate matches per SPSA iteration). The same task (task.ts) and the same pool
// (executor.ts createPool) as the simulation runner; with 0 workers the batches run in this thread, with the
// same job cache. Errors a worker met come back as the same classes (task.ts rebuildFault).
import type { Piscina } from 'piscina';
import type { BatchResult, ReceivedBatch, SimSpec } from '../sim/job.ts';
import { createPool } from './executor.ts';
import { isTaskFault, jobFor, rebuildFault, type BatchTask } from './task.ts';

export class BatchService {
  readonly #pool: Piscina | null;

  constructor(readonly workers: number) {
    this.#pool = workers > 0 ? createPool(workers) : null;
  }

  /**
   * Deals [start, end) of a spec. In this thread (0 workers) the batch waits for one turn of the event loop
   * first: a caller's loop of batches would otherwise run on resolved promises alone (microtasks), and a
   * Ctrl-C (the SIGINT listener that aborts a tune), timers and the progress bar would wait for its end.
   */
  async run(spec: SimSpec, start: number, end: number): Promise<ReceivedBatch | BatchResult> {
    if (this.#pool === null) {
      await turn();
      return (await jobFor(spec)).runBatch(start, end);
    }
    const task: BatchTask = { spec, start, end };
    const got = (await this.#pool.run(task)) as ReceivedBatch | { fault: { name: string; message: string } };
    if (isTaskFault(got)) throw rebuildFault(got);
    return got;
  }

  async close(): Promise<void> {
    if (this.#pool !== null) await this.#pool.destroy();
  }
}

/** One turn of the event loop (its signal, timer and I/O callbacks run). */
function turn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
