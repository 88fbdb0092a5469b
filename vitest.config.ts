import { defineConfig } from 'vitest/config';
import { SlowestFirst } from './test/setup/sequencer.js';
import { SHARED } from './test/setup/shared-files.js';

export default defineConfig({
  test: {
    // the files: test/**/*.test.ts, in the two projects at the end (an include here would add to each one's)
    // the run's own temp folder, and a failure naming anything a test left in it (test/setup/temp-guard.ts)
    globalSetup: ['./test/setup/temp-guard.ts'],
    // apache-arrow's zstd codec in every test process: the tables perlagg writes are zstd-compressed; the
    // scratch folders' cleanup after every file (test/scratch.ts)
    setupFiles: ['./test/setup/arrow-codec.ts', './test/setup/scratch-cleanup.ts', './test/setup/cpu-log.ts'],
    // both cores (vitest's default leaves one idle on two)
    pool: 'forks',
    maxWorkers: 2,
    sequence: { sequencer: SlowestFirst },
    // No test races the clock: these limits only end a test that hangs, and are far above any test's work
    // even on a shared machine that is 3-8x slower than a quiet one. No test sets a limit of its own.
    testTimeout: 600_000,
    hookTimeout: 600_000,
    reporters: ['default', './test/summary-reporter.ts'],
    // Two projects over the same files, each file in exactly one: `shared` runs the files that leave the
    // process as they found it (test/setup/shared-files.ts) one after another in a worker's process, importing
    // perlagg's modules once; `isolated` runs every other file in a process of its own.
    projects: [
      { extends: true, test: { name: 'shared', include: [...SHARED], isolate: false } },
      { extends: true, test: { name: 'isolated', include: ['test/**/*.test.ts'], exclude: [...SHARED], isolate: true } },
    ],
  },
});
