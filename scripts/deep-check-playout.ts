// Deep check of the playout kernel against its slow twin, the engine (src/playout/twin.ts): the CI tests'
// check (test/playout/twin-*.test.ts) on many more hands — by default 1,000,000 hands for each ruleset
// (1853, oberland, suedtirol, innsbruck) and 100,000 for each follow switch and model alternative — spread
// over worker threads. Exit code 0 when the kernel agrees with the engine on every hand, 1 otherwise.
//
//   npx tsx scripts/deep-check-playout.ts [--hands 1000000] [--variant-hands 100000] [--workers 2] [--seed 2024] [--only 1853,oberland]
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { availableParallelism } from 'node:os';
import { resolveRuleset } from '../src/rules/registry.ts';
import { twinCheck, type TwinReport } from '../src/playout/twin.ts';
import { workerExecArgv } from '../src/runner/executor.ts';
import simple from '../strategies/simple.ts';
import { VARIANTS } from '../test/playout/twin.ts';

interface Task {
  spec: string;
  first: number;
  hands: number;
  seed: number;
}

const CHUNK = 10000;

if (!isMainThread) {
  const policy = simple.create({ bidding: 'none', information: 'ignore' }); // the kernel's simple is simple without the partners' signs (RULES §13)
  parentPort!.on('message', (t: Task | null) => {
    if (t === null) process.exit(0);
    const rep = twinCheck({ ruleset: resolveRuleset(t.spec), hands: t.hands, firstDeal: t.first, seed: t.seed, simple: policy, maxMismatches: 3 });
    parentPort!.postMessage({ task: t, rep });
  });
} else {
  const args = process.argv.slice(2);
  const opt = (name: string, def: number): number => {
    const i = args.indexOf(`--${name}`);
    if (i < 0) return def;
    const v = Number(args[i + 1]);
    if (!Number.isInteger(v) || v < 0) {
      console.error(`--${name} needs a whole number, got "${args[i + 1] ?? ''}"`);
      process.exit(2);
    }
    return v;
  };
  const known = new Set(['--hands', '--variant-hands', '--workers', '--seed', '--only']);
  for (let i = 0; i < args.length; i += 2) {
    if (!known.has(args[i]!)) {
      console.error(`unknown option ${args[i]} (options: ${[...known].join(' ')})`);
      process.exit(2);
    }
  }
  const hands = opt('hands', 1_000_000);
  const variantHands = opt('variant-hands', 100_000);
  const workers = Math.max(1, opt('workers', Math.min(2, availableParallelism())));
  const seed = opt('seed', 2024);
  const onlyAt = args.indexOf('--only');
  // rulesets separated by commas outside braces ("1853,innsbruck{follow.a=true,follow.b=true}")
  const only = onlyAt >= 0 ? (args[onlyAt + 1] ?? '').split(/,(?![^{]*\})/) : null;
  const specs: Array<[string, number]> = [
    ...['1853', 'oberland', 'suedtirol', 'innsbruck'].map((s): [string, number] => [s, hands]),
    ...VARIANTS.map((s): [string, number] => [s, variantHands]),
  ].filter(([s, n]) => n > 0 && (only === null || only.includes(s)));
  for (const [s] of specs) resolveRuleset(s); // bad names fail here, before any work
  const tasks: Task[] = [];
  for (const [spec, n] of specs) for (let first = 0; first < n; first += CHUNK) tasks.push({ spec, first, hands: Math.min(CHUNK, n - first), seed });
  const totals = new Map<string, TwinReport>();
  const t0 = performance.now();
  let done = 0;
  let failed = false;
  console.log(`deep check of the playout kernel against the engine: ${specs.length} rulesets, ${tasks.reduce((a, t) => a + t.hands, 0)} hands, ${workers} workers, seed ${seed}`);
  await new Promise<void>((resolveAll, reject) => {
    let next = 0;
    let live = workers;
    for (let w = 0; w < workers; w++) {
      // TypeScript workers get tsx's ESM loader only, as the runner's (src/runner/tsx-esm.mjs says why)
      const worker = new Worker(fileURLToPath(import.meta.url), { execArgv: [...workerExecArgv(process.execArgv), '--import', new URL('../src/runner/tsx-esm.mjs', import.meta.url).href] });
      const feed = (): void => worker.postMessage(next < tasks.length ? tasks[next++]! : null);
      worker.on('message', (m: { task: Task; rep: TwinReport }) => {
        const t = totals.get(m.task.spec) ?? { hands: 0, steps: 0, tricks: 0, scored: 0, simpleChoices: 0, withBidding: 0, written: 0, scoringSkipped: 0, engineDeadEnds: 0, mismatches: [] };
        for (const k of ['hands', 'steps', 'tricks', 'scored', 'simpleChoices', 'withBidding', 'scoringSkipped', 'engineDeadEnds'] as const) t[k] += m.rep[k];
        t.mismatches.push(...m.rep.mismatches);
        totals.set(m.task.spec, t);
        if (m.rep.mismatches.length > 0) {
          failed = true;
          for (const x of m.rep.mismatches) console.log(`MISMATCH ${x}`);
        }
        done += m.task.hands;
        if ((done / CHUNK) % 20 === 0) console.log(`  ${done} hands, ${((performance.now() - t0) / 1000).toFixed(0)} s`);
        feed();
      });
      worker.on('error', reject);
      worker.on('exit', () => {
        if (--live === 0) resolveAll();
      });
      feed();
    }
  });
  const secs = (performance.now() - t0) / 1000;
  console.log();
  console.log('ruleset'.padEnd(60), 'hands'.padStart(9), 'steps'.padStart(10), 'tricks'.padStart(9), 'scored'.padStart(9), 'simple'.padStart(9), 'bidding'.padStart(8), 'dead ends'.padStart(9), 'mismatches'.padStart(10));
  for (const [spec] of specs) {
    const t = totals.get(spec)!;
    console.log(spec.padEnd(60), String(t.hands).padStart(9), String(t.steps).padStart(10), String(t.tricks).padStart(9), String(t.scored).padStart(9), String(t.simpleChoices).padStart(9), String(t.withBidding).padStart(8), String(t.engineDeadEnds).padStart(9), String(t.mismatches.length).padStart(10));
  }
  console.log(`\n${failed ? 'FAILED' : 'OK: the kernel agrees with the engine on every hand'} (${secs.toFixed(0)} s)`);
  process.exit(failed ? 1 : 0);
}
