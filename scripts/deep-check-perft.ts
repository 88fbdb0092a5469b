// The exhaustive figure check at full size: every 5-card hand x every allowed trump x every ruleset (and the
// A-36 switch), the fast path against its twin, each ruleset/trump's counts and hash against the pinned
// test/perft/figure-perft.json. The suite checks one trump of each ruleset (test/perft/figures.perft.test.ts).
// Run: node --import tsx scripts/deep-check-perft.ts   (about a minute on a quiet core)
// Prints the number of hand x trump evaluations and the differences; exits 1 on any difference.
import { PERFT_SPECS, checkRuleset, pinned } from '../test/perft/figure-perft.ts';

const t0 = performance.now();
let evaluations = 0;
const problems: string[] = [];
for (const [name, identical] of PERFT_SPECS) {
  const { diffs, results } = checkRuleset(name, identical);
  problems.push(...diffs);
  for (const [key, res] of Object.entries(results)) {
    evaluations += res.hands;
    if (JSON.stringify(res) !== JSON.stringify(pinned[key])) problems.push(`${key}: counts or hash differ from figure-perft.json`);
  }
  console.log(`${name}: ${Object.keys(results).join(', ')}`);
}
const keys = Object.keys(pinned).length;
console.log(`${evaluations.toLocaleString('en-US')} hand x trump evaluations over ${keys} pinned ruleset/trump pairs, ${problems.length} differences (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
for (const p of problems) console.log(`  ${p}`);
process.exitCode = problems.length === 0 ? 0 : 1;
