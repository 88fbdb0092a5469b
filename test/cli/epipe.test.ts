// perlagg's output read by a program that stops early (`perlagg schema | head -1`): the command stops quietly,
// with no EPIPE stack trace, exit code 0, and the files it writes complete (src/cli/closed-pipe.ts). Each case
// needs a process of its own: the pipe is the process's stdout.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchDir } from '../scratch.js';

const ROOT = join(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'perlagg.js');
const scratch = scratchDir('epipe');

/**
 * Run perlagg with its stdout read by a reader that closes the pipe: at once (`| true`: the first write fails,
 * whatever the size of the output) or after the first chunk (`| head -1`). Returns what the reader got, the
 * stderr and the exit code.
 */
function closedEarly(args: string[], when: 'at once' | 'after the first chunk'): Promise<{ code: number | null; signal: string | null; first: string; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: scratch, stdio: ['ignore', 'pipe', 'pipe'] });
    let first = '';
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
    if (when === 'at once') child.stdout.destroy();
    else child.stdout.setEncoding('utf8').once('data', (s: string) => {
      first = s;
      child.stdout.destroy();
    });
    child.on('error', fail);
    child.on('close', (code, signal) => done({ code, signal, first, stderr }));
  });
}

describe('a reader that closes the pipe early', () => {
  it('schema: the reader closes at once; no EPIPE, no stack trace, exit 0', async () => {
    const r = await closedEarly(['schema'], 'at once');
    expect(r.stderr).not.toMatch(/EPIPE|\n\s+at /);
    expect(r.stderr).toBe('');
    expect(r.code, r.stderr).toBe(0);
  });

  it('rules -a: the reader closes after the first chunk; it got the first line, and perlagg ends quietly with 0', async () => {
    const r = await closedEarly(['rules', '-a'], 'after the first chunk');
    expect(r.first).toMatch(/^The \d+ ambiguities/);
    expect(r.stderr).toBe('');
    expect(r.code, r.stderr).toBe(0);
  });

  it('simulate --out: its folder is complete (tables, manifest, charts) though nobody read its report', async () => {
    const out = join(scratch, 'sim');
    const r = await closedEarly(['simulate', '--mode', 'hands', '-n', '40', '--batch-size', '10', '-w', '0', '--out', out], 'at once');
    expect(r.stderr).toBe('');
    expect(r.code, r.stderr).toBe(0);
    const m = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as { complete: boolean; stoppedBy: string };
    expect(m.complete).toBe(true);
    expect(m.stoppedBy).toBe('deals');
    for (const f of ['hands.arrow', 'charts/metrics.svg', 'charts/metrics.vl.json']) expect(existsSync(join(out, f)), f).toBe(true);
  });

  it('a usage error whose one line nobody reads (stderr closed) keeps its exit code 2', async () => {
    const r = await new Promise<number | null>((done) => {
      const child = spawn(process.execPath, [BIN, 'no-such-command'], { cwd: scratch, stdio: ['ignore', 'ignore', 'pipe'] });
      child.stderr.destroy();
      child.on('close', (code) => done(code));
    });
    expect(r).toBe(2);
  });
});
