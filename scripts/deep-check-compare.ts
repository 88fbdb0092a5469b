// Deeper checks of the comparisons through the real runner and of perlagg tune (issue 12), beyond the test
// suite's sizes. Run: node --import tsx scripts/deep-check-compare.ts [seeds-scale]   (about 5-10 minutes)
//  1. A/A (random against random, independent streams): the per-pair SPRT (H0 0, H1 0.5 points, alpha =
//     beta = 0.05) comes out H1 at most at the stated rate; the corrected interval covers 0.
//  2. A/A: the 95% interval of a_minus_b over a fixed number of pairs covers 0 at 95%.
//  3. Power: simple against passive, whose true margin is about 0.195 points a deal (a league of 4,000 deal
//     pairs: 0.195 ± 0.021): the SPRT H0 0 / H1 0.2 says H1 in about 1 - beta of the runs.
//  4. The planted optimum of perlagg tune over many seeds: the blunder rate from 0.5 after 400 deal pairs.
import { join } from 'node:path';
import { runSimulation, type RunOptions } from '../src/runner/runner.ts';
import { metricEstimate, type SimSpec } from '../src/sim/job.ts';
import { runTune } from '../src/tune/tune.ts';

const scale = Number(process.argv[2] ?? 1);
const SILENT_RANDOM = 'random{bidRate=0,holdRate=0,raiseRate=0,askRate=0,rejectRate=0,vetoRate=0}';
const spec = (over: Partial<SimSpec>): SimSpec => ({ mode: 'hands', ruleset: 'oberland', players: 4, policies: [SILENT_RANDOM, SILENT_RANDOM], seed: 1, constraints: { hands: {}, trump: null, predicate: null }, duplicate: true, independentStreams: true, ...over });
const run = (over: Partial<RunOptions>) => runSimulation({ spec: spec({}), deals: null, batchSize: 8, workers: 0, out: null, resume: false, shard: null, untilCi: null, timeBudgetMs: null, ...over });
const wilsonText = (k: number, n: number) => {
  const p = k / n;
  const z = 1.96;
  const c = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const h = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
  return `${(100 * p).toFixed(1)}% [${(100 * (c - h)).toFixed(1)}%, ${(100 * (c + h)).toFixed(1)}%]`;
};
const say = (s: string) => process.stdout.write(s + '\n');

// 1.
{
  const seeds = Math.round(1000 * scale);
  let h1 = 0;
  let covered = 0;
  let pairs = 0;
  const t = performance.now();
  for (let seed = 0; seed < seeds; seed++) {
    const r = await run({ spec: spec({ seed }), sprt: { metric: 'a_minus_b', bounds: { m0: 0, m1: 0.5, alpha: 0.05, beta: 0.05 } } });
    if (r.sprt!.status.verdict === 'H1') h1++;
    const c = r.sprt!.corrected;
    if (c !== null && c.low <= 0 && 0 <= c.high) covered++;
    pairs += r.dealsDone;
  }
  say(`1. A/A per-pair SPRT (H0 0, H1 0.5, alpha = beta = 0.05), ${seeds} seeds: false H1 ${wilsonText(h1, seeds)}; corrected 95% interval covers 0 in ${wilsonText(covered, seeds)}; mean ${(pairs / seeds).toFixed(1)} deal pairs a run (${((performance.now() - t) / 1000).toFixed(0)} s)`);
}
// 2.
{
  const seeds = Math.round(500 * scale);
  let covered = 0;
  const t = performance.now();
  for (let seed = 0; seed < seeds; seed++) {
    const r = await run({ spec: spec({ seed: 10_000 + seed }), deals: 40, batchSize: 40 });
    const e = metricEstimate(r.metrics['a_minus_b']!, r.specs.find((m) => m.name === 'a_minus_b')).interval;
    if (e.low <= 0 && 0 <= e.high) covered++;
  }
  say(`2. A/A: the 95% interval of a_minus_b over 40 deal pairs covers 0 in ${wilsonText(covered, seeds)} of ${seeds} seeds (${((performance.now() - t) / 1000).toFixed(0)} s)`);
}
// 3.
{
  const seeds = Math.round(200 * scale);
  let h1 = 0;
  let pairs = 0;
  const t = performance.now();
  for (let seed = 0; seed < seeds; seed++) {
    const r = await run({ spec: spec({ seed: 20_000 + seed, policies: ['simple', 'passive'], independentStreams: false }), batchSize: 16, sprt: { metric: 'a_minus_b', bounds: { m0: 0, m1: 0.2, alpha: 0.05, beta: 0.05 } } });
    if (r.sprt!.status.verdict === 'H1') h1++;
    pairs += r.dealsDone;
  }
  say(`3. Power: simple vs passive (true margin about 0.195), SPRT H0 0 / H1 0.2, ${seeds} seeds: H1 in ${wilsonText(h1, seeds)}; mean ${(pairs / seeds).toFixed(0)} deal pairs a run (${((performance.now() - t) / 1000).toFixed(0)} s)`);
}
// 4.
{
  const seeds = Math.round(20 * scale);
  const ends: number[] = [];
  const t = performance.now();
  for (let seed = 1; seed <= seeds; seed++) {
    const r = await runTune({ policy: join(import.meta.dirname, '..', 'test', 'tune', 'fixtures', 'blunder.ts'), params: 'blunder:0:1:0.1:0.1', against: null, mode: 'hands', ruleset: 'oberland', players: 4, seed, pairs: 400, block: 8, commitEvery: 10, confirm: null, workers: 0, out: null, resume: false });
    ends.push(r.values['blunder']!);
  }
  ends.sort((a, b) => a - b);
  say(`4. Planted optimum (blunder rate, best 0, start 0.5, 400 deal pairs, c_end 0.1, r_end 0.1), ${seeds} seeds: median ${ends[Math.floor(seeds / 2)]!.toFixed(4)}, worst ${ends[seeds - 1]!.toFixed(4)}, ${ends.filter((x) => x < 0.05).length} of ${seeds} below 0.05 (${((performance.now() - t) / 1000).toFixed(0)} s)`);
}
