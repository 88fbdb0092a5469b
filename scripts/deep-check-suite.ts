// The suite's files that have a full size, run at it (PERLAGG_DEEP=1, test/deep.ts): the exhaustive figure
// check at every trump with the twin on every hand, 10,000 spy hands a level, 10,000 random hands and 1,000
// Partien a ruleset, the runner at 0, 1, 2 and 7 workers and the dritzig share from 200,000 deals, every misbehaving policy and every user file at 0 and 2 workers, the policy faults
// (process.exit, a Promise, an illegal action) at 2 workers as often as they were caught there. The suite runs
// each at a quick size.
// Run: node --import tsx scripts/deep-check-suite.ts   (docs/testing.md gives the times)
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const FILES = ['test/perft/figures.perft.test.ts', 'test/engine/observation-spy.test.ts', 'test/engine/random-hands.test.ts', 'test/sim/runner.test.ts', 'test/cli/robust-cli.test.ts', 'test/cli/policy-faults.test.ts'];
const r = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', ...FILES], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, PERLAGG_DEEP: '1' } });
process.exitCode = r.status ?? 1;
