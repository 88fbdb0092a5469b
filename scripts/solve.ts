// Solve the bidding war of a ruleset by sampled CFR (issue 28; docs/solved.md) and write the table that the
// bot `solved` plays. Reproducible: the same flags give the same table.
//
//   npx tsx scripts/solve.ts --ruleset 1853 --iterations 30000 --seed 1 [--cards simple]
//        [--population bid-everything,hold-everything,never-hold,bluffer --share 0.5] [--min-visits 4]
//        [--rollouts 2] [--stochastic] [--partie-bonus 11] [--threshold 0.1] [--raw runs/raw-1853.json | --from-raw runs/raw-1853.json]
//        [--out strategies/solved/1853.json] [--snapshots 2000,5000,10000 --snapdir runs/solve-1853]
//
// --population: in --share of the deals the traverser's opponents are one of these bots (a restricted Nash
// response: the table learns to answer the fixed exploiters too). --min-visits: keys valued fewer times are
// left out and answered by their coarse key (score and position left out). --threshold: actions below this
// probability are dropped from a key's strategy (thresholding). --raw FILE: the run's whole state (visits,
// averages, regrets) written there too; --from-raw FILE: no run, the table remade from such a file with
// these --min-visits and --threshold (its command names the run's flags and these). --rollouts: each action
// of a valued decision valued by that many playouts, the same random streams for every action. --stochastic:
// regrets not divided by the traverser's sampling reach, averages weighing each visit alike (cfr.ts).
// --partie-bonus: a deal that ends the Partie is worth that much more to the winner (bidwar.ts).
//
// --snapshots writes the table as it stood after those iterations too (for the chart of exploitability
// against iterations: bench/exploit.ts --tables).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { solveBidwar } from '../src/solve/solve.ts';
import { regretTableOf, tableData, type RawTable } from '../src/solve/table.ts';

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
const population = arg('population', '').split(',').filter((x) => x.length > 0);
const share = Number(arg('share', '0.5'));
const minVisits = process.argv.includes('--min-visits') ? Number(arg('min-visits', '1')) : undefined;
const threshold = Number(arg('threshold', '0'));
const rollouts = Number(arg('rollouts', '1'));
const stochastic = process.argv.includes('--stochastic');
const partieBonus = process.argv.includes('--partie-bonus') ? Number(arg('partie-bonus', '0')) : undefined;
const rawOut = arg('raw', '');
const fromRaw = arg('from-raw', '');
if (!Number.isInteger(iterations) || iterations < 1 || !Number.isInteger(seed) || seed < 0) {
  console.error('solve: --iterations and --seed are whole numbers (iterations ≥ 1)');
  process.exit(2);
}
if ((partieBonus !== undefined && !(partieBonus >= 0)) || !(Number.isInteger(rollouts) && rollouts >= 1) || !(threshold >= 0 && threshold < 1) || !(share >= 0 && share <= 1) || (minVisits !== undefined && !(Number.isInteger(minVisits) && minVisits >= 1))) {
  console.error('solve: --partie-bonus is a number ≥ 0, --rollouts a whole number ≥ 1, --share a number from 0 to 1, --threshold from 0 to below 1, --min-visits a whole number ≥ 1');
  process.exit(2);
}
if (snaps.length > 0) mkdirSync(snapdir, { recursive: true });
const post = (minVisits !== undefined ? ` --min-visits ${minVisits}` : '') + (threshold > 0 ? ` --threshold ${threshold}` : '');
const extra = (partieBonus !== undefined ? ` --partie-bonus ${partieBonus}` : '') + (stochastic ? ' --stochastic' : '') + (rollouts > 1 ? ` --rollouts ${rollouts}` : '') + (population.length > 0 ? ` --population ${population.join(',')} --share ${share}` : '') + post;
const command = `npx tsx scripts/solve.ts --ruleset ${ruleset} --iterations ${iterations} --seed ${seed} --cards ${cards}${extra}`;
const t0 = Date.now();
if (fromRaw !== '') {
  const raw = JSON.parse(readFileSync(fromRaw, 'utf8')) as RawTable;
  const runCommand = raw.meta.command.replace(/ --min-visits \S+| --threshold \S+/g, '');
  const meta = { ...raw.meta, command: runCommand + post };
  const table = tableData(regretTableOf(raw), meta, { minVisits: minVisits ?? 1, coarse: minVisits !== undefined, threshold });
  writeFileSync(out, JSON.stringify(table) + '\n');
  console.log(`solve: ${out}: ${Object.keys(table.keys).length} keys from ${fromRaw} (${raw.meta.iterations} iterations)`);
  process.exit(0);
}
const table = await solveBidwar({
  ruleset,
  iterations,
  seed,
  cards,
  command,
  snapshots: snaps,
  ...(population.length > 0 ? { population, share } : {}),
  ...(minVisits !== undefined ? { minVisits } : {}),
  threshold,
  rollouts,
  stochastic,
  ...(partieBonus !== undefined ? { partieBonus } : {}),
  ...(rawOut !== '' ? { onRaw: (raw: RawTable) => writeFileSync(rawOut, JSON.stringify(raw)) } : {}),
  onSnapshot: (n, data) => {
    writeFileSync(join(snapdir, `${n}.json`), JSON.stringify(data));
    console.log(`${n} iterations: ${Object.keys(data.keys).length} keys, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  },
});
writeFileSync(out, JSON.stringify(table) + '\n');
console.log(`solve: ${out}: ${Object.keys(table.keys).length} keys after ${iterations} iterations (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
