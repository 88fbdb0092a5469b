// Build the package's JavaScript (`npm run build`; `npm pack` runs it as prepack): src/ and strategies/
// compiled by tsc to dist/ with declarations (tsconfig.build.json: .ts import paths rewritten to .js), the
// plain .mjs files of src/runner (the worker entry, the loader hooks, the watchdog) copied beside them with
// their imports of .ts files pointed at the .js ones, and dist/package.json saying the files are ES modules
// and recording the version and the commit they were built from (a package has no git to ask).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
rmSync(dist, { recursive: true, force: true });
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
// PERLAGG_BUILD_NO_TYPECHECK=1 (the test suite's builds: test/library/package.test.ts, test/deploy/
// image-layout.test.ts): tsc emits without checking the types again (--noCheck), which halves the build's CPU
// (about 26 -> 13 s). The files are the same bytes; errors of the declarations are still reported; the types
// of the same files, with the same options, are what `tsc --noEmit -p .` checks first in `npm test`.
const noCheck = process.env.PERLAGG_BUILD_NO_TYPECHECK === '1' ? ['--noCheck'] : [];
const r = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json'), ...noCheck], { cwd: root, stdio: 'inherit' });
if (r.status !== 0) {
  console.error('build: tsc failed');
  process.exit(1);
}
const runnerDir = join(root, 'src', 'runner');
for (const f of readdirSync(runnerDir).filter((x) => x.endsWith('.mjs'))) {
  const text = readFileSync(join(runnerDir, f), 'utf8').replace(/(from\s+|import\s*\(\s*)(['"])(\.{1,2}\/[^'"]+)\.ts\2/g, '$1$2$3.js$2');
  mkdirSync(join(dist, 'src', 'runner'), { recursive: true });
  writeFileSync(join(dist, 'src', 'runner', f), text);
}
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
// without git (a docker build context has no .git): the commit given by the builder, e.g. --build-arg
let commit = /^[0-9a-f]{7,40}(-dirty)?$/.test(process.env.PERLAGG_COMMIT ?? '') ? process.env.PERLAGG_COMMIT : 'unknown';
try {
  const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  commit = head + (dirty.length > 0 ? '-dirty' : '');
} catch {
  // not a git checkout
}
writeFileSync(join(dist, 'package.json'), JSON.stringify({ name: pkg.name, version: pkg.version, type: 'module', private: true, commit }, null, 2) + '\n');
for (const f of ['src/index.js', 'src/index.d.ts', 'src/cli/main.js', 'src/runner/worker.mjs', 'src/runner/task.js']) {
  if (!existsSync(join(dist, f))) {
    console.error(`build: dist/${f} is missing`);
    process.exit(1);
  }
}
console.log(`build: dist/ for perlagg ${pkg.version} (commit ${commit})`);
