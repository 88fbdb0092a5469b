// The rerun rule for tune (issue 29, item 1): the same tuning run again into its finished folder — with or
// without --resume — returns the stored result and leaves every byte; other settings are refused by name; a
// damaged folder (a table or the confirmation's table changed) is refused with exit 2, nothing rewritten.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runTune } from '../../src/tune/tune.ts';
import type { TuneOptions } from '../../src/tune/options.ts';
import { perlaggStreams } from '../in-process.ts';
import { scratchDir } from '../scratch.ts';

const BLUNDER = join(import.meta.dirname, 'fixtures', 'blunder.ts');
const opts = (over: Partial<TuneOptions>): TuneOptions => ({
  policy: BLUNDER, params: 'blunder:0:1:0.1:0.1', against: null, mode: 'hands', ruleset: 'oberland', players: 4, seed: 3,
  pairs: 40, block: 4, commitEvery: 3, confirm: { bounds: { m0: 0, m1: 0.3, alpha: 0.05, beta: 0.05 }, maxPairs: 200 }, workers: 0, out: null, resume: false, ...over,
});

/** Every file under `dir` by its path, with its bytes. */
function snapshot(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const walk = (d: string): void => {
    for (const e of readdirSync(d)) {
      const p = join(d, e);
      if (statSync(p).isDirectory()) walk(p);
      else files.set(relative(dir, p), readFileSync(p));
    }
  };
  walk(dir);
  return files;
}

function expectSameBytes(a: Map<string, Buffer>, b: Map<string, Buffer>): void {
  expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
  for (const [k, v] of a) expect(b.get(k)!.equals(v), k).toBe(true);
}

describe('tune: the same run again into its finished folder', () => {
  it('returns the stored result and leaves every byte, with or without --resume', async () => {
    const out = join(scratchDir('tune-rerun'), 'run');
    const first = await runTune(opts({ out }));
    expect(first.stoppedBy).toBe('done');
    expect(first.confirmation).not.toBeNull();
    const before = snapshot(out);
    expect(before.has('trajectory.arrow')).toBe(true);
    expect(before.has(join('confirmation', 'manifest.json'))).toBe(true);
    for (const resume of [true, false]) {
      const notes: string[] = [];
      const again = await runTune(opts({ out, resume, onNote: (l) => notes.push(l) }));
      expect(again.alreadyComplete).toBe(true);
      expect(again.stoppedBy).toBe('done');
      expect(again.spec).toBe(first.spec);
      expect(again.values).toEqual(first.values);
      expect(again.state).toEqual(first.state);
      expect(again.confirmation).toEqual(first.confirmation);
      expect(notes.join('\n')).toMatch(/already holds this tuning run, complete/);
      expectSameBytes(before, snapshot(out));
    }
    // other settings are refused by name, and touch nothing
    await expect(runTune(opts({ out, pairs: 44 }))).rejects.toThrow(/settings differ from the run in .* in "pairs"/);
    await expect(runTune(opts({ out, resume: true, seed: 4 }))).rejects.toThrow(/in "seed"/);
    expectSameBytes(before, snapshot(out));
  });

  it('on the command line: the stored report, exit 0; a damaged table or confirmation refused with exit 2', async () => {
    const out = join(scratchDir('tune-rerun-cli'), 'run');
    const args = ['tune', '--policy', BLUNDER, '--params', 'blunder:0:1:0.1:0.1', '-n', '40', '--block', '4', '--confirm', '0,0.3', '--confirm-pairs', '200', '-w', '0', '--out', out, '--json'];
    const a = await perlaggStreams(args);
    expect(a.code, a.stderr).toBe(0);
    const before = snapshot(out);
    for (const extra of [[], ['--resume']]) {
      const b = await perlaggStreams([...args, ...extra]);
      expect(b.code, b.stderr).toBe(0);
      const ja = JSON.parse(a.stdout) as Record<string, unknown>;
      const jb = JSON.parse(b.stdout) as Record<string, unknown>;
      expect(jb['spec']).toBe(ja['spec']);
      expect(jb['confirmation']).toEqual(ja['confirmation']);
      expect(jb['theta']).toEqual(ja['theta']);
      expectSameBytes(before, snapshot(out));
    }
    // one byte of the trajectory flipped: refused, one line, exit 2, the folder as it was
    const traj = join(out, 'trajectory.arrow');
    const bytes = readFileSync(traj);
    const mid = bytes.length >> 1;
    bytes[mid] = bytes[mid]! ^ 0xff;
    writeFileSync(traj, bytes);
    const damaged = snapshot(out);
    const c = await perlaggStreams([...args, '--resume']);
    expect(c.code).toBe(2);
    expect(c.stderr.trim().split('\n')).toHaveLength(1);
    expect(c.stderr).toMatch(/trajectory\.arrow does not match the sha256 and size in its manifest/);
    expectSameBytes(damaged, snapshot(out));
    // the trajectory mended, the confirmation's table cut short: refused the same way
    bytes[mid] = bytes[mid]! ^ 0xff;
    writeFileSync(traj, bytes);
    const deals = readdirSync(join(out, 'confirmation')).find((f) => f.endsWith('.arrow'))!;
    const cut = readFileSync(join(out, 'confirmation', deals));
    writeFileSync(join(out, 'confirmation', deals), cut.subarray(0, cut.length - 8));
    const d = await perlaggStreams(args);
    expect(d.code).toBe(2);
    expect(d.stderr).toMatch(new RegExp(`confirmation/${deals.replace('.', '\\.')} does not match`));
  });
});
