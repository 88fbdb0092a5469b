// The search thread (search-worker.ts) seen from the server: started on the first request, one search at a
// time in order — the seat's advice and the page's review of a deal — ended with the server. TypeScript
// sources load through tsx's ESM loader as in the runner's workers (runner/tsx-esm.mjs); a built package runs
// the .js beside this file.
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { UsageError } from '../core/errors.ts';
import { workerExecArgv } from '../runner/executor.ts';
import type { AdviceView } from './advice.ts';
import type { DecisionLoss } from './review-losses.ts';
import type { TableSpec } from './spec.ts';

/** What the search thread is asked: a seat's advice, or the losses of one deal of a recording. */
export type SearchRequest =
  | { readonly advice: { readonly spec: TableSpec; readonly answers: readonly (readonly number[])[] } }
  | { readonly review: { readonly text: string; readonly name: string; readonly deal: number } };

type Pending = { resolve: (a: unknown) => void; reject: (e: Error) => void };

export class SearchPool {
  private worker: Worker | null = null;
  private next = 0;
  private readonly pending = new Map<number, Pending>();

  private start(): Worker {
    const ts = import.meta.url.endsWith('.ts');
    const file = new URL(`./search-worker.${ts ? 'ts' : 'js'}`, import.meta.url);
    const execArgv = ts ? [...workerExecArgv(process.execArgv), '--import', new URL('../runner/tsx-esm.mjs', import.meta.url).href] : workerExecArgv(process.execArgv);
    const w = new Worker(fileURLToPath(file), { execArgv });
    w.on('message', (m: { id: number; result?: unknown; error?: string; usage?: boolean }) => {
      const p = this.pending.get(m.id);
      if (p === undefined) return;
      this.pending.delete(m.id);
      if (m.error === undefined) p.resolve(m.result);
      else p.reject(m.usage === true ? new UsageError(m.error) : new Error(m.error));
    });
    const fail = (e: Error) => {
      for (const p of this.pending.values()) p.reject(e);
      this.pending.clear();
      this.worker = null;
    };
    w.on('error', fail);
    w.on('exit', (code) => fail(new Error(`the search thread stopped (exit ${code})`)));
    w.unref();
    return w;
  }

  private ask(request: SearchRequest): Promise<unknown> {
    this.worker ??= this.start();
    const id = this.next++;
    return new Promise<unknown>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker!.postMessage({ id, ...request });
    });
  }

  /** The seat's advice at the table `spec` after `answers` (advice.ts). */
  advise(spec: TableSpec, answers: readonly (readonly number[])[]): Promise<AdviceView> {
    return this.ask({ advice: { spec, answers } }) as Promise<AdviceView>;
  }

  /** The value each decision of deal `deal` (0-based) of a recording lost (review-losses.ts). */
  reviewLosses(text: string, name: string, deal: number): Promise<DecisionLoss[]> {
    return this.ask({ review: { text, name, deal } }) as Promise<DecisionLoss[]>;
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    if (w !== null) await w.terminate();
  }
}
