// The layering of perlagg (docs/architecture.md), enforced by dependency-cruiser: test/architecture.test.ts
// cruises the tree with these rules and fails on any violation; `npx depcruise src strategies experiments bin
// bench scripts` prints them.
//
// FLOORS lists the rooms from the bottom up. A file may import files of its own room and of rooms below it,
// never above; two rooms never import each other, so no order of arrows can close a ring between folders.
// `no-circular` forbids rings between files, inside a room too.
/** @type {ReadonlyArray<readonly [string, string]>} [name, path pattern] from the bottom floor up */
const FLOORS = [
  ['core', '^src/core/'],
  ['cards', '^src/cards/'],
  ['stats', '^src/stats/'],
  ['rules', '^src/rules/'],
  ['eval', '^src/eval/'],
  ['engine', '^src/engine/'],
  ['exact', '^src/exact/'],
  ['game contract', '^src/games/[^/]+$'],
  ['bieten', '^src/games/bieten/'],
  ['perlaggen', '^src/games/perlaggen/'],
  ['replay', '^src/games/replay/'],
  ['policy', '^src/policy/'],
  ['playout', '^src/playout/'],
  ['strategies', '^strategies/'],
  ['registry', '^src/registry/'],
  ['play', '^src/play/'],
  ['results', '^src/results/'],
  ['sim', '^src/sim/'],
  ['runner', '^src/runner/'],
  ['charts', '^src/charts/'],
  ['experiments', '^src/experiments/'],
  ['experiment definitions', '^experiments/'],
  ['tune', '^src/tune/'],
  ['league', '^src/league/'],
  ['solve', '^src/solve/'],
  ['review', '^src/review/'],
  ['library', '^src/(index\\.ts$|library/)'],
  ['serve', '^src/serve/'],
  ['cli', '^src/cli/'],
  ['bench', '^bench/'],
  ['scripts', '^scripts/'],
  ['bin', '^bin/'],
];

const upward = FLOORS.slice(0, -1).map(([name, path], i) => ({
  name: `no-import-up-from-${name.replace(/ /g, '-')}`,
  comment: `${name} may import only its own floor and the floors below it (docs/architecture.md)`,
  severity: 'error',
  from: { path },
  to: { path: FLOORS.slice(i + 1).map(([, p]) => p) },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'two files that need each other are one idea in two files, or share a third thing that belongs a floor lower',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'bots-see-only-the-contract',
      comment: 'a bot imports the policy contract (and, to search, src/playout/api.ts) and other bots: never the engine, the state or the seed',
      severity: 'error',
      from: { path: '^strategies/' },
      to: { pathNot: ['^strategies/', '^src/policy/api\\.ts$', '^src/playout/api\\.ts$', 'node_modules'] },
    },
    {
      name: 'no-unplaced-source',
      comment: 'every source folder has a floor in FLOORS',
      severity: 'error',
      from: { path: '^(src|strategies|experiments)/', pathNot: FLOORS.map(([, p]) => p) },
      to: {},
    },
    ...upward,
  ],

  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^test/', '^node_modules/', '^dist/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    moduleSystems: ['es6', 'cjs'],
  },
};
Object.defineProperty(module.exports, 'FLOORS', { value: FLOORS, enumerable: false });
