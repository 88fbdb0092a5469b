// The server's search thread (search-pool.ts): the seat's advice (advice.ts) and the page's review of a
// recorded deal (review-losses.ts) — seconds of CPU each — run here, one request at a time, so that the
// server's own thread keeps answering the page. { id, advice: { spec, answers } } or { id, review: { text,
// name, deal } } in; { id, result } or { id, error, usage } out. A UsageError's line goes back as the error the
// page shows; anything else as a fault.
import { parentPort } from 'node:worker_threads';
import { UsageError } from '../core/errors.ts';
import { adviceFor } from './advice.ts';
import { reviewLosses } from './review-losses.ts';
import type { SearchRequest } from './search-pool.ts';

parentPort!.on('message', (m: { id: number } & SearchRequest) => {
  const run = async (): Promise<unknown> => ('advice' in m ? adviceFor(m.advice.spec, m.advice.answers) : reviewLosses(m.review.text, m.review.name, m.review.deal));
  run().then(
    (result) => parentPort!.postMessage({ id: m.id, result }),
    (e: unknown) => parentPort!.postMessage({ id: m.id, error: e instanceof Error ? e.message : String(e), usage: e instanceof UsageError }),
  );
});
