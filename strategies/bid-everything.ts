// bid-everything: an exploiter of issue 28 (item 4) — plays its cards as `simple` does, but in every bid
// window bids everything it may (all three figures at once where it can, else the bid naming the most
// figures, with cards unseen too), answers every offer with a raise where it may and holds it otherwise,
// and consents to its partner's bids. The bot that beat `simple` by about 0.6 points a hand (issue 28).
import { definePolicy, type PolicyAction } from '../src/policy/api.ts';
import simple from './simple.ts';

/** The bid naming the most figures (all three, cumulative, first), or undefined. */
export function biggestBid(legal: readonly PolicyAction[]): PolicyAction | undefined {
  let best: PolicyAction | undefined;
  let size = -1;
  for (const a of legal) {
    if (a.kind !== 'bid') continue;
    const n = a.cumulative ? 3.5 : a.figures.length;
    if (n > size) {
      best = a;
      size = n;
    }
  }
  return best;
}

export const kindOf = (legal: readonly PolicyAction[], kind: PolicyAction['kind']): PolicyAction | undefined => legal.find((a) => a.kind === kind);

export default definePolicy({
  name: 'bid-everything',
  version: '1.0.0',
  description: 'exploiter: plays like simple, bids everything it may in every window, raises or holds every offer',
  options: {},
  create() {
    const inner = simple.create({});
    return {
      bidding: 'full',
      observation: 'view', // reads obs.phase and obs.legal, then hands obs to simple (which keeps the promise)
      act(obs, ctx) {
        const legal = obs.legal;
        if (obs.phase === 'window') return biggestBid(legal) ?? kindOf(legal, 'raise') ?? inner.act(obs, ctx);
        if (obs.phase === 'answer') return kindOf(legal, 'raise') ?? kindOf(legal, 'hold') ?? inner.act(obs, ctx);
        if (obs.phase === 'veto') return kindOf(legal, 'consent') ?? inner.act(obs, ctx);
        return inner.act(obs, ctx);
      },
    };
  },
});
