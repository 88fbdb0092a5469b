// The firing check (issue 26, deliverable 2): read the summaries of a quick run of every experiment (or run
// them first) and fail (exit 1) for any claim whose B changed no decision (a summary written before decisions
// were counted: no result) in any opponent field unless the claim is marked untested with its reason; list
// the fields without firing.
//   npx tsx scripts/experiments-quick.ts --out /tmp/quick && npx tsx scripts/firing-check.ts /tmp/quick
//   npx tsx scripts/firing-check.ts                       reads results/experiments
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { checkFiring } from '../src/experiments/firing.ts';
import type { ExperimentSummary } from '../src/experiments/summary.ts';

const dir = resolve(process.argv[2] ?? 'results/experiments');
if (!existsSync(dir)) {
  console.error(`firing-check: ${dir}: no such folder (run npx tsx scripts/experiments-quick.ts first)`);
  process.exit(2);
}
const summaries: ExperimentSummary[] = [];
for (const d of readdirSync(dir).sort()) {
  const f = join(dir, d, 'summary.json');
  if (existsSync(f)) summaries.push(JSON.parse(readFileSync(f, 'utf8')) as ExperimentSummary);
}
const { failures, notes } = checkFiring(summaries);
for (const s of summaries) {
  const cells = s.fields.map((f) => {
    const a = s.arms.find((x) => x.name === f.arm)!;
    const d = a.decisions == null ? '' : ` decisions ${a.decisions.differing}/${a.decisions.made}`;
    return `${f.table}${d} deals ${a.differing === null ? '—' : `${a.differing}/${a.n}`}`;
  });
  console.log(`${s.id.padEnd(6)} ${s.size.padEnd(6)} ${cells.join('  ')}`);
}
for (const n of notes) console.log(`note: ${n}`);
for (const f of failures) console.log(`FAIL: ${f}`);
console.log(`${summaries.length} experiments, ${failures.length} without firing and not marked untested`);
process.exitCode = failures.length > 0 ? 1 : 0;
