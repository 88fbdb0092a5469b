// never-hold: an exploiter of issue 28 (item 4) — plays and bids as `simple` does, but lets every offer
// made to it gut (never holds, never raises): the bot a bluffer feeds on, and the test of a bidder that
// bids too little.
import { definePolicy } from '../src/policy/api.ts';
import simple from './simple.ts';
import { kindOf } from './bid-everything.ts';

export default definePolicy({
  name: 'never-hold',
  version: '1.0.0',
  description: 'exploiter: plays and bids like simple, lets every offer gut',
  options: {},
  create() {
    const inner = simple.create({});
    return {
      bidding: 'full',
      observation: 'view', // reads obs.phase and obs.legal, then hands obs to simple (which keeps the promise)
      act(obs, ctx) {
        if (obs.phase === 'answer') return kindOf(obs.legal, 'gut') ?? inner.act(obs, ctx);
        return inner.act(obs, ctx);
      },
    };
  },
});
