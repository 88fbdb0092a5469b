// hold-everything: an exploiter of issue 28 (item 4) — plays and bids as `simple` does, but holds every
// offer made to it (never lets one gut, never raises): the caller of every bluff.
import { definePolicy } from '../src/policy/api.ts';
import simple from './simple.ts';
import { kindOf } from './bid-everything.ts';

export default definePolicy({
  name: 'hold-everything',
  version: '1.0.0',
  description: 'exploiter: plays and bids like simple, holds every offer',
  options: {},
  create() {
    const inner = simple.create({});
    return {
      bidding: 'full',
      observation: 'view', // reads obs.phase and obs.legal, then hands obs to simple (which keeps the promise)
      act(obs, ctx) {
        if (obs.phase === 'answer') return kindOf(obs.legal, 'hold') ?? inner.act(obs, ctx);
        return inner.act(obs, ctx);
      },
    };
  },
});
