// The hypotheses of RULES §16 perlagg cannot test with what it models today, and why.
import type { NotTestable } from '../src/experiments/types.ts';

// (none today: H-42, the last one, became testable with author1853's spielWinner option and the variance arms)
export const notTestable: NotTestable[] = [];
