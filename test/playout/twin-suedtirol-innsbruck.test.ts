// The playout kernel = the engine, move by move (twin.ts): suedtirol, innsbruck, {HANDS} hands each.
import { describe } from 'vitest';
import { HANDS, twinTest } from './twin.ts';

describe('playout kernel = engine, move by move', () => {
  twinTest('suedtirol', HANDS, 13);
  twinTest('innsbruck', HANDS, 13);
});
