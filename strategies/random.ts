// Uniform over the legal actions, from the player's own keyed stream (GUIDE guideline 8).
import { definePolicy } from '../src/policy/api.ts';

export default definePolicy({
  name: 'random',
  version: '1.0.0',
  description: 'uniform over the legal actions (every christening of a Perlagg counts as one action)',
  options: {},
  create() {
    return {
      act(obs, ctx) {
        const legal = obs.legal;
        return legal[ctx.rng.below(legal.length)]!;
      },
    };
  },
});
