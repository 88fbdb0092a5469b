// Per-file CPU, on demand: with PERLAGG_CPU_LOG=<file> set, each test file appends one line "<cpu s>\t<file>"
// when it ends — the CPU of its process (user + system, worker threads included) and of every child process it
// waited for. Vitest runs each file in a process of its own (pool 'forks', isolated), so the line is the
// file's whole cost; the main process's own share (collecting, transforming) is not in it. test/setup/
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
    appendFileSync(LOG, `${cpuSeconds().toFixed(1)}\t${process.pid}\t${relative(process.cwd(), file)}\n`);
  });
}
