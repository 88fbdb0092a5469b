// The advice worker (advice-worker.ts) seen from the server: started on the first request, one search at a
// time in order, ended with the server. TypeScript sources load through tsx's ESM loader as in the runner's
// workers (runner/tsx-esm.mjs); a built package runs the .js beside this file.
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { UsageError } from '../core/errors.ts';
import { workerExecArgv } from '../runner/executor.ts';
import type { AdviceView } from './advice.ts';
import type { TableSpec } from './spec.ts';

type Pending = { resolve: (a: AdviceView) => void; reject: (e: Error) => void };

export class AdvicePool {
  private worker: Worker | null = null;
  private next = 0;
  private readonly pending = new Map<number, Pending>();

  private start(): Worker {
    const ts = import.meta.url.endsWith('.ts');
    const file = new URL(`./advice-worker.${ts ? 'ts' : 'js'}`, import.meta.url);
    const execArgv = ts ? [...workerExecArgv(process.execArgv), '--import', new URL('../runner/tsx-esm.mjs', import.meta.url).href] : workerExecArgv(process.execArgv);
    const w = new Worker(fileURLToPath(file), { execArgv });
    w.on('message', (m: { id: number; advice?: AdviceView; error?: string; usage?: boolean }) => {
      const p = this.pending.get(m.id);
      if (p === undefined) return;
      this.pending.delete(m.id);
      if (m.advice !== undefined) p.resolve(m.advice);
      else p.reject(m.usage === true ? new UsageError(m.error ?? 'advice failed') : new Error(m.error ?? 'advice failed'));
    });
    const fail = (e: Error) => {
      for (const p of this.pending.values()) p.reject(e);
      this.pending.clear();
      this.worker = null;
    };
    w.on('error', fail);
    w.on('exit', (code) => fail(new Error(`the advice worker stopped (exit ${code})`)));
    w.unref();
    return w;
  }

  advise(spec: TableSpec, answers: readonly (readonly number[])[]): Promise<AdviceView> {
    this.worker ??= this.start();
    const id = this.next++;
    return new Promise<AdviceView>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker!.postMessage({ id, spec, answers });
    });
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    if (w !== null) await w.terminate();
  }
}
