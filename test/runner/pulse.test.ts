// Progress and budgets honoured (issue 29, item 4). While a batch runs, the deals it has played are reported
// every half second (onLiveProgress), whatever the batch size, without changing a byte of the output; the
// time budget cuts the running batch at a deal boundary, and the folder then holds exactly the first deals —
// the same rows as a run of that many deals —, is valid (seal, tables) and safe to rerun.
// No clock is read here: a --where predicate that naps 2 ms a deal makes a batch last long enough.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tableFromIPC } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { runSimulation, type Progress, type RunOptions } from '../../src/runner/runner.ts';
import type { SimSpec } from '../../src/sim/job.ts';
import { verifyResultFolder } from '../../src/results/verify.ts';
import { DEEP } from '../deep.ts';
import { scratchDir } from '../scratch.ts';

const dir = scratchDir('pulse');
const nap = join(dir, 'nap.mjs');
writeFileSync(nap, 'const nap = new Int32Array(new SharedArrayBuffer(4));\nexport default () => { Atomics.wait(nap, 0, 0, 2); return true; };\n');
const SPEC: SimSpec = { mode: 'figures', ruleset: 'oberland', players: 4, policies: [], seed: 9, constraints: { hands: {}, trump: null, predicate: nap } };
const base = (over: Partial<RunOptions>): RunOptions => ({ spec: SPEC, deals: 600, batchSize: 600, workers: 0, out: null, resume: false, shard: null, untilCi: null, timeBudgetMs: null, ...over });

/** A table's rows as plain values, column by column. */
function rows(file: string): Record<string, unknown[]> {
  const t = tableFromIPC(readFileSync(file));
  return Object.fromEntries(t.schema.fields.map((f) => [f.name, Array.from(t.getChild(f.name)!.toArray() as ArrayLike<unknown>)]));
}

describe('progress inside a batch', () => {
  it('one batch of 600 deals (at least 1.2 s): live progress inside it, the output the same bytes as without', async () => {
    const live: Progress[] = [];
    let committed = 0;
    const a = await runSimulation(base({ out: join(dir, 'live'), onLiveProgress: (p) => live.push(p), onProgress: () => committed++ }));
    expect(a.dealsDone).toBe(600);
    expect(committed).toBe(1); // one batch: without the pulse, progress would move once, at its end
    const inside = live.filter((p) => p.dealsDone > 0 && p.dealsDone < 600);
    expect(inside.length).toBeGreaterThanOrEqual(1); // the batch lasts > 1 s, the pulse comes every 0.5 s
    for (let i = 1; i < live.length; i++) expect(live[i]!.dealsDone).toBeGreaterThanOrEqual(live[i - 1]!.dealsDone);
    for (const p of live) expect(p.dealsTotal).toBe(600);
    const b = await runSimulation(base({ out: join(dir, 'quiet') }));
    expect(b.dealsDone).toBe(600);
    expect(readFileSync(join(dir, 'live', 'deals.arrow')).equals(readFileSync(join(dir, 'quiet', 'deals.arrow')))).toBe(true);
  });
});

describe('the time budget cuts the running batch at a deal boundary', () => {
  const cases: Array<[string, number]> = [['in this thread', 0], ...(DEEP ? [['on a pool of 1 worker', 1] as [string, number]] : [])];
  for (const [name, workers] of cases) {
    it(`${name}: a batch of 100,000 deals (200 s at the least) stops soon after 300 ms, a valid prefix, safe to rerun`, async () => {
      const out = join(dir, `budget-${workers}`);
      const o = base({ deals: 100_000, batchSize: 100_000, workers, out, timeBudgetMs: 300 });
      const r = await runSimulation(o);
      expect(r.stoppedBy).toBe('time');
      const k = r.dealsDone;
      expect(k).toBeLessThan(100_000);
      if (workers === 0) expect(k).toBeGreaterThanOrEqual(1); // in this thread a batch always plays its first deal
      const m = verifyResultFolder(out) as { complete: boolean; stoppedBy: string; progress: { dealsDone: number }; timeStop?: { dealEnd: number } };
      expect(m.complete).toBe(true);
      expect(m.stoppedBy).toBe('time');
      expect(m.progress.dealsDone).toBe(k);
      if (k > 0) expect(m.timeStop?.dealEnd).toBe(k);
      // the rows are those of a run of exactly k deals
      const got = rows(join(out, 'deals.arrow'));
      expect(got['deal']).toEqual(Array.from({ length: k }, (_, i) => i));
      if (k > 0) {
        const whole = await runSimulation(base({ deals: k, batchSize: 100_000, out: join(dir, `whole-${workers}`) }));
        expect(whole.dealsDone).toBe(k);
        expect(got).toEqual(rows(join(dir, `whole-${workers}`, 'deals.arrow')));
      }
      // the same command again: the folder holds this run, complete; every byte stays
      const before = readFileSync(join(out, 'deals.arrow'));
      const manifest = readFileSync(join(out, 'manifest.json'));
      const notes: string[] = [];
      const again = await runSimulation({ ...o, onNote: (l) => notes.push(l) });
      expect(again.dealsDone).toBe(k);
      expect(notes.join('\n')).toMatch(/already holds this run, complete/);
      expect(readFileSync(join(out, 'deals.arrow')).equals(before)).toBe(true);
      expect(readFileSync(join(out, 'manifest.json')).equals(manifest)).toBe(true);
    });
  }
});
