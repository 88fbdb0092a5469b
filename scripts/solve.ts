// Solve the bidding war of a ruleset by sampled CFR (issue 28; docs/solved.md) and write the table that the
// bot `solved` plays. Reproducible: the same flags give the same table.
//
//   npx tsx scripts/solve.ts --ruleset 1853 --iterations 30000 --seed 1 [--cards simple]
//        [--out strategies/solved/1853.json] [--snapshots 2000,5000,10000 --snapdir runs/solve-1853]
//
// --snapshots writes the table as it stood after those iterations too (for the chart of exploitability
// against iterations: bench/exploit.ts --tables).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { solveBidwar } from '../src/solve/solve.ts';

function arg(name: string, dflt: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1]! : dflt;
}

const ruleset = arg('ruleset', '1853');
const iterations = Number(arg('iterations', '30000'));
const seed = Number(arg('seed', '1'));
const cards = arg('cards', 'simple');
const out = arg('out', `strategies/solved/${ruleset}.json`);
const snaps = arg('snapshots', '').split(',').filter((x) => x.length > 0).map(Number);
const snapdir = arg('snapdir', `runs/solve-${ruleset}`);
if (!Number.isInteger(iterations) || iterations < 1 || !Number.isInteger(seed) || seed < 0) {
  console.error('solve: --iterations and --seed are whole numbers (iterations ≥ 1)');
  process.exit(2);
}
if (snaps.length > 0) mkdirSync(snapdir, { recursive: true });
const command = `npx tsx scripts/solve.ts --ruleset ${ruleset} --iterations ${iterations} --seed ${seed} --cards ${cards}`;
const t0 = Date.now();
const table = await solveBidwar({
  ruleset,
  iterations,
  seed,
  cards,
  command,
  snapshots: snaps,
  onSnapshot: (n, data) => {
    writeFileSync(join(snapdir, `${n}.json`), JSON.stringify(data));
    console.log(`${n} iterations: ${Object.keys(data.keys).length} keys, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  },
});
writeFileSync(out, JSON.stringify(table) + '\n');
console.log(`solve: ${out}: ${Object.keys(table.keys).length} keys after ${iterations} iterations (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
