// The passive bidder: plays its cards as `simple` does, never bids, raises, asks or vetoes, and lets every
// offer gut. It declares Policy.bidding = 'never', so the engine opens no window for it and answers for it
// without a call — the baseline of the silent game (RULES §8.1) at full speed. It never talks either
// (Policy.talk = 'never') and ignores what partners share (RULES §13): it plays the same at every level.
import { definePolicy } from '../src/policy/api.ts';
import simple from './simple.ts';

export default definePolicy({
  name: 'passive',
  version: '1.0.0',
  description: 'plays like simple, never bids and always lets gut',
  options: {},
  create() {
    const inner = simple.create({ bidding: 'none', information: 'ignore' });
    // simple keeps the 'view' promise (Policy.observation), and this act only hands its observation on
    return { bidding: 'never', talk: 'never', observation: 'view', act: (obs, ctx) => inner.act(obs, ctx) };
  },
});
