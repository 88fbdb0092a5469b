// The order the suite's files start in: the slowest first (their CPU seconds in a whole run), then the rest by
// name — so that two workers finish together instead of one waiting on a long file it started last. A file
// missing here only starts later; nothing depends on the order.
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * CPU seconds each slow file took in a whole run (PERLAGG_CPU_LOG, test/setup/cpu-log.ts; 2026-12-06, at load
 * ~15 on 2 cores, so all about equally inflated; files under 5 s are left out).
 */
const SECONDS: Record<string, number> = Object.fromEntries([
  ["test/cli/robust-cli.test.ts", 126],
  ["test/library/package.test.ts", 84],
  ["test/readme/examples.test.ts", 83],
  ["test/experiments/experiments.test.ts", 67],
  ["test/cli/help-examples.test.ts", 64],
  ["test/sim/runner.test.ts", 52],
  ["test/deploy/image-layout.test.ts", 45],
  ["test/perft/figures.perft.test.ts", 29],
  ["test/cli/policy-faults.test.ts", 28],
  ["test/results/file-types.test.ts", 28],
  ["test/engine/random-hands.test.ts", 25],
  ["test/sim/rerun-rule.test.ts", 22],
  ["test/bieten/replay.test.ts", 20],
  ["test/sim/bieten-runner.test.ts", 20],
  ["test/sim/comparisons.test.ts", 19],
  ["test/tune/tune.test.ts", 19],
  ["test/library/library.test.ts", 18],
  ["test/cli/human.test.ts", 17],
  ["test/engine/observation-view.test.ts", 17],
  ["test/bieten/random-games.test.ts", 15],
  ["test/cli/bad-input.test.ts", 15],
  ["test/cli/exact-cli.test.ts", 14],
  ["test/playout/worlds.test.ts", 14],
  ["test/engine/observation-spy.test.ts", 13],
  ["test/serve/browser.test.ts", 13],
  ["test/bieten/observation.test.ts", 12],
  ["test/engine/observation.test.ts", 12],
  ["test/serve/server.test.ts", 12],
  ["test/engine/playthroughs.test.ts", 11],
  ["test/engine/legal-twins.test.ts", 10],
  ["test/playout/twin-suedtirol-innsbruck.test.ts", 10],
  ["test/results/stream.test.ts", 10],
  ["test/sim/constrained-play.test.ts", 10],
  ["test/exact/dealt.test.ts", 9],
  ["test/playout/twin-1853-oberland.test.ts", 9],
  ["test/serve/command.test.ts", 9],
  ["test/playout/kernel-writes.test.ts", 8],
  ["test/playout/twin-variants.test.ts", 8],
  ["test/sim/robust-runner.test.ts", 8],
  ["test/deploy/k8s-manifests.test.ts", 7],
  ["test/rules/switches-read.test.ts", 7],
  ["test/sim/signature.test.ts", 7],
  ["test/architecture.test.ts", 6],
  ["test/bench/smoke.test.ts", 6],
  ["test/bieten/playthroughs.test.ts", 6],
  ["test/charts/plot-cli.test.ts", 6],
  ["test/cli/league-policies.test.ts", 6],
  ["test/search/interval-coverage.test.ts", 6],
  ["test/sim/declared-passes.test.ts", 6],
  ["test/sim/hot-loop-twins.test.ts", 6],
  ["test/strategies/author1853-contract.test.ts", 6],
  ["test/cli/rough-edges.test.ts", 5],
  ["test/eval/hand-index.test.ts", 5],
  ["test/playout/weighted-worlds.test.ts", 5],
  ["test/review/review.test.ts", 5],
  ["test/sim/start.test.ts", 5],
  ["test/solve/exploit.test.ts", 5],
  ["test/tune/rerun.test.ts", 5],
] as [string, number][]);

export class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const key = (f: TestSpecification): string => relative(f.project.config.root, f.moduleId).split('\\').join('/');
    return [...files].sort((a, b) => (SECONDS[key(b)] ?? 0) - (SECONDS[key(a)] ?? 0) || key(a).localeCompare(key(b)));
  }
}
