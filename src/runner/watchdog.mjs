// The decision time limit for --workers 0 (issue 9, item 11): the policies run in the main thread, inside a
// vm call with breakOnSigint (executor.ts), so only a signal can stop a decision that never returns. This
// thread watches the heartbeat slot (heartbeat.ts: words 0 count, 1 running, 9 timedOut); when the count
// has not moved for longer than the limit while a batch runs, it sets timedOut and sends SIGINT to the
// process; the runner then tells the timeout (exit 1) from a real Ctrl-C (exit 130). Plain JS: no loader.
import { workerData } from 'node:worker_threads';

const { buffer, limitMs } = workerData;
const v = new Int32Array(buffer, 0, 16);
let last = -1;
let since = Date.now();
setInterval(() => {
  const now = Date.now();
  if (Atomics.load(v, 1) !== 1 || Atomics.load(v, 9) === 1) {
    last = -1;
    since = now;
    return;
  }
  const c = Atomics.load(v, 0);
  if (c !== last) {
    last = c;
    since = now;
  } else if (now - since > limitMs) {
    Atomics.store(v, 9, 1);
    process.kill(process.pid, 'SIGINT');
  }
}, Math.max(5, Math.min(1000, Math.floor(limitMs / 4))));
