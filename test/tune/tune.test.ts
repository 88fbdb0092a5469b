// Issue 12, deliverable 2: perlagg tune. A planted optimum is found within a stated budget; a run is the same
// for any worker count, and after an interruption and --resume; the confirmation plays fresh deals; bad
// input exits 2.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runTune } from '../../src/tune/tune.ts';
import { derivedSeed, TUNE_DEALS, CONFIRM_DEALS, type TuneOptions } from '../../src/tune/options.ts';
import { perlaggStreams } from '../in-process.ts';
import { scratchDir } from '../scratch.js';

const BLUNDER = join(import.meta.dirname, 'fixtures', 'blunder.ts');
const tmp = () => scratchDir('tune');
const opts = (over: Partial<TuneOptions>): TuneOptions => ({
  policy: BLUNDER, params: null, against: null, mode: 'hands', ruleset: 'oberland', players: 4, seed: 1,
  pairs: 48, block: 4, commitEvery: 3, confirm: null, workers: 0, out: null, resume: false, ...over,
});

const perlagg = perlaggStreams;

describe('perlagg tune finds a planted optimum', () => {
  // the test policy plays passive but lays a random card at rate `blunder` (best: 0, at the edge); it starts
  // at 0.5 against itself at 0.5. Budget: 400 deal pairs (1,600 hands) in blocks of 8, c_end 0.1, r_end 0.1.
  // (20 seeds in scripts/deep-check-compare.ts: all 20 end at 0)
  for (const seed of [1]) {
    it(`seed ${seed}: the blunder rate ends below 0.05 within 400 deal pairs`, async () => {
      const r = await runTune(opts({ params: 'blunder:0:1:0.1:0.1', pairs: 400, block: 8, seed }));
      expect(r.stoppedBy).toBe('done');
      expect(r.state.k).toBe(400);
      expect(r.values['blunder']).toBeLessThan(0.05);
      expect(r.trajectory).toHaveLength(50);
      // the gain against the start rose: playing fewer blunders wins points
      expect(r.state.recentGain!).toBeGreaterThan(0.3);
    });
  }
});

describe('a tuning run is reproducible', () => {
  it('the same trajectory for 0 and 2 workers, and after an interruption and --resume', async () => {
    const [a, b, c] = [join(tmp(), 'a'), join(tmp(), 'b'), join(tmp(), 'c')];
    const ra = await runTune(opts({ out: a }));
    await runTune(opts({ out: b, workers: 2 }));
    const bytes = (d: string) => readFileSync(join(d, 'trajectory.arrow'));
    expect(bytes(b).equals(bytes(a))).toBe(true);
    const abort = new AbortController();
    const first = await runTune(opts({ out: c, signal: abort.signal, onProgress: (p) => { if (p.iteration === 5) abort.abort(); } }));
    expect(first.stoppedBy).toBe('interrupted');
    const m = JSON.parse(readFileSync(join(c, 'manifest.json'), 'utf8')) as { iterations: number; spsa: { k: number }; complete: boolean };
    expect(m.complete).toBe(false);
    expect(m.iterations).toBe(3); // committed every 3 iterations: the 4th and 5th are played again
    expect(m.spsa.k).toBe(12);
    await expect(runTune(opts({ out: c, pairs: 49, resume: true }))).rejects.toThrow(/settings differ .* in "pairs"/);
    const rc = await runTune(opts({ out: c, resume: true }));
    expect(rc.resumedFrom).toBe(12);
    expect(rc.state).toEqual(ra.state);
    expect(bytes(c).equals(bytes(a))).toBe(true);
    expect(rc.spec).toBe(ra.spec);
  });
});

describe('Ctrl-C stops perlagg tune with 0 workers', () => {
  // the batches run in the main thread: between them the run must give the event loop a turn, or the SIGINT
  // listener (which aborts the run) waits for its end (runner/service.ts)
  it('SIGINT after the first committed iterations: exit 130, the run incomplete and resumable', async () => {
    const out = join(tmp(), 'run');
    const root = join(import.meta.dirname, '..', '..');
    const child = spawn(process.execPath, [join(root, 'bin', 'perlagg.js'), 'tune', '--policy', 'simple', '--params', 'holdSlack', '-n', '4000', '--block', '8', '--confirm-pairs', '200', '--out', out, '--workers', '0', '-q'], { cwd: root, stdio: 'ignore' });
    const exited = new Promise<number>((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal === 'SIGINT' ? -130 : -1))));
    for (;;) { // no deadline: the suite's limit ends a run that never commits; one that ends first fails here
      await new Promise((r) => setTimeout(r, 20));
      if (child.exitCode !== null) throw new Error(`the tune ended (exit ${child.exitCode}) before committing an iteration`);
      const mf = join(out, 'manifest.json');
      if (existsSync(mf) && ((JSON.parse(readFileSync(mf, 'utf8')) as { progress?: { batchesDone?: number } }).progress?.batchesDone ?? 0) >= 1) break;
    }
    child.kill('SIGINT');
    expect(await exited).toBe(130); // its own exit code (-130: killed by the signal, the listener never ran)
    const m = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as { complete: boolean; spsa: { k: number } };
    expect(m.complete).toBe(false);
    expect(m.spsa.k).toBeLessThan(4000);
  });
});

describe('perlagg tune on the command line', () => {
  it('--json prints the tuned spec, its values and the confirmation on fresh deals (never the tuning deals)', async () => {
    const out = join(tmp(), 'cli');
    const r = await perlagg(['tune', '--policy', BLUNDER, '--params', 'blunder:0:1:0.1:0.1', '-n', '200', '--confirm', '0,0.3', '--confirm-pairs', '300', '-w', '0', '--out', out, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout) as { spec: string; values: { blunder: number }; confirmation: { estimate: number; lo: number; hi: number; n: number; verdict: string; seed: number } };
    expect(j.spec).toMatch(/blunder\.ts\{blunder=[0-9.e-]+\}$/);
    expect(j.values.blunder).toBeLessThan(0.25);
    expect(j.confirmation.verdict).toBe('H1');
    expect(j.confirmation.lo).toBeLessThan(j.confirmation.estimate);
    expect(j.confirmation.hi).toBeGreaterThan(j.confirmation.estimate);
    expect(j.confirmation.n).toBeGreaterThanOrEqual(20);
    const m = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as { seeds: { deals: number; confirmation: number }; complete: boolean; tuned: { spec: string } };
    expect(m.complete).toBe(true);
    expect(m.tuned.spec).toBe(j.spec);
    expect(m.seeds.deals).toBe(derivedSeed(1, TUNE_DEALS));
    expect(j.confirmation.seed).toBe(derivedSeed(1, CONFIRM_DEALS));
    expect(m.seeds.confirmation).not.toBe(m.seeds.deals);
    const cm = JSON.parse(readFileSync(join(out, 'confirmation', 'manifest.json'), 'utf8')) as { settings: { seed: number; policies: string[] } };
    expect(cm.settings.seed).toBe(j.confirmation.seed);
    expect(cm.settings.policies).toEqual([j.spec, BLUNDER]);
    expect(readFileSync(join(out, 'charts', 'trajectory.svg'), 'utf8')).toMatch(/<svg/);
  });

  const bad: Array<[string[], RegExp]> = [
    [['tune'], /^--policy is required/],
    [['tune', '--policy', 'simple', '--params', 'nosuch'], /^--params: policy simple has no option "nosuch" \(numeric options: /],
    [['tune', '--policy', 'simple', '--params', 'bidding'], /has no numeric option "bidding"/],
    [['tune', '--policy', 'simple', '--params', 'holdSlack:0:99'], /must lie inside holdSlack's declared \[0, 16\]/],
    [['tune', '--policy', 'passive'], /^policy passive declares no numeric options to tune/],
    [['tune', '--policy', 'simple', '--players', '3'], /^--players 3: tuning plays duplicate deals of two parties: 4 or 6$/],
    [['tune', '--policy', 'simple', '--confirm', '1,1'], /^--confirm 1,1: write m0,m1/],
    [['tune', '--policy', 'simple', '--against', 'nosuchbot'], /unknown policy "nosuchbot"/],
    [['tune', '--policy', 'simple', '--pairs', '0'], /^--pairs "0": must be a whole number/],
    [['tune', '--policy', 'simple', '--resume'], /^--resume needs --out$/],
  ];
  for (const [args, msg] of bad) {
    it(`bad input: ${args.join(' ')}`, async () => {
      const r = await perlagg(args);
      expect(r.code).toBe(2);
      const lines = r.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]!.replace(/^perlagg: /, '')).toMatch(msg);
    });
  }
});
