// The playout kernel = the engine under every follow switch (RULES §6.2, A-04, A-05) and model
// alternative, each flipped from a ruleset's default (twin.ts).
import { describe } from 'vitest';
import { HANDS, VARIANTS, twinTest } from './twin.ts';

describe('playout kernel = engine under every follow switch and model alternative', () => {
  for (const spec of VARIANTS) twinTest(spec, HANDS / 20, 17);
});
