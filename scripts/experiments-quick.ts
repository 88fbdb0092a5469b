// Run the --quick form of every experiment (or of those named) and time each: the issue asks that each
// finishes in under a minute on 2 cores. Writes results/experiments/<id>/ like `perlagg experiment run
// --quick`; then `npx perlagg experiment report` writes docs/findings.md from them.
//   npx tsx scripts/experiments-quick.ts                 every experiment
//   npx tsx scripts/experiments-quick.ts H-24 H-25 …     these
// Options: --out <folder> (default results/experiments), --seed <n>, --workers <n>, --limit <seconds> (60).
// Exit 1 when a quick form took longer than the limit (the time is measured on a machine that may be busy:
// the table says so).
import { resolve } from 'node:path';
import { availableParallelism, loadavg } from 'node:os';
import { EXPERIMENTS } from '../experiments/index.ts';
import { runExperiment } from '../src/experiments/run.ts';
import { DEFAULT_SEED } from '../src/experiments/types.ts';
import { DEFAULT_WORKERS } from '../src/runner/cpu-limit.ts';

const args = process.argv.slice(2);
const opt = (name: string, fallback: string): string => {
  const i = args.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const v = args[i + 1];
  args.splice(i, 2);
  if (v === undefined) throw new Error(`--${name} needs a value`);
  return v;
};
const out = resolve(opt('out', 'results/experiments'));
const seed = Number(opt('seed', String(DEFAULT_SEED)));
const workers = Number(opt('workers', String(DEFAULT_WORKERS)));
const limit = Number(opt('limit', '60'));
const ids = args.map((a) => a.toUpperCase());
const known = (id: string): boolean => ids.includes(id.toUpperCase());
const todo = ids.length === 0 ? EXPERIMENTS : EXPERIMENTS.filter((e) => known(e.id));
if (todo.length === 0) throw new Error(`no experiment among ${ids.join(' ')}`);
console.log(`quick forms of ${todo.length} experiments, seed ${seed}, ${workers} workers on ${availableParallelism()} cores (load ${loadavg()[0]!.toFixed(1)})`);
let slow = 0;
const t0 = performance.now();
for (const e of todo) {
  const t = performance.now();
  const s = await runExperiment(e, { size: 'quick', seed, workers, out });
  const sec = (performance.now() - t) / 1000;
  if (sec > limit) slow++;
  const p = s.arms[0]!;
  console.log(`${e.id.padEnd(6)} ${sec.toFixed(1).padStart(6)} s${sec > limit ? ' (over the limit)' : ''}  ${s.verdict.padEnd(15)} ${p.effect.estimate.toFixed(4)} [${p.effect.low.toFixed(4)}, ${p.effect.high.toFixed(4)}] n=${p.n}  (load ${loadavg()[0]!.toFixed(1)})`);
}
console.log(`all: ${((performance.now() - t0) / 1000 / 60).toFixed(1)} min; ${slow} over ${limit} s`);
process.exitCode = slow > 0 ? 1 : 0;
