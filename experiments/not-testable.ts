// The hypotheses of RULES §16 perlagg cannot test with what it models today, and why (issue 26: a verdict
// would be a figure about the bot, not about the claim).
import type { NotTestable } from '../src/experiments/types.ts';

export const notTestable: NotTestable[] = [
  {
    id: 'H-05',
    claim: 'when one partner bids aggressively, the quiet partner often holds the stronger figure cards (the leader only baits)',
    why: 'the claim is about human bidders who bait with weak cards; author1853 bids on its own strength, so the bidder holds more Perlaggen by construction and no bot here baits: measuring it would measure the bot\'s rule, not the claim',
  },
  {
    id: 'H-34',
    claim: 'against a bidder at 9 with two items bid, let the worse go gut (he is then at 10, gestrichen and mute) rather than hold both',
    why: 'the engine curtails a two-item bid at 9 (a bid may not take the bidder past the target), so the situation of two items offered by a bidder at 9 never arises: the advice changes no decision',
  },
];
