// A policy (or a --where predicate) is code of the user's that runs inside perlagg's loops. If it calls
// process.exit, a run at --workers 0 used to end with exit code 0, no output and an unfinished folder (a
// scheduler records success), and at --workers 2 the worker thread vanished ("internal error"). While such
// code runs, process.exit throws instead (ExitCalled): the play loop turns it into the same one-line
// PolicyFault naming the policy, seat and deal at every --workers count, exit code 1 (issue 29, item 6).

/** What process.exit throws while guarded. */
export class ExitCalled extends Error {
  override name = 'ExitCalled';
}

const realExit = process.exit;
let depth = 0;

function guardedExit(code?: number | string | null): never {
  throw new ExitCalled(`called process.exit(${code === undefined || code === null ? '' : String(code)}); a policy must return an action, never end the process`);
}

/** Run f with process.exit throwing ExitCalled (nested calls allowed); restored afterwards. */
export function withExitGuard<T>(f: () => T): T {
  if (depth++ === 0) process.exit = guardedExit as typeof process.exit;
  try {
    return f();
  } finally {
    if (--depth === 0) process.exit = realExit;
  }
}
