// Bench: the Monte Carlo runner. In one run:
//   bare-deal     the keyed deal alone: a stream per deal from (seed, deal), the engine's shuffle, cut, deal and
//                 turn-up as the figures job runs them (FastDealer, the engine's deal without its state machine)
//   deal+eval     the figures job in this thread: the same deals + every hand's figures + the columns
//   runner 1w/2w  the whole runner (pool, transfer, in-order commit) with 1 and 2 worker threads, steady rates,
//                 for the figures job and for played hands
//   10^7 deals    with Arrow output, 2 workers: peak RSS and RSS along the way (flat memory)
// Targets: deal+eval >= 0.5x bare-deal; 2 workers >= 1.8x one worker.
//   npx tsx bench/runner.ts        npm run bench -- runner        BENCH_RUNNER_DEALS=1e6 to shorten the memory run
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveRuleset } from '../src/rules/registry.ts';
import { createJob } from '../src/sim/jobs.ts';
import { FastDealer } from '../src/sim/fast-deal.ts';
import { type SimSpec, DEFAULT_BATCH } from '../src/sim/job.ts';
import { runSimulation } from '../src/runner/runner.ts';
import { STREAM, keyedRng } from '../src/core/rng.ts';
import { checksum, formatTable, isMain, measure, measurementTable, type Contender } from './lib.ts';
const TARGET_EVAL_BARE = 0.5;
const TARGET_2W_1W = 1.8;

export async function run(): Promise<object> {
  const spec: SimSpec = { mode: 'figures', ruleset: 'oberland', players: 4, policies: [], seed: 1, constraints: { hands: {}, trump: null, predicate: null } };
  const r = resolveRuleset(spec.ruleset);
  const dealer = new FastDealer(r, 4);
  const dealt = { hands: new Int32Array(4), weli: new Int32Array(4), trump: 'H' as 'H' | 'S' | 'L' | 'E', turned: 0 };
  let bareAt = 0;
  const bare = (n: number): number => {
    let acc = 0;
    for (let i = 0; i < n; i++) {
      dealer.deal(keyedRng(spec.seed, bareAt, STREAM.deal), bareAt % 4, dealt);
      bareAt++;
      acc = (acc + dealt.hands[0]! + dealt.turned) | 0;
    }
    return acc;
  };
  const job = await createJob(spec);
  let evalAt = 0;
  const dealEval = (n: number): number => {
    const res = job.runBatch(evalAt, evalAt + n);
    evalAt += n;
    return (res.metrics['table_gleich3'] as { k: number }).k;
  };
  const contenders: Contender[] = [
    { name: 'bare-deal', step: bare },
    { name: 'deal+eval', step: dealEval },
  ];
  const ms = measure(contenders, { rounds: 7, roundMs: 300, warmupMs: 500 });
  const rate = (name: string) => ms.find((m) => m.name === name)!.median;

  // The whole runner, 1 and 2 workers, alternating, best of 3 each. The rate is the steady one, from the
  // first committed batch to the end: starting a pool (workers loading the TypeScript sources and building
  // their tables, about a second) does not scale with the work and is left out. Two workloads: the figures
  // job (cheap deals, large batches) and played hands (simple with bidding: CPU-heavy, small results).
  const handsSpec: SimSpec = { ...spec, mode: 'hands', policies: ['simple'] };
  const runnerRate = async (s: SimSpec, workers: number, deals: number, batchSize: number): Promise<number> => {
    const t = performance.now();
    let first = 0;
    let firstDeals = 0;
    await runSimulation({
      spec: s, deals, batchSize, workers, out: null, resume: false, shard: null, untilCi: null, timeBudgetMs: null,
      onProgress: (p) => {
        if (first === 0) {
          first = performance.now();
          firstDeals = p.dealsDone;
        }
      },
    });
    return (deals - firstDeals) / ((performance.now() - first) / 1000);
  };
  const w1: number[] = [];
  const w2: number[] = [];
  const h1: number[] = [];
  const h2: number[] = [];
  for (let round = 0; round < 3; round++) {
    w1.push(await runnerRate(spec, 1, 3_000_000, DEFAULT_BATCH.figures));
    w2.push(await runnerRate(spec, 2, 6_000_000, DEFAULT_BATCH.figures));
    h1.push(await runnerRate(handsSpec, 1, 8192, DEFAULT_BATCH.hands));
    h2.push(await runnerRate(handsSpec, 2, 16384, DEFAULT_BATCH.hands));
  }
  const best = (xs: number[]) => Math.max(...xs);

  // flat memory over a long run with Arrow output
  const deals = Number(process.env['BENCH_RUNNER_DEALS'] ?? 1e7);
  const dir = mkdtempSync(join(tmpdir(), 'perlagg-bench-'));
  const rss: Array<[number, number]> = [];
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const tl = performance.now();
  try {
    await runSimulation({
      spec, deals, batchSize: DEFAULT_BATCH.figures, workers: 2, out: join(dir, 'run'), resume: false, shard: null, untilCi: null, timeBudgetMs: null,
      onProgress: (p) => {
        const m = process.memoryUsage().rss;
        peak = Math.max(peak, m);
        rss.push([p.dealsDone, m]);
      },
    });
  } finally {
    clearInterval(sampler);
    rmSync(dir, { recursive: true, force: true });
  }
  const longSecs = (performance.now() - tl) / 1000;
  const at = (f: number) => rss[Math.min(rss.length - 1, Math.floor(f * rss.length))]![1];
  const mib = (b: number) => `${(b / 2 ** 20).toFixed(0)} MiB`;

  const evalBare = rate('deal+eval') / rate('bare-deal');
  const scale = best(w2) / best(w1);
  const scaleHands = best(h2) / best(h1);
  console.log(`runner bench — oberland figures, 4 players, node ${process.version}`);
  console.log(measurementTable(ms));
  console.log();
  console.log(formatTable(['runner (steady rate, best of 3)', 'figures: deals/s', 'hands (simple, bidding): hands/s'], [
    ['1 worker', Math.round(best(w1)).toLocaleString('en-US'), Math.round(best(h1)).toLocaleString('en-US')],
    ['2 workers', Math.round(best(w2)).toLocaleString('en-US'), Math.round(best(h2)).toLocaleString('en-US')],
  ]));
  console.log();
  console.log(formatTable(['ratio', 'value', 'target', 'verdict'], [
    ['deal+eval / bare-deal', `${evalBare.toFixed(3)}×`, `≥ ${TARGET_EVAL_BARE}×`, evalBare >= TARGET_EVAL_BARE ? 'PASS' : 'FAIL'],
    ['2 workers / 1 worker, figures', `${scale.toFixed(3)}×`, `≥ ${TARGET_2W_1W}×`, scale >= TARGET_2W_1W ? 'PASS' : 'FAIL'],
    ['2 workers / 1 worker, played hands', `${scaleHands.toFixed(3)}×`, `≥ ${TARGET_2W_1W}×`, scaleHands >= TARGET_2W_1W ? 'PASS' : 'FAIL'],
  ]));
  console.log();
  console.log(`${deals.toExponential(0)} deals with Arrow output, 2 workers: ${longSecs.toFixed(1)} s; RSS at 10% ${mib(at(0.1))}, 50% ${mib(at(0.5))}, 90% ${mib(at(0.9))}; peak ${mib(peak)}`);
  const summary = {
    bench: 'runner',
    node: process.version,
    dealsPerSec: { bareDeal: Math.round(rate('bare-deal')), dealEval: Math.round(rate('deal+eval')), runner1w: Math.round(best(w1)), runner2w: Math.round(best(w2)), hands1w: Math.round(best(h1)), hands2w: Math.round(best(h2)) },
    ratios: { dealEvalBare: Math.round(evalBare * 1000) / 1000, workers2over1: Math.round(scale * 1000) / 1000, workers2over1Hands: Math.round(scaleHands * 1000) / 1000 },
    memory: { deals, seconds: Math.round(longSecs * 10) / 10, rssAt10: at(0.1), rssAt50: at(0.5), rssAt90: at(0.9), peakRss: peak },
    targets: { dealEvalBare: { min: TARGET_EVAL_BARE, pass: evalBare >= TARGET_EVAL_BARE }, workers2over1: { min: TARGET_2W_1W, pass: scale >= TARGET_2W_1W }, workers2over1Hands: { min: TARGET_2W_1W, pass: scaleHands >= TARGET_2W_1W } },
    checksum: checksum(),
  };
  console.log(JSON.stringify(summary));
  return summary;
}

if (isMain(import.meta.url)) await run();
