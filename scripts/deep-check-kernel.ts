// Deep check of the playout kernel's final writes against the engine (src/playout/kernel-writes-twin.ts,
// issue 27): random states — random Partie scores, bids, holds and raises up to Aus before and between
// the cards, false figures, penalties — played out by the kernel and laid card for card in the engine;
// the points per party of the deal and the end of the Partie must be the engine's. By default 1,000,000
// states over the four rulesets (2, 3, 4 and 6 players in turn) and 20,000 for each scoring alternative
// (A-43 allImmediate, A-21 scope, A-39, A-13, A-14, A-33), over worker threads. Exit code 0 when every
// compared state agrees, 1 otherwise, 2 on bad options.
//
//   npx tsx scripts/deep-check-kernel.ts [--states 1000000] [--variant-states 20000] [--workers 2] [--seed 2027] [--only 1853,innsbruck]
import { Worker, isMainThread, parentPort } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { availableParallelism } from 'node:os';
import { resolveRuleset } from '../src/rules/registry.ts';
import { newWritesReport, writesCheck, type WritesReport } from '../src/playout/kernel-writes-twin.ts';
import { workerExecArgv } from '../src/runner/executor.ts';

/** The scoring alternatives (each flipped from a ruleset's default). */
export const WRITES_VARIANTS: readonly string[] = [
  '1853{writeTiming=allImmediate}',
  'innsbruck{writeTiming=allImmediate}',
  'innsbruck{falseFigureScope=partie}',
  'oberland{unseenBids=asSeen}',
  '1853{overbidLimit=targetMinus1Only}',
  'suedtirol{bidWhenGestrichenPenalty=halve}',
  'innsbruck{tieBetween=anyPlayers}',
];

interface Task {
  spec: string;
  first: number;
  states: number;
  seed: number;
}
const CHUNK = 5000;
const COUNTS = ['states', 'compared', 'withBids', 'corrected', 'partieOver'] as const;

if (!isMainThread) {
  parentPort!.on('message', (t: Task | null) => {
    if (t === null) process.exit(0);
    const rep = writesCheck({ ruleset: resolveRuleset(t.spec), hands: t.states, firstDeal: t.first, seed: t.seed, maxMismatches: 3 });
    parentPort!.postMessage({ task: t, rep });
  });
} else {
  const args = process.argv.slice(2);
  const known = new Set(['--states', '--variant-states', '--workers', '--seed', '--only']);
  for (let i = 0; i < args.length; i += 2) {
    if (!known.has(args[i]!) || args[i + 1] === undefined) {
      console.error(`unknown option or missing value: ${args[i]} (options: ${[...known].join(' ')})`);
      process.exit(2);
    }
  }
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
  const states = opt('states', 1_000_000);
  const variantStates = opt('variant-states', 20_000);
  const workers = Math.max(1, opt('workers', Math.min(2, availableParallelism())));
  const seed = opt('seed', 2027);
  const onlyAt = args.indexOf('--only');
  const only = onlyAt >= 0 ? (args[onlyAt + 1] ?? '').split(/,(?![^{]*\})/) : null;
  const base = ['1853', 'oberland', 'suedtirol', 'innsbruck'];
  const specs: Array<[string, number]> = [...base.map((s): [string, number] => [s, Math.ceil(states / base.length)]), ...WRITES_VARIANTS.map((s): [string, number] => [s, variantStates])].filter(
    ([s, n]) => n > 0 && (only === null || only.includes(s)),
  );
  try {
    for (const [s] of specs) resolveRuleset(s); // bad names fail here, before any work
  } catch (e) {
    console.error(e instanceof Error ? e.message.split('\n')[0] : String(e));
    process.exit(2);
  }
  const tasks: Task[] = [];
  for (const [spec, n] of specs) for (let first = 0; first < n; first += CHUNK) tasks.push({ spec, first, states: Math.min(CHUNK, n - first), seed });
  const totals = new Map<string, WritesReport>();
  const t0 = performance.now();
  let done = 0;
  let failed = false;
  console.log(`deep check of the kernel's final writes against the engine: ${specs.length} rulesets, ${tasks.reduce((a, t) => a + t.states, 0)} states, ${workers} workers, seed ${seed}`);
  await new Promise<void>((resolveAll, reject) => {
    let next = 0;
    let live = workers;
    for (let w = 0; w < workers; w++) {
      // TypeScript workers get tsx's ESM loader only, as the runner's (src/runner/tsx-esm.mjs says why)
      const worker = new Worker(fileURLToPath(import.meta.url), { execArgv: [...workerExecArgv(process.execArgv), '--import', new URL('../src/runner/tsx-esm.mjs', import.meta.url).href] });
      const feed = (): void => worker.postMessage(next < tasks.length ? tasks[next++]! : null);
      worker.on('message', (m: { task: Task; rep: WritesReport }) => {
        const t = totals.get(m.task.spec) ?? newWritesReport();
        for (const k of COUNTS) t[k] += m.rep[k];
        t.mismatches.push(...m.rep.mismatches);
        totals.set(m.task.spec, t);
        if (m.rep.mismatches.length > 0) {
          failed = true;
          for (const x of m.rep.mismatches) console.log(`MISMATCH ${x}`);
        }
        done += m.task.states;
        if ((done / CHUNK) % 20 === 0) console.log(`  ${done} states, ${((performance.now() - t0) / 1000).toFixed(0)} s`);
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
  console.log('ruleset'.padEnd(44), ...COUNTS.map((c) => c.padStart(10)), 'mismatches'.padStart(10));
  const sum = newWritesReport();
  for (const [spec] of specs) {
    const t = totals.get(spec)!;
    for (const k of COUNTS) sum[k] += t[k];
    console.log(spec.padEnd(44), ...COUNTS.map((c) => String(t[c]).padStart(10)), String(t.mismatches.length).padStart(10));
  }
  console.log('all'.padEnd(44), ...COUNTS.map((c) => String(sum[c]).padStart(10)));
  console.log(`\n${failed ? 'FAILED' : 'OK: the kernel writes what the engine writes in every compared state'} (${secs.toFixed(0)} s)`);
  process.exit(failed ? 1 : 0);
}
