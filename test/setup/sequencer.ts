// The order the suite's files start in: the slowest first (their CPU seconds in a whole run), then the rest by
// name — so that two workers finish together instead of one waiting on a long file it started last. A file
// missing here only starts later; nothing depends on the order.
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * CPU seconds each slow file took in a whole run (PERLAGG_CPU_LOG, test/setup/cpu-log.ts; 2026-12-06, the two
 * projects with 114 files shared, at load ~4-5 on 2 cores; a shared file's figure is its process's CPU since
 * the previous file, summed over its lines; files under 5 s are left out). The 9 files changed later that day
 * (robust-cli, readme examples, library package, runner, help-examples, policy-faults, image-layout, file-types,
 * bad-input) from runs of a few files at load ~9-11.
 */
const SECONDS: Record<string, number> = Object.fromEntries([
  ["test/cli/robust-cli.test.ts", 83],
  ["test/readme/examples.test.ts", 82],
  ["test/library/package.test.ts", 47],
  ["test/experiments/experiments.test.ts", 41],
  ["test/sim/runner.test.ts", 35],
  ["test/cli/help-examples.test.ts", 33],
  ["test/search/interval-coverage.test.ts", 33],
  ["test/cli/policy-faults.test.ts", 26],
  ["test/perft/figures.perft.test.ts", 26],
  ["test/deploy/image-layout.test.ts", 22],
  ["test/engine/random-hands.test.ts", 19],
  ["test/results/file-types.test.ts", 18],
  ["test/engine/observation-view.test.ts", 16],
  ["test/serve/server.test.ts", 16],
  ["test/serve/browser.test.ts", 14],
  ["test/tune/tune.test.ts", 14],
  ["test/sim/rerun-rule.test.ts", 12],
  ["test/engine/observation-spy.test.ts", 11],
  ["test/sim/bieten-runner.test.ts", 11],
  ["test/bieten/random-games.test.ts", 10],
  ["test/engine/observation.test.ts", 10],
  ["test/playout/worlds.test.ts", 10],
  ["test/sim/comparisons.test.ts", 10],
  ["test/cli/bad-input.test.ts", 9],
  ["test/exact/dealt.test.ts", 8],
  ["test/bieten/replay.test.ts", 7],
  ["test/cli/human.test.ts", 7],
  ["test/library/library.test.ts", 7],
  ["test/playout/twin-1853-oberland.test.ts", 7],
  ["test/review/review.test.ts", 7],
  ["test/bieten/observation.test.ts", 6],
  ["test/games/replay-transcript.test.ts", 6],
  ["test/playout/twin-suedtirol-innsbruck.test.ts", 6],
  ["test/runner/time-continue.test.ts", 6],
  ["test/serve/command.test.ts", 6],
  ["test/sim/constrained-play.test.ts", 6],
  ["test/bench/smoke.test.ts", 5],
  ["test/engine/legal-twins.test.ts", 5],
  ["test/engine/playthroughs.test.ts", 5],
  ["test/playout/twin-variants.test.ts", 5],
  ["test/results/stream.test.ts", 5],
  ["test/runner/warm-up.test.ts", 5],
  ["test/search/advise-assumed.test.ts", 5],
] as [string, number][]);

export class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const key = (f: TestSpecification): string => relative(f.project.config.root, f.moduleId).split('\\').join('/');
    return [...files].sort((a, b) => (SECONDS[key(b)] ?? 0) - (SECONDS[key(a)] ?? 0) || key(a).localeCompare(key(b)));
  }
}
