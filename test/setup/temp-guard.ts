// The suite leaves nothing behind (issue 25, item 5). Before any test file runs, the run gets a temp folder of
// its own (TMPDIR, which os.tmpdir() and every child process read); after the last one, anything still in it
// fails the run, named — a test that writes files uses scratchDir() from test/scratch.ts, which removes them.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let root = '';

export function setup(): void {
  // vitest runs a global setup for the root config and again for each project (vitest.config.ts: `shared` and
  // `isolated`), each in a module instance of its own: the first makes the folder, the others leave it be
  // (and their teardown does nothing).
  const g = globalThis as { perlaggSuiteTmp?: string };
  if (g.perlaggSuiteTmp !== undefined) return;
  root = mkdtempSync(join(tmpdir(), 'perlagg-suite-'));
  g.perlaggSuiteTmp = root;
  process.env['TMPDIR'] = root;
}

export function teardown(): void {
  if (root === '') return;
  // tsx keeps its compile cache (tsx-<uid>) in the temp directory on purpose: it goes with the run's folder.
  const left = readdirSync(root).filter((name) => !name.startsWith('tsx-'));
  rmSync(root, { recursive: true, force: true });
  if (left.length > 0) {
    const shown = left.slice(0, 20).join(', ') + (left.length > 20 ? `, … (${left.length} in all)` : '');
    process.exitCode = 1; // vitest reports an error thrown here but would still exit 0
    throw new Error(`the suite left ${left.length} folder(s) in the temp directory: ${shown} — use scratchDir() from test/scratch.ts`);
  }
}
