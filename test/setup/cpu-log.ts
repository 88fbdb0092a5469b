// Per-file CPU, on demand: with PERLAGG_CPU_LOG=<file> set, each test file appends one line "<cpu s>\t<file>"
// when it ends — the CPU of its process (user + system, worker threads included) and of every child process it
// waited for. In the project `isolated` each file has a process of its own, so the line is the file's whole
// cost; in `shared` it is the process's CPU since the previous file ended. The main process's own share
// (collecting, transforming) is not in it. test/setup/
// sequencer.ts's SECONDS come from such a log (docs/testing.md).
import { appendFileSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { afterAll, beforeAll } from 'vitest';

const LOG = process.env['PERLAGG_CPU_LOG'];

/** The CPU seconds of this process and its waited-for children, from /proc/self/stat (Linux). */
function cpuSeconds(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields[11..14] are utime, stime, cutime, cstime (fields 14-17 of proc(5)), in clock ticks of 1/100 s
  return fields.slice(11, 15).reduce((s, f) => s + Number(f), 0) / 100;
}

if (LOG !== undefined && LOG !== '') {
  let file = '?';
  beforeAll(({}, suite) => {
    file = suite.file.filepath;
  });
  afterAll(() => {
    // In the project `shared` (vitest.config.ts) a process runs one file after another: each file's line is
    // the CPU since the previous file of its process ended (the first file's includes the process's start).
    const g = globalThis as { perlaggCpuLogged?: number };
    const now = cpuSeconds();
    const since = g.perlaggCpuLogged ?? 0;
    g.perlaggCpuLogged = now;
    appendFileSync(LOG, `${(now - since).toFixed(1)}\t${process.pid}\t${relative(process.cwd(), file)}\n`);
  });
}
