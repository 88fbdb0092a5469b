// The hypotheses of RULES §16 perlagg cannot test with what it models today, and why.
import type { NotTestable } from '../src/experiments/types.ts';

const TALK = 'needs table talk between partners (RULES §13, issue 10): the Observation carries no signs, questions or answers, so author1853\'s option for it has no effect today';

export const notTestable: NotTestable[] = [
  { id: 'H-04', claim: 'signalling trump and Perlagg counts gains over no signals and captures most of full information', why: TALK },
  { id: 'H-08', claim: 'the lead-request protocol ("Gut drüben") beats a fixed lead rule', why: TALK },
  { id: 'H-09', claim: 'avoiding the suit the opponents asked for raises P(Spiel)', why: TALK },
  { id: 'H-10', claim: 'the last hand\'s "cannot win" signal raises the defenders\' P(Spiel)', why: TALK },
  { id: 'H-22', claim: 'the Kunstgriff: the partner with the natural figure bids it, not the Perlagg holder', why: `${TALK} (the seat cannot know that the partner has the figure in natura)` },
  { id: 'H-23', claim: 'the Kunstgriff for the Spiel: the partner with the Spielfarbe bids it', why: `${TALK} (the seat cannot know that the partner has the Spielfarbe)` },
  { id: 'H-42', claim: 'as Spiel winner, showing both figures (weisen) instead of bidding has lower variance, slightly lower mean', why: 'no policy chooses between showing and bidding after the Spiel (author1853 always shows; the choice is not an option), and the verdict needs a variance comparison, not a mean' },
];
