// The hypotheses of RULES §16 perlagg cannot test with what it models today, and why.
import type { NotTestable } from '../src/experiments/types.ts';

export const notTestable: NotTestable[] = [
  { id: 'H-42', claim: 'as Spiel winner, showing both figures (weisen) instead of bidding has lower variance, slightly lower mean', why: 'no policy chooses between showing and bidding after the Spiel (author1853 always shows; the choice is not an option), and the verdict needs a variance comparison, not a mean' },
];
