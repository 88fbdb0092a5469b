// A scratch folder for one test file: made under the system temp directory, removed after the file's tests,
// whatever they did. Every test that writes files uses this (never a bare mkdtemp), so a run of the suite
// leaves nothing behind.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made: string[] = [];

/**
 * Removes the folders scratchDir made: after every test file, from test/setup/scratch-cleanup.ts (a setup file
 * runs for each file, also where files share a process and this module is imported once), so scratchDir may be
 * called anywhere: at the top of the file, in a hook or inside a test.
 */
export function removeScratchDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** A new empty folder `perlagg-<tag>-XXXXXX`, removed after this test file. */
export function scratchDir(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), `perlagg-${tag}-`));
  made.push(dir);
  return dir;
}
