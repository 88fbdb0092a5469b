// The order the suite's files start in: the slowest first (their durations on a quiet 2-core machine, from a
// whole run), then the rest by name — so that two workers finish together instead of one waiting on a long
// file it started last. A file missing here only starts later; nothing depends on the order.
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Seconds each slow file took in a whole run (files under about 4 s are left out). */
const SECONDS: Record<string, number> = Object.fromEntries([
  ["test/cli/robust-cli.test.ts", 122],
  ["test/sim/runner.test.ts", 106],
  ["test/perft/figures.perft.test.ts", 53],
  ["test/experiments/experiments.test.ts", 36],
  ["test/engine/observation-spy.test.ts", 32],
  ["test/readme/examples.test.ts", 31],
  ["test/engine/random-hands.test.ts", 30],
  ["test/library/package.test.ts", 23],
  ["test/cli/exact-cli.test.ts", 22],
  ["test/deploy/image-layout.test.ts", 20],
  ["test/engine/observation-view.test.ts", 15],
  ["test/sim/bieten-runner.test.ts", 12],
  ["test/tune/tune.test.ts", 11],
  ["test/sim/comparisons.test.ts", 10],
  ["test/cli/human.test.ts", 10],
  ["test/bieten/random-games.test.ts", 10],
  ["test/playout/worlds.test.ts", 9],
  ["test/charts/plot-cli.test.ts", 9],
  ["test/bieten/replay.test.ts", 9],
  ["test/engine/observation.test.ts", 8],
  ["test/cli/bad-input.test.ts", 8],
  ["test/results/stream.test.ts", 6],
  ["test/cards/player-names.test.ts", 6],
  ["test/playout/twin-1853-oberland.test.ts", 5],
  ["test/exact/dealt.test.ts", 5],
  ["test/engine/playthroughs.test.ts", 5],
  ["test/engine/legal-twins.test.ts", 5],
  ["test/bieten/observation.test.ts", 5],
  ["test/sim/constrained-play.test.ts", 4],
  ["test/rules/switches-read.test.ts", 4],
] as [string, number][]);

export class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const key = (f: TestSpecification): string => relative(f.project.config.root, f.moduleId).split('\\').join('/');
    return [...files].sort((a, b) => (SECONDS[key(b)] ?? 0) - (SECONDS[key(a)] ?? 0) || key(a).localeCompare(key(b)));
  }
}
