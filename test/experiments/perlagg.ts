// Run the command line in this process: its exit code, what it printed (stdout and console.log) and stderr.
import { main } from '../../src/cli/main.ts';

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
