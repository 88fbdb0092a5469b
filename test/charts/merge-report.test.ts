// What a user reads after a merge (issue 29, item 8): the merged run's summary table and its charts, as
// simulate --out gives them (before: one line of raw JSON, no charts); a rerun merge leaves them as they are.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runSimulation } from '../../src/runner/runner.ts';
import { perlaggStreams } from '../in-process.ts';
import { scratchDir } from '../scratch.ts';

describe('perlagg merge prints the summary and draws the charts', () => {
  it('two shards merged: the table of every metric, charts/metrics.svg with its spec; again: the same bytes', async () => {
    const dir = scratchDir('merge-report');
    for (const index of [0, 1]) {
      await runSimulation({ spec: { mode: 'figures', ruleset: 'oberland', players: 4, policies: [], seed: 4, constraints: { hands: {}, trump: null, predicate: null } }, deals: 3000, batchSize: 1000, workers: 0, out: join(dir, 'sh', `shard-${index}-of-2`), resume: false, shard: { index, count: 2 }, untilCi: null, timeBudgetMs: null });
    }
    const out = join(dir, 'merged');
    const r = await perlaggStreams(['merge', join(dir, 'sh'), '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Merged 2 shards into /);
    expect(r.stdout).toMatch(/3,000 deals in the merged run \(seed 4\)/);
    expect(r.stdout).toMatch(/estimate \[95% interval\]/);
    expect(r.stdout).toMatch(/hand_gleich3 +│ 0\.\d{4} \[0\.\d{4}, 0\.\d{4}\] +│ 3,000 deals/);
    expect(r.stdout).toMatch(/charts\/metrics\.svg/);
    const svg = readFileSync(join(out, 'charts', 'metrics.svg'));
    expect(svg.toString()).toMatch(/<svg/);
    expect(JSON.parse(readFileSync(join(out, 'charts', 'metrics.vl.json'), 'utf8'))).toHaveProperty('$schema');
    const again = await perlaggStreams(['merge', join(dir, 'sh'), '--out', out]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/already holds this merge/);
    expect(again.stdout).toMatch(/estimate \[95% interval\]/);
    expect(readFileSync(join(out, 'charts', 'metrics.svg')).equals(svg)).toBe(true);
  });
});
