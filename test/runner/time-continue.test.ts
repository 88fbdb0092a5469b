// A run its --time-budget stopped goes on with --resume (issue 29): the budget is no setting, so the same
// command with --resume and a larger budget (or none) continues the folder, and the end is the same bytes
// as one unbroken run — tables and metrics. Without --resume the same command leaves the folder as it is
// (the rerun rule). No clock is read here: a budget of 1 ms has always run out by the first deal (opening
// the folder alone fsyncs), so in this thread the first batch is cut after its first deal.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runSimulation, type RunOptions } from '../../src/runner/runner.ts';
import type { SimSpec } from '../../src/sim/job.ts';
import { verifyResultFolder } from '../../src/results/verify.ts';
import { writeRunManifest } from '../../src/results/run-manifest.ts';
import { scratchDir } from '../scratch.ts';

const dir = scratchDir('time-continue');
const HANDS: SimSpec = { mode: 'hands', ruleset: 'oberland', players: 4, policies: ['simple'], seed: 3, constraints: { hands: {}, trump: null, predicate: null } };
const FIGURES: SimSpec = { mode: 'figures', ruleset: 'suedtirol', players: 4, policies: [], seed: 5, constraints: { hands: {}, trump: null, predicate: null } };

const tables = (out: string) => readdirSync(out).filter((f) => f.endsWith('.arrow')).sort();
const manifest = (out: string) => JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as Record<string, unknown> & { progress: { dealsDone: number }; metrics: unknown; stoppedBy: string; complete: boolean };

/** The tables of `a` and `b`: the same files, byte for byte. */
function expectSameTables(a: string, b: string): void {
  expect(tables(a)).toEqual(tables(b));
  expect(tables(a).length).toBeGreaterThan(0);
  for (const f of tables(a)) expect(readFileSync(join(a, f)).equals(readFileSync(join(b, f))), f).toBe(true);
}

describe('a run stopped by its time budget, continued with --resume', () => {
  const cases: Array<[string, SimSpec, number, number]> = [['hands', HANDS, 60, 20], ['figures', FIGURES, 3000, 1000]];
  for (const [name, spec, deals, batchSize] of cases) {
    it(`${name}: cut inside its first batch; the same command leaves it; --resume without a budget ends as one unbroken run`, async () => {
      const base = (over: Partial<RunOptions>): RunOptions => ({ spec, deals, batchSize, workers: 0, out: null, resume: false, shard: null, untilCi: null, timeBudgetMs: null, ...over });
      const whole = join(dir, `${name}-whole`);
      const cut = join(dir, `${name}-cut`);
      expect((await runSimulation(base({ out: whole }))).dealsDone).toBe(deals);

      const first = await runSimulation(base({ out: cut, timeBudgetMs: 1 }));
      expect(first.stoppedBy).toBe('time');
      expect(first.dealsDone).toBeGreaterThanOrEqual(1); // in this thread a batch plays its first deal
      expect(first.dealsDone).toBeLessThan(batchSize);
      const m1 = manifest(cut);
      expect(m1.complete).toBe(true);
      expect(m1['timeStop']).toMatchObject({ dealEnd: first.dealsDone, before: { batchesDone: 0, dealsDone: 0 } });
      verifyResultFolder(cut);

      // the same command again, without --resume: nothing to do, every byte stays; the note says how to go on
      const bytes = Object.fromEntries([...tables(cut), 'manifest.json'].map((f) => [f, readFileSync(join(cut, f))]));
      const notes: string[] = [];
      expect((await runSimulation({ ...base({ out: cut, timeBudgetMs: 1 }), onNote: (l) => notes.push(l) })).dealsDone).toBe(first.dealsDone);
      expect(notes.join('\n')).toMatch(/already holds this run, complete .*its time budget stopped it after \d+ deals: add --resume to continue it/);
      for (const [f, b] of Object.entries(bytes)) expect(readFileSync(join(cut, f)).equals(b), f).toBe(true);

      // --resume with a budget that runs out again: the cut batch is played again and cut again; still valid
      const again = await runSimulation(base({ out: cut, resume: true, timeBudgetMs: 1 }));
      expect(again.stoppedBy).toBe('time');
      expect(again.dealsDone).toBeLessThan(deals);
      verifyResultFolder(cut);

      // --resume without a budget: to the end, the same bytes and the same metrics as the unbroken run
      const last: string[] = [];
      const end = await runSimulation({ ...base({ out: cut, resume: true }), onNote: (l) => last.push(l) });
      expect(last.join('\n')).toMatch(/stopped by its time budget after \d+ deals; continuing it from deal 0/);
      expect(end.stoppedBy).toBe('deals');
      expect(end.dealsDone).toBe(deals);
      expectSameTables(cut, whole);
      const m = manifest(cut);
      expect(m.complete).toBe(true);
      expect(m.stoppedBy).toBe('deals');
      expect(m['timeStop']).toBeUndefined();
      expect(m.metrics).toEqual(manifest(whole).metrics);
      expect(readdirSync(cut).filter((f) => f.endsWith('.arrows'))).toEqual([]);
      verifyResultFolder(cut);
    });
  }

  it('on a pool of 1 worker (stopped before or inside its first batch, as the worker loads): --resume ends as one unbroken run', async () => {
    const base = (over: Partial<RunOptions>): RunOptions => ({ spec: HANDS, deals: 40, batchSize: 20, workers: 1, out: null, resume: false, shard: null, untilCi: null, timeBudgetMs: null, ...over });
    const whole = join(dir, 'pool-whole');
    const cut = join(dir, 'pool-cut');
    await runSimulation(base({ out: whole, workers: 0 }));
    const first = await runSimulation(base({ out: cut, timeBudgetMs: 1 }));
    expect(first.stoppedBy).toBe('time');
    const end = await runSimulation(base({ out: cut, resume: true }));
    expect(end.dealsDone).toBe(40);
    expectSameTables(cut, whole);
    expect(manifest(cut).metrics).toEqual(manifest(whole).metrics);
  });

  // the time budget running out between two batches: a fake clock, standing still until the first batch is
  // committed, then past the budget (so the runner stops before the second batch, with no batch cut)
  async function stoppedAtBoundary(out: string, base: (over: Partial<RunOptions>) => RunOptions): Promise<number> {
    let clock = 1_000;
    const now = vi.spyOn(performance, 'now').mockImplementation(() => clock);
    try {
      const r = await runSimulation({ ...base({ out, timeBudgetMs: 60_000 }), onBatch: () => { clock += 120_000; } });
      expect(r.stoppedBy).toBe('time');
      return r.dealsDone;
    } finally {
      now.mockRestore();
    }
  }

  it('stopped between batches: the whole batches stay, --resume plays the rest, the same bytes as one unbroken run', async () => {
    const base = (over: Partial<RunOptions>): RunOptions => ({ spec: FIGURES, deals: 3000, batchSize: 1000, workers: 0, out: null, resume: false, shard: null, untilCi: null, timeBudgetMs: null, ...over });
    const whole = join(dir, 'boundary-whole');
    const cut = join(dir, 'boundary-cut');
    await runSimulation(base({ out: whole }));
    expect(await stoppedAtBoundary(cut, base)).toBe(1000);
    expect(manifest(cut)['timeStop']).toBeUndefined();
    const notes: string[] = [];
    const end = await runSimulation({ ...base({ out: cut, resume: true, timeBudgetMs: 3_600_000 }), onNote: (l) => notes.push(l) });
    expect(notes.join('\n')).toMatch(/stopped by its time budget after 1,000 deals; continuing it from deal 1,000/);
    expect(end.dealsDone).toBe(3000);
    expect(end.resumedFrom).toBe(1000);
    expectSameTables(cut, whole);
    expect(manifest(cut).metrics).toEqual(manifest(whole).metrics);
  });

  it('a kept batch that does not match its checksum is refused by name, and the folder is left as it was', async () => {
    const base = (over: Partial<RunOptions>): RunOptions => ({ spec: FIGURES, deals: 3000, batchSize: 1000, workers: 0, out: null, resume: false, shard: null, untilCi: null, timeBudgetMs: null, ...over });
    const cut = join(dir, 'tampered');
    await stoppedAtBoundary(cut, base);
    const m = JSON.parse(readFileSync(join(cut, 'manifest.json'), 'utf8')) as { tables: Record<string, { batchSha256: string[] }> };
    const table = Object.keys(m.tables)[0]!;
    // the manifest sealed again with a wrong checksum for the first batch (as a damaged writer would leave it)
    m.tables[table]!.batchSha256[0] = '0'.repeat(32);
    writeRunManifest(cut, m as never);
    const before = readdirSync(cut).sort();
    await expect(runSimulation(base({ out: cut, resume: true }))).rejects.toThrow(/batch 1 does not match its checksum in the manifest; the run cannot be continued/);
    expect(readdirSync(cut).sort()).toEqual(before);
    expect(manifest(cut).complete).toBe(true);
  });
});
