// The command line run in this process (main() of src/cli/main.ts), for the tests: its exit code, what it
// printed (stdout and console.log) and stderr. One runner for every test that calls perlagg in-process.
import { main } from '../src/cli/main.ts';

export async function perlagg(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const write = process.stdout.write.bind(process.stdout);
  const ewrite = process.stderr.write.bind(process.stderr);
  const log = console.log;
  process.stdout.write = ((s: string | Uint8Array) => (out.push(String(s)), true)) as typeof process.stdout.write;
  process.stderr.write = ((s: string | Uint8Array) => (err.push(String(s)), true)) as typeof process.stderr.write;
  console.log = (...a: unknown[]) => void out.push(a.join(' ') + '\n');
  try {
    const code = await main(args);
    return { code, out: out.join(''), err: err.join('') };
  } finally {
    process.stdout.write = write;
    process.stderr.write = ewrite;
    console.log = log;
  }
}

/** perlagg() with the arguments as one array and the streams named stdout and stderr. */
export async function perlaggStreams(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const r = await perlagg(...args);
  return { code: r.code, stdout: r.out, stderr: r.err };
}
