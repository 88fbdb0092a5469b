// With a time budget, each worker plays a throwaway deal while it loads its job (src/runner/task.ts warmUp),
// so that its cold first deal is not part of a batch the budget must wait for. The warm-up must change no
// byte of the output: a run on a pool with a budget that never runs out writes what one thread writes
// without a budget.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runSimulation, type RunOptions } from '../../src/runner/runner.ts';
import type { SimSpec } from '../../src/sim/job.ts';
import { scratchDir } from '../scratch.ts';

const dir = scratchDir('warm-up');
const SPEC: SimSpec = { mode: 'hands', ruleset: 'oberland', players: 4, policies: ['simple', 'random'], seed: 11, constraints: { hands: {}, trump: null, predicate: null }, duplicate: true };
const base = (over: Partial<RunOptions>): RunOptions => ({ spec: SPEC, deals: 30, batchSize: 10, workers: 0, out: null, resume: false, shard: null, untilCi: null, timeBudgetMs: null, ...over });

describe('the warm-up of a worker (runs with a time budget)', () => {
  it('changes nothing: 2 workers with an hour\'s budget write the bytes one thread writes without one', async () => {
    const warm = await runSimulation(base({ workers: 2, timeBudgetMs: 3_600_000, out: join(dir, 'warm') }));
    const plain = await runSimulation(base({ out: join(dir, 'plain') }));
    expect(warm.stoppedBy).toBe('deals');
    expect(warm.dealsDone).toBe(30);
    expect(plain.dealsDone).toBe(30);
    for (const t of ['hands.arrow']) expect(readFileSync(join(dir, 'warm', t)).equals(readFileSync(join(dir, 'plain', t))), t).toBe(true);
    expect(warm.metrics).toEqual(plain.metrics);
  });
});
