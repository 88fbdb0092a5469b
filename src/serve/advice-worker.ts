// The advice worker thread (advice.ts): one request at a time, { id, spec, answers } in, { id, advice } or
// { id, error } out. A UsageError's line goes back as the error the page shows; anything else as a fault.
import { parentPort } from 'node:worker_threads';
import { UsageError } from '../core/errors.ts';
import { adviceFor } from './advice.ts';
import type { TableSpec } from './spec.ts';

parentPort!.on('message', (m: { id: number; spec: TableSpec; answers: number[][] }) => {
  adviceFor(m.spec, m.answers).then(
    (advice) => parentPort!.postMessage({ id: m.id, advice }),
    (e: unknown) => parentPort!.postMessage({ id: m.id, error: e instanceof Error ? e.message : String(e), usage: e instanceof UsageError }),
  );
});
