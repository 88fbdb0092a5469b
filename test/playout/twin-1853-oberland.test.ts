// The playout kernel = the engine, move by move (twin.ts): 1853, oberland, {HANDS} hands each.
import { describe } from 'vitest';
import { HANDS, twinTest } from './twin.ts';

describe('playout kernel = engine, move by move', () => {
  twinTest('1853', HANDS, 13);
  twinTest('oberland', HANDS, 13);
});
