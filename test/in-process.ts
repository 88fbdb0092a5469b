// The command line run in this process (main() of src/cli/main.ts), for the tests: its exit code, what it
// printed (stdout and console.log) and stderr. One runner for every test that calls perlagg in-process.
//
// A process start of `node bin/perlagg.js` costs 0.3 to 2 s of CPU (tsx, then yargs and the modules of the
// command it runs, loaded afresh; docs/testing.md), which a test file pays once for its own imports. A test needs a process of its own
// only for what one process cannot show: a signal (Ctrl-C, kill -9), a second process competing for a folder,
// the scheduler's variables read at start, a policy calling process.exit, or bin/perlagg.js itself. Everything
// else — parsing, the one-line errors and exit codes, the files written — is the same code either way.
//
// Calls are serialized (the streams and the working directory belong to the whole process), and the exit
// code is the process's as bin/perlagg.js would end it: a command's own (130 after Ctrl-C) unless an error's
// wins (run() in src/cli/main.ts); process.exitCode is restored afterwards.
import { main } from '../src/cli/main.ts';

export interface InProcess {
  /** The working directory of the run (default: this process's). */
  readonly cwd?: string;
  /** Variables set for the run (undefined removes one); the rest of process.env as it is. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

let queue: Promise<unknown> = Promise.resolve();

export function perlagg(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  return perlaggWith(args);
}

/** perlagg() with a working directory and variables of its own. */
export function perlaggWith(args: readonly string[], o: InProcess = {}): Promise<{ code: number; out: string; err: string }> {
  const next = queue.then(() => runOnce(args, o));
  queue = next.catch(() => undefined);
  return next;
}

async function runOnce(args: readonly string[], o: InProcess): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const write = process.stdout.write;
  const ewrite = process.stderr.write;
  const { log, info, error, warn } = console;
  const exitCode = process.exitCode;
  const cwd = process.cwd();
  const saved = new Map<string, string | undefined>();
  for (const [k, v] of Object.entries(o.env ?? {})) {
    saved.set(k, process.env[k]);
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  process.stdout.write = ((s: string | Uint8Array) => (out.push(String(s)), true)) as typeof process.stdout.write;
  process.stderr.write = ((s: string | Uint8Array) => (err.push(String(s)), true)) as typeof process.stderr.write;
  console.log = console.info = (...a: unknown[]) => void out.push(a.join(' ') + '\n');
  console.error = console.warn = (...a: unknown[]) => void err.push(a.join(' ') + '\n');
  process.exitCode = undefined;
  try {
    if (o.cwd !== undefined) process.chdir(o.cwd);
    const code = await main([...args]);
    const own = process.exitCode as number | string | undefined;
    return { code: code !== 0 || own === undefined ? code : Number(own), out: out.join(''), err: err.join('') };
  } finally {
    process.stdout.write = write;
    process.stderr.write = ewrite;
    Object.assign(console, { log, info, error, warn });
    process.exitCode = exitCode;
    process.chdir(cwd);
    for (const [k, v] of saved) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

/** perlagg() with the arguments as one array and the streams named stdout and stderr (as spawnSync gives them). */
export async function perlaggStreams(args: readonly string[], o: InProcess = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const r = await perlaggWith(args, o);
  return { code: r.code, stdout: r.out, stderr: r.err };
}
