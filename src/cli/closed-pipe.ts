// perlagg's output read by a program that stops reading early (`perlagg schema | head -1`, `perlagg rules -a |
// head -3`): the next write to the closed pipe fails with EPIPE, which Node (it ignores SIGPIPE) raised as an
// uncaught 'error' on process.stdout: a stack trace on stderr and exit code 1. Well-behaved Unix tools stop
// quietly instead, as `yes | head` does. Here the stream that closed is muted (what follows is dropped, with
// no second error), a run in progress stops at its next safe point exactly as on Ctrl-C (its folder left
// complete so far and resumable; the SIGINT listeners of simulate, tune, league, experiment and serve), and
// the process ends normally. Exit code 0, as Node command-line tools commonly do on EPIPE: the reader took
// what it wanted. Two codes stay what they would be, for a script's sake: an error's own (1, 2), and 130 when
// the closed pipe cut a run short (its folder unfinished, as after Ctrl-C). Worker threads write through this
// process's streams, so this covers them too. Any other error of the streams is not ours to hide.

let closed = false;

function mute(stream: NodeJS.WriteStream): void {
  stream.write = ((_chunk: unknown, encOrCb?: unknown, cb?: unknown): boolean => {
    const done = typeof encOrCb === 'function' ? encOrCb : typeof cb === 'function' ? cb : undefined;
    if (done !== undefined) process.nextTick(done as () => void);
    return true;
  }) as typeof stream.write;
}

let installed = false;

/** Stop quietly when stdout or stderr is closed by its reader (installed once, by run() in main.ts). */
export function stopQuietlyOnClosedPipe(): void {
  if (installed) return;
  installed = true;
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code !== 'EPIPE') throw e; // as without this listener: an uncaught error
      mute(stream);
      if (closed) return;
      closed = true;
      // a run in progress (or the server) stops as on Ctrl-C; a command without a listener just ends
      if (process.listenerCount('SIGINT') > 0) process.emit('SIGINT', 'SIGINT');
    });
  }
}
