// After every test file, the scratch folders it made (test/scratch.ts) are removed. Here and not in scratch.ts
// itself: a setup file runs again for each file, while in the project `shared` (vitest.config.ts) scratch.ts is
// imported once for all the files of a worker, so a hook it registered would end only the first of them.
import { afterAll } from 'vitest';
import { removeScratchDirs } from '../scratch.ts';

afterAll(() => {
  removeScratchDirs();
});
