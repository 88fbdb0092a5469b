// The shape of the house (docs/architecture.md), enforced: dependency-cruiser cruises the tree with the rules
// of .dependency-cruiser.cjs — no cycle between files, no import up a floor (which also rules out a ring
// between folders), bots that see only the policy contract, no source folder without a floor. And the rules
// bite: a tree with a cycle, with an arrow up, or with a bot reaching into the engine is refused.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cruise, type ICruiseResult, type IConfiguration } from 'dependency-cruiser';
import { scratchDir } from './scratch.js';

const ROOT = join(import.meta.dirname, '..');
const config = createRequire(import.meta.url)(join(ROOT, '.dependency-cruiser.cjs')) as IConfiguration & { FLOORS: ReadonlyArray<readonly [string, string]> };

async function violations(base: string, roots: readonly string[]): Promise<string[]> {
  // files are named relative to baseDir
  const r = await cruise([...roots], { ruleSet: config, validate: true, baseDir: base, doNotFollow: { path: 'node_modules' }, tsPreCompilationDeps: true, tsConfig: { fileName: join(base, 'tsconfig.json') }, exclude: { path: '^test/|node_modules' } });
  const out = r.output as ICruiseResult;
  return out.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
}

const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

/** A small tree of .ts files (path → the paths it imports, from the tree's root) in a fresh temp folder. */
function tree(files: Record<string, readonly string[]>): string {
  const dir = scratchDir('arch');
  made.push(dir);
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', allowImportingTsExtensions: true, noEmit: true } }));
  for (const [path, imports] of Object.entries(files)) {
    mkdirSync(join(dir, dirname(path)), { recursive: true });
    const lines = imports.map((to, i) => `import { x as x${i} } from '${relative(path, to)}';`);
    writeFileSync(join(dir, path), `${lines.join('\n')}\nexport const x = 1;\n`);
  }
  return dir;
}
function relative(from: string, to: string): string {
  const up = from.split('/').length - 1;
  return `${up === 0 ? './' : '../'.repeat(up)}${to}`;
}

describe('the layering of docs/architecture.md', () => {
  it('holds for the whole tree: no cycle, no arrow up a floor, bots that see only the contract', async () => {
    expect(await violations(ROOT, ['src', 'strategies', 'experiments', 'bench', 'scripts', 'bin'])).toEqual([]);
  });

  it('every floor of the config is named in docs/architecture.md', async () => {
    const { readFileSync } = await import('node:fs');
    const doc = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
    for (const [name] of config.FLOORS) expect(doc, name).toContain(name);
  });

  it('refuses a cycle between two files of one floor', async () => {
    const dir = tree({ 'src/engine/a.ts': ['src/engine/b.ts'], 'src/engine/b.ts': ['src/engine/a.ts'] });
    expect(await violations(dir, ['src'])).toEqual(expect.arrayContaining([expect.stringMatching(/^no-circular: src\/engine\/(a|b)\.ts/)]));
  });

  it('refuses an import up a floor (the engine reaching for the runner), and so a ring between folders', async () => {
    const dir = tree({ 'src/engine/a.ts': ['src/runner/r.ts'], 'src/runner/r.ts': ['src/engine/b.ts'], 'src/engine/b.ts': [] });
    expect(await violations(dir, ['src'])).toEqual(['no-import-up-from-engine: src/engine/a.ts → src/runner/r.ts']);
  });

  it('refuses a bot that imports the engine, and a source folder without a floor', async () => {
    const dir = tree({ 'strategies/bot.ts': ['src/engine/state.ts'], 'src/engine/state.ts': [], 'src/gadgets/g.ts': ['src/engine/state.ts'] });
    const v = await violations(dir, ['src', 'strategies']);
    expect(v).toContain('bots-see-only-the-contract: strategies/bot.ts → src/engine/state.ts');
    expect(v).toEqual(expect.arrayContaining([expect.stringMatching(/^no-unplaced-source: src\/gadgets\/g\.ts/)]));
  });
});
